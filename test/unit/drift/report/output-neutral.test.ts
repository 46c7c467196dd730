// Server and website text in every output of drift is data: fed the values a real server accepts
// (domains with markup or control characters, free-text exclude lists, plan and account names,
// page reasons, pulumi errors quoting a server; and the same names as --history's file holds them,
// in new, open and fixed findings, with rule and stack names), no format lets one start a workflow command in a
// CI log, colour or reorder a terminal, open Markdown markup, mention a user, link an issue, or
// break XML or HTML; JSON keeps the values exact. Checked as the consumers read them: a model of
// the GitHub runner's command parsing (actions/runner's ActionCommand: `::` at a line's start
// after white space, `##[` anywhere), markdown-it for the Markdown (with GitHub's own mention and
// reference patterns, which skip code), an XML parser and parse5 for HTML.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { parseFragment } from "parse5";
import { describe, expect, it } from "vitest";
import type { DriftEntry } from "../../../../drift/model/entries";
import type { DriftReport } from "../../../../drift/model/report";
import {
  escapeHtml,
  githubOutputEntry,
  markdownCode,
  markdownText,
  markdownValue,
  neutralJson,
  neutralLines,
  neutralText,
  scriptJson,
  valueText,
  withWorkflowCommandsStopped,
  xmlText,
} from "../../../../drift/model/neutral-text";
import { formatReport, formatRow, reportFormatTable, reportFormats } from "../../../../drift/report/formats";
import { historyLists } from "../../../../drift/report/view/history-view";
import type { ReportView } from "../../../../drift/report/view/report-view";
import { formatFixSummary } from "../../../../drift/fix/fix-summary";
import type { FixSummaryFormat } from "../../../../drift/fix/fix-summary";
import { formatCloudFixSummary } from "../../../../drift/fix/cloud-fix-summary";
import type { CloudFixOutcome } from "../../../../drift/fix/cloud-fix-summary";
import { planText } from "../../../../drift/fix/fix-cloud";
import type { FixOutcome } from "../../../../drift/fix/fix-code";
import { driftJsonReport } from "../../../support/drift-json-report";
import { markdownIt } from "../../../support/markdown-it";
import { runCaptured } from "../../../support/run-cli";
import { viewWithHistory } from "../../../support/drift-history";

/** The hostile values of the task, and a few more of the same kinds. */
const hostile = [
  "::error::x",
  "a\r\n::stop-commands::t",
  "@octocat",
  "#1",
  "<img src=x onerror=alert(1)>",
  "```",
  "\u001b[31m",
  "\u202e",
  "| x |",
  "# heading",
  "##[error]boom",
  " ##vso[task.setvariable variable=x]1",
  "owner/repo#12 GH-3 @org/team",
  "- item",
  "> quote",
  "1. first",
  "    indented",
  "x\u2028::warning::y",
  "\u0085::notice::z",
  "\ud800lone",
  "\u007fdel",
  "---",
];

// ---- The consumers, modelled ----

/** Every line break some reader honours: the runner's, a terminal's, JavaScript's. */
const lineBreaks = /\r\n|[\n\r\u0085\u2028\u2029]/;

/**
 * The workflow commands the GitHub runner would run from a step's output: a line that starts,
 * after white space, with `::NAME ...::`, or that holds `##[NAME ...]` anywhere (the legacy form);
 * `stop-commands` stops every command until one named by its token. Any name counts here (the
 * runner runs registered ones only), so the check is stricter than the runner.
 */
function workflowCommands(output: string): string[] {
  const found: string[] = [];
  let stopped: string | undefined;
  for (const line of output.split(lineBreaks)) {
    const modern = /^::([^\s:]+)[^:]*::(.*)$/.exec(line.trimStart());
    const legacy = /##\[([^\s\]]+)[^\]]*\](.*)$/.exec(line);
    const [, name, data] = modern ?? legacy ?? [];
    if (name === undefined) continue;
    if (stopped !== undefined) {
      if (name.toLowerCase() === stopped.toLowerCase()) stopped = undefined;
      continue;
    }
    if (name === "stop-commands") stopped = data;
    found.push(line);
  }
  return found;
}

/** Characters no output may show raw: C0 but the line feed, DEL, C1, separators, bidi, lone surrogates. */
const hiddenCharacter =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What a terminal or a CI log shows of an output: no command, no hidden character. */
function expectInert(output: string): void {
  expect(workflowCommands(output)).toEqual([]);
  expect(output).not.toMatch(hiddenCharacter);
}

// GitHub's patterns (html-pipeline's MentionFilter and issue reference filter), which skip text
// inside `pre`, `code` and `a` elements: a mention, a reference to an issue, GH-N.
const mention = /(?:^|\W)@[a-z0-9][a-z0-9-]*/i;
const issueReference = /(?:\b[\w-]+\/)?(?:\b[\w-]+)?#[0-9]+\b|\bGH-[0-9]+\b/i;

/** The text GitHub would look for mentions and references in: the HTML's text outside code. */
function textOutsideCode(html: string): string {
  return html
    .replace(/<code>[\s\S]*?<\/code>/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/**
 * Markdown as GitHub renders it: only the blocks drift writes (the headings, paragraphs, tables
 * and lists given), no raw HTML, and no mention or issue reference outside code.
 */
function expectTameMarkdown(markdown: string, blocks: { headings: number; rows?: number; items?: number }) {
  expectInert(markdown);
  const tokens = markdownIt.parse(markdown, {});
  const count = (type: string) => tokens.filter((t) => t.type === type).length;
  expect(count("heading_open")).toBe(blocks.headings);
  for (const type of [
    "blockquote_open",
    "ordered_list_open",
    "fence",
    "code_block",
    "html_block",
    "hr",
    "lheading_open",
  ])
    expect(count(type), type).toBe(0);
  if (blocks.rows !== undefined) expect(count("tr_open")).toBe(blocks.rows);
  expect(count("list_item_open")).toBe(blocks.items ?? 0);
  const html = markdownIt.render(markdown);
  expect(html).not.toMatch(/<img|<script|<h[1-6]>[^<]*(heading|quote)/i);
  const text = textOutsideCode(html);
  expect(text).not.toMatch(mention);
  expect(text).not.toMatch(issueReference);
}

// ---- The report's fixture ----

const account = { url: "https://stats.example.com", id: 7, email: "x\n::error::mail@octocat.example" };
const entries: DriftEntry[] = hostile.map((value, i) => ({
  domain: `${value}.example.org`,
  id: i + 1,
  status: "changed",
  stacks: ["web/prod"],
  resources: [`web/prod:site${i}`],
  account,
  changes: [{ field: "excludeIps", recorded: ["10.0.0.1"], live: [value, "10.0.0.2"] }],
  page: {
    status: "wrong",
    url: "https://example.org/",
    reason: `data-host "${value}" names no installation`,
  },
}));
const report: DriftReport = {
  stacks: ["web/prod"],
  websites: entries,
  accounts: [
    { ...account, websites: entries.length, plan: { name: "# Plan @octocat #1\n- x", websites: 100 } },
  ],
  pages: { read: hostile.length },
  policy: {
    file: "policy.yaml",
    rules: [{ name: "https-only", description: "Domains are served over HTTPS.", level: "mandatory" }],
    failOn: true,
    findings: entries.slice(0, 4).map((entry) => ({
      rule: "https-only",
      level: "mandatory" as const,
      message: `${entry.domain} is not served over HTTPS`,
      entry,
    })),
  },
};

describe("drift output: neutralText", () => {
  it("escapes control characters, line breaks and bidi controls visibly, on one line", () => {
    expect(neutralText("a\r\n::stop-commands::t")).toBe("a\\r\\n::stop-commands::t");
    expect(neutralText("\u001b[31mred")).toBe("\\u001b[31mred");
    expect(neutralText("\u202egro.elpmaxe")).toBe("\\u202egro.elpmaxe");
    expect(neutralText("a\u2028b\u2029c\u0085d\u009be\u007ff\u2066g")).toBe(
      "a\\u2028b\\u2029c\\u0085d\\u009be\\u007ff\\u2066g",
    );
    expect(neutralText("tab\there\0")).toBe("tab\\there\\u0000");
    expect(neutralText("\ud800x")).toBe("\\ud800x");
    for (const value of hostile) {
      const shown = neutralText(value);
      expect(shown.split(lineBreaks)).toHaveLength(1);
      expectInert(shown);
      // Once is enough: the text shown is already neutral.
      expect(neutralText(shown)).toBe(shown);
    }
  });

  it("breaks up workflow commands: a leading ::, and ##[ or ##vso[ anywhere", () => {
    expect(neutralText("::error::x")).toBe("\\u003a:error::x");
    expect(neutralText("  ::add-mask::x")).toBe("  \\u003a:add-mask::x");
    expect(neutralText("a ::error::x")).toBe("a ::error::x");
    expect(neutralText("see ##[error]boom")).toBe("see \\u0023#[error]boom");
    expect(neutralText("##vso[task.complete]")).toBe("\\u0023#vso[task.complete]");
    expect(workflowCommands("see ##[error]boom")).toHaveLength(1);
    expect(workflowCommands(neutralText("see ##[error]boom"))).toEqual([]);
  });

  it("leaves plain text as it is, backslashes included", () => {
    for (const plain of ["b.example.com", "team@example.com", "C:\\stacks\\prod", "10.0.0.0/8", "::1 x"])
      expect(neutralText(plain)).toBe(plain.startsWith("::") ? "\\u003a:1 x" : plain);
  });

  it("neutralLines keeps the lines of a message, each neutralised", () => {
    expect(neutralLines("refused:\n  a\r::error::x\n::warning::y")).toBe(
      "refused:\n  a\\r::error::x\n\\u003a:warning::y",
    );
  });
});

describe("drift output: valueText, the one rendering of a value", () => {
  it("shows plain values as every report always did", () => {
    expect(valueText(["10.0.0.1"])).toBe("[10.0.0.1]");
    expect(valueText([])).toBe("[]");
    expect(valueText(["10.0.0.1", "2001:db8::1"])).toBe("[10.0.0.1, 2001:db8::1]");
    expect(valueText("public")).toBe('"public"');
    expect(valueText(true)).toBe("true");
    expect(valueText(12)).toBe("12");
    expect(valueText(null)).toBe("null");
  });

  it("quotes list items that would read as several, or as none, and neutralises everything", () => {
    expect(valueText(["a, b", "", " x", "[y]", 'q"'])).toBe('["a, b", "", " x", "[y]", "q\\""]');
    expect(valueText(["a\nb"])).toBe('["a\\nb"]');
    expect(valueText("\u001b[31m\u202e")).toBe('"\\u001b[31m\\u202e"');
    expect(valueText(["::error::x", "b"])).toBe('["::error::x", b]');
    for (const value of hostile) {
      expectInert(valueText(value));
      expectInert(valueText([value]));
    }
  });
});

describe("drift output: every report format fed hostile server text", () => {
  for (const format of reportFormats) {
    it(`${format}: no workflow command, no control, separator or bidi character`, () => {
      expectInert(formatReport(report, format));
    });
  }

  it("text: each website's line shows its domain escaped, starting no line of its own", () => {
    const text = formatReport(report, "text");
    const lines = text.split("\n");
    for (const entry of entries) {
      const detail = lines.find((l) =>
        l.startsWith(`${neutralText(entry.domain)} (${entry.id}): excludeIps:`),
      );
      expect(detail, entry.domain).toBeDefined();
    }
    expect(text).toContain('excludeIps: [10.0.0.1] recorded, ["\\u001b[31m", 10.0.0.2] live');
    expect(text).toContain("Account x\\n::error::mail@octocat.example (7)");
    expect(text).toContain('page wrong: data-host "a\\r\\n::stop-commands::t" names no installation');
  });

  it("json: values stay exact data, sentences (page reasons, policy messages) are neutralised", () => {
    const json = formatReport(report, "json");
    const body = driftJsonReport<{
      websites: DriftEntry[];
      accounts: { email: string; plan: { name: string } }[];
      policy: { findings: { message: string; domain: string }[] };
    }>(json);
    expect(body.websites.map((w) => w.domain)).toEqual(entries.map((e) => e.domain));
    expect(body.websites.map((w) => w.changes)).toEqual(entries.map((e) => e.changes));
    expect(body.accounts[0]!.email).toBe(account.email);
    expect(body.accounts[0]!.plan.name).toBe("# Plan @octocat #1\n- x");
    expect(body.websites.map((w) => w.page?.reason)).toEqual(
      entries.map((e) => neutralText(e.page!.reason!)),
    );
    expect(body.policy.findings.map((f) => f.message)).toEqual(
      report.policy!.findings.map((f) => neutralText(f.message)),
    );
    expect(body.policy.findings.map((f) => f.domain)).toEqual(entries.slice(0, 4).map((e) => e.domain));
  });

  it("markdown: values open no block, mention nobody, link no issue, and keep the table whole", () => {
    const markdown = formatReport(report, "markdown");
    const counts = Object.keys(driftJsonReport(formatReport(report, "json")).summary);
    // Two headings (the report's and the policy's); rows with their headers: the counts, the
    // account, every website, the policy's findings.
    expectTameMarkdown(markdown, {
      headings: 2,
      rows: counts.length + 1 + 2 + (entries.length + 1) + (report.policy!.findings.length + 1),
    });
    const html = markdownIt.render(markdown);
    expect(html).toContain("<code>@octocat.example.org</code>");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;.example.org");
    expect(html).toContain("<code>a\\r\\n::stop-commands::t.example.org</code>");
  });

  it("sarif: every message neutralised, the website's properties exact", () => {
    const sarif = JSON.parse(formatReport(report, "sarif")) as {
      runs: { results: { message: { text: string }; properties?: { domain?: string } }[] }[];
    };
    const results = sarif.runs[0]!.results;
    for (const r of results) {
      expect(r.message.text).not.toMatch(hiddenCharacter);
      expect(r.message.text.split(lineBreaks)).toHaveLength(1);
    }
    const domains = new Set(results.map((r) => r.properties?.domain).filter((d) => d !== undefined));
    expect(domains).toEqual(new Set(entries.map((e) => e.domain)));
  });

  it("junit: well-formed XML 1.0, every name and text neutralised", () => {
    const xml = formatReport(report, "junit");
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      trimValues: false,
    }).parse(xml) as {
      testsuites: { testsuite: { name: string; testcase: { name: string }[] }[] };
    };
    const [suite] = parsed.testsuites.testsuite;
    expect(suite!.name).toBe("x\\n::error::mail@octocat.example (7) at https://stats.example.com");
    expect(suite!.testcase.map((c) => c.name)).toEqual(
      entries.map((e) => `${neutralText(e.domain)} (${e.id})`),
    );
  });
});

// ---- The history's fixture: each hostile value a domain, a field, a rule and a stack ----

/** A policy finding of rule `value` about the stack `value/web`. */
const stackFinding = (value: string, rule = value) => ({
  rule,
  level: "advisory" as const,
  message: `the stack ${value}/web`,
  stack: `${value}/web`,
});
const historyReport = (websites: DriftEntry[], findings: ReturnType<typeof stackFinding>[]): DriftReport => ({
  stacks: ["web/prod", ...hostile.map((value) => `${value}/web`)],
  websites,
  accounts: [{ ...account, websites: websites.length, plan: null }],
  policy: {
    file: "policy.yaml",
    rules: hostile.map((name) => ({ name, description: "A rule.", level: "advisory" as const })),
    failOn: false,
    findings,
  },
});
// Open: changed websites (the hostile value a field too) and a policy finding on each stack. New:
// unmanaged websites, and a second rule's finding on each stack. Fixed: gone websites, and a
// third rule's finding on each stack.
const openWebsites = hostile.map((value, i) => ({
  ...entries[i]!,
  domain: `${value}.open.example.org`,
  stacks: [`${value}/web`],
  changes: [{ field: value, recorded: 1, live: 2 }],
}));
const newWebsites = hostile.map((value, i): DriftEntry => ({
  domain: `${value}.new.example.org`,
  id: 200 + i,
  status: "unmanaged",
  stacks: [],
  resources: [],
  account,
}));
const fixedWebsites = hostile.map((value, i): DriftEntry => ({
  ...newWebsites[i]!,
  domain: `${value}.fixed.example.org`,
  id: 300 + i,
  status: "gone",
  stacks: [`${value}/web`],
}));
const lastRun = historyReport(
  [...openWebsites, ...fixedWebsites],
  hostile.flatMap((value) => [stackFinding(value), stackFinding(value, `${value} fixed`)]),
);
const thisRun = historyReport(
  [...openWebsites, ...newWebsites],
  hostile.flatMap((value) => [stackFinding(value), stackFinding(value, `${value} new`)]),
);
const historyViewOf = (options: { problem?: string } = {}): ReportView =>
  viewWithHistory(
    thisRun,
    options.problem ? [] : [{ report: lastRun, at: new Date("2026-11-01T02:00:00Z") }],
    new Date("2026-12-01T02:00:00Z"),
    {},
    { file: `${hostile[0]}.jsonl`, ...options },
  );

describe("drift output: every report format fed hostile names in the history", () => {
  const renderHistory = (format: (typeof reportFormats)[number], options?: { problem?: string }) =>
    formatRow(format).render(historyViewOf(options));

  it("the fixture has new, open and fixed findings of every hostile name", () => {
    const history = historyViewOf().history!;
    const count = hostile.length;
    expect(history.counts).toEqual({ new: 2 * count, open: 2 * count, accepted: 0, fixed: 2 * count });
  });

  // HTML is in the loop as html.ts renders it, with or without a history of its own.
  for (const format of reportFormats) {
    it(`${format}: no workflow command, no control, separator or bidi character`, () => {
      expectInert(renderHistory(format));
      // The file could not be used: its name (a path the user gave) is in the headline and the warning.
      expectInert(renderHistory(format, { problem: `${hostile.join(" ")} cannot be read (EACCES)` }));
    });
  }

  it("text: each new and fixed finding on a line of its own, neutralised, starting no line", () => {
    const text = renderHistory("text");
    const lines = text.split("\n");
    const history = historyViewOf().history!;
    const items = historyLists(history).flatMap((list) => list.items);
    expect(items).toHaveLength(4 * hostile.length);
    for (const item of items) expect(lines).toContain(`  ${neutralText(item)}`);
    expect(lines).toContain("  \\u001b[31m.new.example.org (206) unmanaged");
    expect(lines).toContain("  policy rule ::error::x fixed on stack ::error::x/web, open for 30 days");
  });

  it("markdown: the lists' items open no block, mention nobody and link no issue", () => {
    const markdown = renderHistory("markdown");
    const view = historyViewOf();
    const items = view.history!.findings.filter((f) => f.new).length + view.history!.fixed.length;
    const counts = Object.keys(view.counts).length;
    const drifted = openWebsites.length + newWebsites.length;
    // The report's heading and the policy's; the lists' titles are paragraphs of their own.
    expectTameMarkdown(markdown, {
      headings: 2,
      items,
      rows: counts + 1 + 2 + (drifted + 1) + (thisRun.policy!.findings.length + 1),
    });
    const problem = `${hostile.join(" ")} cannot be read`;
    // The warning is a quote, as every warning of the Markdown report is.
    const warned = renderHistory("markdown", { problem });
    expectInert(warned);
    expect(markdownIt.parse(warned, {}).filter((t) => t.type === "blockquote_open")).toHaveLength(1);
    const text = textOutsideCode(markdownIt.render(warned));
    expect(text).not.toMatch(mention);
    expect(text).not.toMatch(issueReference);
  });

  it("json: the names stay exact, the headline and the warning are neutralised", () => {
    const body = driftJsonReport(renderHistory("json")).history!;
    const findings = [...body.findings, ...body.fixed];
    expect(new Set(findings.filter((f) => f.finding === "changed").map((f) => f.field))).toEqual(
      new Set(hostile),
    );
    expect(new Set(body.fixed.map((f) => f.domain ?? f.stack))).toEqual(
      new Set([...fixedWebsites.map((e) => e.domain), ...hostile.map((v) => `${v}/web`)]),
    );
    expect(new Set(findings.map((f) => f.rule).filter((r) => r !== undefined))).toEqual(
      new Set(hostile.flatMap((v) => [v, `${v} new`, `${v} fixed`])),
    );
    expect(body.file).toBe(`${hostile[0]}.jsonl`);
    const problem = `${hostile.join(" ")} cannot be read`;
    const broken = driftJsonReport(renderHistory("json", { problem })).history!;
    expect(broken.headline).toBe(neutralText(`History not compared: ${problem}.`));
    expect(broken.warning).toBe(neutralText(`${problem}; this run goes on without the difference.`));
  });

  it("sarif: the history adds no message, only its counts", () => {
    const log = JSON.parse(renderHistory("sarif")) as {
      runs: { results: { baselineState: string }[]; properties: { history: unknown } }[];
    };
    expect(log.runs[0]!.properties.history).toEqual({
      since: "2026-11-01T02:00:00.000Z",
      counts: { new: 2 * hostile.length, open: 2 * hostile.length, accepted: 0, fixed: 2 * hostile.length },
    });
    expect(log.runs[0]!.results.filter((r) => r.baselineState === "new")).toHaveLength(2 * hostile.length);
  });
});

describe("drift output: the fix summaries fed hostile server text", () => {
  const fix: FixOutcome = {
    written: hostile.map((value) => ({
      file: "websites.yaml",
      domain: `${value}.example.org`,
      field: "excludeIps",
      old: [],
      new: [value],
      note: `inherited from ${value}`,
    })),
    byHand: [
      { domain: "a.example.org", text: `index.ts:3 Website "a": excludeIps: [] → ${valueText(hostile)}` },
    ],
    notFixed: hostile.map((value, i) => ({
      status: "unmanaged" as const,
      domain: value,
      id: i,
      reason: `in no stack: ${value}`,
    })),
    files: [],
    exitCode: 2,
  };
  const cloud: CloudFixOutcome = {
    exitCode: 1,
    stacks: [
      {
        stack: "web/prod",
        result: "failed",
        websites: hostile.map((value, i) => ({
          stack: "web/prod",
          resource: `site${i}`,
          domain: value,
          id: i,
          status: "changed" as const,
          urn: `urn:site${i}`,
          action: "update" as const,
          fields: [{ field: "excludeIps", live: [value], declared: [] }],
        })),
        error: `stack web/prod: pulumi up failed: error: 422 ${hostile.join(" ")}\n  ::error::more`,
      },
    ],
    notFixed: [{ domain: "@octocat", id: 1, status: "duplicate", reason: "recorded by #1 and GH-2" }],
  };
  // The formats the table of report formats says the fixes print their summaries in (the
  // compiler holds them to the summaries' own).
  const summaryFormats: FixSummaryFormat[] = reportFormatTable.filter((f) => f.fixSummary).map((f) => f.name);

  for (const format of summaryFormats) {
    it(`--fix code, ${format}: inert`, () => {
      const summary = formatFixSummary(fix, format);
      expectInert(summary);
      if (format === "markdown") {
        expectTameMarkdown(summary, { headings: 1, items: fix.written.length + 1 + fix.notFixed.length });
        // The exit line is a paragraph of its own, not a continuation of the last item.
        expect(markdownIt.render(summary)).toContain("<p>Exit code 2:");
      }
      if (format === "json") {
        const body = JSON.parse(summary) as FixOutcome;
        expect(body.written.map((w) => [w.domain, w.new])).toEqual(fix.written.map((w) => [w.domain, w.new]));
        expect(body.notFixed.map((n) => n.reason)).toEqual(fix.notFixed.map((n) => neutralText(n.reason)));
      }
    });

    it(`--fix cloud, ${format}: inert`, () => {
      const summary = formatCloudFixSummary(cloud, format);
      expectInert(summary);
      if (format === "markdown") {
        expectTameMarkdown(summary, { headings: 1, items: hostile.length + 1 + 1 });
        expect(markdownIt.render(summary)).toContain("<p>Exit code 1:");
      }
      if (format === "json") {
        const body = JSON.parse(summary) as CloudFixOutcome;
        expect(body.stacks[0]!.websites.map((w) => w.domain)).toEqual(hostile);
        expect(body.stacks[0]!.error).toBe(neutralText(cloud.stacks[0]!.error!));
      }
    });
  }

  it("--fix cloud's plan: inert, one line per field", () => {
    const plan = planText([{ stack: "web/prod", source: {} as never, planned: cloud.stacks[0]!.websites }]);
    expectInert(plan);
    expect(plan.split("\n")).toHaveLength(1 + 2 * hostile.length + 1);
  });
});

describe("drift output: Markdown", () => {
  it("renders a plain value as it always did, any other as a code span", () => {
    expect(markdownValue("b.example.com")).toBe("b.example.com");
    expect(markdownValue("c|`x`.example.com", { table: true })).toBe("c\\|\\`x\\`.example.com");
    expect(markdownValue("team@example.com")).toBe("team@example.com");
    expect(markdownValue("@octocat")).toBe("`@octocat`");
    expect(markdownValue("# heading")).toBe("`# heading`");
    expect(markdownValue("a\nb")).toBe("`a\\nb`");
    expect(markdownValue("| x | #1", { table: true })).toBe("`\\| x \\| #1`");
  });

  it("fences a code span longer than any run of backticks inside, padding edge backticks", () => {
    expect(markdownCode("```")).toBe("```` ``` ````");
    expect(markdownCode("a`b``c")).toBe("```a`b``c```");
    expect(markdownCode(" x")).toBe("`  x `");
    for (const value of ["```", "a`b``c", " x", "`", "x ", "@octocat"]) {
      const html = markdownIt.render(`before ${markdownCode(value)} after`);
      const code = /<code>([\s\S]*)<\/code>/.exec(html)?.[1];
      expect(code?.replace(/&amp;/g, "&"), value).toBe(value);
    }
  });

  it("in text outside code (a heading, a list item), mentions and references go into code of their own", () => {
    const heading = `## Drift in ${markdownText("web @octocat owner/repo#1 GH-2 #3 ::x")}`;
    expectTameMarkdown(heading, { headings: 1 });
    for (const value of hostile) {
      expectTameMarkdown(`- ${markdownText(value, { lineStart: true })}`, { headings: 0, items: 1 });
      expectTameMarkdown(`Text ${markdownText(value)} and ${markdownValue(value)}.`, { headings: 0 });
    }
  });
});

describe("drift output: XML, HTML and JSON helpers", () => {
  it("xmlText escapes markup and replaces what XML 1.0 cannot hold", () => {
    expect(xmlText(`<a href="x">'&'</a>\uffff\ud800\u0001\r`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;\ufffd\ufffd\ufffd&#13;",
    );
    const element = `<t a="${xmlText(hostile.join("|"))}">${xmlText(hostile.join("|"))}</t>`;
    expect(XMLValidator.validate(element)).toBe(true);
  });

  it("escapeHtml makes markup text, in attributes and in text", () => {
    for (const value of [...hostile, `"><script>alert(1)</script>`, "' onmouseover='x", "&amp;"]) {
      const html = `<p title="${escapeHtml(value)}" data-x='${escapeHtml(value)}'>${escapeHtml(value)}</p>`;
      const nodes = parseFragment(html).childNodes as unknown as {
        nodeName: string;
        attrs: { name: string; value: string }[];
        childNodes: { nodeName: string; value?: string }[];
      }[];
      expect(nodes.map((n) => n.nodeName)).toEqual(["p"]);
      const [p] = nodes;
      // HTML parsers turn a NUL into U+FFFD and CR LF into LF: the rest comes back exact.
      const asParsed = value.replace(/\r\n?/g, "\n");
      expect(p!.attrs).toEqual([
        { name: "title", value: asParsed },
        { name: "data-x", value: asParsed },
      ]);
      expect(p!.childNodes.every((c) => c.nodeName === "#text")).toBe(true);
      expect(p!.childNodes.map((c) => c.value).join("")).toBe(asParsed);
    }
  });

  it("neutralJson parses back to the same data, showing no hidden character and no ##[", () => {
    const data = { values: hostile, "##[error]key": "\u2028" };
    const json = neutralJson(data, 2);
    expectInert(json);
    expect(JSON.parse(json)).toEqual(data);
    const script = scriptJson(data);
    expect(script).not.toMatch(/[<>&]/);
    expect(JSON.parse(script)).toEqual(data);
  });
});

describe("drift output: for a JavaScript action", () => {
  it("withWorkflowCommandsStopped: no line of the text runs a command, the commands resume after it", () => {
    const text = hostile.join("\n");
    const wrapped = withWorkflowCommandsStopped(text);
    const lines = wrapped.split("\n");
    expect(lines[0]).toMatch(/^::stop-commands::[0-9a-f]{32}$/);
    const token = lines[0]!.slice("::stop-commands::".length);
    expect(lines.at(-2)).toBe(`::${token}::`);
    expect(wrapped.endsWith("\n")).toBe(true);
    // The model runner sees the stop line only; a command after the wrapped text runs again.
    expect(workflowCommands(`${wrapped}::error::after`)).toEqual([lines[0], "::error::after"]);
    // Unwrapped, the same text would have run commands.
    expect(workflowCommands(text)).toEqual(["::error::x", "::stop-commands::t"]);
    // Tokens differ from call to call.
    expect(withWorkflowCommandsStopped(text).split("\n")[0]).not.toBe(lines[0]);
  });

  it("withWorkflowCommandsStopped: a token the text holds, in any case, is made again", () => {
    const tokens = ["abc", "def"];
    const wrapped = withWorkflowCommandsStopped("echo ::ABC::\n", () => tokens.shift()!);
    expect(wrapped).toBe("::stop-commands::def\necho ::ABC::\n::def::\n");
    expect(() => withWorkflowCommandsStopped("abc", () => "abc")).toThrow(/token/);
    expect(() => withWorkflowCommandsStopped("x", () => "pause-logging")).toThrow(/pause-logging/);
  });

  /** $GITHUB_OUTPUT as the runner reads it: `NAME<<DELIMITER`, lines, then the delimiter alone. */
  function readOutputs(file: string): Record<string, string> {
    const outputs: Record<string, string> = {};
    const lines = file.split("\n");
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line === "") continue;
      const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
      if (!heredoc) {
        const [name, ...value] = line.split("=");
        outputs[name!] = value.join("=");
        continue;
      }
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== heredoc[2]; i++) value.push(lines[i]!);
      outputs[heredoc[1]!] = value.join("\n");
    }
    return outputs;
  }

  it("githubOutputEntry: any value, its lines included, is one output", () => {
    const value = `${hostile.join("\n")}\nEOF\nreport<<EOF\nexit-code=0\nghadelimiter_x`;
    const file = githubOutputEntry("report", value) + githubOutputEntry("exit-code", "2");
    expect(readOutputs(file)).toEqual({ report: value, "exit-code": "2" });
    expect(file.split("\n")[0]).toMatch(/^report<<ghadelimiter_[0-9a-f]{32}$/);
  });

  it("githubOutputEntry: a delimiter the value holds is made again; a bad name is refused", () => {
    const delimiters = ["END", "END2"];
    const entry = githubOutputEntry("summary", "a\nEND\nhacked=1", () => delimiters.shift()!);
    expect(entry).toBe("summary<<END2\na\nEND\nhacked=1\nEND2\n");
    expect(readOutputs(entry)).toEqual({ summary: "a\nEND\nhacked=1" });
    expect(() => githubOutputEntry("x", "END", () => "END")).toThrow(/delimiter/);
    for (const name of ["a<<b", "a\nb", "a=b", "", "1x"])
      expect(() => githubOutputEntry(name, "v")).toThrow(/name/);
  });
});

describe("drift output: the command line's errors", () => {
  it("a message quoting hostile text keeps its lines, none starting a workflow command", async () => {
    const run = await runCaptured(["drift", "--state", "/nonexistent/x\u001b[31m\n::error::y ##[warning]z"]);
    expect(run.code).toBe(1);
    expectInert(run.err);
    expect(run.err).toContain(
      "state file /nonexistent/x\\u001b[31m\n\\u003a:error::y \\u0023#[warning]z could not",
    );
  });
});
