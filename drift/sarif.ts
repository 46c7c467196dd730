// The drift report as SARIF 2.1.0, the format code-scanning services show natively: one rule per
// kind of finding (each status but in-sync, and silent), one result per finding of a website,
// located where the website is declared when that is known (fleet file or program, and line),
// else by a logical location: the website's domain. Accepted (baseline) and ignored findings are
// results with a suppression that says why; stale baseline entries and ignore rules are warnings
// of the run, located at their line. Nothing secret is in it: see report.ts.
import { createHash } from "node:crypto";
import { isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";
import { SDK_VERSION } from "../sdk/version";
import type { DriftEntry, FailOnName } from "./compare";
import { failOnNames, findingsOf } from "./compare";
import { findingExcuseText, findingFails } from "./report-context";
import type { ReportContext } from "./report-context";
import type { DriftReport } from "./report-data";
import { changeText, staleBaselineText, staleRuleText } from "./report-texts";

const rules: Record<FailOnName, { name: string; short: string; full: string }> = {
  changed: {
    name: "WebsiteChanged",
    short: "A website's settings differ from what its stack recorded.",
    full: "The server holds other values than the stack recorded for fields a refresh reads; the next pulumi up would set them back.",
  },
  gone: {
    name: "WebsiteGone",
    short: "A website a stack records is not on the server.",
    full: "The stack records the website, but its account no longer holds it; the next pulumi up would create it again.",
  },
  unmanaged: {
    name: "WebsiteUnmanaged",
    short: "A website on the server is in none of the stacks read.",
    full: "The account holds a website that no stack given to drift declares.",
  },
  duplicate: {
    name: "WebsiteDuplicate",
    short: "A website is recorded by more than one resource.",
    full: "Two or more resources record the same website, and each would change or delete it.",
  },
  silent: {
    name: "WebsiteSilent",
    short: "A website had no pageview in the window checked.",
    full: "With --check-tracking: the website on the server recorded no pageview in the last days, so its tracking may be broken.",
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

function locationOf(entry: DriftEntry, context: ReportContext) {
  const site = context.locate?.(entry);
  if (site) return physical(site.file, site.line);
  return {
    logicalLocations: [
      {
        name: entry.domain,
        fullyQualifiedName: `${entry.account.url}/accounts/${entry.account.id}/websites/${entry.domain}`,
        kind: "resource",
      },
    ],
  };
}

function messageOf(entry: DriftEntry, finding: FailOnName): string {
  const subject = `${entry.domain} (${entry.id}) on the account ${entry.account.email} (${entry.account.id}) at ${entry.account.url}`;
  const recordedBy = entry.resources.length > 0 ? ` Recorded by ${entry.resources.join(", ")}.` : "";
  switch (finding) {
    case "changed":
      return `${subject} changed: ${(entry.changes ?? []).map(changeText).join("; ")}.${recordedBy}`;
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
  return {
    ruleId: finding,
    ruleIndex: ruleIds.indexOf(finding),
    level: excuse ? "note" : fails ? "error" : "warning",
    message: { text: messageOf(entry, finding) },
    locations: [locationOf(entry, context)],
    partialFingerprints: { "webstatsFinding/v1": fingerprint(entry, finding) },
    ...(report.baseline ? { baselineState: entry.accepted ? "unchanged" : "new" } : {}),
    ...(excuse
      ? {
          suppressions: [
            { kind: "external", ...(entry.accepted ? { status: "accepted" } : {}), justification: excuse },
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
      message: { text: staleBaselineText(e) },
      locations: [physical(e.file, e.line)],
    })),
    ...(report.ignore?.stale ?? []).map((r) => ({
      level: "warning",
      message: { text: staleRuleText(r) },
      locations: [physical(r.file, r.line)],
    })),
  ];
}

export function sarifReport(report: DriftReport, context: ReportContext = {}): string {
  const results = report.websites.flatMap((entry) =>
    findingsOf(entry).map((finding) => resultOf(entry, finding, report, context)),
  );
  const warnings = notifications(report);
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "pulumi-webstats drift",
            version: SDK_VERSION,
            rules: ruleIds.map((id) => ({
              id,
              name: rules[id].name,
              shortDescription: { text: rules[id].short },
              fullDescription: { text: rules[id].full },
              defaultConfiguration: { level: "error" },
            })),
          },
        },
        invocations: [
          {
            executionSuccessful: true,
            ...(warnings.length > 0 ? { toolExecutionNotifications: warnings } : {}),
          },
        ],
        results,
        properties: { stacks: report.stacks },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
