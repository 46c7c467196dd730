// The YAML examples of the schema's pages (schema-examples/<name>/Pulumi.yaml, which the schema's
// descriptions and the API reference carry) previewed as written through the engine and the
// provider plugin, against an account that holds the website they look up: the Website's
// preview checks its arguments and plans its creation, each function's preview runs its
// fn::invoke (the engine runs invokes at preview) and prints what the example exports. The other
// languages' examples are compiled in test/integration/tools/build/schema-examples.test.ts.
import { readdirSync } from "node:fs";
import { expect, it } from "vitest";
import { WebstatsClient } from "../../sdk";
import { trackingCodeOf } from "../../core/tracking-code";
import { readSchemaExamples, schemaExamplesDir } from "../../tools/build/schema-examples.mjs";
import { describeEngine } from "./harness";
import { useEngineFixture } from "./fixture";

/**
 * What each example's preview must print: the Website's planned creation, the values the
 * functions' outputs take from the account (the blog has no statistics, so June counts none and
 * `topPages`, empty, is not printed).
 */
const printed: Record<string, (blogId: number) => RegExp[]> = {
  Website: () => [/\+\s+webstats:index:Website blog create/, /websiteId: \[unknown\]/],
  getAccount: () => [/accountName\s*: "Examples account"/, /websiteLimit\s*: -?\d+/],
  getWebsites: () => [/favorites\s*: \[/, /domain\s*: "blog\.example\.com"/],
  getWebsite: (blogId) => [new RegExp(`blogId\\s*: ${blogId}\\b`), /blogPrivacy\s*: "private"/],
  getWebsiteStats: () => [/pageviews\s*: 0/, /visitors\s*: 0/],
  // The page is judged whole on the stack's outputs (see below): the preview shows its first lines.
  getTrackingCode: () => [/scriptUrl\s*: "http:\/\/[^"]+\/js\/script\.js"/],
};

describeEngine("the YAML examples of the schema's pages", () => {
  const fixture = useEngineFixture([{ name: "Examples account" }], undefined, "plugin");
  const examples = readSchemaExamples();
  const names = readdirSync(schemaExamplesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  let blogId: number | undefined;

  /** The website the function examples look up, made once in the account. */
  async function blog(): Promise<number> {
    if (blogId === undefined) {
      const client = new WebstatsClient({ baseUrl: fixture.emulator.url, apiKey: fixture.account().apiKey });
      const created = await client.websites.create({ domain: "blog.example.com", privacy: "private" });
      await client.websites.update(created.id, { favorite: true });
      blogId = created.id;
    }
    return blogId;
  }

  it("has what to look for in every example's preview", () => {
    expect(Object.keys(printed).sort()).toEqual([...names].sort());
  });

  it.each(names)("%s previews as written", async (name) => {
    const id = await blog();
    const body = examples[name]!.yaml.replace(/^name: .*\n/m, "").replace(/^runtime: .*\n/m, "");
    const stack = fixture.yamlStack(body);
    // The Website example's password, a secret of the stack's settings.
    stack.setConfig("webstats-e2e:statsPassword", { value: "example-stats-password", secret: true });
    const preview = await stack.preview();
    for (const text of printed[name]!(id)) expect(preview.output, name).toMatch(text);
    if (name === "getTrackingCode") {
      // A preview prints three lines of a longer string (the CLI's --show-full-output is off),
      // never the snippet on the page's fifth: the page is judged on the outputs of an up, which
      // creates nothing (the example is an invoke and its outputs). It is the example's page with
      // the installation's snippet, as its web interface writes it, in its place.
      const up = await stack.up();
      const snippet = trackingCodeOf(fixture.emulator.url, {}).trackingCode;
      expect(up.outputs?.homePage?.value).toBe(
        `<!doctype html>\n<html>\n<head>\n<title>Blog</title>\n${snippet}\n</head>\n<body></body>\n</html>\n`,
      );
    }
    // Nothing is created: the account still holds the one website made above.
    expect(fixture.emulator.listWebsites(fixture.account().id).map((w) => w.domain)).toEqual([
      "blog.example.com",
    ]);
  });
});
