// What each website of an account is, compared with what the stacks recorded: pure functions.
// A field counts as changed exactly when the provider's diff would call it a change after a
// refresh: the live website is read into outputs by the field table, and the recorded outputs
// are compared with them by the same rules (domain spelling, list order where it does not matter).
import type { Website } from "../sdk";
import { diffWebsite } from "../core/website-diff";
import { fieldEntries } from "../core/website-fields";
import { inputsFromOutputs, outputsFrom } from "../core/website-state";
import type { AccountName } from "./accounts";
import type { RecordedWebsite } from "./stack-export";
import type { PageFinding } from "./page-check";

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

/** The excuse of one part of a website's drift, when only some of its parts are excused (excuses.ts). */
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

/** Fields the server reports (the only ones a website can drift in), with their defaults. */
const comparedFields = new Map(
  fieldEntries
    .filter(([, spec]) => spec.read)
    .map(([name, spec]) => [name as string, typeof spec.default === "function" ? undefined : spec.default]),
);

/** The fields a website can be `changed` in: what baselines and ignore rules may name. */
export const comparedFieldNames: readonly string[] = [...comparedFields.keys()];

/** The fields in which the live website differs from the recorded outputs. */
export function changesOf(recorded: RecordedWebsite, live: Website): FieldChange[] {
  const liveOutputs = outputsFrom(live, recorded.outputs);
  const liveValues = inputsFromOutputs(liveOutputs);
  const { changed } = diffWebsite(recorded.outputs, liveValues);
  const before = recorded.outputs as Record<string, unknown>;
  return changed
    .filter((name) => comparedFields.has(name))
    .map((name) => ({
      field: name,
      recorded: before[name] ?? comparedFields.get(name) ?? null,
      live: liveValues[name] ?? null,
    }));
}

/**
 * The entries of one account. `listed` is the account's listing; `confirmed` holds the answer
 * of a GET for each recorded id the listing lacked (undefined: the server says it is gone).
 */
export function compareAccount(
  account: AccountName,
  recorded: readonly RecordedWebsite[],
  listed: readonly Website[],
  confirmed: ReadonlyMap<number, Website | undefined>,
): DriftEntry[] {
  const live = new Map(listed.map((website) => [website.id, website]));
  for (const [id, website] of confirmed) if (website) live.set(id, website);
  const byId = new Map<number, RecordedWebsite[]>();
  for (const website of recorded) byId.set(website.id, [...(byId.get(website.id) ?? []), website]);

  const entries: DriftEntry[] = [];
  for (const [id, records] of byId) {
    const first = records[0] as RecordedWebsite;
    const website = live.get(id);
    const entry: DriftEntry = {
      domain: website?.domain ?? first.outputs.domain ?? "",
      id,
      status: "in-sync",
      stacks: [...new Set(records.map((r) => r.stack))].sort(),
      resources: records.map((r) => `${r.stack}:${r.resource}`).sort(),
      account,
    };
    if (records.length > 1) entry.status = "duplicate";
    else if (!website) entry.status = "gone";
    else {
      const changes = changesOf(first, website);
      if (changes.length > 0) Object.assign(entry, { status: "changed", changes });
    }
    entries.push(entry);
  }
  for (const website of listed) {
    if (byId.has(website.id)) continue;
    entries.push({
      domain: website.domain,
      id: website.id,
      status: "unmanaged",
      stacks: [],
      resources: [],
      account,
    });
  }
  return entries;
}

/** Installation, then account id: the order of the report. */
const accountKey = (a: AccountName): string[] => [a.url, String(a.id).padStart(12, "0")];

function byKeys(x: string[], y: string[]): number {
  for (let i = 0; i < x.length; i += 1)
    if (x[i] !== y[i]) return (x[i] as string) < (y[i] as string) ? -1 : 1;
  return 0;
}

/** Entries in report order: by installation, account, then domain. */
export function sortEntries(entries: DriftEntry[]): DriftEntry[] {
  const key = (e: DriftEntry) => [...accountKey(e.account), e.domain, String(e.id)];
  return [...entries].sort((a, b) => byKeys(key(a), key(b)));
}

/** Accounts in report order: by installation, then id. */
export function sortAccounts<T extends AccountName>(accounts: T[]): T[] {
  return [...accounts].sort((a, b) => byKeys(accountKey(a), accountKey(b)));
}
