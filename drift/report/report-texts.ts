// Sentences every format of the drift report shares: a field's change, and the warnings for a
// baseline entry or an ignore rule that matches nothing any more.
import type { StaleBaselineEntry, StaleIgnoreRule } from "../model/report";
import type { FieldChange } from "../model/entries";

export const valueText = (value: unknown): string =>
  Array.isArray(value) ? `[${value.join(", ")}]` : JSON.stringify(value);

export const changeText = (c: FieldChange): string =>
  `${c.field}: ${valueText(c.recorded)} recorded, ${valueText(c.live)} live`;

export const staleBaselineText = (e: StaleBaselineEntry): string =>
  `stale baseline entry ${e.file}:${e.line}: ${e.status} ${e.domain} on account ${e.account} at ${e.installation} ` +
  `(first seen ${e.firstSeen}) matches no website any more; remove it, or write the baseline again.`;

export const staleRuleText = (r: StaleIgnoreRule): string =>
  `stale ignore rule ${r.at}: domain ${JSON.stringify(r.domain)} matches no website of the report; ` +
  "remove the rule, or correct its domain.";
