// What a drift report holds, apart from how any format prints it: every format's module
// (report.ts, sarif.ts, junit.ts) reads this one shape.
import type { AccountName } from "./accounts";
import type { StaleBaselineEntry } from "./baseline";
import type { DriftEntry } from "./compare";
import type { StaleIgnoreRule } from "./ignore-file";
import type { PolicyCheck } from "./policy-check";
import type { TrackingWindow } from "./tracking";

export const reportFormats = ["text", "json", "markdown", "sarif", "junit"] as const;
export type ReportFormat = (typeof reportFormats)[number];

/** An account's use of its plan: the websites it holds against those the plan allows. */
export interface AccountUse extends AccountName {
  /** The websites the account holds (its listing). */
  websites: number;
  /** The plan GET /account reports, with its website limit (-1: unlimited); null when none. */
  plan: { name: string; websites: number } | null;
}

/** What `--check-tracking` read: the window, and how many requests it took. */
export interface TrackingCheck extends TrackingWindow {
  requests: number;
}

export interface DriftReport {
  /** The stacks read, as `project/stack`. */
  stacks: string[];
  websites: DriftEntry[];
  /** Every account the stacks use, in report order. */
  accounts: AccountUse[];
  /** Present when tracking was checked: every website on the server then has `silent`. */
  tracking?: TrackingCheck;
  /** Present when pages were checked (`--check-pages`): every website read then has `page`. */
  pages?: { read: number };
  /** With --baseline: its file, and its entries that match no website any more. */
  baseline?: { file: string; stale: StaleBaselineEntry[] };
  /** With an ignore file: its file, and its rules whose domain matches no website. */
  ignore?: { file: string; stale: StaleIgnoreRule[] };
  /** With --policy-pack-config: the rules applied and what they found. */
  policy?: PolicyCheck;
}
