// drift's HTML report (drift/report/formats/html.ts), read back with parse5 as a browser parses
// it: one self-contained page whose Content-Security-Policy allows its own style sheet and script
// by their hashes and nothing else to load; real table markup (captions, header cells with their
// scope, a row header per website) in tables of SHEET_ROWS rows; every filter labelled; the
// header's counts and exit code; every column of a row (status flags, stacks, changes, policy,
// page, pageviews) and the account filter; each account's plan (a limit, none, or no plan); the policy
// findings' anchors (an advisory one, none at all); the sparkline with --check-tracking (one day,
// a window longer than the days drawn); --check-pages and the policy counted in the header, as
// filters and in the rows; the accepted and ignored websites, flagged with why, and the stale
// baseline entries and ignore rules as warnings. Server text (a domain with markup,
// control characters, quotes in stack names and plan names) shows as text: no element, attribute
// or script of its own. Zero websites render, and the bench's fleet of 10,000 stays within its
// bytes. With --history: the headline beside the verdict (and the warning of a file that could
// not be used), the trend with its words, the filter of what is new, the rows' "new" flag and age,
// the running totals and the fixed findings (a domain with markup as text), each only then, with
// the style and script's additions hashed too. What a person sees in a real browser is
// test/browser/drift-report.test.ts.
import { createHash } from "node:crypto";
import { parse } from "parse5";
import type { DefaultTreeAdapterMap } from "parse5";
import { describe, expect, it } from "vitest";
import { fleetReport } from "../../../harness/report-fleet.mjs";
import type { DriftEntry } from "../../../../drift/model/entries";
import { neutralText, valueText } from "../../../../drift/model/neutral-text";
import type { DriftReport } from "../../../../drift/model/report";
import { SHEET_ROWS, htmlReport as htmlOfView } from "../../../../drift/report/formats/html";
import { formatReport } from "../../../../drift/report/formats";
import type { ReportContext } from "../../../../drift/report/report-context";
import { reportView } from "../../../../drift/report/view/report-view";
import type { ReportView } from "../../../../drift/report/view/report-view";
import { htmlHistoryScript, htmlScript } from "../../../../drift/report/formats/html/html-script";
import { htmlHistoryStyle, htmlStyle } from "../../../../drift/report/formats/html/html-style";
import { staleAcceptances } from "../../../support/drift-entries";
import { viewWithHistory } from "../../../support/drift-history";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const now = new Date("2026-11-27T09:30:00Z");

/** Every element of the document, in document order. */
function elements(root: Node): Element[] {
  const found: Element[] = [];
  const visit = (node: Node) => {
    if ("tagName" in node) found.push(node);
    const children =
      "content" in node && node.tagName === "template" ? [] : "childNodes" in node ? node.childNodes : [];
    for (const child of children) visit(child);
  };
  visit(root);
  return found;
}

const attr = (e: Element, name: string): string | undefined => e.attrs.find((a) => a.name === name)?.value;

/** An element's text, as textContent gives it. */
function textOf(node: Node): string {
  if (node.nodeName === "#text") return (node as DefaultTreeAdapterMap["textNode"]).value;
  return "childNodes" in node ? node.childNodes.map(textOf).join("") : "";
}

/** The page of a report, as the HTML format renders its view. */
const htmlReport = (report: DriftReport, context: ReportContext, now: Date): string =>
  htmlOfView(reportView(report, context, now));

function page(report: DriftReport, context = {}) {
  return pageOf(htmlReport(report, context, now));
}

/** The page of a view (one with a history), read back. */
function pageOf(html: string) {
  const all = elements(parse(html));
  const byTag = (tag: string) => all.filter((e) => e.tagName === tag);
  const byId = (id: string) => all.find((e) => attr(e, "id") === id);
  return { html, all, byTag, byId };
}

/** The tables of the websites' sheet. */
const sheetTables = (byId: (id: string) => Element | undefined): Element[] =>
  elements(byId("websites-table")!).filter((e) => e.tagName === "table");

const account = { url: "https://stats.example.com", id: 7, email: "team@example.com" };
const site = (domain: string, status: DriftEntry["status"], more: Partial<DriftEntry> = {}): DriftEntry => ({
  domain,
  id: domain.length,
  status,
  stacks: status === "unmanaged" ? [] : ["web/prod"],
  resources: status === "unmanaged" ? [] : [`web/prod:${domain}`],
  account,
  ...more,
});

const small: DriftReport = {
  stacks: ["web/prod"],
  websites: [
    site("a.example.com", "in-sync"),
    site("b.example.com", "changed", {
      changes: [{ field: "privacy", recorded: "private", live: "public" }],
    }),
    site("c.example.com", "unmanaged"),
  ],
  accounts: [{ ...account, websites: 3, plan: { name: "Default", websites: 3 } }],
};

describe("drift --format html: the page", () => {
  it.each<[string, () => ReturnType<typeof pageOf>]>([
    ["", () => page(small)],
    [
      " (with a history: its own additions, hashed as well)",
      () => pageOf(htmlOfView(viewWithHistory(small, [{ report: small, at: new Date("2026-11-26") }], now))),
    ],
  ])(
    "is one self-contained document whose policy allows its own style and script by their hashes%s",
    (_with, read) => {
      const { html, byTag, all } = read();
      expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
      const csp = byTag("meta").find((m) => attr(m, "http-equiv") === "Content-Security-Policy");
      const policy = attr(csp!, "content")!;
      const [style] = byTag("style");
      const scripts = byTag("script");
      expect(scripts).toHaveLength(1);
      const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
      expect(policy).toBe(
        `default-src 'none'; style-src ${hash(textOf(style!))}; script-src ${hash(textOf(scripts[0]!))}; ` +
          "img-src data:; base-uri 'none'; form-action 'none'",
      );
      // Nothing to fetch: no source, no stylesheet link, no style attribute (the policy forbids
      // them), and the only links are the page's own anchors (and its data: icon).
      for (const e of all) {
        expect(attr(e, "src"), e.tagName).toBeUndefined();
        expect(attr(e, "style"), e.tagName).toBeUndefined();
        expect(
          e.attrs.filter((a) => a.name.startsWith("on")),
          e.tagName,
        ).toEqual([]);
        const href = attr(e, "href");
        if (href !== undefined) expect(href, e.tagName).toMatch(/^(#[a-z][\w-]*|data:,)$/);
      }
      expect(html).not.toMatch(/https?:\/\/(?!stats\.example\.com)/);
      expect(html).not.toMatch(/@import|url\(/);
    },
  );

  it("states when, the stacks, the accounts, the counts by status and the exit code", () => {
    const { byTag, html } = page(small, { failOn: ["changed", "gone"], exitCode: 2 });
    expect(textOf(byTag("title")[0]!)).toBe("Website drift: 3 websites, exit code 2");
    expect(html).toContain('<time datetime="2026-11-27T09:30:00.000Z">2026-11-27 09:30 UTC</time>');
    const verdict = byTag("p").find((p) => attr(p, "class")?.startsWith("verdict"));
    expect(textOf(verdict!)).toBe(
      "Exit code 2: 1 website with drift that fails the run (counted: changed, gone).",
    );
    const facts = byTag("dl")[0]!;
    expect(textOf(facts)).toContain("Stacksweb/prod");
    expect(textOf(facts)).toContain("Accounts1");
    const counts = byTag("ul").find((u) => attr(u, "class") === "counts")!;
    expect(
      elements(counts)
        .filter((e) => e.tagName === "a")
        .map((a) => [attr(a, "data-filter"), textOf(a)]),
    ).toEqual([
      ["f:fail", "1 failing the run"],
      ["s:in-sync", "1 in-sync"],
      ["s:changed", "1 changed"],
      ["s:gone", "0 gone"],
      ["s:unmanaged", "1 unmanaged"],
      ["s:duplicate", "0 duplicate"],
    ]);
  });

  const verdictPolicy = {
    file: "policy.yaml",
    rules: [{ name: "private-only", description: "Private.", level: "mandatory" as const }],
    findings: [
      { rule: "private-only", level: "mandatory" as const, message: "public", entry: small.websites[1]! },
    ],
    failOn: true,
  };
  it.each<[string, DriftReport, ReportContext, RegExp]>([
    [
      "every finding counted: drift, 2",
      small,
      {},
      /^Exit code 2: 2 websites with drift that fails the run \(counted: every finding\)/,
    ],
    [
      "none counted: 0",
      small,
      { failOn: [] },
      /^Exit code 0: nothing fails the run \(counted: none \(--fail-on none\)\)\.$/,
    ],
    [
      "a mandatory policy violation: 3",
      { ...small, policy: verdictPolicy },
      { failOn: [] },
      /^Exit code 3: a mandatory policy violation/,
    ],
    // --write-baseline records the findings: the run exits 0, and the page says why.
    [
      "the run's own 0 with drift written to the new baseline",
      small,
      { exitCode: 0 },
      /^Exit code 0: 2 websites with drift .*, written to the new baseline\.$/,
    ],
  ])(
    "decides the exit code itself when the run did not, and says the run's: %s",
    (_what, report, context, said) => {
      const verdict = page(report, context)
        .byTag("p")
        .find((p) => attr(p, "class")?.startsWith("verdict"))!;
      expect(textOf(verdict)).toMatch(said);
    },
  );

  it("is real table markup: a caption and header cells with their scope, a row header per website", () => {
    const { byTag, byId } = page(small);
    const [table] = sheetTables(byId);
    expect(
      elements(table!)
        .filter((e) => e.tagName === "caption")
        .map(textOf),
    ).toEqual(["Websites 1 to 3 of 3"]);
    const heads = elements(table!).filter((e) => e.tagName === "th" && attr(e, "scope") === "col");
    expect(heads.map(textOf)).toEqual(["Website", "Status", "Account", "Stacks", "Changes: recorded → live"]);
    expect(heads.every((h) => attr(h, "data-sort") !== undefined)).toBe(true);
    const rows = elements(table!).filter((e) => e.tagName === "tr" && attr(e, "id")?.startsWith("w"));
    expect(rows.map((r) => [attr(r, "data-s"), attr(r, "data-a"), attr(r, "data-f")])).toEqual([
      ["in-sync", "0", undefined],
      ["changed", "0", "fail"],
      ["unmanaged", "0", "fail"],
    ]);
    const rowHeads = rows.map((r) => elements(r).find((e) => e.tagName === "th")!);
    expect(rowHeads.map((h) => attr(h, "scope"))).toEqual(["row", "row", "row"]);
    expect(rowHeads.map(textOf)).toEqual([
      "a.example.com id 13",
      "b.example.com id 13",
      "c.example.com id 13",
    ]);
    // The changed field, recorded and live side by side, each labelled for screen readers.
    expect(textOf(byId("w1")!)).toContain('privacy recorded "private" → live "public"');
    // The filters are there, hidden until the script shows them, each with its label.
    const controls = byId("controls")!;
    expect(attr(controls, "hidden")).toBe("");
    for (const input of elements(controls).filter((e) => ["select", "input"].includes(e.tagName))) {
      const label = byTag("label").find((l) => attr(l, "for") === attr(input, "id"));
      expect(label, attr(input, "id")).toBeDefined();
    }
    expect(textOf(byId("shown")!)).toBe("Showing all 3 websites.");
  });

  it("comes in tables of SHEET_ROWS rows, each a whole table with its caption and header", () => {
    const many: DriftReport = {
      ...small,
      websites: Array.from({ length: SHEET_ROWS * 2 + 10 }, (_, i) => site(`s${i}.example.com`, "in-sync")),
    };
    const { byId } = page(many);
    const tables = sheetTables(byId);
    expect(tables).toHaveLength(3);
    expect(tables.map((t) => textOf(elements(t).find((e) => e.tagName === "caption")!))).toEqual([
      `Websites 1 to ${SHEET_ROWS} of ${SHEET_ROWS * 2 + 10}`,
      `Websites ${SHEET_ROWS + 1} to ${SHEET_ROWS * 2} of ${SHEET_ROWS * 2 + 10}`,
      `Websites ${SHEET_ROWS * 2 + 1} to ${SHEET_ROWS * 2 + 10} of ${SHEET_ROWS * 2 + 10}`,
    ]);
    for (const table of tables) expect(elements(table).filter((e) => e.tagName === "thead")).toHaveLength(1);
    const rows = tables.map((t) => elements(t).filter((e) => e.tagName === "tr" && attr(e, "data-s")).length);
    expect(rows).toEqual([SHEET_ROWS, SHEET_ROWS, 10]);
  });

  it("renders zero websites: the header, no account, no table, exit code 0", () => {
    const { byTag, html } = page({ stacks: ["web/empty"], websites: [], accounts: [] });
    expect(byTag("table")).toHaveLength(0);
    expect(html).toContain("No website: the stacks read record none, and their accounts hold none.");
    expect(html).toContain("No account: the stacks read record no website.");
    expect(textOf(byTag("title")[0]!)).toBe("Website drift: 0 websites, exit code 0");
    expect(byTag("script")).toHaveLength(1);
  });

  it("shows each account's plan in a row: a bar against a limit, none without one or without a plan", () => {
    const report: DriftReport = {
      ...small,
      accounts: [
        { ...account, websites: 3, plan: { name: "Default", websites: 3 } },
        {
          url: account.url,
          id: 8,
          email: "open@example.com",
          websites: 250,
          plan: { name: "Unlimited", websites: -1 },
        },
        { url: account.url, id: 9, email: "none@example.com", websites: 2, plan: null },
      ],
    };
    const table = page(report)
      .byTag("table")
      .find((t) => attr(t, "class") === "accounts")!;
    const cards = elements(table).filter(
      (e) => e.tagName === "tr" && elements(e).some((c) => c.tagName === "td"),
    );
    expect(
      cards.map((c) =>
        attr(
          elements(c).find((e) => e.tagName === "th")!,
          "scope",
        ),
      ),
    ).toEqual(["row", "row", "row"]);
    expect(cards.map((c) => textOf(elements(c).filter((e) => e.tagName === "td")[0]!))).toEqual([
      "Default: 3 of 3 websites, no room for more",
      "Unlimited: 250 websites, no limit",
      "none reported: 2 websites",
    ]);
    const bars = cards.map((c) =>
      elements(c)
        .filter((e) => e.tagName === "svg" && attr(e, "aria-label")?.includes(" of "))
        .map((s) => attr(s, "aria-label")),
    );
    expect(bars).toEqual([["3 of 3 websites"], [], []]);
    // Full: the used part is drawn as full.
    expect(elements(cards[0]!).some((e) => attr(e, "class") === "used full")).toBe(true);
    // Statuses as a chart with its words, for the account with websites in the report.
    const chart = elements(cards[0]!).find((e) => attr(e, "aria-label")?.startsWith("By status"));
    expect(attr(chart!, "aria-label")).toBe(
      "By status: 1 in-sync, 1 changed, 0 gone, 1 unmanaged, 0 duplicate",
    );
  });

  it("draws each website's window of pageviews with --check-tracking, the numbers beside it", () => {
    const report: DriftReport = {
      ...small,
      websites: [
        site("a.example.com", "in-sync", { silent: false, pageviews: [3, 0, 5, 1, 0, 2, 1] }),
        site("b.example.com", "in-sync", { silent: true, pageviews: [0, 0, 0, 0, 0, 0, 0] }),
        site("gone.example.com", "gone"),
      ],
      tracking: { days: 7, from: "2026-11-21", to: "2026-11-27", requests: 2 },
    };
    const { byId, byTag } = page(report);
    expect(byTag("th").some((h) => textOf(h) === "Pageviews, last 7 days to 2026-11-27")).toBe(true);
    const cell = (id: string) =>
      elements(byId(id)!)
        .filter((e) => e.tagName === "td")
        .at(-1)!;
    expect(attr(cell("w0"), "title")).toBe("daily: 3 0 5 1 0 2 1");
    expect(textOf(cell("w0")).trim()).toBe("12");
    const line = elements(cell("w0")).find((e) => e.tagName === "polyline")!;
    expect(attr(line, "points")).toBe("2,8 12,17 22,2 32,14 42,17 52,11 62,14");
    expect(
      attr(
        elements(cell("w1")).find((e) => e.tagName === "polyline")!,
        "points",
      ),
    ).toBe("2,17 12,17 22,17 32,17 42,17 52,17 62,17");
    expect(attr(byId("w1")!, "data-f")).toBe("fail silent");
    expect(elements(cell("w2")).some((e) => e.tagName === "svg")).toBe(false);
  });

  it("gives each policy finding an anchor, linked from its website's row and back", () => {
    const entry = small.websites[1]!;
    const report: DriftReport = {
      ...small,
      policy: {
        file: "policy.yaml",
        rules: [{ name: "private-only", description: "Private.", level: "mandatory" }],
        findings: [
          {
            rule: "private-only",
            level: "mandatory",
            message: "b.example.com is public",
            entry: { ...entry },
          },
          { rule: "private-only", level: "mandatory", message: "the stack has no owner", stack: "web/prod" },
        ],
        failOn: true,
      },
    };
    const { byId } = page(report);
    const links = elements(byId("w1")!)
      .filter((e) => e.tagName === "a")
      .map((a) => attr(a, "href"));
    expect(links).toEqual(["#w1", "#f0"]);
    expect(elements(byId("f0")!).find((e) => e.tagName === "a" && attr(e, "href") === "#w1")).toBeDefined();
    expect(textOf(byId("f1")!)).toContain("stack web/prod");
    expect(attr(byId("w1")!, "data-f")).toBe("fail policy");
  });
});

describe("drift --format html: what does not fail, and the warnings", () => {
  // With a baseline and an ignore file: a website ignored, one accepted, one partly excused, one
  // in sync; one stale baseline entry and one stale ignore rule; no stack read.
  const excused = (): DriftReport => ({
    stacks: [],
    websites: [
      site("a.example.com", "changed", {
        changes: [{ field: "email", recorded: false, live: true }],
        ignored: [{ rule: ".webstats-drift.yaml:3", reason: "a test site" }],
      }),
      site("b.example.com", "unmanaged", { accepted: { firstSeen: "2026-11-01", line: 4 } }),
      site("c.example.com", "changed", {
        changes: [
          { field: "email", recorded: false, live: true },
          { field: "privacy", recorded: "private", live: "public" },
        ],
        excusedParts: [
          {
            finding: "changed",
            field: "email",
            by: "ignore",
            rule: ".webstats-drift.yaml:5",
            reason: "mail is on",
          },
        ],
      }),
      site("d.example.com", "in-sync"),
    ],
    accounts: [{ ...account, websites: 4, plan: null }],
    ...staleAcceptances(),
  });

  it("marks each accepted or ignored website, says why in a column of its own, and filters them", () => {
    const { byId, byTag } = page(excused());
    const [table] = sheetTables(byId);
    const heads = elements(table!).filter((e) => e.tagName === "th" && attr(e, "scope") === "col");
    expect(heads.map(textOf)).toEqual([
      "Website",
      "Status",
      "Account",
      "Stacks",
      "Changes: recorded → live",
      "Not failing",
    ]);
    expect(heads.map((h) => attr(h, "data-sort"))).toEqual([
      "text",
      "status",
      "text",
      "text",
      "number",
      "text",
    ]);
    const cells = (id: string) => elements(byId(id)!).filter((e) => e.tagName === "td");
    expect(["w0", "w1", "w2", "w3"].map((id) => attr(byId(id)!, "data-f"))).toEqual([
      "excused",
      "excused",
      "fail excused",
      undefined,
    ]);
    // The status cell: the status, then a flag saying the website is ignored or accepted.
    const badges = (id: string) =>
      elements(cells(id)[0]!)
        .filter((e) => e.tagName === "span")
        .map((s) => [attr(s, "class"), textOf(s)]);
    expect(badges("w0")).toEqual([
      ["b changed", "changed"],
      ["b flag", "ignored"],
    ]);
    expect(textOf(cells("w0")[0]!)).toBe("changed ignored");
    expect(badges("w1")).toEqual([
      ["b unmanaged", "unmanaged"],
      ["b flag", "accepted"],
    ]);
    expect(textOf(cells("w1")[0]!)).toBe("unmanaged accepted");
    expect(badges("w2")).toEqual([["b changed", "changed"]]);
    // Each row ends its line (its end tags left out), so the last cell's text ends with it.
    expect(["w0", "w1", "w2", "w3"].map((id) => textOf(cells(id).at(-1)!))).toEqual([
      "ignored: a test site (.webstats-drift.yaml:3)\n",
      "accepted by the baseline (drift-baseline.yaml:4), first seen 2026-11-01\n",
      "partly excused: email ignored: mail is on (.webstats-drift.yaml:5)\n",
      "\n",
    ]);
    const options = elements(byId("filter-status")!)
      .filter((e) => e.tagName === "option")
      .map((o) => [attr(o, "value"), textOf(o)]);
    expect(options.at(-1)).toEqual(["f:excused", "accepted or ignored"]);
    // The header's facts: no stack read, and what does not fail.
    const facts = byTag("dl")[0]!;
    const pairs = elements(facts)
      .filter((e) => e.tagName === "dt" || e.tagName === "dd")
      .map(textOf);
    expect(pairs).toEqual([
      "Stacks",
      "none",
      "Accounts",
      "1",
      "Websites",
      "4",
      "Not failing",
      "1 accepted by the baseline drift-baseline.yaml (1 of its entries stale); " +
        "1 ignored by .webstats-drift.yaml (1 of its rules stale).",
    ]);
  });

  it("lists the stale baseline entries and ignore rules as warnings, each its own item", () => {
    const { byId, all, html } = page(excused());
    expect(textOf(byId("stale")!)).toBe("Warnings");
    const section = all.find((e) => e.tagName === "section" && attr(e, "aria-labelledby") === "stale")!;
    const list = elements(section).find((e) => e.tagName === "ul")!;
    expect(attr(list, "class")).toBe("findings");
    // Nothing but the items in the list, and the list and its section closed before the page's end.
    expect(list.childNodes.map((n) => n.nodeName)).toEqual(["li", "li"]);
    expect(html).toMatch(/<\/li><\/ul><\/section>\n<\/main>/);
    expect(
      elements(list)
        .filter((e) => e.tagName === "li")
        .map(textOf),
    ).toEqual([
      "stale baseline entry drift-baseline.yaml:12: unmanaged old.example.com on account 7 at " +
        "https://stats.example.com (first seen 2024-12-01) matches no website any more; remove it, " +
        "or write the baseline again.",
      'stale ignore rule .webstats-drift.yaml:7: domain "*.gone.example" matches no website of the ' +
        "report; remove the rule, or correct its domain.",
    ]);
    // Without stale entries or rules, no warnings at all.
    const fresh = excused();
    fresh.baseline!.stale = [];
    fresh.ignore!.stale = [];
    const unwarned = page(fresh);
    expect(unwarned.byId("stale")).toBeUndefined();
    expect(unwarned.html).not.toContain("Warnings");
  });

  it("shows an advisory finding as a change, and a policy that found nothing without a table", () => {
    const rules = [{ name: "private-only", description: "Private.", level: "advisory" as const }];
    const advisory: DriftReport = {
      ...small,
      policy: {
        file: "policy.yaml",
        rules,
        findings: [{ rule: "private-only", level: "advisory", message: "public", entry: small.websites[1]! }],
        failOn: true,
      },
    };
    const level = elements(page(advisory).byId("f0")!).find((e) => e.tagName === "span")!;
    expect([attr(level, "class"), textOf(level)]).toEqual(["b changed", "advisory"]);
    const clean = page({ ...small, policy: { file: "policy.yaml", rules, findings: [], failOn: true } });
    const section = clean.all.find(
      (e) => e.tagName === "section" && attr(e, "aria-labelledby") === "policy",
    )!;
    expect(elements(section).map((e) => e.tagName)).toEqual(["section", "h2", "p"]);
    expect(clean.html).toContain('<h2 id="policy">Policy</h2><p>');
    expect(clean.html).toMatch(/<h2 id="policy">Policy<\/h2><p>[^<]*<\/p><\/section>\n/);
  });

  it("says a window longer than the days drawn, and draws a one-day window as a flat line at its height", () => {
    const long: DriftReport = {
      ...small,
      websites: [site("a.example.com", "in-sync", { silent: false, pageviews: [4] })],
      tracking: { days: 120, from: "2026-07-31", to: "2026-11-27", requests: 1 },
    };
    const { byTag, byId } = page(long);
    expect(
      byTag("th")
        .map(textOf)
        .filter((h) => h.startsWith("Pageviews")),
    ).toEqual(["Pageviews, last 100 days of 120 to 2026-11-27"]);
    const line = elements(byId("w0")!).find((e) => e.tagName === "polyline")!;
    expect(attr(line, "points")).toBe("2,2 62,2");
  });
});

describe("drift --format html: --check-pages and the policy in the header, the filters and the rows", () => {
  const checked = (): DriftReport => ({
    ...small,
    websites: [
      site("a.example.com", "in-sync", { page: { status: "present", url: "https://a.example.com/" } }),
      site("b.example.com", "in-sync", {
        page: { status: "missing", url: "https://b.example.com/", reason: "no tracking code" },
      }),
      site("c.example.com", "in-sync", { page: { status: "unreachable", reason: "timed out" } }),
      site("d.example.com", "in-sync", { page: { status: "unreachable", reason: "refused" } }),
    ],
    pages: { read: 4 },
    policy: {
      file: "policy.yaml",
      rules: [{ name: "private-only", description: "Private.", level: "advisory" }],
      findings: [
        { rule: "private-only", level: "advisory", message: "the stack has no owner", stack: "web/prod" },
      ],
      failOn: true,
    },
  });

  it("counts each page status that needs a look and the policy findings, each a filter", () => {
    const { byTag, byId } = page(checked());
    const counts = byTag("ul").find((u) => attr(u, "class") === "counts")!;
    expect(
      elements(counts)
        .filter((e) => e.tagName === "a")
        .map((a) => [attr(a, "data-filter"), textOf(a)])
        .slice(6),
    ).toEqual([
      ["f:page-missing", "1 page missing"],
      ["f:page-wrong", "0 page wrong"],
      ["f:page-unreachable", "2 page unreachable"],
      ["f:policy", "1 policy findings"],
    ]);
    const options = elements(byId("filter-status")!)
      .filter((e) => e.tagName === "option")
      .map((o) => [attr(o, "value"), textOf(o)]);
    expect(options.slice(7)).toEqual([
      ["f:page-missing", "page missing (1)"],
      ["f:page-wrong", "page wrong (0)"],
      ["f:page-unreachable", "page unreachable (2)"],
      ["f:policy", "with policy findings"],
    ]);
    const facts = elements(byTag("dl")[0]!)
      .filter((e) => e.tagName === "dt" || e.tagName === "dd")
      .map(textOf);
    expect(facts.slice(6)).toEqual([
      "Pages",
      "1 present, 1 missing, 0 wrong, 2 unreachable (4 home pages read, one GET each).",
      "Policy",
      "(policy.yaml, 1 rule): 1 violation, 0 mandatory.",
    ]);
  });

  it("shows each page's status, and why when it needs a look", () => {
    const { byId } = page(checked());
    // The page cell comes after the policy cell, the row's last (its line ends there); the
    // reason is a block of its own below the status.
    const pageCell = (id: string) => elements(byId(id)!).filter((e) => e.tagName === "td")[5]!;
    expect(["w0", "w1", "w2"].map((id) => textOf(pageCell(id)))).toEqual([
      "present\n",
      "missingno tracking code (https://b.example.com/)\n",
      "unreachabletimed out\n",
    ]);
    // The reason alone, without the status the cell shows already.
    const reasons = (id: string) =>
      elements(pageCell(id))
        .filter((e) => e.tagName === "small")
        .map((e) => textOf(e));
    expect(["w1", "w2"].map(reasons)).toEqual([["no tracking code (https://b.example.com/)"], ["timed out"]]);
    expect(["w0", "w1", "w2"].map((id) => attr(byId(id)!, "data-f"))).toEqual([
      undefined,
      "page-missing",
      "page-unreachable",
    ]);
    expect(elements(pageCell("w1")).map((e) => [e.tagName, attr(e, "class")])).toEqual([
      ["td", undefined],
      ["span", "b flag"],
      ["small", undefined],
    ]);
  });
});

describe("drift --format html: every column of a row", () => {
  const other = { url: "https://stats.example.com", id: 8, email: "other@example.com" };
  const full = (): DriftReport => ({
    stacks: Array.from({ length: 9 }, (_, i) => `web/s${i}`),
    websites: [
      site("a.example.com", "in-sync", { silent: true, pageviews: [0, 0], page: { status: "present" } }),
      site("b.example.com", "changed", {
        changes: [
          { field: "email", recorded: false, live: true },
          { field: "favorite", recorded: false, live: true },
        ],
        silent: false,
        pageviews: [1, 2],
        page: { status: "present" },
      }),
      site("c.example.com", "gone"),
      site("dd.example.com", "duplicate", { resources: ["web/prod:d", "web/dev:d"] }),
      site("e.example.com", "unmanaged", {
        account: other,
        silent: false,
        pageviews: [0, 1],
        page: { status: "present" },
      }),
    ],
    accounts: [
      { ...account, websites: 1500, plan: { name: "Team", websites: 2000 } },
      { ...other, websites: 1, plan: null },
    ],
    tracking: { days: 2, from: "2026-11-26", to: "2026-11-27", requests: 3 },
    pages: { read: 3 },
    policy: {
      file: "policy.yaml",
      rules: [{ name: "private-only", description: "Private.", level: "mandatory" }],
      findings: [
        {
          rule: "private-only",
          level: "mandatory",
          message: "public",
          entry: site("gone-before.example.com", "changed"),
        },
      ],
      failOn: true,
    },
  });

  it("shows each row's status flags, stacks, changes, policy, page and pageviews", () => {
    const { byId, byTag } = page(full(), { failOn: ["changed"], exitCode: 2 });
    const [table] = sheetTables(byId);
    const heads = elements(table!).filter((e) => e.tagName === "th" && attr(e, "scope") === "col");
    expect(heads.map((h) => [textOf(h), attr(h, "data-sort")])).toEqual([
      ["Website", "text"],
      ["Status", "status"],
      ["Account", "text"],
      ["Stacks", "text"],
      ["Changes: recorded → live", "number"],
      ["Policy", "number"],
      ["Page", "text"],
      ["Pageviews, last 2 days to 2026-11-27", "number"],
    ]);
    const cells = (id: string) =>
      elements(byId(id)!)
        .filter((e) => e.tagName === "td")
        .map((c) => [textOf(c).trim(), attr(c, "data-v")]);
    expect(cells("w0")).toEqual([
      ["in-sync silent", undefined],
      ["team@example.com", undefined],
      ["web/prod", undefined],
      ["", undefined],
      ["", undefined],
      ["present", undefined],
      ["0", "0"],
    ]);
    expect(cells("w1").slice(3, 5)).toEqual([
      ["email recorded false → live truefavorite recorded false → live true", "2"],
      ["", undefined],
    ]);
    expect(cells("w2")).toEqual([
      ["gone", undefined],
      ["team@example.com", undefined],
      ["web/prod", undefined],
      ["not on the server", undefined],
      ["", undefined],
      ["not read", undefined],
      ["not read", "-1"],
    ]);
    expect(cells("w3")[3]).toEqual(["recorded by web/prod:d, web/dev:d", undefined]);
    expect(cells("w4").slice(0, 4)).toEqual([
      ["unmanaged", undefined],
      ["other@example.com", undefined],
      ["none", undefined],
      ["in no stack read", undefined],
    ]);
    // The filters: silent websites, and each account by its row.
    const options = (id: string) =>
      elements(byId(id)!)
        .filter((e) => e.tagName === "option")
        .map((o) => [attr(o, "value"), textOf(o)]);
    expect(options("filter-status")[7]).toEqual(["f:silent", "silent (1)"]);
    expect(options("filter-account")).toEqual([
      ["", "Every account (2)"],
      ["0", "team@example.com (7) at https://stats.example.com"],
      ["1", "other@example.com (8) at https://stats.example.com"],
    ]);
    expect(attr(byId("w4")!, "data-a")).toBe("1");
    // A finding of a website the table does not hold names it without a link.
    expect(elements(byId("f0")!).map((e) => e.tagName)).toEqual(["tr", "td", "span", "td", "td", "td"]);
    expect(textOf(byId("f0")!)).toBe("mandatoryprivate-onlygone-before.example.compublic");
    // Many stacks fold behind their count; the plan's numbers are grouped by thousands.
    const facts = byTag("dl")[0]!;
    const stacks = elements(facts).find((e) => e.tagName === "details")!;
    expect(textOf(elements(stacks).find((e) => e.tagName === "summary")!)).toBe("9 stacks");
    const bar = byTag("svg").find((e) => attr(e, "aria-label")?.endsWith(" websites"));
    expect(attr(bar!, "aria-label")).toBe("1,500 of 2,000 websites");
    expect(
      attr(
        byTag("p").find((p) => attr(p, "class")?.startsWith("verdict"))!,
        "class",
      ),
    ).toBe("verdict fails");
    const passing = page({ ...full(), policy: undefined }, { failOn: [], exitCode: 0 });
    expect(
      attr(
        passing.byTag("p").find((p) => attr(p, "class")?.startsWith("verdict"))!,
        "class",
      ),
    ).toBe("verdict passes");
  });
});

describe("drift --format html: server text is text", () => {
  const hostileDomains = [
    "<img src=x onerror=alert(1)>.example.org",
    '"><script>alert(1)</script>.example.org',
    "x' onmouseover='alert(1).example.org",
    "</textarea></style></script><svg onload=alert(1)>.example.org",
    "a\r\n::error::x\u001b[31m\u202e.example.org",
    "<!--.example.org",
  ];
  const websites = hostileDomains.map((domain, i) =>
    site(domain, "changed", {
      id: i + 1,
      stacks: [i % 2 ? "it's/<b>bold</b>" : 'team "web"/prod'],
      changes: [{ field: "excludeIps", recorded: ["10.0.0.1"], live: [domain] }],
      page: {
        status: "wrong",
        url: `https://${domain}/`,
        reason: `data-host "${domain}" names no installation`,
      },
      silent: false,
      pageviews: [1, 2],
    }),
  );
  const report: DriftReport = {
    stacks: ['team "web"/prod', "it's/<b>bold</b>"],
    websites,
    // A policy's messages quote the domain: the findings' table shows them as text too.
    policy: {
      file: "policy.yaml",
      rules: [{ name: "private-only", description: "Private.", level: "mandatory" }],
      failOn: false,
      findings: websites.map((entry) => ({
        rule: "private-only",
        level: "mandatory" as const,
        message: `${entry.domain} is public`,
        entry,
      })),
    },
    accounts: [
      {
        url: "https://stats.example.com/<script>",
        id: 7,
        email: "<b>x</b>@example.com",
        websites: 6,
        plan: { name: '<i onclick="x">Pro</i>', websites: 10 },
      },
    ],
    tracking: { days: 2, from: "2026-11-26", to: "2026-11-27", requests: 6 },
    pages: { read: 6 },
  };
  const context = { failOn: ["changed" as const] };

  it("adds no element, attribute or script of its own", () => {
    const { all, byTag } = page(
      { ...report, websites: report.websites.map((e) => ({ ...e, account: { ...report.accounts[0]! } })) },
      context,
    );
    const tags = new Set(all.map((e) => e.tagName));
    for (const tag of ["img", "i", "textarea", "iframe", "object", "embed", "form"])
      expect(tags.has(tag), tag).toBe(false);
    expect(byTag("style")).toHaveLength(1);
    // The page's own bold numbers, one in each count of the header; none from a value.
    expect(byTag("b")).toHaveLength(byTag("a").filter((a) => attr(a, "data-filter")).length);
    expect(byTag("script")).toHaveLength(1);
    expect(all.filter((e) => e.attrs.some((a) => a.name.startsWith("on") || a.name === "style"))).toEqual([]);
    // The svg elements are the page's own pictures, none from a domain.
    expect(byTag("svg").every((s) => ["spark", undefined].includes(attr(s, "class")))).toBe(true);
  });

  it("shows every domain, stack and name as its text, neutralised", () => {
    const withAccount = {
      ...report,
      websites: report.websites.map((e) => ({ ...e, account: { ...report.accounts[0]! } })),
    };
    const { byId, byTag, html } = page(withAccount, context);
    withAccount.websites.forEach((e, i) => {
      const row = byId(`w${i}`)!;
      const head = elements(row).find((c) => c.tagName === "th")!;
      expect(textOf(head)).toBe(`${neutralText(e.domain)} id ${e.id}`);
      expect(textOf(row)).toContain(e.stacks[0]!);
      expect(textOf(row)).toContain(`live ${valueText([e.domain])}`);
    });
    // Line breaks and control characters are shown escaped, never raw.
    // eslint-disable-next-line no-control-regex
    expect(html).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e]/);
    expect(html).toContain("a\\r\\n::error::x\\u001b[31m\\u202e.example.org");
    const facts = textOf(byTag("dl")[0]!);
    expect(facts).toContain(`team "web"/prod, it's/<b>bold</b>`);
    const card = byTag("table").find((t) => attr(t, "class") === "accounts")!;
    expect(textOf(card)).toContain("<b>x</b>@example.com (7)");
    expect(textOf(card)).toContain('<i onclick="x">Pro</i>: 6 of 10 websites');
    expect(textOf(card)).toContain("https://stats.example.com/<script>");
    withAccount.websites.forEach((e, i) => {
      expect(textOf(byId(`f${i}`)!)).toContain(`${neutralText(e.domain)} is public`);
    });
  });

  it("is inert in every other way the other formats are: formatReport gives the same page", () => {
    const html = formatReport(report, "html", context);
    expect(html.replace(/<time[^>]*>[^<]*<\/time>/, "")).toBe(
      htmlReport(report, context, new Date()).replace(/<time[^>]*>[^<]*<\/time>/, ""),
    );
  });
});

describe("drift --format html: the bench's fleet", () => {
  it("holds 10,000 websites over 50 stacks in under 5 MB, every row there", () => {
    const report = fleetReport({ websites: 10_000 });
    expect(report.stacks).toHaveLength(50);
    const html = htmlReport(report, { failOn: ["changed", "gone", "unmanaged", "duplicate", "silent"] }, now);
    const bytes = Buffer.byteLength(html);
    expect(bytes).toBeLessThan(5_000_000);
    expect(html.match(/<tr id="w\d+"/g)).toHaveLength(10_000);
    expect(html.match(/<div class="chunk"><table>/g)).toHaveLength(Math.ceil(10_000 / SHEET_ROWS));
  });
});

describe("drift --format html: with --history", () => {
  // Two runs before this one: b's privacy changed since the first (open, 30 days old), c was
  // gone and is unmanaged now (gone fixed, unmanaged new), e is accepted by the baseline, and a
  // domain carrying markup (and a control character) changed then and is in sync now (fixed).
  const hostile = "<img src=x onerror=alert(1)>\u202e.example.org";
  const privacy = [{ field: "privacy", recorded: "private", live: "public" }];
  const accepted = { accepted: { firstSeen: "2026-10-01", line: 4 } };
  const before: DriftReport = {
    ...small,
    websites: [
      site("a.example.com", "in-sync", { id: 1 }),
      site("b.example.com", "changed", { id: 2, changes: privacy }),
      site("c.example.com", "gone", { id: 3 }),
      site(hostile, "changed", { id: 4, changes: [{ field: "email", recorded: true, live: false }] }),
      site("e.example.com", "unmanaged", { id: 5, ...accepted }),
    ],
  };
  const after: DriftReport = {
    ...before,
    websites: [
      before.websites[0]!,
      before.websites[1]!,
      site("c.example.com", "unmanaged", { id: 3 }),
      site(hostile, "in-sync", { id: 4 }),
      before.websites[4]!,
    ],
  };
  const runs = [
    { report: before, at: new Date("2026-10-28T02:00:00Z") },
    { report: before, at: new Date("2026-11-20T02:00:00Z") },
  ];
  const historyPage = (problem?: string) => {
    const view = viewWithHistory(after, problem ? [] : runs, now, {}, problem ? { problem } : {});
    return { view, ...pageOf(htmlOfView(view)) };
  };
  const byClass = (all: Element[], name: string) => all.filter((e) => attr(e, "class") === name);

  it.each<[string, string]>([
    ["the headline", '<p class="headline">'],
    ["the trend", '<svg class="trend"'],
    ["the filter of what is new", 'id="filter-new"'],
    ["the new rows' mark", " data-new>"],
    ["the running totals", "data-total="],
    ["the age column", 'class="w-age"'],
    ["the fixed section", '<h2 id="fixed">'],
  ])("writes %s only with a history, and its style and script only then", (_what, mark) => {
    const plain = page(small).html;
    expect(plain).not.toContain(mark);
    expect(plain).toContain(`<style>${htmlStyle}</style>`);
    expect(plain).toContain(`<script>${htmlScript}</script>`);
    const { html } = historyPage();
    expect(html).toContain(mark);
    expect(html).toContain(`<style>${htmlStyle}${htmlHistoryStyle}</style>`);
    expect(html).toContain(`<script>${htmlHistoryScript}</script>`);
  });

  it.each<[string, string | undefined, string[]]>([
    ["compared with the last run", undefined, ["verdict fails", "headline"]],
    [
      "a file that could not be used, with its warning",
      "line 3 is not JSON",
      ["verdict fails", "headline", "warning"],
    ],
  ])("puts the headline beside the verdict: %s", (_what, problem, order) => {
    const { view, byTag } = historyPage(problem);
    const header = byTag("header")[0]!;
    const paragraphs = header.childNodes.filter((n): n is Element => "tagName" in n && n.tagName === "p");
    expect(paragraphs.slice(1).map((p) => attr(p, "class"))).toEqual(order);
    expect(textOf(paragraphs[2]!)).toBe(view.history!.headline);
    if (problem) {
      expect(textOf(paragraphs[3]!)).toBe(`Warning: ${view.history!.warning!}`);
      expect(textOf(paragraphs[3]!)).toContain(problem);
    }
    expect(textOf(byTag("dl")[0]!)).toContain(
      `Historydrift-history.jsonl: ${problem ? "1 run" : "3 runs"} kept, from`,
    );
  });

  it("draws the trend of the kept runs, a bar each, with its words beside it and as its label", () => {
    const { all, byTag } = historyPage();
    const [strip] = byTag("svg").filter((s) => attr(s, "class") === "trend");
    expect(attr(strip!, "role")).toBe("img");
    const words =
      "Findings by status over 3 runs, from 2026-10-28 02:00 UTC: 0 new, 3 open, 1 accepted, 0 fixed; " +
      "to 2026-11-27 09:30 UTC (this run): 1 new, 1 open, 1 accepted, 2 fixed.";
    expect(attr(strip!, "aria-label")).toBe(words);
    expect(
      elements(strip!)
        .filter((e) => e.tagName === "title")
        .map(textOf),
    ).toEqual([
      "2026-10-28 02:00 UTC: 0 new, 3 open, 1 accepted, 0 fixed",
      "2026-11-20 02:00 UTC: 0 new, 3 open, 1 accepted, 0 fixed",
      "2026-11-27 09:30 UTC: 1 new, 1 open, 1 accepted, 2 fixed",
    ]);
    const caption = byTag("figcaption")[0]!;
    expect(
      elements(caption)
        .filter((e) => e.tagName === "li")
        .map(textOf),
    ).toEqual(["new", "open", "accepted", "fixed (below the line)"]);
    expect(textOf(caption)).toMatch(new RegExp(`${words.replace(/[().]/g, "\\$&")}$`));
    expect(byClass(all, "trend-figure")).toHaveLength(1);
  });

  it("filters what is new since the last run, marks those rows, and gives each row its age", () => {
    const { byId, view } = historyPage();
    const controls = byId("controls")!;
    const box = elements(controls).find((e) => attr(e, "id") === "filter-new")!;
    expect([box.tagName, attr(box, "type")]).toEqual(["input", "checkbox"]);
    const label = elements(controls).find((e) => e.tagName === "label" && attr(e, "for") === "filter-new")!;
    expect(textOf(label)).toBe("New since the last run (1)");
    const [table] = sheetTables(byId);
    const heads = elements(table!).filter((e) => e.tagName === "th" && attr(e, "scope") === "col");
    expect(heads.slice(0, 4).map((h) => [textOf(h), attr(h, "data-sort")])).toEqual([
      ["Website", "text"],
      ["Status", "status"],
      ["Age", "number"],
      ["Account", "text"],
    ]);
    const ids = view.rows.map((r) => `w${r.index}`);
    expect(ids.map((id) => attr(byId(id)!, "data-new"))).toEqual([
      undefined,
      undefined,
      "",
      undefined,
      undefined,
    ]);
    const cells = (id: string) => elements(byId(id)!).filter((e) => e.tagName === "td");
    expect(ids.map((id) => textOf(cells(id)[0]!))).toEqual([
      "in-sync",
      "changed",
      "unmanaged new",
      "in-sync",
      "unmanaged accepted",
    ]);
    expect(ids.map((id) => [textOf(cells(id)[1]!), attr(cells(id)[1]!, "data-v")])).toEqual([
      ["", "-1"],
      ["30 dayssince 2026-10-28", "30"],
      ["under a daysince 2026-11-27", "0"],
      ["", "-1"],
      ["30 dayssince 2026-10-28", "30"],
    ]);
  });

  it("totals the websites shown by status and new, every row counted before any filter", () => {
    const { all } = historyPage();
    const totals = all.filter((e) => attr(e, "data-total") !== undefined);
    expect(totals.map((b) => [attr(b, "data-total"), textOf(b)])).toEqual([
      ["new", "1"],
      ["s:in-sync", "2"],
      ["s:changed", "1"],
      ["s:gone", "0"],
      ["s:unmanaged", "2"],
      ["s:duplicate", "0"],
    ]);
    const list = all.find((e) => attr(e, "id") === "totals")!;
    expect(attr(list, "aria-label")).toBe("The websites shown, by status");
    expect(textOf(list)).toBe("1 new since the last run2 in-sync1 changed0 gone2 unmanaged0 duplicate");
  });

  it.each<[string, () => ReportView, string, string[][]]>([
    [
      "the findings gone since the last run, a domain with markup as its text",
      () => viewWithHistory(after, runs, now),
      "2 findings of the run of 2026-11-20 02:00 UTC are gone.",
      [
        ["c.example.com (3) gone", "30 days", "2026-10-28 02:00 UTC"],
        [`${neutralText(hostile)} (4) changed: email`, "30 days", "2026-10-28 02:00 UTC"],
      ],
    ],
    [
      "nothing fixed",
      () => viewWithHistory(after, [{ report: after, at: new Date("2026-11-26T02:00:00Z") }], now),
      "Nothing fixed since the run of 2026-11-26 02:00 UTC.",
      [],
    ],
    [
      "the history's first run",
      () => viewWithHistory(after, [], now),
      "No run before this one to compare with: nothing is counted as fixed.",
      [],
    ],
  ])("lists what was fixed since the last run: %s", (_what, view, sentence, fixed) => {
    const { all, byTag, html } = pageOf(htmlOfView(view()));
    const section = all.find((e) => e.tagName === "section" && attr(e, "aria-labelledby") === "fixed")!;
    expect(textOf(elements(section).find((e) => e.tagName === "h2")!)).toBe("Fixed since the last run");
    expect(textOf(elements(section).find((e) => e.tagName === "p")!)).toBe(sentence);
    const rows = elements(section).filter(
      (e) => e.tagName === "tr" && elements(e).some((c) => c.tagName === "td"),
    );
    expect(
      rows.map((r) =>
        elements(r)
          .filter((e) => e.tagName === "td")
          .map(textOf),
      ),
    ).toEqual(fixed);
    // Server text stays text: no element of its own, no raw control or bidi character.
    expect(byTag("img")).toEqual([]);
    expect(all.filter((e) => e.attrs.some((a) => a.name.startsWith("on")))).toEqual([]);
    // eslint-disable-next-line no-control-regex
    expect(html).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e]/);
  });
});
