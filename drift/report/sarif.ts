// The drift report as SARIF 2.1.0, the format code-scanning services show natively: one rule per
// kind of finding (each status but in-sync, and silent), with its help, one result per finding of
// a website. Every result has a file, since GitHub refuses the whole upload when one lacks it:
// the line that declares the website when that is known (fleet file or program), else the
// project file a reviewer acts on, with the reason in the location's and the result's message
// (review-sites.ts), beside a logical location, the website on its account. Each result has a
// fingerprint of what it is about (installation, account, domain, finding), so that an alert
// stays one alert from run to run, and the run an automationDetails.id naming the stacks read.
// Accepted (baseline) and ignored findings are results with a suppression that says why; stale
// baseline entries and ignore rules are warnings of the run, located at their line. Nothing
// secret is in it: see report.ts. Every message is neutralised as text (model/neutral-text.ts:
// no control character or line break of a server value), properties and locations stay exact.
import { createHash } from "node:crypto";
import { isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";
import { SDK_VERSION } from "../../sdk/version";
import { repository } from "../../core/package-schema";
import type { DriftEntry, FailOnName } from "../model/entries";
import { failOnNames, findingsOf } from "../model/entries";
import { findingExcuseText, findingFails } from "./report-context";
import type { DeclarationSite, ReportContext } from "./report-context";
import type { DriftReport } from "../model/report";
import { changeText, staleBaselineText, staleRuleText } from "./report-texts";
import { neutralJson, neutralText } from "../model/neutral-text";
import { policySarif } from "./policy-report";
import { pageSarif } from "./page-report";

const rules: Record<FailOnName, { name: string; short: string; full: string; help: string }> = {
  changed: {
    name: "WebsiteChanged",
    short: "A website's settings differ from what its stack recorded.",
    full: "The server holds other values than the stack recorded for fields a refresh reads; the next pulumi up would set them back.",
    help: "Run pulumi up to set the recorded values back, or keep the live ones: pulumi-webstats drift --fix code writes them into a fleet file or Pulumi YAML program (a program in another language is changed by hand), then pulumi up --refresh records them. To accept the change without acting, add it to the baseline (--write-baseline) or the ignore file (.webstats-drift.yaml, by domain, status and field).",
  },
  gone: {
    name: "WebsiteGone",
    short: "A website a stack records is not on the server.",
    full: "The stack records the website, but its account no longer holds it; the next pulumi up would create it again.",
    help: "Run pulumi up to create the website again (its statistics are gone with it), or remove its declaration and run pulumi refresh so that the stack forgets it.",
  },
  unmanaged: {
    name: "WebsiteUnmanaged",
    short: "A website on the server is in none of the stacks read.",
    full: "The account holds a website that no stack given to drift declares.",
    help: "Declare the website so that a stack manages it: pulumi-webstats drift --fix code --adopt-unmanaged appends it to the fleet file of its account's stacks, or pulumi-webstats generate --only-unmanaged writes a project for it. Websites managed by hand on purpose go in the ignore file with status unmanaged.",
  },
  duplicate: {
    name: "WebsiteDuplicate",
    short: "A website is recorded by more than one resource.",
    full: "Two or more resources record the same website, and each would change or delete it.",
    help: "Keep one declaration of the website: remove it from the other programs or stacks (pulumi state delete, or remove the declaration and refresh), since each resource would change or delete it.",
  },
  silent: {
    name: "WebsiteSilent",
    short: "A website had no pageview in the window checked.",
    full: "With --check-tracking: the website on the server recorded no pageview in the last days, so its tracking may be broken.",
    help: "Check that the website's pages still carry the tracking code and that excludeIps or excludeBots do not drop every visit; a website silent on purpose goes in the ignore file with status silent.",
  },
};

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

const fingerprint = (entry: DriftEntry, finding: FailOnName): string =>
  createHash("sha256")
    .update(JSON.stringify([entry.account.url, entry.account.id, entry.domain, finding]))
    .digest("hex");

function resultOf(entry: DriftEntry, finding: FailOnName, report: DriftReport, context: ReportContext) {
  const excuse = findingExcuseText(entry, finding, report.baseline?.file);
  const fails = findingFails(entry, finding, context);
  const site = context.locate?.(entry) ?? unknownSite;
  const shownAt = site.fallback ? ` Shown at ${site.file}: ${site.fallback}.` : "";
  return {
    ruleId: finding,
    ruleIndex: ruleIds.indexOf(finding),
    level: excuse ? "note" : fails ? "error" : "warning",
    message: { text: neutralText(`${messageOf(entry, finding)}${shownAt}`) },
    locations: [locationOf(entry, site)],
    partialFingerprints: { "webstatsFinding/v1": fingerprint(entry, finding) },
    ...(report.baseline ? { baselineState: entry.accepted ? "unchanged" : "new" } : {}),
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

/** The warnings of the run: baseline entries and ignore rules that match nothing any more. */
function notifications(report: DriftReport) {
  return [
    ...(report.baseline?.stale ?? []).map((e) => ({
      level: "warning",
      message: { text: neutralText(staleBaselineText(e)) },
      locations: [physical(e.file, e.line)],
    })),
    ...(report.ignore?.stale ?? []).map((r) => ({
      level: "warning",
      message: { text: neutralText(staleRuleText(r)) },
      locations: [physical(r.file, r.line)],
    })),
  ];
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

export function sarifReport(report: DriftReport, context: ReportContext = {}): string {
  const results = report.websites.flatMap((entry) =>
    findingsOf(entry).map((finding) => resultOf(entry, finding, report, context)),
  );
  const warnings = notifications(report);
  // The policy rules' results are located as every other finding (locationOf); a stack's
  // finding with no website to show it at goes to the project's file, as code scanning needs a
  // file for every result.
  const policy = report.policy
    ? policySarif(
        report.policy,
        ruleIds.length,
        (entry) => locationOf(entry, context.locate?.(entry) ?? unknownSite),
        (stack) => report.websites.filter((e) => e.stacks.includes(stack)),
        (stack) => ({
          ...physical(unknownSite.file, unknownSite.line),
          message: {
            text: neutralText(`Shown here as the project of the stack ${stack}, which has no website.`),
          },
          logicalLocations: [{ name: stack, fullyQualifiedName: stack, kind: "module" }],
        }),
      )
    : undefined;
  const firstPageRule = ruleIds.length + (policy?.rules.length ?? 0);
  const pages = report.pages
    ? pageSarif(report.websites, firstPageRule, (entry) =>
        locationOf(entry, context.locate?.(entry) ?? unknownSite),
      )
    : undefined;
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
            rules: [
              ...ruleIds.map((id) => ({
                id,
                name: rules[id].name,
                shortDescription: { text: rules[id].short },
                fullDescription: { text: rules[id].full },
                help: { text: rules[id].help },
                defaultConfiguration: { level: "error" },
              })),
              ...(policy?.rules ?? []),
              ...(pages?.rules ?? []),
            ],
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
        properties: { stacks: report.stacks },
      },
    ],
  };
  return `${neutralJson(log, 2)}\n`;
}
