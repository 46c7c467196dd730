// drift's HTML report as a whole page, against pages kept in test/unit/drift/report/golden/: every word, class,
// attribute and element the page writes, for a report that holds each kind of row (each reason a
// row is noted alone, and a row noted by none), each kind of account (a limit, no plan, no
// website in the report, one the accounts do not list), every check (tracking over a window
// longer than it draws, pages, policy, a baseline and an ignore file) and numbers of thousands
// and millions; for a calm one (nothing fails, no check but an ignore file); and for the first
// with a history of two runs before it (a website drifted since, one fixed, one whose domain
// carries markup fixed too). The inline style sheet and script are left out of the kept pages
// (their own files and the policy's hashes are tested in html-report.test.ts): the page around
// them is what is kept.
//
// A change to the page shows here as a difference to read: when it is meant, write the pages
// again with `npx vitest run --project unit test/unit/drift/report/html-report-page.test.ts -u`, open
// them, and commit them with the change. html-report.test.ts says what each part means.
import { describe, expect, it } from "vitest";
import type { DriftEntry } from "../../../../drift/model/entries";
import type { DriftReport } from "../../../../drift/model/report";
import { formatReport } from "../../../../drift/report/formats";
import type { ReportContext } from "../../../../drift/report/report-context";
import { htmlHistoryScript, htmlScript } from "../../../../drift/report/formats/html/html-script";
import { htmlHistoryStyle, htmlStyle } from "../../../../drift/report/formats/html/html-style";
import { account, prodEntry, staleAcceptances } from "../../../support/drift-entries";
import { viewWithHistory } from "../../../support/drift-history";

const htmlReport = (report: DriftReport, context: ReportContext, now: Date): string =>
  formatReport(report, "html", context, now);

const now = new Date("2026-11-27T09:30:00Z");

/** The page without its inline style sheet and script (a history's, with one), and so without their hashes. */
function pageAround(html: string, history: boolean): string {
  const [head, rest] = html.split(`<style>${htmlStyle}${history ? htmlHistoryStyle : ""}</style>`);
  const [middle, end] = rest!.split(`<script>${history ? htmlHistoryScript : htmlScript}</script>`);
  return [
    head!.replace(/'sha256-[A-Za-z0-9+/=]+'/g, "'sha256-(hash)'"),
    "<style>(html-style.ts)</style>",
    middle,
    "<script>(html-script.ts)</script>",
    end,
  ].join("");
}

const other = { url: "https://stats.example.com", id: 8, email: "other@example.com" };
const unlisted = { url: "https://other.example.net", id: 3, email: "ops@example.net" };
const empty = { url: "https://stats.example.com", id: 9, email: "idle@example.com" };

/** Every kind of row, account and check. */
function richReport(): DriftReport {
  const site = (domain: string, id: number, status: DriftEntry["status"], more: Partial<DriftEntry> = {}) =>
    prodEntry(domain, id, status, { silent: false, pageviews: [0, 1], page: { status: "present" }, ...more });
  const duplicate = prodEntry("h.example.com", 8, "duplicate", {
    stacks: ["web/prod", "web/dev"],
    resources: ["web/prod:h", "web/dev:h"],
  });
  return {
    stacks: Array.from({ length: 8 }, (_, i) => `web/s${i}`),
    websites: [
      // Noted by nothing: no link on its domain; two stacks.
      site("a.example.com", 1, "in-sync", {
        stacks: ["web/prod", "web/dev"],
        pageviews: [1_000_000, 234_567],
      }),
      // Fails; its page is missing with no reason and no address.
      site("b.example.com", 2, "changed", {
        changes: [{ field: "privacy", recorded: "private", live: "public" }],
        page: { status: "missing" },
      }),
      // Noted by its silence only.
      site("c.example.com", 3, "in-sync", { silent: true, pageviews: [0, 0] }),
      // Noted by its page only.
      site("d.example.com", 4, "in-sync", {
        page: {
          status: "wrong",
          url: "https://d.example.com/",
          reason: "the snippet is another installation's",
        },
      }),
      // Noted by a policy finding only.
      site("e.example.com", 5, "in-sync"),
      // Noted by its status only (unmanaged does not fail here), read by no check.
      prodEntry("f.example.com", 6, "unmanaged"),
      // Gone, with an empty list of changes.
      prodEntry("g.example.com", 7, "gone", { changes: [] }),
      duplicate,
      // The same website twice: findings link to its first row.
      { ...duplicate },
      // An account the report does not list; accepted by the baseline.
      site("i.example.com", 10, "changed", {
        account: unlisted,
        changes: [{ field: "email", recorded: true, live: false }],
        accepted: { firstSeen: "2026-10-01", line: 4 },
      }),
      // Ignored whole.
      prodEntry("j.example.com", 11, "gone", {
        ignored: [{ rule: ".webstats-drift.yaml:3", reason: "moved away" }],
      }),
      // One field excused by a rule, the other failing; an unreachable page with a cause.
      site("k.example.com", 12, "changed", {
        account: other,
        silent: true,
        pageviews: [0],
        changes: [
          { field: "email", recorded: true, live: false },
          { field: "favorite", recorded: false, live: true },
        ],
        excusedParts: [
          {
            finding: "changed",
            field: "favorite",
            by: "ignore",
            rule: ".webstats-drift.yaml:5",
            reason: "UI",
          },
        ],
        page: { status: "unreachable", reason: "connection refused", cause: "silent because unreachable" },
      }),
    ],
    accounts: [
      { ...account, websites: 12_345, plan: { name: "Team", websites: 20_000 } },
      { ...other, websites: 1, plan: null },
      { ...empty, websites: 4, plan: { name: "Unlimited", websites: -1 } },
    ],
    tracking: { days: 120, from: "2026-07-31", to: "2026-11-27", requests: 11 },
    pages: { read: 9 },
    policy: {
      file: "policy.yaml",
      rules: [
        { name: "private-only", description: "Private.", level: "mandatory" },
        { name: "email-reports", description: "E-mail.", level: "advisory" },
      ],
      findings: [
        {
          rule: "private-only",
          level: "mandatory",
          message: "public",
          entry: prodEntry("b.example.com", 2, "changed"),
        },
        // A second finding of the same row: its links joined.
        {
          rule: "email-reports",
          level: "advisory",
          message: "no e-mail either",
          entry: prodEntry("b.example.com", 2, "changed"),
        },
        {
          rule: "email-reports",
          level: "advisory",
          message: "no e-mail",
          entry: site("e.example.com", 5, "in-sync"),
        },
        { rule: "private-only", level: "mandatory", message: "twice", entry: duplicate },
        { rule: "private-only", level: "mandatory", message: "stack-wide", stack: "web/prod" },
        {
          rule: "private-only",
          level: "mandatory",
          message: "elsewhere",
          entry: prodEntry("zz.example.com", 99, "in-sync"),
        },
      ],
      failOn: true,
    },
    ...staleAcceptances(),
  };
}

/** Nothing fails, and no check but an ignore file that excuses nothing. */
const calmReport = (): DriftReport => ({
  stacks: ["web/prod"],
  websites: [prodEntry("a.example.com", 1, "in-sync"), prodEntry("b.example.com", 2, "in-sync")],
  accounts: [{ ...account, websites: 2, plan: { name: "Default", websites: 3 } }],
  ignore: { file: ".webstats-drift.yaml", stale: [] },
});

/**
 * The rich report's context with its history: two nightly runs before it, in which g.example.com
 * was not gone yet (new now) and a website whose domain carries markup was changed (fixed now).
 */
function historyContext(): ReportContext {
  const before = richReport();
  before.websites = before.websites.map((e) =>
    e.domain === "g.example.com" ? prodEntry("g.example.com", 7, "in-sync") : e,
  );
  before.websites.push(
    // Recorded by a stack the report reads: a finding of a stack not read is carried, not fixed.
    prodEntry("<b>old</b>.example.com", 13, "changed", {
      stacks: ["web/s0"],
      resources: ["web/s0:old"],
      changes: [{ field: "excludeBots", recorded: true, live: false }],
    }),
  );
  const runs = [
    { report: before, at: new Date("2026-10-28T02:00:00Z") },
    { report: before, at: new Date("2026-11-26T02:00:00Z") },
  ];
  return {
    failOn: ["changed", "gone", "duplicate"],
    history: viewWithHistory(richReport(), runs, now).history!,
  };
}

describe("drift --format html: the whole page", () => {
  it.each<[string, () => DriftReport, ReportContext, string]>([
    [
      "a report with every kind of row, account and check",
      richReport,
      { failOn: ["changed", "gone", "duplicate"] },
      "golden/drift-report-rich.html",
    ],
    ["a calm report, nothing failing and no check", calmReport, {}, "golden/drift-report-calm.html"],
    [
      "the rich report with a history of two runs before it",
      richReport,
      historyContext(),
      "golden/drift-report-history.html",
    ],
  ])("writes %s as kept", async (_what, report, context, kept) => {
    const html = htmlReport(report(), context, now);
    await expect(pageAround(html, context.history !== undefined)).toMatchFileSnapshot(kept);
  });

  it("has no column or filter of what does not fail without a baseline or an ignore file", () => {
    const { ignore: _ignore, ...report } = calmReport();
    const html = htmlReport(report, {}, now);
    expect(/<thead><tr>(.*?)<\/tr><\/thead>\n<tbody>/.exec(html)?.[1]).toBe(
      '<th scope="col" data-sort="text" class="w-site">Website</th>' +
        '<th scope="col" data-sort="status" class="w-status">Status</th>' +
        '<th scope="col" data-sort="text" class="w-account">Account</th>' +
        '<th scope="col" data-sort="text" class="w-stacks">Stacks</th>' +
        '<th scope="col" data-sort="number" class="w-changes">Changes: recorded &#8594; live</th>',
    );
    expect(/<select id="filter-status">(.*?)<\/select>/.exec(html)?.[1]).toBe(
      '<option value="">Every website (2)</option><option value="f:fail">Failing the run (0)</option>' +
        '<option value="s:in-sync">in-sync (2)</option><option value="s:changed">changed (0)</option>' +
        '<option value="s:gone">gone (0)</option><option value="s:unmanaged">unmanaged (0)</option>' +
        '<option value="s:duplicate">duplicate (0)</option>',
    );
    expect(html).not.toContain('<section aria-labelledby="stale">');
  });

  it("adds the column of what does not fail with a baseline alone", () => {
    const { ignore: _ignore, ...report } = {
      ...calmReport(),
      baseline: { file: "drift-baseline.yaml", stale: [] },
    };
    const html = htmlReport(report, {}, now);
    expect(html).toContain('<th scope="col" data-sort="text">Not failing</th>');
    expect(html).toContain('<option value="f:excused">accepted or ignored</option>');
  });
});
