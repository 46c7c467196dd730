// The documented examples (README.md, docs/) and examples/quickstart run through the engine as written. Those that
// call a function's output form preview first on their first up, as `pulumi up` does.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { WebstatsClient } from "../../sdk";
import { compileProgram } from "../harness/program-project.mjs";
import { describeEngine } from "./harness";
import { useEngineFixture } from "./fixture";
import type { ConfigValue } from "./harness";
import { credentialsConfig, plainOutputs } from "./programs";
import { docExample } from "../support/docs";

const repoRoot = join(__dirname, "..", "..");

describeEngine("documented examples", () => {
  const fixture = useEngineFixture([{ name: "Docs" }]);
  // The examples declare the same domains (blog.example.com, shop.example.com) and the functions
  // example lists the account's favourites, so each starts on an installation without websites.
  // They are removed on the server: destroying each stack would be an engine operation that
  // asserts nothing here (the lifecycle tests prove destroy).
  afterEach(() => {
    for (const website of fixture.emulator.listWebsites()) fixture.emulator.deleteWebsite(website.id);
  });

  const runExample = async (
    source: string,
    extraConfig: Record<string, ConfigValue> = {},
    { previewFirst = false } = {},
  ) => {
    const stack = fixture.stack(compileProgram(source), undefined, {
      config: { ...credentialsConfig(fixture.emulator.url, fixture.account().apiKey), ...extraConfig },
    });
    const created = await stack.up({ previewFirst });
    if (previewFirst) expect(created.output).toContain("Previewing update (");
    const outputs = plainOutputs(created.outputs);
    await stack.preview({ expectNoChanges: true });
    return { stack, outputs };
  };

  it("docs: website", async () => {
    const { outputs } = await runExample(docExample("website"));
    expect(outputs.blogDomain).toBe("blog.example.com");
    expect(fixture.emulator.getWebsite(outputs.blogId as number)).toMatchObject({ email: 1, favorite: true });
  });

  it("docs: adopt", async () => {
    const client = new WebstatsClient({ baseUrl: fixture.emulator.url, apiKey: fixture.account().apiKey });
    const existing = await client.websites.create({ domain: "docs.example.com", excludeBots: false });
    const { outputs } = await runExample(docExample("adopt"));
    expect(outputs.docs).toBe(existing.id);
    expect(fixture.emulator.getWebsite(existing.id)?.exclude_bots).toBe(1);
  });

  it("docs: functions", async () => {
    const client = new WebstatsClient({ baseUrl: fixture.emulator.url, apiKey: fixture.account().apiKey });
    const site = await client.websites.create({ domain: "zeta.example.com" });
    await client.websites.update(site.id, { favorite: true });
    const { outputs } = await runExample(docExample("functions"), {}, { previewFirst: true });
    expect(outputs.favoriteDomains).toEqual(["zeta.example.com"]);
    expect(typeof outputs.plan).toBe("string");
  });

  it("docs: connections", async () => {
    const agency = fixture.emulator.createAccount({ name: "Agency" });
    const { stack, outputs } = await runExample(
      docExample("connections"),
      {
        "webstats-e2e:agencyBaseUrl": { value: fixture.emulator.url },
        "webstats-e2e:agencyApiKey": { value: agency.apiKey, secret: true },
      },
      { previewFirst: true },
    );
    const ids = outputs.ids as { own: number; client: number };
    expect(fixture.emulator.getWebsite(ids.own)?.domain).toBe("own.example.com");
    expect(fixture.emulator.getWebsite(ids.client)?.domain).toBe("client.example.com");
    expect(fixture.emulator.listWebsites(agency.id).map((w) => w.id)).toEqual([ids.client]);
    expect(outputs.agencyAccount).toBe("Agency");
    expect(stack.output).not.toContain(agency.apiKey);
  });

  it("docs: fleet", async () => {
    const stack = fixture.stack(compileProgram(docExample("fleet")), undefined, {
      config: {
        ...credentialsConfig(fixture.emulator.url, fixture.account().apiKey),
        "webstats-e2e:shopStatsPassword": { value: "readme-fleet-secret", secret: true },
      },
    });
    stack.writeFile("websites.yaml", docExample("fleet-file", "yaml"));
    const outputs = plainOutputs((await stack.up()).outputs);
    await stack.preview({ expectNoChanges: true });
    const ids = outputs.websiteIds as Record<string, number>;
    expect(Object.keys(ids).sort()).toEqual(["example.com", "shop.example.com", "status.example.com"]);
    expect(fixture.emulator.getWebsite(ids["shop.example.com"]!)).toMatchObject({
      privacy: 2,
      password: "readme-fleet-secret",
      exclude_params: "utm_source\nutm_medium\nfbclid",
    });
  });

  it("examples/quickstart", async () => {
    const source = readFileSync(join(repoRoot, "examples", "quickstart", "index.ts"), "utf8");
    const { stack, outputs } = await runExample(
      source,
      { "webstats-e2e:shopStatsPassword": { value: "quickstart-secret", secret: true } },
      { previewFirst: true },
    );
    expect(outputs).toMatchObject({
      shopDomain: "shop.example.com",
      shopHasPassword: true,
      accountName: "Docs",
    });
    expect(fixture.emulator.getWebsite(outputs.blogId as number)?.exclude_params).toContain("utm_source");
    expect(stack.output).not.toContain("quickstart-secret");
  });
});
