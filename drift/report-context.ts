// What the CI formats (SARIF, JUnit) need beyond the report itself: which findings fail the
// run, and where each website is declared, when that is known.
import type { DriftEntry, FailOnName } from "./compare";

/** Where a website is declared: its fleet file or program, and the 1-based line. */
export interface DeclarationSite {
  /** Relative to the folder drift runs in, or absolute. */
  file: string;
  line: number;
}

/** Finds where an entry's website is declared; undefined when unknown (an unmanaged website...). */
export type LocateDeclaration = (entry: DriftEntry) => DeclarationSite | undefined;

export interface ReportContext {
  /** The findings that make the exit code 2; without it, every finding is drift. */
  failOn?: readonly FailOnName[];
  locate?: LocateDeclaration;
}

/** Whether one finding of an entry fails the run (accepted and ignored websites never do). */
export const findingFails = (entry: DriftEntry, finding: FailOnName, context: ReportContext): boolean =>
  entry.accepted === undefined &&
  entry.ignored === undefined &&
  (context.failOn === undefined || context.failOn.includes(finding));

/** Why an accepted or ignored website does not fail, in words; undefined for the others. */
export function excuseText(entry: DriftEntry, baselineFile: string | undefined): string | undefined {
  if (entry.ignored) return `ignored: ${entry.ignored.map((r) => `${r.reason} (${r.rule})`).join("; ")}`;
  if (entry.accepted) {
    const where = baselineFile ? ` (${baselineFile}:${entry.accepted.line})` : "";
    return `accepted by the baseline${where}, first seen ${entry.accepted.firstSeen}`;
  }
  return undefined;
}
