// One line of a drift history file (`drift --history FILE`): one run, as JSON on a line of its
// own. It holds what the trend needs (the run's counts) and, on the newest line, what the next run
// needs to tell what changed (each finding's identity, its status and when it was first seen). The schema is closed,
// as every file drift reads: a key it does not name, a wrong type or another version makes the
// file unusable (history-file.ts keeps such a file beside the new one).
import { z } from "zod";
import { failOnNames } from "../model/entries";

/** The mark on every line: what the file is. */
export const HISTORY_KIND = "pulumi-webstats drift history";

/** The version this release writes and reads; a newer one is refused, never guessed at. */
export const HISTORY_VERSION = 1;

/** A finding's status in a run: new since the last run, still open, or accepted (baseline, ignore rule). */
export const historyStatuses = ["new", "open", "accepted"] as const;
export type HistoryStatus = (typeof historyStatuses)[number];

const time = z.iso.datetime();
const count = z.int().nonnegative();

/**
 * What a finding is about, the same from run to run: a website's finding (its installation,
 * account, id and domain; the status, or silent; for changed, one field), or a policy rule's
 * finding about a website or a stack. The stacks that record a website are not part of it: a
 * website moved to another stack keeps its history.
 */
const identity = {
  finding: z.enum([...failOnNames, "policy"]),
  installation: z.string().optional(),
  account: z.int().optional(),
  website: z.int().optional(),
  domain: z.string().optional(),
  field: z.string().optional(),
  rule: z.string().optional(),
  stack: z.string().optional(),
};

export const historyFindingSchema = z.strictObject({
  ...identity,
  /**
   * The stacks that record the website (for one no stack records, those that record a website of
   * its account), or the policy finding's stack: for a run reading fewer stacks.
   */
  stacks: z.array(z.string()),
  status: z.enum(historyStatuses),
  firstSeen: time,
});
export type HistoryFinding = z.infer<typeof historyFindingSchema>;

/** The counts of a run: its findings by status, and those fixed since the run before it. */
export const historyCountsSchema = z.strictObject({
  new: count,
  open: count,
  accepted: count,
  fixed: count,
});
export type HistoryCounts = z.infer<typeof historyCountsSchema>;

export const historyLineSchema = z.strictObject({
  kind: z.literal(HISTORY_KIND),
  version: z.literal(HISTORY_VERSION),
  at: time,
  /** The stacks the run read. */
  stacks: z.array(z.string()),
  counts: historyCountsSchema,
  /**
   * The run's findings, on the newest line only: the next run compares with that one alone, and
   * the trend needs only each run's counts. A year of nightly runs of 10,000 websites is then
   * under a megabyte, not 150 (bench section 11).
   */
  findings: z.array(historyFindingSchema).optional(),
});
export type HistoryRun = z.infer<typeof historyLineSchema>;

/** A run with its findings, as a run writes its own line. */
export type RunWithFindings = HistoryRun & { findings: HistoryFinding[] };

/** One finding's key: its identity's values, in a fixed order. */
export const findingKey = (f: Omit<HistoryFinding, "stacks" | "status" | "firstSeen">): string =>
  JSON.stringify([f.finding, f.installation, f.account, f.website, f.domain, f.field, f.rule, f.stack]);
