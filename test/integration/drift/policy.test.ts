// `pulumi-webstats drift --policy-pack-config` in-process (runCli) against the emulator over real
// HTTP, with a stack export written here: the policy pack's rules over every website the run
// reads, the managed ones and those made outside Pulumi (unmanaged), and over the stack. The
// findings in every format (a SARIF rule per policy rule, located as drift's other findings are),
// their own exit code and --fail-on value (a rule set to remediate counts as mandatory: drift
// cannot remediate the server), and a configuration refused before any request.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../emulator";
import { runCaptured } from "../../support/run-cli";
import { writeStackExport } from "../../support/stack-exports";
import { WebstatsClient } from "../../../sdk";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";
import { driftJsonReport } from "../../support/drift-json-report";

// The SARIF 2.1.0 schema @microsoft/jest-sarif ships (as test/unit/drift/report/ci-formats.test.ts reads it).
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validateSarif = ajv.compile(
  JSON.parse(
    readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8"),
  ) as object,
);

const run = runCaptured;

const root = mkdtempSync(join(tmpdir(), "drift-policy-"));
const stateFile = join(root, "prod.json");
const configFile = join(root, "policy.json");

const config = {
  "bots-excluded": "mandatory",
  "required-excluded-ips": { enforcementLevel: "advisory", ranges: ["203.0.113.0/24"] },
  "required-excluded-params": "disabled",
  "non-public-domains": { patterns: ["staging.*"] },
  "allowed-domain-suffixes": { suffixes: ["policy.example"] },
  "websites-per-stack": { maximum: 1 },
};

interface JsonReport {
  summary: Record<string, number>;
  policy: {
    file: string;
    rules: { name: string; level: string }[];
    findings: {
      rule: string;
      level: string;
      message: string;
      domain?: string;
      status?: string;
      stack?: string;
    }[];
  };
}

describe("pulumi-webstats drift --policy-pack-config", () => {
  let emulator: Emulator;
  let account: EmulatorAccount;
  const argv = (...extra: string[]) => [
    "drift",
    "--state",
    stateFile,
    "--policy-pack-config",
    configFile,
    ...extra,
  ];

  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
    account = emulator.createAccount({ name: "Policies" });
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    const shop = await client.websites.create({
      domain: "shop.policy.example",
      excludeIps: ["203.0.113.0/24"],
    });
    const blog = await client.websites.create({ domain: "blog.policy.example" });
    // Made outside Pulumi: a public staging site that counts bots, and a domain not approved.
    await client.websites.create({ domain: "staging.policy.example", privacy: "public", excludeBots: false });
    await client.websites.create({ domain: "elsewhere.example.net", excludeIps: ["203.0.113.0/24"] });
    writeStackExport(stateFile, {
      project: "shop",
      url: emulator.url,
      apiKey: account.apiKey,
      websites: [shop, blog],
    });
    writeFileSync(configFile, JSON.stringify(config));
  });
  afterAll(async () => {
    await emulator?.close();
  });

  it("reports every website's and the stack's violations, unmanaged websites included; mandatory ones exit 3", async () => {
    const { code, out } = await run(argv());
    expect(code).toBe(3);
    expect(out).toContain(`Policy (${configFile}, 5 rules): 6 violations, 3 mandatory (they fail the run).`);
    expect(out).toContain(
      '[mandatory] non-public-domains: Website staging.policy.example matches "staging.*" but its statistics page is public. Fix: set privacy to "private" or "password" (with a password).',
    );
    expect(out).toContain("[mandatory] bots-excluded: Website staging.policy.example counts bots");
    expect(out).toContain("[mandatory] allowed-domain-suffixes: Website elsewhere.example.net is under none");
    expect(out).toContain(
      '[advisory] required-excluded-ips: Website blog.policy.example does not exclude "203.0.113.0/24"',
    );
    expect(out).toContain(
      "[advisory] websites-per-stack: Stack shop/prod holds 2 websites, more than the 1 allowed.",
    );
    expect(out).not.toContain("shop.policy.example does not exclude");
  });

  it("gives the findings in JSON and Markdown", async () => {
    const json = driftJsonReport<JsonReport>((await run(argv("--format", "json"))).out);
    expect(json.summary.policy).toBe(6);
    expect(json.policy.rules.map((r) => r.name)).not.toContain("required-excluded-params");
    expect(json.policy.findings).toContainEqual(
      expect.objectContaining({
        rule: "non-public-domains",
        level: "mandatory",
        domain: "staging.policy.example",
        status: "unmanaged",
      }),
    );
    expect(json.policy.findings).toContainEqual(
      expect.objectContaining({ rule: "websites-per-stack", level: "advisory", stack: "shop/prod" }),
    );
    const markdown = (await run(argv("--format", "markdown"))).out;
    expect(markdown).toContain("### Policy");
    expect(markdown).toContain("| mandatory | non-public-domains | staging.policy.example (");
  });

  it("gives a SARIF rule per policy rule and a result per finding, and a JUnit suite", async () => {
    const sarif = JSON.parse((await run(argv("--format", "sarif"))).out) as {
      runs: {
        tool: { driver: { rules: { id: string; name: string; help?: { text: string } }[] } };
        results: {
          ruleId: string;
          ruleIndex: number;
          level: string;
          locations: object[];
          partialFingerprints: object;
        }[];
      }[];
    };
    validateSarif(sarif);
    expect(validateSarif.errors ?? []).toEqual([]);
    const [runLog] = sarif.runs;
    const ids = runLog!.tool.driver.rules.map((r) => r.id);
    expect(ids).toEqual(
      expect.arrayContaining(["unmanaged", "policy/non-public-domains", "policy/websites-per-stack"]),
    );
    const staging = runLog!.results.filter((r) => r.ruleId === "policy/non-public-domains");
    expect(staging).toHaveLength(1);
    expect(ids[staging[0]!.ruleIndex]).toBe("policy/non-public-domains");
    expect(staging[0]!.level).toBe("error");
    expect(Object.keys(staging[0]!.partialFingerprints)).toEqual(["webstatsPolicy/v1"]);
    // Located as drift locates the website's own finding (unmanaged) in the same report.
    const unmanaged = runLog!.results.find(
      (r) => r.ruleId === "unmanaged" && JSON.stringify(r.locations).includes("staging.policy.example"),
    );
    expect(staging[0]!.locations).toEqual(unmanaged?.locations);
    expect(
      runLog!.results.filter((r) => r.ruleId === "policy/required-excluded-ips").map((r) => r.level),
    ).toEqual(["warning", "warning"]);

    const junit = (await run(argv("--format", "junit"))).out;
    expect(junit).toContain(`<testsuite name="policy (${configFile})" tests="6" failures="3"`);
    expect(junit).toContain('<failure type="non-public-domains"');
  });

  it("has its own --fail-on value: policy alone, or statuses without it", async () => {
    expect((await run(argv("--fail-on", "policy"))).code).toBe(3);
    const unmanagedOnly = await run(argv("--fail-on", "unmanaged"));
    expect(unmanagedOnly.code).toBe(2);
    expect(unmanagedOnly.out).toContain("3 mandatory (not failing: --fail-on does not name policy).");
    expect((await run(argv("--fail-on", "none"))).code).toBe(0);
    const alone = await run(["drift", "--state", stateFile, "--fail-on", "policy"]);
    expect(alone.code).toBe(1);
    expect(alone.err).toContain("--fail-on policy needs --policy-pack-config FILE");
  });

  it("counts a rule set to remediate as mandatory: drift cannot remediate the server", async () => {
    // Every other rule off: only staging.policy.example counts bots.
    const remediate = join(root, "remediate.json");
    writeFileSync(remediate, JSON.stringify({ all: "disabled", "bots-excluded": "remediate" }));
    const args = ["drift", "--state", stateFile, "--policy-pack-config", remediate, "--fail-on", "policy"];
    const text = await run(args);
    expect(text.out).toContain(
      `Policy (${remediate}, 1 rule): 1 violation, 1 mandatory (they fail the run).`,
    );
    expect(text.out).toContain("[mandatory] bots-excluded: Website staging.policy.example counts bots");
    expect(text.code).toBe(3);
    const json = await run([...args, "--format", "json"]);
    expect(json.code).toBe(3);
    const report = driftJsonReport<JsonReport>(json.out).policy;
    expect(report.rules).toEqual([expect.objectContaining({ name: "bots-excluded", level: "mandatory" })]);
    expect(report.findings).toEqual([
      expect.objectContaining({
        rule: "bots-excluded",
        level: "mandatory",
        domain: "staging.policy.example",
      }),
    ]);
  });

  it("refuses a configuration naming no rule, a wrong type, a bad CIDR or level before any request", async () => {
    const bad = join(root, "bad.json");
    writeFileSync(
      bad,
      JSON.stringify({
        "bots-exclude": "mandatory",
        "websites-per-stack": { maximum: "10" },
        "required-excluded-ips": { ranges: ["10.0.0.0/33"] },
        "non-public-domains": "remediate",
      }),
    );
    emulator.resetRequestCounts();
    const { code, err } = await run(["drift", "--state", stateFile, "--policy-pack-config", bad]);
    expect(code).toBe(1);
    expect(err).toContain(`The policy configuration ${bad} cannot be used:`);
    expect(err).toContain(
      '"bots-exclude" is not a rule of the webstats policy pack (did you mean bots-excluded?)',
    );
    expect(err).toContain("websites-per-stack: maximum must be a whole number of websites, 0 or more.");
    expect(err).toContain("required-excluded-ips: ranges[0] is not an address or range the server can match");
    expect(err).toContain("non-public-domains: enforcementLevel must be");
    expect(err).not.toContain("Read 1 stack");
    expect(emulator.requestCounts()).toEqual({});
  });
});
