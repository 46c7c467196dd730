// The SARIF 2.1.0 report, the format code-scanning services show natively: a rule per kind of
// finding (sarif/sarif-rules.ts), one result per finding of a website, per page that needs a look
// and per policy finding. Every result has a file, since GitHub refuses the whole upload when one
// lacks it: the line that declares the website when that is known (fleet file or program), else
// the project file a reviewer acts on, with the reason in the location's and the result's message
// (../review-sites.ts), beside a logical location, the website on its account. Each result has a
// fingerprint of what it is about (installation, account, domain, finding), so that an alert
// stays one alert from run to run, and the run an automationDetails.id naming the stacks read.
// Accepted (baseline) and ignored findings are results with a suppression that says why; stale
// baseline entries and ignore rules are warnings of the run, located at their line. With
// --history, each result's baselineState says whether its finding is new since the last run (else
// with --baseline, whether the baseline accepts it), and the run's properties give the history's
// counts; a fixed finding is no result (a code-scanning service closes its alert itself). Every
// message is neutralised as text (model/neutral-text.ts: no control character or line break of a
// server value); properties and locations stay exact.
import { createHash } from "node:crypto";
import { isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";
import { SDK_VERSION } from "../../../sdk/version";
import { repository } from "../../../core/package-schema";
import type { DriftEntry, FailOnName } from "../../model/entries";
import { failOnNames } from "../../model/entries";
import type { PolicyFinding } from "../../model/report";
import { neutralJson, neutralText } from "../../model/neutral-text";
import type { DeclarationSite } from "../report-context";
import { changeText } from "../report-texts";
import type { PolicyView } from "../view/policy-view";
import type { FindingView, ReportView, RowView } from "../view/report-view";
import type { HistoryView } from "../view/history-view";
import {
  findingRuleEntries,
  pageRuleEntries,
  pageRuleId,
  pageRuleIds,
  policyRuleEntries,
  policyRuleId,
} from "./sarif/sarif-rules";

const ruleIds = [...failOnNames];

/** A relative path as a URI reference (forward slashes, each segment encoded); absolute ones as file: URIs. */
function uriOf(file: string): string {
  if (isAbsolute(file)) return pathToFileURL(file).href;
  return file
    .split(/[\\/]/)
    .map((segment) => encodeURIComponent(segment))
    .join("/");
}

const physical = (file: string, line: number) => ({
  physicalLocation: { artifactLocation: { uri: uriOf(file) }, region: { startLine: Math.max(1, line) } },
});

/** A stand-in when the report is formatted without knowing where websites are declared. */
const unknownSite: DeclarationSite = {
  file: "Pulumi.yaml",
  line: 1,
  fallback: "the project in the folder drift ran in: where the website is declared is not known",
};

/** The website on its account, as a logical location. */
const logicalOf = (entry: DriftEntry) => ({
  name: entry.domain,
  fullyQualifiedName: `${entry.account.url}/accounts/${entry.account.id}/websites/${entry.domain}`,
  kind: "resource",
});

function locationOf(entry: DriftEntry, site: DeclarationSite) {
  return {
    ...physical(site.file, site.line),
    ...(site.fallback ? { message: { text: neutralText(`Shown here as ${site.fallback}.`) } } : {}),
    logicalLocations: [logicalOf(entry)],
  };
}

function messageOf(entry: DriftEntry, finding: FailOnName): string {
  const subject = `${entry.domain} (${entry.id}) on the account ${entry.account.email} (${entry.account.id}) at ${entry.account.url}`;
  const recordedBy = entry.resources.length > 0 ? ` Recorded by ${entry.resources.join(", ")}.` : "";
  switch (finding) {
    case "changed":
      return `${subject} changed: ${(entry.changes ?? []).map((c) => changeText(c)).join("; ")}.${recordedBy}`;
    case "gone":
      return `${subject} is gone from the server.${recordedBy}`;
    case "unmanaged":
      return `${subject} is in none of the stacks read.`;
    case "duplicate":
      return `${subject} is recorded more than once.${recordedBy}`;
    case "silent":
      return `${subject} had no pageview in the window checked.${recordedBy}`;
  }
}

const sha256 = (parts: unknown[]): string => createHash("sha256").update(JSON.stringify(parts)).digest("hex");

/** A result's SARIF baselineState: `new` when one of its findings is, else `unchanged`. */
type BaselineState = "new" | "unchanged";

/**
 * Where the history says each result's findings are new: a website's findings by its row (a
 * website the report lists twice by its first row, as the history counts it once) and the
 * finding's name, a changed website's fields together; a policy finding by its place.
 */
function historyStates(history: HistoryView, rows: readonly RowView[]) {
  const key = (row: RowView) =>
    JSON.stringify([row.entry.account.url, row.entry.account.id, row.entry.id, row.entry.domain]);
  const firstRow = new Map<string, number>();
  for (const row of rows) if (!firstRow.has(key(row))) firstRow.set(key(row), row.index);
  const website = new Map<string, boolean>();
  const policy = new Map<number, boolean>();
  for (const { finding: f, new: isNew } of history.findings) {
    if (f.policy !== undefined) policy.set(f.policy, isNew);
    else if (f.row !== undefined) {
      const at = `${f.row}#${f.finding}`;
      website.set(at, (website.get(at) ?? false) || isNew);
    }
  }
  const state = (isNew: boolean | undefined): BaselineState => (isNew ? "new" : "unchanged");
  return {
    of: (row: RowView, finding: FindingView) =>
      state(website.get(`${firstRow.get(key(row)) ?? row.index}#${finding.name}`)),
    ofPolicy: (index: number) => state(policy.get(index)),
  };
}

function resultOf(entry: DriftEntry, finding: FindingView, view: ReportView, state?: BaselineState) {
  const { excuse } = finding;
  const site = view.locate?.(entry) ?? unknownSite;
  const shownAt = site.fallback ? ` Shown at ${site.file}: ${site.fallback}.` : "";
  return {
    ruleId: finding.name,
    ruleIndex: ruleIds.indexOf(finding.name),
    level: excuse ? "note" : finding.fails ? "error" : "warning",
    message: { text: neutralText(`${messageOf(entry, finding.name)}${shownAt}`) },
    locations: [locationOf(entry, site)],
    partialFingerprints: {
      "webstatsFinding/v1": sha256([entry.account.url, entry.account.id, entry.domain, finding.name]),
    },
    ...(state !== undefined
      ? { baselineState: state }
      : view.baselineFile !== undefined
        ? { baselineState: entry.accepted ? "unchanged" : "new" }
        : {}),
    ...(excuse
      ? {
          suppressions: [
            {
              kind: "external",
              ...(entry.accepted ? { status: "accepted" } : {}),
              justification: neutralText(excuse),
            },
          ],
        }
      : {}),
    properties: {
      domain: entry.domain,
      websiteId: entry.id,
      status: entry.status,
      installation: entry.account.url,
      account: entry.account.id,
      stacks: entry.stacks,
    },
  };
}

/** How a website's findings are located (the same for every finding about it). */
type LocateEntry = (entry: DriftEntry) => object;

const policyFingerprint = (f: PolicyFinding): string =>
  sha256(f.entry ? [f.rule, f.entry.account.url, f.entry.account.id, f.entry.domain] : [f.rule, f.stack]);

/**
 * The policy's rules (one per rule applied) and results (one per finding), located as drift's
 * other findings: a stack's finding at the first of its websites, else at its project.
 */
export function policySarif(
  policy: PolicyView,
  rows: readonly RowView[],
  firstIndex: number,
  locate: LocateEntry,
  locateStack: (stack: string) => object,
  stateOf?: (index: number) => BaselineState,
) {
  const { check } = policy;
  const results = policy.findings.map(({ finding: f, subject, index }) => {
    const entry = f.entry ?? rows.find((r) => r.entry.stacks.includes(f.stack ?? ""))?.entry;
    const location = entry ? locate(entry) : locateStack(f.stack ?? "");
    return {
      ruleId: policyRuleId(f.rule),
      ruleIndex: firstIndex + check.rules.findIndex((r) => r.name === f.rule),
      level: f.level === "mandatory" && check.failOn ? "error" : "warning",
      message: { text: neutralText(`${f.message} (${subject})`) },
      locations: [location],
      partialFingerprints: { "webstatsPolicy/v1": policyFingerprint(f) },
      ...(stateOf ? { baselineState: stateOf(index) } : {}),
      properties: {
        policyRule: f.rule,
        enforcementLevel: f.level,
        ...(f.entry
          ? {
              domain: f.entry.domain,
              websiteId: f.entry.id,
              installation: f.entry.account.url,
              account: f.entry.account.id,
              stacks: f.entry.stacks,
            }
          : { stack: f.stack }),
      },
    };
  });
  return { rules: policyRuleEntries(check), results };
}

/**
 * The page check's rules and results: a warning per website whose home page is not right,
 * located where the website is, with a fingerprint of the website and the status so that an
 * alert stays one from run to run. Pages have no --fail-on value: their results are warnings.
 */
export function pageSarif(rows: readonly RowView[], firstIndex: number, locate: LocateEntry) {
  const results = rows.flatMap(({ entry: e, page }) => {
    const status = e.page?.status;
    if (status === undefined || status === "present") return [];
    return [
      {
        ruleId: pageRuleId(status),
        ruleIndex: firstIndex + pageRuleIds.indexOf(status),
        level: "warning",
        message: {
          text: neutralText(`${e.domain} (${e.id}) on the account ${e.account.email}: ${page?.detail}.`),
        },
        locations: [locate(e)],
        partialFingerprints: { "webstatsPage/v1": sha256([e.account.url, e.account.id, e.domain, status]) },
      },
    ];
  });
  return { rules: pageRuleEntries(), results };
}

/**
 * The run's automationDetails.id, `pulumi-webstats-drift/STACKS/`: code scanning keeps one
 * analysis per category (the part before the last `/`, here all of it), so reports of other
 * stacks uploaded from one repository stay apart while each run of the same stacks replaces the
 * last. Many stacks are named by their count and a hash of their names.
 */
export function automationId(stacks: readonly string[]): string {
  // A stack named twice is one stack, counted once, so that the category stays the same.
  const unique = [...new Set(stacks)].sort();
  const names = unique.join(",");
  const label =
    names.length <= 120
      ? names
      : `${unique.length}-stacks-${createHash("sha256").update(names).digest("hex").slice(0, 12)}`;
  return `pulumi-webstats-drift/${label || "no-stacks"}/`;
}

export function sarifReport(view: ReportView): string {
  const { report } = view;
  const locate = (entry: DriftEntry) => locationOf(entry, view.locate?.(entry) ?? unknownSite);
  const states = view.history ? historyStates(view.history, view.rows) : undefined;
  const results = view.rows.flatMap((row) =>
    row.findings.map((finding) => resultOf(row.entry, finding, view, states?.of(row, finding))),
  );
  // The warnings of the run: baseline entries and ignore rules that match nothing any more.
  const warnings = view.stale.map((s) => ({
    level: "warning",
    message: { text: neutralText(s.text) },
    locations: [physical(s.file, s.line)],
  }));
  // A stack's policy finding with no website to show it at goes to the project's file, as code
  // scanning needs a file for every result.
  const policy = view.policy
    ? policySarif(
        view.policy,
        view.rows,
        ruleIds.length,
        locate,
        (stack) => ({
          ...physical(unknownSite.file, unknownSite.line),
          message: {
            text: neutralText(`Shown here as the project of the stack ${stack}, which has no website.`),
          },
          logicalLocations: [{ name: stack, fullyQualifiedName: stack, kind: "module" }],
        }),
        states?.ofPolicy,
      )
    : undefined;
  const firstPageRule = ruleIds.length + (policy?.rules.length ?? 0);
  const pages = view.pages ? pageSarif(view.rows, firstPageRule, locate) : undefined;
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "pulumi-webstats drift",
            version: SDK_VERSION,
            informationUri: repository,
            rules: [...findingRuleEntries(ruleIds), ...(policy?.rules ?? []), ...(pages?.rules ?? [])],
          },
        },
        automationDetails: { id: automationId(report.stacks) },
        invocations: [
          {
            executionSuccessful: true,
            ...(warnings.length > 0 ? { toolExecutionNotifications: warnings } : {}),
          },
        ],
        results: [...results, ...(policy?.results ?? []), ...(pages?.results ?? [])],
        properties: {
          stacks: report.stacks,
          ...(view.history
            ? {
                history: {
                  ...(view.history.since !== undefined ? { since: view.history.since } : {}),
                  counts: view.history.counts,
                },
              }
            : {}),
        },
      },
    ],
  };
  return `${neutralJson(log, 2)}\n`;
}
