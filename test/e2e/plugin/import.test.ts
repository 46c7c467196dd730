// `pulumi import` through the provider plugin, installed as users install it, with the pinned
// CLI and YAML language host, against the emulator: by id, and a whole account from the file
// `generate --format import` writes. Only the engine shows the code import prints and the state
// it writes; the code must be the program (no change after it) and hold no secret.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { WebstatsClient } from "../../../sdk";
import { describeEngine, e2e, uniqueDomain } from "../harness";
import { useEngineFixture } from "../fixture";

const run = promisify(execFile);
const websiteType = "webstats:index:Website";

describeEngine("provider plugin: pulumi import", () => {
  const fixture = useEngineFixture([{ name: "Imports by id" }, { name: "Imports by file" }]);

  it("imports a website by id; the code it prints is the program, with no change and no secret", async () => {
    const account = fixture.account(0);
    const client = new WebstatsClient({ baseUrl: fixture.emulator.url, apiKey: account.apiKey });
    const existing = await client.websites.create({
      domain: uniqueDomain("import-id"),
      privacy: "password",
      password: "imported-password-secret",
      email: true,
      excludeParams: ["ref"],
    });
    const stack = fixture.yamlStack("resources: {}\n", account);
    const imported = await stack.import([websiteType, "imported", String(existing.id)]);
    const code = imported.generatedCode ?? "";
    expect(code).toContain(`domain: ${existing.domain}`);
    expect(code).toContain("privacy: password");
    expect(code).not.toContain("imported-password-secret");
    // The program the CLI wrote is the program: with it, nothing changes and nothing is lost.
    stack.setYamlProgram(code.slice(code.indexOf("resources:")));
    await stack.preview({ expectNoChanges: true, refresh: true });
    await stack.up({ expectNoChanges: true });
    expect(fixture.emulator.getWebsite(existing.id)).toMatchObject({ exclude_params: "ref", email: 1 });
    expect(fixture.emulator.getWebsite(existing.id)?.password).not.toBeNull();
    const state = await stack.exportState();
    for (const text of [state.raw, stack.output]) {
      expect(text).not.toContain("imported-password-secret");
      expect(text).not.toContain(account.apiKey);
    }
  });

  it("imports a whole account from the file generate --format import writes", async () => {
    const account = fixture.account(1);
    const client = new WebstatsClient({ baseUrl: fixture.emulator.url, apiKey: account.apiKey });
    const domains = [uniqueDomain("import-file-a"), uniqueDomain("import-file-b")];
    const ids = [];
    for (const domain of domains) ids.push((await client.websites.create({ domain, excludeBots: false })).id);
    const stack = fixture.yamlStack("resources: {}\n", account);
    const bin = join(e2e.templateDir, "node_modules", ".bin", "pulumi-webstats");
    await run(bin, ["generate", "--format", "import", "--out", stack.workDir], {
      env: { ...process.env, WEBSTATS_BASE_URL: fixture.emulator.url, WEBSTATS_API_KEY: account.apiKey },
    });
    const imported = await stack.import(["--file", "import.json"]);
    const code = imported.generatedCode ?? "";
    for (const domain of domains) expect(code).toContain(`domain: ${domain}`);
    const resources = await stack.resourcesOfType(websiteType);
    expect(resources.map((r) => Number(r.id)).sort()).toEqual([...ids].sort());
    stack.setYamlProgram(code.slice(code.indexOf("resources:")));
    await stack.preview({ expectNoChanges: true, refresh: true });
    expect(fixture.emulator.listWebsites(account.id)).toHaveLength(2);
  });
});
