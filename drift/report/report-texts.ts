// Sentences of the drift report's view (view/report-view.ts), which every format shows: a field's
// change, the warnings for a baseline entry or an ignore rule that matches nothing any more, the
// counts by status, the tracking check's outcome, what does not fail, and an account's use of its
// plan. Values are shown as model/neutral-text.ts shows them; each format neutralises the
// sentences it writes.
import type { AccountUse, DriftReport, StaleBaselineEntry, StaleIgnoreRule } from "../model/report";
import type { DriftEntry, DriftStatus, FieldChange } from "../model/entries";
import { driftStatuses } from "../model/entries";
import { valueText } from "../model/neutral-text";
import { plural } from "../model/words";

/** "excludeIps: [10.0.0.1] recorded, [] live"; `show` renders each value (Markdown's own, say). */
export const changeText = (c: FieldChange, show: (value: unknown) => string = valueText): string =>
  `${c.field}: ${show(c.recorded)} recorded, ${show(c.live)} live`;

export const staleBaselineText = (e: StaleBaselineEntry): string =>
  `stale baseline entry ${e.file}:${e.line}: ${e.status} ${e.domain} on account ${e.account} at ${e.installation} ` +
  `(first seen ${e.firstSeen}) matches no website any more; remove it, or write the baseline again.`;

export const staleRuleText = (r: StaleIgnoreRule): string =>
  `stale ignore rule ${r.at}: domain ${JSON.stringify(r.domain)} matches no website of the report; ` +
  "remove the rule, or correct its domain.";

export function statusCounts(entries: readonly DriftEntry[]): Record<DriftStatus, number> {
  const counts = Object.fromEntries(driftStatuses.map((s) => [s, 0])) as Record<DriftStatus, number>;
  for (const entry of entries) counts[entry.status] += 1;
  return counts;
}

/** The accepted (baseline) and ignored websites, which never fail, and the stale entries and rules. */
export function acceptanceText(report: DriftReport): string | undefined {
  if (!report.baseline && !report.ignore) return undefined;
  const accepted = report.websites.filter((e) => e.accepted && !e.ignored).length;
  const ignored = report.websites.filter((e) => e.ignored).length;
  const parts = [
    ...(report.baseline
      ? [
          `${accepted} accepted by the baseline ${report.baseline.file} (${report.baseline.stale.length} of its entries stale)`,
        ]
      : []),
    ...(report.ignore
      ? [`${ignored} ignored by ${report.ignore.file} (${report.ignore.stale.length} of its rules stale)`]
      : []),
  ];
  return `Not failing: ${parts.join("; ")}.`;
}

/** The tracking check's outcome and cost, when it ran. */
export function trackingText({ tracking, websites }: DriftReport): string | undefined {
  if (!tracking) return undefined;
  const checked = websites.filter((e) => e.silent !== undefined);
  const silent = checked.filter((e) => e.silent).length;
  return (
    `Tracking: ${silent} of ${plural(checked.length, "website")} on the server silent, with no pageview from ` +
    `${tracking.from} to ${tracking.to} (the last ${plural(tracking.days, "day")}, ` +
    `UTC dates); ${plural(tracking.requests, "request")}, one per website.`
  );
}

/** Websites held against the plan's limit: "4 of 10", "10 of 10, full", "250, unlimited", "3". */
export function useText(use: AccountUse, words = false): string {
  const limit = use.plan?.websites;
  const noun = (n: number) => (words ? (n === 1 ? " website" : " websites") : "");
  if (limit === undefined || limit < 0)
    return `${use.websites}${noun(use.websites)}${limit === undefined ? "" : ", no limit"}`;
  return `${use.websites} of ${limit}${noun(limit)}${use.websites >= limit ? ", no room for more" : ""}`;
}
