// `pulumi-webstats drift` with a baseline, an ignore file and the CI formats, in-process (runCli)
// against the emulator over real HTTP, with a stack export written here and a Pulumi YAML
// project declaring its websites: a baseline written, then accepted findings beside new ones,
// an entry gone stale once its website is deleted, ignore rules printed with their reasons and
// a stale rule warned of, a baseline and an ignore file excusing one website together, SARIF
// and JUnit written in one run (the SARIF located at the program's lines), bad files refused
// with their line before any request, and no password or key in any file written.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../../emulator";
import { runCaptured } from "../../../support/run-cli";
import { writeStackExport } from "../../../support/stack-exports";
import { WebstatsClient } from "../../../../sdk";
import { driftJsonReport } from "../../../support/drift-json-report";

const run = runCaptured;

const password = "pw-Hunter2-never-shown";

const root = mkdtempSync(join(tmpdir(), "drift-baseline-"));
const at = (name: string) => join(root, name);

describe("pulumi-webstats drift: baselines, ignore rules and CI formats", () => {
  let emulator: Emulator;
  let account: EmulatorAccount;
  let client: WebstatsClient;
  const ids: Record<string, number> = {};
  const state = () => ["--cwd", at("project"), "--state", at("prod.json")];

  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
    account = emulator.createAccount({ name: "Shop" });
    client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    const shop = await client.websites.create({
      domain: "shop.baseline.example",
      privacy: "password",
      password,
    });
    const blog = await client.websites.create({ domain: "blog.baseline.example" });
    const stray = await client.websites.create({ domain: "stray.baseline.example" });
    Object.assign(ids, { shop: shop.id, blog: blog.id, stray: stray.id });
    writeStackExport(at("prod.json"), {
      project: "shop",
      url: emulator.url,
      apiKey: account.apiKey,
      websites: [shop, blog],
      password,
    });
    // The stack's program: a Pulumi YAML project declaring both websites.
    const { mkdirSync } = await import("node:fs");
    mkdirSync(at("project"));
    writeFileSync(
      at("project/Pulumi.yaml"),
      [
        "name: shop",
        "runtime: yaml",
        "resources:",
        "  shop.baseline.example:",
        "    type: webstats:Website",
        "    properties: { domain: shop.baseline.example }",
        "  blog.baseline.example:",
        "    type: webstats:Website",
        "    properties: { domain: blog.baseline.example }",
        "",
      ].join("\n"),
    );
    emulator.updateWebsite(shop.id, { exclude_ips: "10.0.0.1" });
  });

  afterAll(async () => {
    await emulator?.close();
  });

  it("--write-baseline records today's findings, without secrets, and exits 0", async () => {
    const date = () => new Date().toISOString().slice(0, 10);
    // The date of the run: the one before it or after it (it may cross the turn of a UTC date).
    const dates = new Set([date()]);
    const result = await run(["drift", ...state(), "--write-baseline", at("baseline.yaml")]);
    dates.add(date());
    expect(result.err).toContain(`Wrote 2 entries to the baseline ${at("baseline.yaml")}.`);
    expect(result.code).toBe(0);
    const text = readFileSync(at("baseline.yaml"), "utf8");
    const firstSeen = /firstSeen: (\d{4}-\d{2}-\d{2})\n/.exec(text)?.[1] ?? "none";
    expect([...dates]).toContain(firstSeen);
    expect(text).toContain(
      `  - status: changed\n    domain: shop.baseline.example\n    installation: ${emulator.url}\n` +
        `    account: ${account.id}\n    fields: [ excludeIps ]\n    firstSeen: ${firstSeen}\n`,
    );
    expect(text).toContain("  - status: unmanaged\n    domain: stray.baseline.example\n");
    expect(text).not.toContain(password);
    expect(text).not.toContain(account.apiKey);
  });

  it("--baseline: recorded findings accepted, new ones fail; a deleted website's entry is stale", async () => {
    emulator.updateWebsite(ids.blog!, { exclude_bots: 0 });
    const fresh = await client.websites.create({ domain: "new.baseline.example" });
    const result = await run(["drift", ...state(), "--baseline", at("baseline.yaml"), "--format", "json"]);
    expect(result.code).toBe(2);
    const report = driftJsonReport<{
      summary: Record<string, number>;
      websites: { domain: string; status: string; accepted?: { firstSeen: string } }[];
    }>(result.out);
    expect(report.websites.map((w) => [w.domain, w.status, w.accepted !== undefined])).toEqual([
      ["blog.baseline.example", "changed", false],
      ["new.baseline.example", "unmanaged", false],
      ["shop.baseline.example", "changed", true],
      ["stray.baseline.example", "unmanaged", true],
    ]);
    expect(report.summary.accepted).toBe(2);

    emulator.deleteWebsite(ids.stray!);
    emulator.deleteWebsite(fresh.id);
    emulator.updateWebsite(ids.blog!, { exclude_bots: 1 });
    const later = await run(["drift", ...state(), "--baseline", at("baseline.yaml")]);
    expect(later.code).toBe(0);
    expect(later.out).toContain(
      `Warning: stale baseline entry ${at("baseline.yaml")}:12: unmanaged stray.baseline.example on account ${account.id}`,
    );
    expect(later.out).toMatch(
      /shop\.baseline\.example \(\d+\) accepted by the baseline \(.*baseline\.yaml:6\), first seen/,
    );
    expect(later.err).toContain(`Warning: ${at("baseline.yaml")}:12 matches no website any more`);
  });

  it("an ignore file: rules print their reasons, a rule matching nothing is warned of", async () => {
    await client.websites.create({ domain: "a.clients.baseline.example" });
    writeFileSync(
      at("ignore.yaml"),
      [
        "ignore:",
        '  - domain: "*.clients.baseline.example"',
        "    status: unmanaged",
        "    reason: the clients manage these by hand",
        "  - domain: shop.baseline.example",
        "    field: excludeIps",
        "    reason: the shop's team edits its excluded addresses",
        "  - domain: retired.baseline.example",
        "    reason: retired last year",
        "",
      ].join("\n"),
    );
    const result = await run(["drift", ...state(), "--ignore", at("ignore.yaml")]);
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      `a.clients.baseline.example (${ids.stray! + 2}) ignored: the clients manage these by hand (${at("ignore.yaml")}:2)`,
    );
    expect(result.out).toContain(
      `ignored: the shop's team edits its excluded addresses (${at("ignore.yaml")}:5)`,
    );
    expect(result.out).toContain(
      `Warning: stale ignore rule ${at("ignore.yaml")}:8: domain "retired.baseline.example" matches no website`,
    );
  });

  it("a baseline and an ignore file together excuse a website each covers a part of; each alone does not", async () => {
    writeFileSync(
      at("ignore-email.yaml"),
      [
        "ignore:",
        '  - domain: "*.clients.baseline.example"',
        "    status: unmanaged",
        "    reason: the clients manage these by hand",
        "  - domain: shop.baseline.example",
        "    field: email",
        "    reason: the shop's team chooses its reports",
        "",
      ].join("\n"),
    );
    // The shop now differs in its excluded addresses (in the baseline) and its reports (ignored).
    emulator.updateWebsite(ids.shop!, { email: 1 });
    try {
      const both = ["--baseline", at("baseline.yaml"), "--ignore", at("ignore-email.yaml")];
      const result = await run(["drift", ...state(), ...both, "--format", "json"]);
      expect(result.code).toBe(0);
      const report = driftJsonReport<{
        websites: { domain: string; accepted?: unknown; ignored?: { reason: string }[] }[];
      }>(result.out);
      const shop = report.websites.find((w) => w.domain === "shop.baseline.example");
      expect(shop?.accepted).toBeDefined();
      expect(shop?.ignored).toEqual([
        { rule: `${at("ignore-email.yaml")}:5`, reason: "the shop's team chooses its reports" },
      ]);
      const alone = [
        ["--baseline", at("baseline.yaml")],
        ["--ignore", at("ignore-email.yaml")],
      ];
      for (const one of alone) expect((await run(["drift", ...state(), ...one])).code).toBe(2);
    } finally {
      emulator.updateWebsite(ids.shop!, { email: 0 });
    }
  });

  it("writes SARIF and JUnit in one run, the text report on standard output, no secret in any", async () => {
    const result = await run([
      "drift",
      ...state(),
      "--format",
      "sarif",
      "--output",
      at("r.sarif"),
      "--format",
      "junit",
      "--output",
      at("r.xml"),
    ]);
    expect(result.code).toBe(2);
    expect(result.out).toMatch(/^\d+ websites in 1 account of 1 stack/);
    expect(result.err).toContain(`Wrote the sarif report to ${at("r.sarif")}.`);
    expect(result.err).toContain(`Wrote the junit report to ${at("r.xml")}.`);
    const sarifText = readFileSync(at("r.sarif"), "utf8");
    const sarif = JSON.parse(sarifText) as {
      version: string;
      runs: {
        results: { ruleId: string; locations: Record<string, unknown>[]; properties: { domain: string } }[];
      }[];
    };
    expect(sarif.version).toBe("2.1.0");
    const shop = sarif.runs[0]!.results.find((r) => r.properties.domain === "shop.baseline.example");
    // Declared in the project's Pulumi YAML program, at line 4.
    expect(shop?.locations[0]).toMatchObject({
      physicalLocation: {
        artifactLocation: { uri: `${pathToFileURL(at("project/Pulumi.yaml")).href}` },
        region: { startLine: 4 },
      },
    });
    const unmanaged = sarif.runs[0]!.results.find((r) => r.ruleId === "unmanaged");
    expect(unmanaged?.locations[0]).toHaveProperty("logicalLocations");
    const xmlText = readFileSync(at("r.xml"), "utf8");
    const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xmlText) as {
      testsuites: { tests: string; failures: string };
    };
    expect(junit.testsuites).toMatchObject({ tests: "3", failures: "2" });
    for (const text of [sarifText, xmlText, result.out, result.err]) {
      expect(text).not.toContain(password);
      expect(text).not.toContain(account.apiKey);
    }
  });

  it("refuses a baseline or ignore file with problems, with file and line, before any request or write", async () => {
    writeFileSync(at("old.yaml"), "version: 2\nentries: []\n");
    writeFileSync(at("bad-ignore.yaml"), "ignore:\n  - domain: shop.baseline.example\n    reson: typo\n");
    emulator.resetRequestCounts();
    const out = at("never.sarif");
    const old = await run([
      "drift",
      ...state(),
      "--baseline",
      at("old.yaml"),
      "--format",
      "sarif",
      "--output",
      out,
    ]);
    expect(old.code).toBe(1);
    expect(old.err).toContain(
      `${at("old.yaml")}:1: version 2 is not one this version of pulumi-webstats reads`,
    );
    const bad = await run([
      "drift",
      ...state(),
      "--ignore",
      at("bad-ignore.yaml"),
      "--write-baseline",
      at("b2.yaml"),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain(
      `${at("bad-ignore.yaml")}:3: ignore[0]: reson is not a key here; did you mean reason?`,
    );
    expect(bad.err).toContain(`${at("bad-ignore.yaml")}:2: ignore[0]: reason is missing`);
    // A file there that is not a baseline is not overwritten.
    writeFileSync(at("notes.txt"), "my notes\n");
    const notes = await run(["drift", ...state(), "--write-baseline", at("notes.txt")]);
    expect(notes.code).toBe(1);
    expect(readFileSync(at("notes.txt"), "utf8")).toBe("my notes\n");
    const folder = await run(["drift", ...state(), "--format", "json", "--output", at("no/such/r.json")]);
    expect(folder.err).toContain(`the folder ${at("no/such")} does not exist`);
    expect(emulator.requestCounts()).toEqual({});
    expect(existsSync(out) || existsSync(at("b2.yaml"))).toBe(false);
  });
});
