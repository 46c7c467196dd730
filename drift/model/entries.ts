// What a finding is, shared by every stage of drift: a website of an account, its status against
// what the stacks recorded, the fields it differs in, the marks the checks add (silent, its page)
// and the excuses the acceptance stage gives it. Each stage fills in its part; none defines its own.

/** An account as reports name it: never by its key. */
export interface AccountName {
  /** The installation's root URL. */
  url: string;
  id: number;
  email: string;
}

/** The key of an account: its installation and id. */
export const accountKey = (account: { url: string; id: number }): string => `${account.url}#${account.id}`;

/** The key of a live website: its installation, account and id. */
export const liveKey = (account: AccountName, id: number): string => `${accountKey(account)}#${id}`;

export const driftStatuses = ["in-sync", "changed", "gone", "unmanaged", "duplicate"] as const;

export type DriftStatus = (typeof driftStatuses)[number];

/**
 * What `--fail-on` can name: every status but in-sync, and `silent` (`--check-tracking`), a mark
 * beside the status rather than one of its own, since a changed website can be silent too.
 */
export const failOnNames = ["changed", "gone", "unmanaged", "duplicate", "silent"] as const;

export type FailOnName = (typeof failOnNames)[number];

export interface FieldChange {
  field: string;
  recorded: unknown;
  live: unknown;
}

export interface DriftEntry {
  domain: string;
  id: number;
  status: DriftStatus;
  /** The stacks that record the website (`project/stack`), none when unmanaged. */
  stacks: string[];
  /** The resources that record it, as `project/stack:name`. */
  resources: string[];
  account: AccountName;
  /** For `changed`: each field that differs. */
  changes?: FieldChange[];
  /**
   * With `--check-tracking`, for a website on the server: whether it had no pageview in the
   * window checked. Absent when tracking was not checked, or the website is not on the server.
   */
  silent?: boolean;
  /**
   * With `--check-tracking`, for a website on the server: its pageviews on each of the window's
   * last dates (100 at most, the last of them `tracking.to`), oldest first, from the read that
   * decides `silent`.
   */
  pageviews?: number[];
  /** With `--check-pages`, for a website on the server: what its home page says of the tracking code. */
  page?: PageFinding;
  /** With --baseline: the baseline entry that accepts all of this website's drift (never failing). */
  accepted?: { firstSeen: string; line: number };
  /** The ignore file's rules that cover all of this website's drift (never failing), with their reasons. */
  ignored?: { rule: string; reason: string }[];
  /**
   * The parts of its drift a baseline entry or an ignore rule covers, when they are not all covered
   * by one of the two alone: some parts only (the website still fails, and `--fix code` leaves
   * those fields as they are), or every part, by both together (`accepted` and `ignored` are then set).
   */
  excusedParts?: ExcusedPart[];
}

/**
 * One part of a website's drift: a finding (its status, or silent), or for `changed`, one field.
 * Baselines and ignore rules accept drift part by part.
 */
export interface DriftPart {
  finding: FailOnName;
  field?: string;
}

/** A part of a website's drift and what covers it: an ignore rule (`file:line`) or the baseline's entry. */
export type ExcusedPart = DriftPart &
  ({ by: "ignore"; rule: string; reason: string } | { by: "baseline"; line: number; firstSeen: string });

/** The excuse of one part of a website's drift, when only some of its parts are excused (accept/excuses.ts). */
export const excusedPartOf = (entry: DriftEntry, part: DriftPart): ExcusedPart | undefined =>
  entry.excusedParts?.find((e) => e.finding === part.finding && e.field === part.field);

/**
 * Whether one finding of an entry is drift: the website is not accepted or ignored as a whole,
 * and some part of the finding (a changed website's field) is not excused on its own.
 */
export const findingCounts = (entry: DriftEntry, finding: FailOnName): boolean =>
  entry.accepted === undefined &&
  entry.ignored === undefined &&
  partsOf(entry).some((p) => p.finding === finding && excusedPartOf(entry, p) === undefined);

/** Whether an entry counts as drift for `--fail-on`: a finding of it named there counts. */
export const failsOn = (entry: DriftEntry, failOn: readonly FailOnName[]): boolean =>
  findingsOf(entry).some((f) => failOn.includes(f) && findingCounts(entry, f));

/** What a website's drift is made of: its status unless in sync, and `silent` when marked. */
export const findingsOf = (entry: DriftEntry): FailOnName[] => [
  ...(entry.status === "in-sync" ? [] : [entry.status]),
  ...(entry.silent === true ? (["silent"] as const) : []),
];

/** The parts of an entry's drift: each finding, a changed website's fields one by one. */
export const partsOf = (entry: DriftEntry): DriftPart[] =>
  findingsOf(entry).flatMap((finding): DriftPart[] =>
    finding === "changed" && entry.changes && entry.changes.length > 0
      ? entry.changes.map((c) => ({ finding, field: c.field }))
      : [{ finding }],
  );

export type PageStatus = "present" | "missing" | "wrong" | "unreachable";

/** What a website's home page says of its tracking code. */
export interface PageCheck {
  status: PageStatus;
  /** The address the page was finally read from (after redirects), when one answered. */
  url?: string;
  /** Why: what is wrong with the snippet, or why the page could not be read. */
  reason?: string;
}

/** What --check-pages says of a website: the page's status, and the likely cause with --check-tracking. */
interface PageFinding extends PageCheck {
  /** With --check-tracking: what silence (or activity) and the page say together. */
  cause?: string;
}
