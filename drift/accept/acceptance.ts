// The baseline and the ignore file of one drift run: read and checked before any stack is read
// or request sent (a wrong file stops the run with its file and line, and nothing is written),
// applied to the compared report (a new report, the excused findings in it), and the new
// baseline written last, once the reports are.
import { existsSync } from "node:fs";
import { baselineOf, formatBaseline, parseBaseline, readBaseline } from "./baseline";
import type { Baseline } from "./baseline";
import type { BaselineEntry, DriftReport } from "../model/report";
import type { DriftEntry } from "../model/entries";
import { readDriftFile } from "../model/data-files";
import { excuseEntries, unignoredPart } from "./excuses";
import { findIgnoreFile } from "./ignore-file";
import type { IgnoreFile } from "./ignore-file";
import { checkWritable, writeAtomically } from "../model/output-files";

export interface AcceptanceOptions {
  /** `--baseline FILE`: report its findings as accepted. */
  baseline?: string;
  /** `--write-baseline FILE`: record today's findings there. */
  writeBaseline?: string;
  /** `--ignore FILE`; without it, `.webstats-drift.yaml` in the working folder when there is one. */
  ignoreFile?: string;
}

export interface Acceptance {
  baseline?: Baseline;
  ignore?: IgnoreFile;
  /** The first-seen dates a new baseline keeps: the entries of --baseline and of the file it replaces. */
  previous: BaselineEntry[];
  writeBaseline?: string;
}

/** Reads and checks the run's baseline and ignore file; `folder` is where the ignore file is looked for. */
export async function loadAcceptance(options: AcceptanceOptions, folder: string): Promise<Acceptance> {
  const baseline = options.baseline === undefined ? undefined : await readBaseline(options.baseline);
  const ignore = await findIgnoreFile(options.ignoreFile, folder);
  const previous = [...(baseline?.entries ?? [])];
  if (options.writeBaseline !== undefined) {
    checkWritable(options.writeBaseline, "The baseline");
    // A file there already must be a baseline: its first-seen dates are kept, and nothing else is
    // overwritten. When it is the --baseline file, its entries come twice with the same dates,
    // and the new baseline keeps each finding's earliest date: the same file is written.
    if (existsSync(options.writeBaseline)) {
      const text = await readDriftFile(options.writeBaseline, "baseline");
      previous.push(...parseBaseline(text, options.writeBaseline).entries);
    }
  }
  return {
    ...(baseline ? { baseline } : {}),
    ...(ignore ? { ignore } : {}),
    previous,
    ...(options.writeBaseline !== undefined ? { writeBaseline: options.writeBaseline } : {}),
  };
}

/**
 * The accept stage: the report anew, each website with what the baseline and the ignore file
 * excuse of it, and the report's baseline and ignore parts, with what is stale. The report
 * given is left as it is.
 */
export function acceptStage(report: DriftReport, acceptance: Acceptance): DriftReport {
  const { websites, stale } = excuseEntries(report.websites, acceptance);
  return {
    ...report,
    websites,
    ...(acceptance.baseline && stale.baseline
      ? { baseline: { file: acceptance.baseline.file, stale: stale.baseline } }
      : {}),
    ...(acceptance.ignore && stale.ignore
      ? { ignore: { file: acceptance.ignore.file, stale: stale.ignore } }
      : {}),
  };
}

/** Today's date in UTC, as baselines write it. */
const today = (now = new Date()): string => now.toISOString().slice(0, 10);

/** Writes the new baseline, when asked; resolves with the number of entries written, or undefined. */
export async function writeNewBaseline(
  entries: readonly DriftEntry[],
  acceptance: Acceptance,
  now = new Date(),
): Promise<number | undefined> {
  if (acceptance.writeBaseline === undefined) return undefined;
  // What the ignore file covers stays the ignore file's: the baseline records the rest.
  const recordable = entries.flatMap((e) => {
    const kept = unignoredPart(e);
    if (!kept) return [];
    const { ignored: _ignored, ...rest } = kept;
    return [rest];
  });
  const baseline = baselineOf(recordable, today(now), acceptance.previous);
  await writeAtomically(acceptance.writeBaseline, formatBaseline(baseline));
  return baseline.length;
}
