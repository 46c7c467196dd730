// Sentences every format of the drift report shares: a field's change, and the warnings for a
// baseline entry or an ignore rule that matches nothing any more. Values are shown as
// model/neutral-text.ts shows them; each format neutralises the sentences it writes.
import type { StaleBaselineEntry, StaleIgnoreRule } from "../model/report";
import type { FieldChange } from "../model/entries";
import { valueText } from "../model/neutral-text";

/** "excludeIps: [10.0.0.1] recorded, [] live"; `show` renders each value (Markdown's own, say). */
export const changeText = (c: FieldChange, show: (value: unknown) => string = valueText): string =>
  `${c.field}: ${show(c.recorded)} recorded, ${show(c.live)} live`;

export const staleBaselineText = (e: StaleBaselineEntry): string =>
  `stale baseline entry ${e.file}:${e.line}: ${e.status} ${e.domain} on account ${e.account} at ${e.installation} ` +
  `(first seen ${e.firstSeen}) matches no website any more; remove it, or write the baseline again.`;

export const staleRuleText = (r: StaleIgnoreRule): string =>
  `stale ignore rule ${r.at}: domain ${JSON.stringify(r.domain)} matches no website of the report; ` +
  "remove the rule, or correct its domain.";
