// The SARIF report as GitHub code scanning takes it: every result has a file (GitHub refuses a
// whole upload when one result has only a logical location), the line that declares the website
// when it is known, else the project file a reviewer acts on, with the reason (the fleet file of
// its WebsiteFleet, the fleet file of its account that --adopt-unmanaged appends to, the project
// of its stack or of a stack of its account, the project drift runs in); a stable fingerprint per
// finding; an automationDetails.id naming the stacks; a help text per rule. Every kind of SARIF
// the command writes is checked with the SARIF 2.1.0 schema and with Microsoft's SARIF
// multitool (its SARIF, GitHub and GitHub Advanced Security rules), run once over them all.
import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";
import { afterAll, describe, expect, it } from "vitest";
import type { DriftEntry } from "../../../../drift/model/entries";
import { excuseEntries } from "../../../../drift/accept/excuses";
import { parseIgnoreFile } from "../../../../drift/accept/ignore-file";
import { parseBaseline } from "../../../../drift/accept/baseline";
import { formatReport } from "../../../../drift/report/formats";
import type { DriftReport } from "../../../../drift/model/report";
import { reviewSites } from "../../../../drift/report/review-sites";
import { automationId } from "../../../../drift/report/formats/sarif";
import type { RecordedWebsite } from "../../../../drift/read/stack-export";

const require = createRequire(import.meta.url);
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validateSarif = ajv.compile(
  JSON.parse(
    readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8"),
  ) as object,
);

const root = mkdtempSync(join(tmpdir(), "drift-sarif-github-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A repository checkout: the team's fleet project, and another project declaring a website in a program. */
const repo = join(root, "repo");
const other = join(repo, "other");
mkdirSync(other, { recursive: true });
writeFileSync(join(repo, "Pulumi.yaml"), "name: team\nruntime: nodejs\n");
writeFileSync(
  join(repo, "websites.yaml"),
  "websites:\n  - domain: a.example.com\n  - domain: b.example.com\n",
);
writeFileSync(join(other, "Pulumi.yaml"), "name: other\nruntime: nodejs\n");

const accounts = [7, 8, 9].map((id) => ({
  url: "https://stats.example.com",
  id,
  email: `a${id}@example.com`,
}));

const fleetWebsite = (domain: string): RecordedWebsite => ({
  stack: "team/prod",
  resource: `sites-${domain}`,
  id: domain.length,
  outputs: { domain },
  address: { keySource: "the stack's configuration" },
  origin: {
    type: "pulumi-nodejs:dynamic/webstats:Website",
    positions: [],
    fleet: { name: "sites", file: "websites.yaml", positions: [] },
    folder: repo,
  },
});
/** A Website of a program whose file is not in the checkout: its line cannot be found. */
const programWebsite = (domain: string, stack: string, folder: string): RecordedWebsite => ({
  stack,
  resource: domain,
  id: domain.length,
  outputs: { domain },
  address: { keySource: "the stack's configuration" },
  origin: { type: "pulumi-nodejs:dynamic/webstats:Website", positions: ["project:///index.ts#3,1"], folder },
});

const recorded = [
  fleetWebsite("b.example.com"),
  fleetWebsite("lost.example.com"),
  programWebsite("prog.example.com", "team/prod", repo),
  programWebsite("twice.example.com", "team/prod", repo),
  programWebsite("elsewhere.example.com", "other/prod", other),
];

const entry = (
  domain: string,
  status: DriftEntry["status"],
  account: (typeof accounts)[number],
  more: Partial<DriftEntry> = {},
): DriftEntry => {
  const own = recorded.filter((w) => w.outputs.domain === domain);
  return {
    domain,
    id: domain.length,
    status,
    stacks: [...new Set(own.map((w) => w.stack))],
    resources: own.map((w) => `${w.stack}:${w.resource}`),
    account,
    ...more,
  };
};
const [team, otherAccount, lonely] = accounts as [
  (typeof accounts)[0],
  (typeof accounts)[0],
  (typeof accounts)[0],
];

/** Every status, silent, and each way a website can be located. */
function everyKind(): DriftEntry[] {
  return [
    entry("b.example.com", "changed", team, {
      changes: [
        { field: "excludeIps", recorded: ["10.0.0.1"], live: [] },
        { field: "email", recorded: false, live: true },
      ],
      silent: true,
    }),
    entry("lost.example.com", "gone", team),
    entry("prog.example.com", "changed", team, {
      changes: [{ field: "privacy", recorded: "public", live: "private" }],
    }),
    entry("twice.example.com", "duplicate", team, {
      resources: ["team/prod:twice.example.com", "other/prod:twice.example.com"],
    }),
    entry("u.example.com", "unmanaged", team),
    entry("elsewhere.example.com", "in-sync", otherAccount, { silent: true }),
    entry("v.example.com", "unmanaged", otherAccount),
    entry("w.example.com", "unmanaged", lonely),
  ];
}

const ignoreFile = parseIgnoreFile(
  [
    "ignore:",
    "  - domain: b.example.com",
    "    field: excludeIps",
    "    reason: the office edits its own",
    "  - domain: u.example.com",
    "    reason: managed by hand",
    "  - domain: gone.example.org",
    "    reason: stale",
    "",
  ].join("\n"),
  ".webstats-drift.yaml",
);
const baselineFile = parseBaseline(
  [
    "version: 1",
    "entries:",
    "  - status: gone",
    "    domain: lost.example.com",
    "    installation: https://stats.example.com",
    "    account: 7",
    "    firstSeen: 2025-01-02",
    "  - status: unmanaged",
    "    domain: old.example.com",
    "    installation: https://stats.example.com",
    "    account: 7",
    "    firstSeen: 2024-12-01",
    "",
  ].join("\n"),
  "drift-baseline.yaml",
);

/** Every kind of website, four of them with a home page of each status. */
function withPages(): DriftEntry[] {
  const websites = everyKind();
  websites[0]!.page = { status: "present", url: "https://b.example.com/" };
  websites[4]!.page = { status: "missing", url: "https://u.example.com/", reason: "no tracking code" };
  websites[5]!.page = {
    status: "wrong",
    url: "https://elsewhere.example.com/",
    reason: "another installation's",
  };
  websites[6]!.page = { status: "unreachable", reason: "the name does not resolve" };
  return websites;
}

/** The reports the command can write: with and without a baseline and ignore file, with tracking, empty, in sync. */
function reports(): Record<string, { report: DriftReport; websites: DriftEntry[] }> {
  const plain = everyKind();
  const { websites: excused, stale } = excuseEntries(everyKind(), {
    baseline: baselineFile,
    ignore: ignoreFile,
  });
  const stacks = ["team/prod", "other/prod"];
  return {
    plain: { report: { stacks, websites: plain, accounts: [] }, websites: plain },
    excused: {
      report: {
        stacks,
        websites: excused,
        accounts: [],
        tracking: { from: "2025-01-01", to: "2025-01-07", days: 7, requests: 8 },
        baseline: { file: baselineFile.file, stale: stale.baseline ?? [] },
        ignore: { file: ignoreFile.file, stale: stale.ignore ?? [] },
      },
      websites: excused,
    },
    // Policy findings: of an unmanaged website, a located one, and of a stack with no website.
    policy: {
      report: {
        stacks: [...stacks, "team/empty"],
        websites: plain,
        accounts: [],
        policy: {
          file: "policy.json",
          rules: [
            { name: "bots-excluded", description: "Websites leave bots out.", level: "mandatory" },
            { name: "websites-per-stack", description: "A stack tracks few websites.", level: "advisory" },
          ],
          findings: [
            { rule: "bots-excluded", level: "mandatory", message: "counts bots", entry: plain[4] },
            { rule: "bots-excluded", level: "mandatory", message: "counts bots", entry: plain[0] },
            { rule: "websites-per-stack", level: "advisory", message: "too many", stack: "team/prod" },
            { rule: "websites-per-stack", level: "advisory", message: "too many", stack: "team/empty" },
          ],
          failOn: true,
        },
      },
      websites: plain,
    },
    // --check-pages: a page of each status, the right one giving no result.
    pages: (() => {
      const websites = withPages();
      return { report: { stacks, websites, accounts: [], pages: { read: 4 } }, websites };
    })(),
    empty: { report: { stacks: [], websites: [], accounts: [] }, websites: [] },
    "in-sync": {
      report: { stacks: ["team/prod"], websites: [entry("b.example.com", "in-sync", team)], accounts: [] },
      websites: [],
    },
  };
}

interface SarifLocation {
  physicalLocation?: { artifactLocation: { uri: string }; region: { startLine: number } };
  message?: { text: string };
  logicalLocations?: { name: string }[];
}
interface SarifLog {
  runs: {
    automationDetails: { id: string };
    tool: { driver: { rules: { id: string; help?: { text: string } }[] } };
    results: {
      ruleId: string;
      ruleIndex?: number;
      level?: string;
      message: { text: string };
      locations: SarifLocation[];
      partialFingerprints: Record<string, string>;
      suppressions?: unknown[];
    }[];
  }[];
}

const sarifOf = (name: string): SarifLog => {
  const { report, websites } = reports()[name]!;
  return JSON.parse(
    formatReport(report, "sarif", { locate: reviewSites(recorded, websites, repo) }),
  ) as SarifLog;
};

describe("drift SARIF for GitHub code scanning", () => {
  it("gives every result a file: the declaring line, else the file to act on, with the reason", () => {
    const run = sarifOf("plain").runs[0]!;
    const where = run.results.map((r) => {
      const [location] = r.locations;
      return [
        r.ruleId,
        location?.logicalLocations?.[0]?.name,
        location?.physicalLocation?.artifactLocation.uri,
        location?.physicalLocation?.region.startLine,
        location?.message?.text,
      ];
    });
    expect(where).toEqual([
      ["changed", "b.example.com", "websites.yaml", 3, undefined],
      ["silent", "b.example.com", "websites.yaml", 3, undefined],
      [
        "gone",
        "lost.example.com",
        "websites.yaml",
        1,
        "Shown here as the fleet file of WebsiteFleet sites, where its entry was not found.",
      ],
      [
        "changed",
        "prog.example.com",
        "Pulumi.yaml",
        1,
        "Shown here as the project of stack team/prod, where its declaration was not found.",
      ],
      [
        "duplicate",
        "twice.example.com",
        "Pulumi.yaml",
        1,
        "Shown here as the project of stack team/prod, where its declaration was not found.",
      ],
      [
        "unmanaged",
        "u.example.com",
        "websites.yaml",
        1,
        "Shown here as the fleet file of its account's stacks, which --fix code --adopt-unmanaged appends it to.",
      ],
      [
        "silent",
        "elsewhere.example.com",
        "other/Pulumi.yaml",
        1,
        "Shown here as the project of stack other/prod, where its declaration was not found.",
      ],
      [
        "unmanaged",
        "v.example.com",
        "other/Pulumi.yaml",
        1,
        "Shown here as the project of stack other/prod, which uses its account and could declare it.",
      ],
      [
        "unmanaged",
        "w.example.com",
        "Pulumi.yaml",
        1,
        "Shown here as the project in the folder drift ran in: no project of the stacks read is known (give --cwd DIR before --state FILE).",
      ],
    ]);
    // The reviewer reads the reason in the result's own message too.
    expect(run.results[2]!.message.text).toContain(
      "Shown at websites.yaml: the fleet file of WebsiteFleet sites, where its entry was not found.",
    );
  });

  it("fingerprints each finding by what it is about, the same from run to run", () => {
    const first = sarifOf("plain").runs[0]!.results;
    const again = sarifOf("excused").runs[0]!.results;
    const prints = first.map((r) => r.partialFingerprints["webstatsFinding/v1"]);
    expect(prints.every((p) => /^[0-9a-f]{64}$/.test(p ?? ""))).toBe(true);
    expect(new Set(prints).size).toBe(prints.length);
    // Another run (excuses and messages differ): the same fingerprints.
    expect(again.map((r) => r.partialFingerprints["webstatsFinding/v1"])).toEqual(prints);
  });

  it("names the run by its stacks, and gives each rule a help text", () => {
    const run = sarifOf("plain").runs[0]!;
    expect(run.automationDetails).toEqual({ id: "pulumi-webstats-drift/other/prod,team/prod/" });
    expect(automationId(["b/prod", "a/prod", "b/prod"])).toBe("pulumi-webstats-drift/a/prod,b/prod/");
    const many = Array.from({ length: 50 }, (_, i) => `project-${i}/production`);
    expect(automationId(many)).toMatch(/^pulumi-webstats-drift\/50-stacks-[0-9a-f]{12}\/$/);
    expect(run.tool.driver.rules.every((r) => (r.help?.text.length ?? 0) > 40)).toBe(true);
  });

  it("gives each home page that is not right a warning of its status, located as the website's other findings", () => {
    const run = sarifOf("pages").runs[0]!;
    const pages = run.results
      .filter((r) => r.ruleId.startsWith("page/"))
      .map((r) => [r.ruleId, r.level, r.locations[0]?.physicalLocation?.artifactLocation.uri]);
    expect(pages).toEqual([
      ["page/missing", "warning", "websites.yaml"],
      ["page/wrong", "warning", "other/Pulumi.yaml"],
      ["page/unreachable", "warning", "other/Pulumi.yaml"],
    ]);
    const ids = run.tool.driver.rules.map((r) => r.id);
    for (const r of run.results) expect(ids[r.ruleIndex ?? -1]).toBe(r.ruleId);
  });

  it("suppresses a finding whose every part is excused, and keeps the others", () => {
    const run = sarifOf("excused").runs[0]!;
    const suppressed = run.results
      .filter((r) => r.suppressions)
      .map((r) => [r.ruleId, r.locations[0]?.logicalLocations?.[0]?.name]);
    expect(suppressed).toEqual([
      ["gone", "lost.example.com"],
      ["unmanaged", "u.example.com"],
    ]);
  });

  it("every SARIF the command writes is valid by the schema, with a file on every result", () => {
    for (const name of Object.keys(reports())) {
      const log = sarifOf(name);
      expect(validateSarif(log), `${name}: ${JSON.stringify(validateSarif.errors)}`).toBe(true);
      for (const result of log.runs[0]!.results) {
        expect(result.locations.length).toBeGreaterThan(0);
        for (const location of result.locations)
          expect(location.physicalLocation?.artifactLocation.uri).toBeTruthy();
      }
    }
    // Without knowing where websites are declared, still a file (the project where drift runs).
    const { report } = reports().plain!;
    const bare = JSON.parse(formatReport(report, "sarif")) as SarifLog;
    expect(
      bare.runs[0]!.results.every(
        (r) => r.locations[0]?.physicalLocation?.artifactLocation.uri === "Pulumi.yaml",
      ),
    ).toBe(true);
  });

  it("Microsoft's SARIF multitool finds nothing wrong with any of them by its SARIF, GitHub and GHAS rules", async () => {
    const folder = join(root, "sarif");
    mkdirSync(folder, { recursive: true });
    const names = Object.keys(reports());
    for (const name of names) writeFileSync(join(folder, `${name}.sarif`), JSON.stringify(sarifOf(name)));
    // The control: a rule without its help, which GitHub's rules refuse (GH2012): the check can fail.
    const control = sarifOf("plain");
    delete control.runs[0]!.tool.driver.rules[0]!.help;
    writeFileSync(join(folder, "control.sarif"), JSON.stringify(control));
    const findings = await multitoolFindings(folder, [...names, "control"]);
    expect(findings.filter((f) => f.file !== "control.sarif")).toEqual([]);
    expect(findings.filter((f) => f.file === "control.sarif").map((f) => f.rule)).toContain("GH2012");
  }, 180_000);
});

/** The multitool's executable, run bit set: npm 11 runs no install script, which would set it. */
function multitool(): string {
  const folder = dirname(require.resolve("@microsoft/sarif-multitool-linux/package.json"));
  const executable = join(folder, "Sarif.Multitool");
  chmodSync(executable, 0o755);
  return executable;
}

/** What `Sarif.Multitool validate` reports about each file, as rule id and file name. */
async function multitoolFindings(folder: string, names: string[]): Promise<{ rule: string; file: string }[]> {
  const output = join(folder, "validation.sarif");
  await promisify(execFile)(
    multitool(),
    [
      "validate",
      "--rule-kind",
      "Sarif;Gh;Ghas",
      "--log",
      "ForceOverwrite",
      "-o",
      output,
      ...names.map((n) => `${n}.sarif`),
    ],
    { cwd: folder, env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: "1" } },
  );
  const log = JSON.parse(readFileSync(output, "utf8")) as {
    runs: { results?: { ruleId: string; level?: string; locations?: SarifLocation[] }[] }[];
  };
  return (log.runs[0]?.results ?? []).map((r) => ({
    rule: r.ruleId,
    file: (r.locations?.[0]?.physicalLocation?.artifactLocation.uri ?? "").split("/").pop() ?? "",
  }));
}
