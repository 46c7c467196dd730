// What a drift report holds, apart from how any format prints it: the entries, the accounts, and
// what the checks and the acceptance stage add. Every stage that adds to a report, and the report
// stage that prints it (report/: its view, then each format), reads these shapes from here.
import type { AccountName, DriftEntry, DriftStatus, FailOnName } from "./entries";

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

/** How a stack was read: from its backend itself, with pulumi stack export, or from a state file. */
export const stackVias = ["file backend", "PostgreSQL backend", "pulumi stack export", "state file"] as const;
export type StackVia = (typeof stackVias)[number];

const viaWords: Record<StackVia, string> = {
  "file backend": "from the file backend",
  "PostgreSQL backend": "from the PostgreSQL backend",
  "pulumi stack export": "with pulumi stack export",
  "state file": "from state files",
};

/**
 * How the stacks were read, in words ("3 from the file backend, 1 with pulumi stack export"), or
 * undefined when every one was a state file given on the command line (nothing to tell).
 */
export function readText(read: readonly { via: StackVia }[] | undefined): string | undefined {
  const count = (via: StackVia) => (read ?? []).filter((r) => r.via === via).length;
  const ways = stackVias.filter((via) => count(via) > 0);
  if (ways.length === 0 || (ways.length === 1 && ways[0] === "state file")) return undefined;
  return ways.map((via) => `${count(via)} ${viaWords[via]}`).join(", ");
}

export interface DriftReport {
  /** The stacks read, as `project/stack`. */
  stacks: string[];
  /** How each stack was read, in the order of `stacks` (when the stacks say). */
  read?: { stack: string; via: StackVia }[];
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

// The checks' parts of a report.

/** The dates whose pageviews are read, `YYYY-MM-DD` as the server writes them, both included. */
export interface TrackingWindow {
  days: number;
  from: string;
  to: string;
}

/** The level a finding is reported at: drift cannot fix the server, so `remediate` is mandatory. */
export type FindingLevel = "advisory" | "mandatory";

export interface PolicyFinding {
  rule: string;
  level: FindingLevel;
  message: string;
  /** For a website rule: the website's entry in the report. */
  entry?: DriftEntry;
  /** For a stack rule: the stack (`project/stack`). */
  stack?: string;
}

/** What the policy check adds to a report. */
export interface PolicyCheck {
  /** The configuration file. */
  file: string;
  /** Each rule applied, with its level (disabled ones are not). */
  rules: { name: string; description: string; level: FindingLevel }[];
  findings: PolicyFinding[];
  /** Whether a mandatory finding fails the run (--fail-on names policy, as it does by default). */
  failOn: boolean;
}

// The acceptance stage's parts: the baseline's entries and the ignore file's rules.

/** One accepted finding of one website. */
export interface BaselineEntry {
  status: DriftStatus;
  domain: string;
  /** The installation's root URL. */
  installation: string;
  /** The account's id on that installation. */
  account: number;
  /** For `changed`: the fields it differed in, sorted. */
  fields?: string[];
  /** The website was also silent (`--check-tracking`). */
  silent?: boolean;
  /** The date (UTC, YYYY-MM-DD) the finding was first recorded. */
  firstSeen: string;
}

/** A baseline entry no website matches any more. */
export interface StaleBaselineEntry extends BaselineEntry {
  file: string;
  line: number;
}

export interface IgnoreRule {
  /** The glob as written, lower-cased. */
  domain: string;
  status?: FailOnName;
  field?: string;
  reason: string;
  /** Where the rule is: `file:line`. */
  at: string;
  file: string;
  line: number;
}

/** A rule whose domain matches no website of the report. */
export type StaleIgnoreRule = IgnoreRule;
