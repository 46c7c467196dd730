// The drift report's text, JSON and Markdown formats, from the same entries: statuses, each
// account's websites against its plan, with --check-tracking the silent mark, the window and its
// cost, and with a baseline and an ignore file what does not fail, why, and the stale entries and
// rules; the text's first lines for singular counts, plans and what does not fail; each format
// whole with --check-pages and a policy too, and without them: no details, several changes and
// stacks, a baseline alone, tracking. (SARIF and JUnit: drift-report-sarif, -junit and
// drift-ci-formats; HTML: drift-html-report.)
import { describe, expect, it } from "vitest";
import type { DriftEntry } from "../../../../drift/model/entries";
import { formatReport } from "../../../../drift/report/formats";
import type { ReportFormat } from "../../../../drift/report/formats";
import type { AccountUse, DriftReport } from "../../../../drift/model/report";
import { staleAcceptances } from "../../../support/drift-entries";
import { driftJsonReport } from "../../../support/drift-json-report";

const account = { url: "https://stats.example.com", id: 7, email: "team@example.com" };
const entries: DriftEntry[] = [
  {
    domain: "a.example.com",
    id: 1,
    status: "in-sync",
    stacks: ["web/prod"],
    resources: ["web/prod:a"],
    account,
  },
  {
    domain: "b.example.com",
    id: 2,
    status: "changed",
    stacks: ["web/prod"],
    resources: ["web/prod:b"],
    account,
    changes: [{ field: "excludeIps", recorded: ["10.0.0.1"], live: [] }],
  },
  { domain: "c|`x`.example.com", id: 3, status: "unmanaged", stacks: [], resources: [], account },
  {
    domain: "d.example.com",
    id: 4,
    status: "duplicate",
    stacks: ["web/dev", "web/prod"],
    resources: ["web/dev:d", "web/prod:d"],
    account,
  },
];
const accounts: AccountUse[] = [{ ...account, websites: 4, plan: { name: "Team", websites: 10 } }];
const report: DriftReport = { stacks: ["web/prod", "web/dev"], websites: entries, accounts };

describe("drift: formatReport", () => {
  it("json: the websites with status, stacks, account and changes, and the counts", () => {
    const body = driftJsonReport<Record<string, unknown>>(formatReport(report, "json"));
    expect(body).toEqual({
      schemaVersion: "1.1",
      stacks: ["web/prod", "web/dev"],
      summary: { "in-sync": 1, changed: 1, gone: 0, unmanaged: 1, duplicate: 1 },
      accounts: [
        {
          url: "https://stats.example.com",
          id: 7,
          email: "team@example.com",
          websites: 4,
          plan: { name: "Team", websites: 10 },
        },
      ],
      websites: entries,
    });
  });

  it("text: a summary, a table of every website, and the details of changes and duplicates", () => {
    const lines = formatReport(report, "text").split("\n");
    expect(lines[0]).toBe(
      "4 websites in 1 account of 2 stacks (web/prod, web/dev): 1 in-sync, 1 changed, 0 gone, 1 unmanaged, 1 duplicate.",
    );
    expect(lines[1]).toBe(
      "Account team@example.com (7) at https://stats.example.com: 4 of 10 websites (plan Team).",
    );
    expect(lines[3]).toMatch(/^STATUS\s+DOMAIN\s+ID\s+ACCOUNT\s+STACKS$/);
    expect(lines[4]).toMatch(
      /^in-sync\s+a\.example\.com\s+1\s+team@example\.com \(7\) at https:\/\/stats\.example\.com\s+web\/prod$/,
    );
    expect(lines).toContain("b.example.com (2): excludeIps: [10.0.0.1] recorded, [] live");
    expect(lines).toContain("d.example.com (4) is recorded by web/dev:d, web/prod:d");
  });

  it("markdown: the counts and a row per drifted website, with cells escaped", () => {
    const text = formatReport(report, "markdown");
    expect(text).toMatch(/^## Website drift\n/);
    expect(text).toContain("| changed | 1 |");
    expect(text).not.toContain("| in-sync | a.example.com");
    expect(text).toContain("| unmanaged | c\\|\\`x\\`.example.com | 3 |");
    expect(text).toContain(
      "| changed | b.example.com | 2 | team@example.com (7) at https://stats.example.com | web/prod | excludeIps: \\[10.0.0.1\\] recorded, \\[\\] live |",
    );
    expect(text).toContain(
      "| Account | Plan | Websites |\n| --- | --- | --- |\n| team@example.com (7) at https://stats.example.com | Team | 4 of 10 |\n",
    );
    expect(formatReport({ ...report, websites: [entries[0]!] }, "markdown")).toContain(
      "Every website is in sync.",
    );
  });
});

describe("drift: formatReport, each account's plan", () => {
  const use = (websites: number, plan: AccountUse["plan"], id = 7): AccountUse => ({
    url: "https://stats.example.com",
    id,
    email: `team-${id}@example.com`,
    websites,
    plan,
  });

  it("says the websites held against the plan's limit: unlimited, full, or no plan reported", () => {
    const plans: DriftReport = {
      ...report,
      accounts: [
        use(4, { name: "Free", websites: 10 }, 1),
        use(10, { name: "Free", websites: 10 }, 2),
        use(250, { name: "Unlimited", websites: -1 }, 3),
        use(3, null, 4),
      ],
    };
    const lines = formatReport(plans, "text").split("\n");
    expect(lines.slice(1, 5)).toEqual([
      "Account team-1@example.com (1) at https://stats.example.com: 4 of 10 websites (plan Free).",
      "Account team-2@example.com (2) at https://stats.example.com: 10 of 10 websites, no room for more (plan Free).",
      "Account team-3@example.com (3) at https://stats.example.com: 250 websites, no limit (plan Unlimited).",
      "Account team-4@example.com (4) at https://stats.example.com: 3 websites (no plan reported).",
    ]);
    const markdown = formatReport(plans, "markdown");
    expect(markdown).toContain(
      "| team-2@example.com (2) at https://stats.example.com | Free | 10 of 10, no room for more |",
    );
    expect(markdown).toContain(
      "| team-3@example.com (3) at https://stats.example.com | Unlimited | 250, no limit |",
    );
    expect(markdown).toContain("| team-4@example.com (4) at https://stats.example.com | none reported | 3 |");
    const json = driftJsonReport<{ accounts: AccountUse[] }>(formatReport(plans, "json"));
    expect(json.accounts.map((a) => [a.websites, a.plan])).toEqual([
      [4, { name: "Free", websites: 10 }],
      [10, { name: "Free", websites: 10 }],
      [250, { name: "Unlimited", websites: -1 }],
      [3, null],
    ]);
  });
});

describe("drift: formatReport with --check-tracking", () => {
  const gone: DriftEntry = {
    domain: "e.example.com",
    id: 5,
    status: "gone",
    stacks: ["web/prod"],
    resources: ["web/prod:e"],
    account,
  };
  const tracked: DriftReport = {
    ...report,
    websites: [
      { ...entries[0]!, silent: true },
      { ...entries[1]!, silent: true },
      { ...entries[2]!, silent: false },
      { ...entries[3]!, silent: false },
      gone,
    ],
    tracking: { days: 7, from: "2026-11-18", to: "2026-11-24", requests: 4 },
  };
  const trackingLine =
    "Tracking: 2 of 4 websites on the server silent, with no pageview from 2026-11-18 to 2026-11-24 " +
    "(the last 7 days, UTC dates); 4 requests, one per website.";

  it("text: the outcome and its cost below the summary, and a TRACKING column", () => {
    const lines = formatReport(tracked, "text").split("\n");
    expect(lines[0]).toBe(
      "5 websites in 1 account of 2 stacks (web/prod, web/dev): 1 in-sync, 1 changed, 1 gone, 1 unmanaged, 1 duplicate.",
    );
    expect(lines[1]).toBe(trackingLine);
    expect(lines[2]).toMatch(/^Account team@example\.com/);
    expect(lines[4]).toMatch(/^STATUS\s+DOMAIN\s+ID\s+ACCOUNT\s+STACKS\s+TRACKING$/);
    expect(lines[5]).toMatch(/^in-sync\s+a\.example\.com\s+1\s+.*\s+web\/prod\s+silent$/);
    expect(lines[6]).toMatch(/^changed\s+b\.example\.com\s+2\s+.*\s+web\/prod\s+silent$/);
    expect(lines[7]).toMatch(/^unmanaged\s+.*\s+-\s+active$/);
    expect(lines[9]).toMatch(/^gone\s+e\.example\.com\s+5\s+.*\s+web\/prod\s+-$/);
  });

  it("json: silent on each website on the server, its count in the summary, the window and cost", () => {
    const body = driftJsonReport<Record<string, unknown>>(formatReport(tracked, "json"));
    expect(Object.keys(body)).toEqual([
      "schemaVersion",
      "stacks",
      "summary",
      "tracking",
      "accounts",
      "websites",
    ]);
    expect(body.summary).toEqual({
      "in-sync": 1,
      changed: 1,
      gone: 1,
      unmanaged: 1,
      duplicate: 1,
      silent: 2,
    });
    expect(body.tracking).toEqual({ days: 7, from: "2026-11-18", to: "2026-11-24", requests: 4 });
    expect((body.websites as DriftEntry[]).map((w) => w.silent)).toEqual([
      true,
      true,
      false,
      false,
      undefined,
    ]);
  });

  it("markdown: the outcome, silent in the counts, and a row for a silent website in sync", () => {
    const text = formatReport(tracked, "markdown");
    expect(text).toContain(`\n${trackingLine}\n`);
    expect(text).toContain("| duplicate | 1 |\n| silent | 2 |\n");
    expect(text).toContain("| Status | Domain | ID | Account | Stacks | Tracking | Details |");
    expect(text).toContain(
      "| in-sync | a.example.com | 1 | team@example.com (7) at https://stats.example.com | web/prod | silent |  |",
    );
    expect(text).toContain(
      "| gone | e.example.com | 5 | team@example.com (7) at https://stats.example.com | web/prod | - |  |",
    );
    const quiet = { ...tracked, websites: [{ ...entries[0]!, silent: false }] };
    expect(formatReport(quiet, "markdown")).toContain("Every website is in sync, and none is silent.");
  });
});

describe("drift: formatReport with a baseline and an ignore file", () => {
  const excused: DriftReport = {
    stacks: ["web/prod"],
    websites: [
      { ...entries[1]!, accepted: { firstSeen: "2026-11-01", line: 4 } },
      { ...entries[2]!, ignored: [{ rule: ".webstats-drift.yaml:3", reason: "a test site" }] },
    ],
    accounts,
    ...staleAcceptances(),
  };

  it("markdown: what does not fail, each stale entry and rule as a quote, and why in each row", () => {
    const text = formatReport(excused, "markdown");
    expect(text).toContain(
      "\n\nNot failing: 1 accepted by the baseline drift-baseline.yaml (1 of its entries stale); " +
        "1 ignored by .webstats-drift.yaml (1 of its rules stale).\n\n" +
        "> Warning: stale baseline entry drift-baseline.yaml:12: unmanaged old.example.com on account 7 at " +
        "https://stats.example.com (first seen 2024-12-01) matches no website any more; remove it, or " +
        "write the baseline again.\n\n" +
        '> Warning: stale ignore rule .webstats-drift.yaml:7: domain "\\*.gone.example" matches no ' +
        "website of the report; remove the rule, or correct its domain.\n\n| Status | Count |\n",
    );
    expect(text).toContain(
      "| changed | b.example.com | 2 | team@example.com (7) at https://stats.example.com | web/prod | " +
        "excludeIps: \\[10.0.0.1\\] recorded, \\[\\] live; accepted by the baseline (drift-baseline.yaml:4), " +
        "first seen 2026-11-01 |\n",
    );
    expect(text).toContain(
      "| unmanaged | c\\|\\`x\\`.example.com | 3 | team@example.com (7) at https://stats.example.com | - | " +
        "ignored: a test site (.webstats-drift.yaml:3) |\n",
    );
  });
});

describe("drift: formatReport, the text's first lines", () => {
  const both: DriftReport = {
    ...report,
    websites: [
      {
        ...entries[1]!,
        accepted: { firstSeen: "2026-11-01", line: 4 },
        ignored: [{ rule: ".webstats-drift.yaml:3", reason: "a test site" }],
      },
    ],
  };
  const oneWebsite = (plan: AccountUse["plan"]): DriftReport => ({
    ...report,
    accounts: [{ ...account, websites: 1, plan }],
  });

  it.each<[string, DriftReport, number, string[]]>([
    [
      "one website, one day and one request of tracking, each singular",
      {
        ...report,
        websites: [{ ...entries[0]!, silent: false }],
        tracking: { days: 1, from: "2026-11-24", to: "2026-11-24", requests: 1 },
      },
      0,
      [
        "1 website in 1 account of 2 stacks (web/prod, web/dev): 1 in-sync, 0 changed, 0 gone, 0 unmanaged, 0 duplicate.",
        "Tracking: 0 of 1 website on the server silent, with no pageview from 2026-11-24 to 2026-11-24 " +
          "(the last 1 day, UTC dates); 1 request, one per website.",
      ],
    ],
    [
      "an ignore file alone",
      { ...both, ignore: staleAcceptances().ignore },
      1,
      ["Not failing: 1 ignored by .webstats-drift.yaml (1 of its rules stale)."],
    ],
    [
      "a website both accepted and ignored counted once, as ignored",
      { ...both, ...staleAcceptances() },
      1,
      [
        "Not failing: 0 accepted by the baseline drift-baseline.yaml (1 of its entries stale); " +
          "1 ignored by .webstats-drift.yaml (1 of its rules stale).",
      ],
    ],
    [
      "a plan that allows no website is full, not unlimited",
      { ...report, accounts: [{ ...account, websites: 0, plan: { name: "Closed", websites: 0 } }] },
      1,
      [
        "Account team@example.com (7) at https://stats.example.com: 0 of 0 websites, no room for more (plan Closed).",
      ],
    ],
    [
      "an account's one website, against a limit of one",
      oneWebsite({ name: "Solo", websites: 1 }),
      1,
      [
        "Account team@example.com (7) at https://stats.example.com: 1 of 1 website, no room for more (plan Solo).",
      ],
    ],
    [
      "an account's one website, without a plan",
      oneWebsite(null),
      1,
      ["Account team@example.com (7) at https://stats.example.com: 1 website (no plan reported)."],
    ],
  ])("%s", (_what, given, first, lines) => {
    expect(
      formatReport(given, "text")
        .split("\n")
        .slice(first, first + lines.length),
    ).toEqual(lines);
  });
});

/** A report with every part: a baseline, an ignore file, --check-pages and a policy. */
const checked: DriftReport = {
  stacks: ["web/prod"],
  websites: [
    {
      ...entries[0]!,
      page: {
        status: "missing",
        url: "https://a.example.com/",
        reason: "no tracking code",
        cause: "the page\nlost it",
      },
    },
    {
      ...entries[1]!,
      changes: [{ field: "email", recorded: false, live: true }],
      accepted: { firstSeen: "2026-11-01", line: 4 },
    },
    {
      ...entries[2]!,
      domain: "c.example.com",
      ignored: [{ rule: ".webstats-drift.yaml:3", reason: "a test site" }],
    },
  ],
  accounts: [{ ...account, websites: 3, plan: null }],
  pages: { read: 1 },
  policy: {
    file: "policy.yaml",
    rules: [{ name: "private-only", description: "Private.", level: "advisory" }],
    findings: [{ rule: "private-only", level: "advisory", message: "public", stack: "web/prod" }],
    failOn: true,
  },
  ...staleAcceptances(),
};

describe("drift: formatReport with a baseline, an ignore file, --check-pages and a policy", () => {
  it("json: the counts of each part, the files' stale entries and rules, the page's cause neutralised", () => {
    const body = driftJsonReport<Record<string, unknown>>(formatReport(checked, "json"));
    expect(Object.keys(body)).toEqual([
      "schemaVersion",
      "stacks",
      "summary",
      "pages",
      "baseline",
      "ignore",
      "accounts",
      "websites",
      "policy",
    ]);
    expect(body.summary).toEqual({
      "in-sync": 1,
      changed: 1,
      gone: 0,
      unmanaged: 1,
      duplicate: 0,
      accepted: 1,
      ignored: 1,
      policy: 1,
      pagesPresent: 0,
      pagesMissing: 1,
      pagesWrong: 0,
      pagesUnreachable: 0,
    });
    expect(body.pages).toEqual({ read: 1 });
    expect(body.baseline).toEqual(checked.baseline);
    expect(body.ignore).toEqual(checked.ignore);
    expect((body.websites as DriftEntry[])[0]!.page).toEqual({
      status: "missing",
      url: "https://a.example.com/",
      reason: "no tracking code",
      cause: "the page\\nlost it",
    });
  });
});

describe("drift: formatReport, each format whole", () => {
  const twoChanges: DriftEntry = {
    ...entries[1]!,
    changes: [
      { field: "excludeIps", recorded: ["10.0.0.1"], live: [] },
      { field: "name", recorded: "shop", live: "shop|main!" },
    ],
  };

  it.each<[string, DriftReport, ReportFormat, string[]]>([
    [
      "text: with a baseline, an ignore file, --check-pages and a policy, every part, in order",
      checked,
      "text",
      [
        "3 websites in 1 account of 1 stack (web/prod): 1 in-sync, 1 changed, 0 gone, 1 unmanaged, 0 duplicate.",
        "Pages: 0 present, 1 missing, 0 wrong, 0 unreachable (1 home page read, one GET each).",
        "Not failing: 1 accepted by the baseline drift-baseline.yaml (1 of its entries stale); 1 ignored by .webstats-drift.yaml (1 of its rules stale).",
        "Account team@example.com (7) at https://stats.example.com: 3 websites (no plan reported).",
        "",
        "STATUS     DOMAIN         ID  ACCOUNT                                            STACKS    NOTE",
        "in-sync    a.example.com  1   team@example.com (7) at https://stats.example.com  web/prod",
        "changed    b.example.com  2   team@example.com (7) at https://stats.example.com  web/prod  accepted",
        "unmanaged  c.example.com  3   team@example.com (7) at https://stats.example.com  -         ignored",
        "",
        "a.example.com (1) page missing: no tracking code (https://a.example.com/); the page\\nlost it",
        "b.example.com (2): email: false recorded, true live",
        "b.example.com (2) accepted by the baseline (drift-baseline.yaml:4), first seen 2026-11-01",
        "c.example.com (3) ignored: a test site (.webstats-drift.yaml:3)",
        "",
        "Warning: stale baseline entry drift-baseline.yaml:12: unmanaged old.example.com on account 7 at https://stats.example.com (first seen 2024-12-01) matches no website any more; remove it, or write the baseline again.",
        'Warning: stale ignore rule .webstats-drift.yaml:7: domain "*.gone.example" matches no website of the report; remove the rule, or correct its domain.',
        "",
        "Policy (policy.yaml, 1 rule): 1 violation, 0 mandatory.",
        "[advisory] private-only: public",
        "",
      ],
    ],
    [
      "markdown: with a baseline, an ignore file, --check-pages and a policy, every part, in order, and a row for a website in sync whose page needs a look",
      checked,
      "markdown",
      [
        "## Website drift",
        "",
        "3 websites in 1 account of 1 stack (web/prod): 1 in-sync, 1 changed, 0 gone, 1 unmanaged, 0 duplicate.",
        "",
        "Pages: 0 present, 1 missing, 0 wrong, 0 unreachable (1 home page read, one GET each).",
        "",
        "Not failing: 1 accepted by the baseline drift-baseline.yaml (1 of its entries stale); 1 ignored by .webstats-drift.yaml (1 of its rules stale).",
        "",
        "> Warning: stale baseline entry drift-baseline.yaml:12: unmanaged old.example.com on account 7 at https://stats.example.com (first seen 2024-12-01) matches no website any more; remove it, or write the baseline again.",
        "",
        '> Warning: stale ignore rule .webstats-drift.yaml:7: domain "\\*.gone.example" matches no website of the report; remove the rule, or correct its domain.',
        "",
        "| Status | Count |",
        "| --- | ---: |",
        "| in-sync | 1 |",
        "| changed | 1 |",
        "| gone | 0 |",
        "| unmanaged | 1 |",
        "| duplicate | 0 |",
        "| accepted | 1 |",
        "| ignored | 1 |",
        "| policy | 1 |",
        "| pagesPresent | 0 |",
        "| pagesMissing | 1 |",
        "| pagesWrong | 0 |",
        "| pagesUnreachable | 0 |",
        "",
        "| Account | Plan | Websites |",
        "| --- | --- | --- |",
        "| team@example.com (7) at https://stats.example.com | none reported | 3 |",
        "",
        "| Status | Domain | ID | Account | Stacks | Details |",
        "| --- | --- | ---: | --- | --- | --- |",
        "| in-sync | a.example.com | 1 | team@example.com (7) at https://stats.example.com | web/prod | page missing: no tracking code (https://a.example.com/); the page\\nlost it |",
        "| changed | b.example.com | 2 | team@example.com (7) at https://stats.example.com | web/prod | email: false recorded, true live; accepted by the baseline (drift-baseline.yaml:4), first seen 2026-11-01 |",
        "| unmanaged | c.example.com | 3 | team@example.com (7) at https://stats.example.com | - | ignored: a test site (.webstats-drift.yaml:3) |",
        "",
        "### Policy",
        "",
        "Policy (policy.yaml, 1 rule): 1 violation, 0 mandatory.",
        "",
        "| Level | Rule | Website or stack | Finding |",
        "| --- | --- | --- | --- |",
        "| advisory | private-only | web/prod | public |",
        "",
      ],
    ],
    [
      "text: nothing below the table when no website has details and nothing is stale",
      {
        ...report,
        websites: [entries[0]!, { ...entries[0]!, domain: "e.example.com", id: 5 }],
      },
      "text",
      [
        "2 websites in 1 account of 2 stacks (web/prod, web/dev): 2 in-sync, 0 changed, 0 gone, 0 unmanaged, 0 duplicate.",
        "Account team@example.com (7) at https://stats.example.com: 4 of 10 websites (plan Team).",
        "",
        "STATUS   DOMAIN         ID  ACCOUNT                                            STACKS",
        "in-sync  a.example.com  1   team@example.com (7) at https://stats.example.com  web/prod",
        "in-sync  e.example.com  5   team@example.com (7) at https://stats.example.com  web/prod",
        "",
      ],
    ],
    [
      "text: a website's stacks and its changes each listed, and a duplicate's resources",
      { ...report, websites: [entries[0]!, twoChanges, entries[3]!] },
      "text",
      [
        "3 websites in 1 account of 2 stacks (web/prod, web/dev): 1 in-sync, 1 changed, 0 gone, 0 unmanaged, 1 duplicate.",
        "Account team@example.com (7) at https://stats.example.com: 4 of 10 websites (plan Team).",
        "",
        "STATUS     DOMAIN         ID  ACCOUNT                                            STACKS",
        "in-sync    a.example.com  1   team@example.com (7) at https://stats.example.com  web/prod",
        "changed    b.example.com  2   team@example.com (7) at https://stats.example.com  web/prod",
        "duplicate  d.example.com  4   team@example.com (7) at https://stats.example.com  web/dev, web/prod",
        "",
        'b.example.com (2): excludeIps: [10.0.0.1] recorded, [] live; name: "shop" recorded, "shop|main!" live',
        "d.example.com (4) is recorded by web/dev:d, web/prod:d",
        "",
      ],
    ],
    [
      "text: a NOTE column with a baseline alone",
      {
        ...report,
        websites: [entries[0]!, { ...entries[1]!, accepted: { firstSeen: "2026-11-01", line: 4 } }],
        baseline: { file: "drift-baseline.yaml", stale: [] },
      },
      "text",
      [
        "2 websites in 1 account of 2 stacks (web/prod, web/dev): 1 in-sync, 1 changed, 0 gone, 0 unmanaged, 0 duplicate.",
        "Not failing: 1 accepted by the baseline drift-baseline.yaml (0 of its entries stale).",
        "Account team@example.com (7) at https://stats.example.com: 4 of 10 websites (plan Team).",
        "",
        "STATUS   DOMAIN         ID  ACCOUNT                                            STACKS    NOTE",
        "in-sync  a.example.com  1   team@example.com (7) at https://stats.example.com  web/prod",
        "changed  b.example.com  2   team@example.com (7) at https://stats.example.com  web/prod  accepted",
        "",
        "b.example.com (2): excludeIps: [10.0.0.1] recorded, [] live",
        "b.example.com (2) accepted by the baseline (drift-baseline.yaml:4), first seen 2026-11-01",
        "",
      ],
    ],
    [
      "markdown: each change, a value holding a pipe kept in its cell, and a duplicate's stacks and resources",
      { ...report, websites: [entries[0]!, twoChanges, entries[3]!] },
      "markdown",
      [
        "## Website drift",
        "",
        "3 websites in 1 account of 2 stacks (web/prod, web/dev): 1 in-sync, 1 changed, 0 gone, 0 unmanaged, 1 duplicate.",
        "",
        "| Status | Count |",
        "| --- | ---: |",
        "| in-sync | 1 |",
        "| changed | 1 |",
        "| gone | 0 |",
        "| unmanaged | 0 |",
        "| duplicate | 1 |",
        "",
        "| Account | Plan | Websites |",
        "| --- | --- | --- |",
        "| team@example.com (7) at https://stats.example.com | Team | 4 of 10 |",
        "",
        "| Status | Domain | ID | Account | Stacks | Details |",
        "| --- | --- | ---: | --- | --- | --- |",
        '| changed | b.example.com | 2 | team@example.com (7) at https://stats.example.com | web/prod | excludeIps: \\[10.0.0.1\\] recorded, \\[\\] live; name: "shop" recorded, `"shop\\|main!"` live |',
        "| duplicate | d.example.com | 4 | team@example.com (7) at https://stats.example.com | web/dev, web/prod | web/dev:d, web/prod:d |",
        "",
      ],
    ],
    [
      "markdown: the tracking line, its column and each website's mark",
      {
        ...report,
        websites: [
          { ...entries[0]!, silent: true },
          { ...entries[1]!, silent: false },
        ],
        tracking: { days: 7, from: "2026-11-18", to: "2026-11-24", requests: 2 },
      },
      "markdown",
      [
        "## Website drift",
        "",
        "2 websites in 1 account of 2 stacks (web/prod, web/dev): 1 in-sync, 1 changed, 0 gone, 0 unmanaged, 0 duplicate.",
        "",
        "Tracking: 1 of 2 websites on the server silent, with no pageview from 2026-11-18 to 2026-11-24 (the last 7 days, UTC dates); 2 requests, one per website.",
        "",
        "| Status | Count |",
        "| --- | ---: |",
        "| in-sync | 1 |",
        "| changed | 1 |",
        "| gone | 0 |",
        "| unmanaged | 0 |",
        "| duplicate | 0 |",
        "| silent | 1 |",
        "",
        "| Account | Plan | Websites |",
        "| --- | --- | --- |",
        "| team@example.com (7) at https://stats.example.com | Team | 4 of 10 |",
        "",
        "| Status | Domain | ID | Account | Stacks | Tracking | Details |",
        "| --- | --- | ---: | --- | --- | --- | --- |",
        "| in-sync | a.example.com | 1 | team@example.com (7) at https://stats.example.com | web/prod | silent |  |",
        "| changed | b.example.com | 2 | team@example.com (7) at https://stats.example.com | web/prod | active | excludeIps: \\[10.0.0.1\\] recorded, \\[\\] live |",
        "",
      ],
    ],
  ])("%s", (_what, given, format, lines) => {
    expect(formatReport(given, format)).toBe(lines.join("\n"));
  });
});

describe("drift: formatReport, how the stacks were read", () => {
  // Two ways in one run: the text's summary and the HTML page's facts both say each count.
  const read = {
    ...report,
    read: [
      { stack: "web/prod", via: "file backend" as const },
      { stack: "web/dev", via: "pulumi stack export" as const },
    ],
  };
  const said = "1 from the file backend, 1 with pulumi stack export";

  it("says it at the end of the text's summary", () => {
    expect(formatReport(read, "text").split("\n")[0]).toMatch(new RegExp(` Stacks read ${said}\\.$`));
    expect(formatReport(report, "text").split("\n")[0]).not.toContain("Stacks read");
  });

  it("says it among the HTML page's facts", () => {
    expect(formatReport(read, "html")).toContain(`<dt>Read</dt><dd>${said}</dd>`);
    expect(formatReport(report, "html")).not.toContain("<dt>Read</dt>");
  });
});
