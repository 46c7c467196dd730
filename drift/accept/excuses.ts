// A run with both a baseline and an ignore file: each part of a website's drift (a finding, or
// one field of a changed website) is excused when an ignore rule covers it, else when the
// baseline's entry accepts it. A website whose every part is excused, whichever of the two
// covers which part, never fails; one with only some parts excused still fails, and the parts
// excused are kept on its new entry (`excusedParts`) so that `--fix code` leaves those fields alone and a
// new baseline does not record what the ignore file already covers.
import type { Baseline, BaselineFileEntry } from "./baseline";
import type { StaleBaselineEntry, IgnoreRule, StaleIgnoreRule } from "../model/report";
import { baselineCovers, baselineEntryFor, baselineIndex, staleEntries } from "./baseline";
import type { DriftEntry, DriftPart, ExcusedPart } from "../model/entries";
import { partsOf } from "../model/entries";
import type { IgnoreFile } from "./ignore-file";
import { ruleFor, rulesMatching } from "./ignore-file";

interface ExcuseSources {
  baseline?: Baseline;
  ignore?: IgnoreFile;
}

interface StaleExcuses {
  /** With a baseline: its entries that match no website. */
  baseline?: StaleBaselineEntry[];
  /** With an ignore file: its rules whose domain matches no website. */
  ignore?: StaleIgnoreRule[];
}

/** What covers one part: the ignore rule first (the team's standing decision), then the baseline. */
function excuseOf(
  part: DriftPart,
  rules: readonly IgnoreRule[],
  accepted: BaselineFileEntry | undefined,
): ExcusedPart | undefined {
  const rule = ruleFor(part, rules);
  if (rule) return { ...part, by: "ignore", rule: rule.at, reason: rule.reason };
  if (accepted && baselineCovers(part, accepted))
    return { ...part, by: "baseline", line: accepted.line, firstSeen: accepted.firstSeen };
  return undefined;
}

/** The entry anew with the excuse of each of its parts (the entry itself when nothing excuses it). */
function excused(
  entry: DriftEntry,
  parts: DriftPart[],
  excuses: (ExcusedPart | undefined)[],
  accepted?: BaselineFileEntry,
): DriftEntry {
  const found = excuses.filter((e): e is ExcusedPart => e !== undefined);
  if (found.length === 0) return entry;
  const ignored = found.filter((e) => e.by === "ignore");
  const whole = found.length === parts.length;
  const rules = new Map(ignored.map((e) => [e.rule, e.reason]));
  // The baseline accepts the website when it covers what no rule does, or every part by itself.
  const baselineAlone = accepted !== undefined && parts.every((p) => baselineCovers(p, accepted));
  return {
    ...entry,
    ...(whole && ignored.length > 0
      ? { ignored: [...rules].map(([rule, reason]) => ({ rule, reason })) }
      : {}),
    ...(accepted && whole && (ignored.length < found.length || baselineAlone)
      ? { accepted: { firstSeen: accepted.firstSeen, line: accepted.line } }
      : {}),
    // One source covering everything says it all; anything else is kept part by part.
    ...(!whole || (ignored.length > 0 && ignored.length < found.length) ? { excusedParts: found } : {}),
  };
}

/** The entries with their excuses, and what in the baseline and the ignore file matches no website. */
interface ExcusedEntries {
  websites: DriftEntry[];
  stale: StaleExcuses;
}

/**
 * The entries anew, each with what the baseline and the ignore rules excuse of it, together or
 * alone, and what in each matches no website any more. The entries given are left as they are.
 */
export function excuseEntries(entries: readonly DriftEntry[], sources: ExcuseSources): ExcusedEntries {
  const { baseline, ignore } = sources;
  const matching = ignore ? rulesMatching(ignore) : () => [];
  const index = baseline ? baselineIndex(baseline) : new Map<string, BaselineFileEntry>();
  const usedRules = new Set<IgnoreRule>();
  const usedEntries = new Set<BaselineFileEntry>();
  const websites = entries.map((entry) => {
    const rules = matching(entry.domain);
    for (const rule of rules) usedRules.add(rule);
    const parts = partsOf(entry);
    if (parts.length === 0) return entry;
    const accepted = baselineEntryFor(index, entry);
    if (accepted) usedEntries.add(accepted);
    return excused(
      entry,
      parts,
      parts.map((p) => excuseOf(p, rules, accepted)),
      accepted,
    );
  });
  return {
    websites,
    stale: {
      ...(baseline ? { baseline: staleEntries(baseline, usedEntries) } : {}),
      ...(ignore ? { ignore: ignore.rules.filter((r) => !usedRules.has(r)) } : {}),
    },
  };
}

/** Whether an ignore rule covers this part of an entry's drift (as excuseEntries gave it). */
function ignoredPart(entry: DriftEntry, part: DriftPart): boolean {
  if (entry.excusedParts === undefined) return entry.ignored !== undefined;
  return entry.excusedParts.some(
    (e) => e.by === "ignore" && e.finding === part.finding && e.field === part.field,
  );
}

/**
 * The entry as a new baseline records it: without the parts the ignore file covers (those
 * stay the ignore file's), or undefined when every part is the ignore file's. A changed website
 * whose every field is ignored keeps its fields: a changed baseline entry names some.
 */
export function unignoredPart(entry: DriftEntry): DriftEntry | undefined {
  const parts = partsOf(entry);
  const kept = parts.filter((p) => !ignoredPart(entry, p));
  if (parts.length === 0 || kept.length === 0) return undefined;
  if (kept.length === parts.length) return entry;
  const fields = new Set(kept.filter((p) => p.field !== undefined).map((p) => p.field));
  const changes = entry.changes?.filter((c) => fields.has(c.field));
  const silent = kept.some((p) => p.finding === "silent");
  return {
    ...entry,
    ...(changes && changes.length > 0 ? { changes } : {}),
    ...(entry.silent === true && !silent ? { silent: false } : {}),
  };
}

/** The changed fields no baseline entry or ignore rule excuses: what `--fix code` may write. */
export function unexcusedChanges(entry: DriftEntry): DriftEntry["changes"] {
  const excused = new Set(
    (entry.excusedParts ?? []).filter((e) => e.field !== undefined).map((e) => e.field),
  );
  return entry.changes?.filter((c) => !excused.has(c.field));
}
