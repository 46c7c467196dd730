// The drift report as one self-contained HTML page, for the people who act on drift without
// reading CI logs: a header (when, which stacks and accounts, the counts by status, the exit
// code), a row per account (its websites against its plan's limit, its statuses as a chart), a
// table of every website (status, stacks, each change recorded and live side by side, policy
// findings, the page check, the window's pageviews as a sparkline) and the policy findings,
// each with an anchor. The table is in the page before any script runs, so it reads without
// script and prints; the one script (html/html-script.ts) adds filters, search and sorting.
// With --history (html/html-history.ts) the header adds the headline and the trend of the kept
// runs, the table a filter of what is new since the last run, the totals of what is shown and
// each website's age, and a section lists what was fixed since; without one, not a byte changes.
//
// Nothing is fetched: the style sheet and the script are inline and the Content-Security-Policy
// allows exactly them (by their SHA-256), no other script, style, font, frame, form target,
// connection or image but data: ones. Every text from the server or a website (domains, e-mail
// addresses, plan names, stack names, values, page reasons, policy messages) is neutralised
// and escaped (model/neutral-text.ts: escapeHtml(neutralText(...))), so it shows as text and
// never as markup; ids, classes and data attributes are the report's own words and numbers. No
// server value becomes a link: the only links are the page's own anchors.
import { createHash } from "node:crypto";
import type { DriftEntry, DriftStatus } from "../../model/entries";
import { driftStatuses } from "../../model/entries";
import { escapeHtml, neutralText, valueText } from "../../model/neutral-text";
import { plural as countWords } from "../../model/words";
import { DAILY_COUNTS_AT_MOST } from "../../compare/tracking";
import { exitCodes } from "../../../core/exit-codes";
import { runExitCode } from "../../model/exit-code";
import { planBar, sparkline, statusBar, statusKey } from "./html/html-charts";
import { htmlHistoryScript, htmlScript } from "./html/html-script";
import { htmlHistoryStyle, htmlStyle } from "./html/html-style";
import {
  ageCell,
  ageHead,
  fixedSection,
  historyFact,
  historyLines,
  newFilter,
  newFlag,
  runningTotals,
  trendFigure,
} from "./html/html-history";
import { pageStatuses } from "../view/page-view";
import { statusCounts } from "../report-texts";
import type { ReportView, RowView } from "../view/report-view";

/** Text shown to people, from anywhere: neutralised (no control or bidi character), then escaped. */
const t = (text: string): string => escapeHtml(neutralText(text));

const digits = (n: number): string => n.toLocaleString("en-US");
const plural = (n: number, word: string): string => countWords(n, word, digits);

/** The SHA-256 of a text, as a CSP source (`'sha256-...'`). */
const cspHash = (text: string): string =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The page's style sheet and script: with a history, the sheet's additions and the script's. */
const pageParts = (view: ReportView): { style: string; script: string } =>
  view.history
    ? { style: htmlStyle + htmlHistoryStyle, script: htmlHistoryScript }
    : { style: htmlStyle, script: htmlScript };

/** The page's policy: nothing but its own style sheet and script, and data: images (its icon). */
const htmlPolicy = ({ style, script }: { style: string; script: string }): string =>
  `default-src 'none'; style-src ${cspHash(style)}; script-src ${cspHash(script)}; ` +
  "img-src data:; base-uri 'none'; form-action 'none'";

/** What the run's exit code is and why, in words. */
function verdict(view: ReportView): { code: number; text: string } {
  const { failing } = view;
  const { success, drift: driftFound, policy: violation } = exitCodes;
  // A page rendered outside a run (no code decided) counts every finding, as its text says.
  const code =
    view.exitCode ??
    runExitCode({ policyFails: view.policy?.fails ?? false, driftFails: failing > 0, writesBaseline: false });
  const counted =
    view.failOn === undefined ? "every finding" : view.failOn.join(", ") || "none (--fail-on none)";
  const drift = `${plural(failing, "website")} with drift that fails the run (counted: ${counted})`;
  if (code === violation) return { code, text: `Exit code ${code}: a mandatory policy violation; ${drift}.` };
  if (code === driftFound) return { code, text: `Exit code ${code}: ${drift}.` };
  if (code === success && failing > 0)
    return { code, text: `Exit code ${code}: ${drift}, written to the new baseline.` };
  return { code, text: `Exit code ${code}: nothing fails the run (counted: ${counted}).` };
}

/** The flags a row carries for the filters (`data-f`), each a word of the report's own. */
function flagsOf({ entry: e, fails, policy }: RowView): string {
  return [
    ...(fails ? ["fail"] : []),
    ...(e.silent === true ? ["silent"] : []),
    ...(e.page && e.page.status !== "present" ? [`page-${e.page.status}`] : []),
    ...(policy.length > 0 ? ["policy"] : []),
    ...(e.accepted || e.ignored || e.excusedParts ? ["excused"] : []),
  ].join(" ");
}

const badge = (word: string, kind: string = word): string => `<span class="b ${kind}">${word}</span>`;

/** A change: the field, the value the stack recorded and the live one, side by side. */
const changeCell = (e: DriftEntry): string => {
  if (e.changes && e.changes.length > 0)
    return e.changes
      .map(
        (c) =>
          `<span class="ch"><code>${t(c.field)}</code> <span class="rec"><span class="sr">recorded </span>${t(valueText(c.recorded))}</span>` +
          ` &#8594; <span class="live"><span class="sr">live </span>${t(valueText(c.live))}</span></span>`,
      )
      .join("");
  if (e.status === "duplicate") return `recorded by ${t(e.resources.join(", "))}`;
  if (e.status === "gone") return "not on the server";
  if (e.status === "unmanaged") return "in no stack read";
  return "";
};

type Columns = ReportView["columns"];

/** The table's header row: each column sortable, by its text or by its number; `aged` with a history. */
function headRow(columns: Columns, trackingDays: string, aged: boolean): string {
  const th = (label: string, sort: "text" | "number" | "status", width = "") =>
    `<th scope="col" data-sort="${sort}"${width ? ` class="${width}"` : ""}>${label}</th>`;
  return [
    th("Website", "text", "w-site"),
    th("Status", "status", "w-status"),
    ...(aged ? [ageHead] : []),
    th("Account", "text", "w-account"),
    th("Stacks", "text", "w-stacks"),
    th("Changes: recorded &#8594; live", "number", "w-changes"),
    ...(columns.policy ? [th("Policy", "number")] : []),
    ...(columns.pages ? [th("Page", "text")] : []),
    ...(columns.tracking ? [th(`Pageviews, ${trackingDays}`, "number", "w-views")] : []),
    ...(columns.notes ? [th("Not failing", "text")] : []),
  ].join("");
}

/** A cell's sort key, when it is not its text (an empty cell sorts as 0). */
const sortKey = (n: number): string => (n === 0 ? "" : ` data-v="${n}"`);

/** One website's row: end tags of cells and rows are left out (HTML allows it), for size. */
function row(facts: RowView, columns: Columns, aged: boolean): string {
  const { entry: e, excuse } = facts;
  const id = `w${facts.index}`;
  const noted =
    facts.fails ||
    e.silent === true ||
    facts.page?.noted === true ||
    facts.policy.length > 0 ||
    e.status !== "in-sync";
  const domain = noted ? `<a href="#${id}">${t(e.domain)}</a>` : t(e.domain);
  const flags = flagsOf(facts);
  const cells = [
    `<tr id="${id}" data-s="${e.status}" data-a="${facts.account}"${flags ? ` data-f="${flags}"` : ""}` +
      `${facts.history?.new === true ? " data-new" : ""}>`,
    `<th scope="row">${domain} <small>id ${e.id}</small>`,
    `<td>${badge(e.status)}` +
      (e.silent === true ? ` ${badge("silent", "flag")}` : "") +
      (facts.excusedAs ? ` ${badge(facts.excusedAs, "flag")}` : "") +
      newFlag(facts),
    ...(aged ? [ageCell(facts)] : []),
    `<td>${t(e.account.email)}`,
    `<td>${e.stacks.length > 0 ? t(e.stacks.join(", ")) : "none"}`,
    `<td${sortKey(e.changes?.length ?? 0)}>${changeCell(e)}`,
  ];
  if (columns.policy)
    cells.push(
      `<td${sortKey(facts.policy.length)}>` +
        facts.policy.map((f) => `<a href="#f${f.index}">${t(f.finding.rule)}</a>`).join(", "),
    );
  if (columns.pages) {
    const page = e.page;
    // The detail without its "page <status>: " (the badge says the status); nothing when that is all.
    const note = facts.page?.noted ? facts.page.detail.replace(/^page [^\s:]+:? ?/, "") : "";
    cells.push(
      page === undefined
        ? "<td>not read"
        : `<td>${page.status === "present" ? "present" : badge(page.status, "flag")}` +
            (note ? `<small>${t(note)}</small>` : ""),
    );
  }
  if (columns.tracking) {
    const daily = e.pageviews;
    const sum = daily?.reduce((a, b) => a + b, 0) ?? 0;
    cells.push(
      daily === undefined
        ? `<td class="num" data-v="-1">${e.silent === undefined ? "not read" : ""}`
        : `<td class="num" data-v="${sum}" title="daily: ${daily.join(" ")}">${sparkline(daily)}${digits(sum)}`,
    );
  }
  if (columns.notes) cells.push(`<td>${excuse ? t(excuse) : ""}`);
  return cells.join("");
}

/**
 * The rows a table of the sheet holds. A browser lays out a table as a whole: one table of
 * 10,000 rows takes seconds to show and again each time a filter changes. The rows come in
 * tables of this many, each a whole table (caption, header, rows) in a block the browser lays
 * out only when it comes into view (content-visibility), with the same fixed column widths, so
 * that they read as one.
 */
export const SHEET_ROWS = 250;

/** Every row, in tables of SHEET_ROWS rows; the script keeps them packed as it filters and sorts. */
function sheet(rows: readonly string[], head: string, aged: boolean): string {
  const tables: string[] = [];
  for (let first = 0; first < rows.length; first += SHEET_ROWS) {
    const last = Math.min(rows.length, first + SHEET_ROWS);
    tables.push(
      `<div class="chunk"><table><caption class="sr">Websites ${digits(first + 1)} to ${digits(last)} of ` +
        `${digits(rows.length)}</caption><thead><tr>${head}</tr></thead>\n<tbody>\n` +
        `${rows.slice(first, last).join("\n")}\n</tbody></table></div>`,
    );
  }
  return `<div id="websites-table" class="sheet${aged ? " aged" : ""}" data-rows="${SHEET_ROWS}">\n${tables.join("\n")}\n</div>`;
}

/** The header's list of counts, each a link to the table that, with script, also filters it. */
function countLinks(view: ReportView): string {
  const { failing, statusCounts: counts } = view;
  const link = (filter: string, n: number, word: string, kind: string) =>
    `<li><a class="b ${kind}" href="#websites" data-filter="${filter}"><b>${digits(n)}</b> ${word}</a></li>`;
  const items = [
    link("f:fail", failing, "failing the run", failing > 0 ? "gone" : "in-sync"),
    ...driftStatuses.map((s) => link(`s:${s}`, counts[s], s, s)),
  ];
  if (view.tracking) items.push(link("f:silent", view.tracking.silent, "silent", "flag"));
  if (view.pages) {
    for (const status of pageStatuses.filter((s) => s !== "present"))
      items.push(link(`f:page-${status}`, view.pages.counts[status], `page ${status}`, "flag"));
  }
  if (view.policy) items.push(link("f:policy", view.policy.findings.length, "policy findings", "flag"));
  return `<ul class="counts" aria-label="Websites by status">${items.join("")}</ul>`;
}

/**
 * A table of the accounts, a row each: its plan's use in words and as a bar, its websites in this
 * report by status as a chart with its legend.
 */
function accountTable(view: ReportView): string {
  if (view.accounts.length === 0) return "<p>No account: the stacks read record no website.</p>";
  const rows = view.accounts.map(({ use: a, rows: own, planWords }) => {
    const counts = statusCounts(own.map((r) => r.entry));
    const byStatus = driftStatuses.map((s): [DriftStatus, number] => [s, counts[s]]);
    const statusWords = byStatus.map(([s, n]) => `${digits(n)} ${s}`).join(", ");
    const plan = a.plan
      ? `${t(a.plan.name)}: ${t(planWords)}`
      : `none reported: ${plural(a.websites, "website")}`;
    const limit = a.plan?.websites;
    return (
      `<tr><th scope="row">${t(a.email)} (${a.id})<small>${t(a.url)}</small></th>` +
      `<td>${plan}${limit === undefined ? "" : planBar(a.websites, limit, `${digits(a.websites)} of ${digits(limit)} websites`)}</td>` +
      `<td>${own.length > 0 ? statusBar(byStatus, `By status: ${statusWords}`) : ""}` +
      `<ul class="legend"><li>${plural(own.length, "website")}${own.length > 0 ? ":" : ""}</li>${byStatus
        .filter(([, n]) => n > 0)
        .map(([s, n]) => `<li>${statusKey(s)}${digits(n)} ${s}</li>`)
        .join("")}</ul></td></tr>`
    );
  });
  return (
    `<table class="accounts"><caption class="sr">Each account's plan and its websites by status</caption>` +
    `<thead><tr><th scope="col">Account</th><th scope="col">Plan: websites held of its limit</th>` +
    `<th scope="col">Websites in this report, by status</th></tr></thead><tbody>${rows.join("\n")}</tbody></table>`
  );
}

/** The filters, hidden until the script shows them (they do nothing without it). */
function controls(view: ReportView): string {
  const { report, failing, statusCounts: counts, pages } = view;
  const option = (value: string, label: string) => `<option value="${value}">${label}</option>`;
  const statusOptions = [
    option("", `Every website (${digits(report.websites.length)})`),
    option("f:fail", `Failing the run (${digits(failing)})`),
    ...driftStatuses.map((s) => option(`s:${s}`, `${s} (${digits(counts[s])})`)),
    ...(view.tracking ? [option("f:silent", `silent (${digits(view.tracking.silent)})`)] : []),
    ...(pages
      ? pageStatuses
          .filter((s) => s !== "present")
          .map((s) => option(`f:page-${s}`, `page ${s} (${digits(pages.counts[s])})`))
      : []),
    ...(view.policy ? [option("f:policy", "with policy findings")] : []),
    ...(view.columns.notes ? [option("f:excused", "accepted or ignored")] : []),
  ];
  const accountOptions = [
    option("", `Every account (${digits(report.accounts.length)})`),
    ...report.accounts.map((a, i) => option(String(i), `${t(a.email)} (${a.id}) at ${t(a.url)}`)),
  ];
  return (
    `<div id="controls" class="controls" role="search" aria-label="Filter the websites" hidden>` +
    `<label for="filter-status">Status<select id="filter-status">${statusOptions.join("")}</select></label>` +
    `<label for="filter-account">Account<select id="filter-account">${accountOptions.join("")}</select></label>` +
    (view.history ? newFilter(view) : "") +
    `<label for="filter-search">Search<input id="filter-search" type="search" autocomplete="off" ` +
    `placeholder="domain, stack, field, reason..."></label></div>`
  );
}

/** The policy findings, each with its anchor (`f0`...) and a link to its website's row. */
function policySection(view: ReportView): string {
  const policy = view.policy;
  if (!policy) return "";
  const rows = policy.findings.map(({ finding: f, index: i, row: index }) => {
    const subject = f.entry
      ? index !== undefined
        ? `<a href="#w${index}">${t(f.entry.domain)}</a> <small>id ${f.entry.id}</small>`
        : t(f.entry.domain)
      : `stack ${t(f.stack ?? "")}`;
    return (
      `<tr id="f${i}"><td>${badge(f.level, f.level === "mandatory" ? "gone" : "changed")}</td>` +
      `<td>${t(f.rule)}</td><td>${subject}</td><td>${t(f.message)}</td></tr>`
    );
  });
  return (
    `<section aria-labelledby="policy"><h2 id="policy">Policy</h2><p>${t(policy.sentence)}</p>` +
    (rows.length > 0
      ? `<table><thead><tr><th scope="col">Level</th><th scope="col">Rule</th>` +
        `<th scope="col">Website or stack</th><th scope="col">Finding</th></tr></thead>` +
        `<tbody>${rows.join("\n")}</tbody></table>`
      : "") +
    "</section>"
  );
}

/** The stale baseline entries and ignore rules, as warnings. */
function staleSection(view: ReportView): string {
  const lines = view.stale.map((s) => s.text);
  if (lines.length === 0) return "";
  return (
    `<section aria-labelledby="stale"><h2 id="stale">Warnings</h2><ul class="findings">` +
    lines.map((line) => `<li>${t(line)}</li>`).join("") +
    "</ul></section>"
  );
}

/** The stacks read: listed, or folded away behind their count when there are many. */
function stackList(stacks: readonly string[]): string {
  if (stacks.length === 0) return "none";
  const list = t(stacks.join(", "));
  return stacks.length <= 8
    ? list
    : `<details><summary>${digits(stacks.length)} stacks</summary>${list}</details>`;
}

/** The whole page, saying when the view was made. */
export function htmlReport(view: ReportView): string {
  const { report, columns, history } = view;
  const aged = history !== undefined;
  const parts = pageParts(view);
  const { code, text: verdictText } = verdict(view);
  const days = report.tracking ? Math.min(report.tracking.days, DAILY_COUNTS_AT_MOST) : 0;
  const trackingDays = report.tracking
    ? `last ${plural(days, "day")}${days < report.tracking.days ? ` of ${digits(report.tracking.days)}` : ""} to ${t(report.tracking.to)}`
    : "";
  const rows = view.rows.map((r) => row(r, columns, aged));
  const when = view.madeAt.toISOString();
  const facts: [string, string][] = [
    ["Stacks", stackList(report.stacks)],
    ["Accounts", digits(report.accounts.length)],
    ["Websites", digits(report.websites.length)],
  ];
  if (view.read) facts.push(["Read", t(view.read)]);
  if (view.tracking) facts.push(["Tracking", t(view.tracking.sentence.replace(/^Tracking: /, ""))]);
  if (view.pages) facts.push(["Pages", t(view.pages.sentence.replace(/^Pages: /, ""))]);
  if (view.policy) facts.push(["Policy", t(view.policy.sentence.replace(/^Policy /, ""))]);
  if (view.acceptance) facts.push(["Not failing", t(view.acceptance.replace(/^Not failing: /, ""))]);
  if (history) facts.push(historyFact(history));
  const table =
    report.websites.length === 0
      ? "<p>No website: the stacks read record none, and their accounts hold none.</p>"
      : `<p>Every website of the accounts the stacks use, in report order (by account, then domain), ` +
        `in tables of ${digits(SHEET_ROWS)} rows.</p>${controls(view)}` +
        `<p id="shown" aria-live="polite">Showing all ${plural(report.websites.length, "website")}.</p>` +
        (history ? runningTotals(view) : "") +
        sheet(rows, headRow(columns, trackingDays, aged), aged);
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${htmlPolicy(parts)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    '<link rel="icon" href="data:,">',
    `<title>Website drift: ${plural(report.websites.length, "website")}, exit code ${code}</title>`,
    `<style>${parts.style}</style>`,
    "</head>",
    "<body>",
    '<a class="skip" href="#websites">Skip to the websites</a>',
    "<header>",
    "<h1>Website drift</h1>",
    `<p class="when">pulumi-webstats drift, <time datetime="${when}">${when.slice(0, 16).replace("T", " ")} UTC</time></p>`,
    `<p class="verdict ${code === 0 ? "passes" : "fails"}">${t(verdictText)}</p>`,
    ...(history ? [historyLines(history), trendFigure(history)] : []),
    `<dl class="facts">${facts.map(([dt, dd]) => `<dt>${dt}</dt><dd>${dd}</dd>`).join("")}</dl>`,
    countLinks(view),
    "</header>",
    "<main>",
    `<section aria-labelledby="accounts"><h2 id="accounts">Accounts</h2>${accountTable(view)}</section>`,
    `<section aria-labelledby="websites"><h2 id="websites">Websites</h2>`,
    table,
    "</section>",
    ...(history ? [fixedSection(history)] : []),
    policySection(view),
    staleSection(view),
    "</main>",
    `<script>${parts.script}</script>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
