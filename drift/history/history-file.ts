// Reading and writing a history file. It is read (and checked line by line, strictly) before any
// stack is, and written last, once the reports and the baseline are: whole or not at all, through
// the atomic writer, never through a link. What can go wrong with it never fails the run: the run
// goes on without the difference, says why, and keeps every line there was.
// - A file that cannot be used (damaged, truncated, edited into another shape, written by a newer
//   release, too large or unreadable) is moved aside to FILE.damaged-<time>, and the new file
//   starts with this run.
// - Only the newest line keeps its findings (history-line.ts): every other line is written
//   without them, and a line kept as it was read is written back as it was.
// - Two runs writing one file take turns: the writer holds FILE.lock (history-lock.ts) while
//   it reads the file again and replaces it. When another run wrote the file since this run read
//   it, that run's line is kept and this one's added after it. A lock whose process is gone (on
//   this machine) is taken over; one held longer than the wait leaves this run's line in a file
//   of its own beside it, FILE.run-<time>, named in the warning.
import { readFile, rename, stat } from "node:fs/promises";
import { historyLineSchema, HISTORY_KIND, HISTORY_VERSION } from "./history-line";
import type { HistoryRun } from "./history-line";
import { keptRuns } from "./history-keep";
import type { HistoryKeep } from "./history-keep";
import { factsOf, writeAtomically } from "../model/output-files";
import { neutralText } from "../model/neutral-text";
import { takeLock } from "./history-lock";

/** What a run read of its history file. */
export interface HistoryRead {
  file: string;
  /** The runs kept in it, oldest first; none when the file is new or unusable. */
  runs: HistoryRun[];
  /** The file's text as read (undefined: there was none), to see whether another run wrote it since. */
  text?: string;
  /** Why the file cannot be used; the run goes on without the difference. */
  problem?: string;
}

/**
 * Each run read from a file, and its line there: written back as read (checked, the same values),
 * not serialised again (0.7 s for a year of a 10,000-website fleet's nights: bench section 11).
 */
const linesRead = new WeakMap<HistoryRun, string>();

/**
 * The largest history read: decades of nightly runs of 10,000 websites (under a megabyte a year,
 * bench section 11), and far below the longest text Node.js holds, past which a file could not be
 * read at all.
 */
export const MAX_HISTORY_BYTES = 64 * 2 ** 20;

/** The first thing wrong with a history file's text, or its runs. */
export function parseHistory(text: string, file: string): { runs: HistoryRun[] } | { problem: string } {
  const runs: HistoryRun[] = [];
  const lines = text.split("\n");
  for (const [index, line] of lines.entries()) {
    const at = `${file}:${index + 1}`;
    if (line.trim() === "") {
      // Only the end of the file may be blank: a blank line inside is an edit or a torn write.
      if (lines.slice(index).every((rest) => rest.trim() === "")) break;
      return { problem: `${at} is blank: every line is one run` };
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return { problem: `${at} is not a JSON line (a damaged or truncated file)` };
    }
    const version = (value as { version?: unknown } | null)?.version;
    if (
      typeof version === "number" &&
      version > HISTORY_VERSION &&
      (value as { kind?: unknown }).kind === HISTORY_KIND
    ) {
      return {
        problem: `${at} was written by a newer pulumi-webstats (history version ${version}; this one reads ${HISTORY_VERSION}): upgrade it to keep this history`,
      };
    }
    const parsed = historyLineSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
      // The message may quote a key of the file, which anyone may have edited: shown on one line, inert.
      const message = neutralText(issue?.message ?? "wrong shape");
      return { problem: `${at} is not a drift history line${where}: ${message}` };
    }
    if (parsed.data.findings === undefined && lines.slice(index + 1).every((rest) => rest.trim() === "")) {
      return { problem: `${at}, the newest run, has no findings: the next run compares with them` };
    }
    const previous = runs.at(-1);
    if (previous && parsed.data.at < previous.at) {
      return { problem: `${at} is older than the line before it: the runs are in the order they ran` };
    }
    runs.push(parsed.data);
    linesRead.set(parsed.data, line.trim());
  }
  return { runs };
}

/**
 * Reads the history file (none there yet is an empty history). Never throws for what the file holds.
 * `before`: what this run read of it earlier; a text still the same is not parsed again (a year of
 * a 10,000-website fleet's nights is 150 MB, over a second to parse: bench section 11).
 */
export async function readHistory(file: string, before?: HistoryRead): Promise<HistoryRead> {
  let text: string;
  try {
    const { size } = await stat(file);
    if (size > MAX_HISTORY_BYTES) {
      const mib = (n: number) => `${Math.round(n / 2 ** 20)} MiB`;
      return {
        file,
        runs: [],
        problem: `${file} is ${mib(size)}, more than a history holds (${mib(MAX_HISTORY_BYTES)})`,
      };
    }
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { file, runs: [] };
    return {
      file,
      runs: [],
      problem: `${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    };
  }
  if (before !== undefined && before.file === file && before.text === text) return before;
  const parsed = parseHistory(text, file);
  return "problem" in parsed
    ? { file, runs: [], text, problem: parsed.problem }
    : { file, runs: parsed.runs, text };
}

/** A run's line without its findings, as every line but the newest is kept. */
const withoutFindings = ({ findings: _findings, ...run }: HistoryRun): HistoryRun => run;

/** A time for a file's name: no colon (Windows refuses them). */
const stampOf = (at: Date): string => at.toISOString().replaceAll(":", "-");

/**
 * `name`, or `name-2`, `name-3`…: the first that no file has, so that what two runs keep aside
 * at the same time (or under a clock that repeats itself) never overwrites the other's.
 */
function unusedName(name: string): string {
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? name : `${name}-${n}`;
    if (factsOf(candidate, "own") === undefined) return candidate;
  }
}

const lineOf = (run: HistoryRun): string => linesRead.get(run) ?? JSON.stringify(run);

export interface HistoryWriteOptions {
  keep: HistoryKeep;
  now: Date;
  /** How long to wait for another run's lock, in milliseconds. */
  lockWaitMs?: number;
}

/** How long a run waits for another run writing the same history. */
export const DEFAULT_LOCK_WAIT_MS = 30_000;

/**
 * Adds this run's line to the history, keeping what --history-keep keeps; resolves with the
 * warnings to print (none when all went as planned). Every line there was stays somewhere.
 */
export async function writeHistory(
  read: HistoryRead,
  line: HistoryRun,
  options: HistoryWriteOptions,
): Promise<string[]> {
  const { file } = read;
  const stamp = stampOf(options.now);
  const lock = `${file}.lock`;
  const release = await takeLock(lock, options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS);
  if (!release) {
    const aside = unusedName(`${file}.run-${stamp}`);
    await writeAtomically(aside, `${lineOf(line)}\n`);
    return [
      `the history ${file} is being written by another run (${lock}); this run's line is in ${aside}: add it to the history, or remove ${lock} if no run holds it.`,
    ];
  }
  try {
    const now = await readHistory(file, read);
    const warnings: string[] = [];
    let runs = read.problem ? [] : read.runs;
    if (now.text !== read.text) {
      // Another run wrote the file since this run read it: its lines are kept, this one follows.
      if (now.problem) runs = [];
      else {
        runs = now.runs;
        warnings.push(
          `another run wrote the history ${file} during this run: its line is kept, and this run's follows it.`,
        );
      }
    }
    const problem = now.text !== read.text ? now.problem : read.problem;
    // A file that could not be read at all (too large, unreadable) is kept aside as one that could not be parsed.
    if (problem && factsOf(file, "own") !== undefined) {
      const aside = unusedName(`${file}.damaged-${stamp}`);
      await rename(file, aside);
      warnings.push(
        `the history ${file} could not be used, so it is kept as ${aside} and a new one starts with this run.`,
      );
    }
    const kept = keptRuns(
      [...runs, line].sort((a, b) => a.at.localeCompare(b.at)),
      options.keep,
      options.now,
    );
    // Only the newest line keeps its findings (history-line.ts).
    const lines = kept.map((run, i) => (i === kept.length - 1 || !run.findings ? run : withoutFindings(run)));
    await writeAtomically(file, lines.map(lineOf).join("\n") + "\n");
    return warnings;
  } finally {
    await release();
  }
}
