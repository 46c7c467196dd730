// The difference a run makes to its history, as a pure function: the findings of the accepted
// report (each part of a website's drift, and each policy finding), each with its status against
// the last run kept (new, open, accepted) and when it was first seen, the findings of the last
// run that are gone (fixed), and the line this run adds. A finding the last run had keeps its
// first-seen time; one that was fixed and comes back is new again. A finding of the last run
// about stacks this run did not read (for an unmanaged website, the stacks of its account) is not
// fixed: it is carried, as it was, to the new line, so that a run over some stacks does not erase
// the history of the others, until no run the history keeps read its stacks.
import type { DriftEntry } from "../model/entries";
import { accountKey, excusedPartOf, partsOf } from "../model/entries";
import type { DriftReport, PolicyFinding } from "../model/report";
import { HISTORY_KIND, HISTORY_VERSION, findingKey } from "./history-line";
import type {
  HistoryCounts,
  HistoryFinding,
  HistoryRun,
  HistoryStatus,
  RunWithFindings,
} from "./history-line";

/** A finding of this run, with where it is in the report. */
export interface RunFinding extends HistoryFinding {
  key: string;
  /**
   * First seen in this run: the last run kept did not have it (accepted or not). Told by the
   * last run's findings, never by comparing times: two runs may carry the same time.
   */
  new: boolean;
  /** The website's place in the report's websites, for a website's finding (or a policy finding about one). */
  row?: number;
  /** The policy finding's place among the policy check's findings. */
  policy?: number;
}

/** A finding of the last run that this run no longer has. */
export interface FixedFinding extends HistoryFinding {
  key: string;
}

export interface HistoryDiff {
  /** When the run compared with was made; undefined when there is none (the first run). */
  since?: string;
  /** When this run was made. */
  at: string;
  findings: RunFinding[];
  fixed: FixedFinding[];
  counts: HistoryCounts;
  /** The line this run adds to the history. */
  line: RunWithFindings;
}

type Identity = Omit<HistoryFinding, "stacks" | "status" | "firstSeen">;

const websiteIdentity = (e: DriftEntry): Identity => ({
  finding: "changed",
  installation: e.account.url,
  account: e.account.id,
  website: e.id,
  domain: e.domain,
});

/**
 * The stacks a finding about this website belongs to: those that record it, or, for a website no
 * stack records (unmanaged), those that record a website of its account. A run that reads none
 * of them did not read the account, so it cannot tell the website is gone.
 */
function stacksOfWebsites(report: DriftReport): (e: DriftEntry) => string[] {
  const ofAccount = new Map<string, Set<string>>();
  for (const e of report.websites) {
    const key = accountKey(e.account);
    const stacks = ofAccount.get(key) ?? new Set<string>();
    for (const stack of e.stacks) stacks.add(stack);
    ofAccount.set(key, stacks);
  }
  return (e) =>
    e.stacks.length > 0 ? [...e.stacks] : [...(ofAccount.get(accountKey(e.account)) ?? [])].sort();
}

/** Each finding of the report, before its history: identity, stacks, whether accepted, place. */
function findingsOfReport(
  report: DriftReport,
): (Identity & { stacks: string[]; accepted: boolean; row?: number; policy?: number })[] {
  const stacksOf = stacksOfWebsites(report);
  const websites = report.websites.flatMap((e, row) =>
    partsOf(e).map((part) => ({
      ...websiteIdentity(e),
      finding: part.finding,
      ...(part.field !== undefined ? { field: part.field } : {}),
      stacks: stacksOf(e),
      accepted: e.accepted !== undefined || e.ignored !== undefined || excusedPartOf(e, part) !== undefined,
      row,
    })),
  );
  const rowOf = new Map(report.websites.map((e, i) => [e, i] as const));
  const policy = (report.policy?.findings ?? []).map((f: PolicyFinding, index) => {
    const row = f.entry ? rowOf.get(f.entry) : undefined;
    return {
      ...(f.entry ? websiteIdentity(f.entry) : {}),
      finding: "policy" as const,
      rule: f.rule,
      ...(f.stack !== undefined ? { stack: f.stack } : {}),
      stacks: f.entry ? stacksOf(f.entry) : f.stack !== undefined ? [f.stack] : [],
      accepted: false,
      ...(row !== undefined ? { row } : {}),
      policy: index,
    };
  });
  return [...websites, ...policy];
}

const zero = (): HistoryCounts => ({ new: 0, open: 0, accepted: 0, fixed: 0 });

/** The order findings are listed in: new first, then open, then accepted; oldest first within each. */
const statusOrder: Record<HistoryStatus, number> = { new: 0, open: 1, accepted: 2 };

/**
 * The run's difference from `last` (the newest run kept; none on the first run). `at` is when
 * this run was made, as the history writes it. `remembered`, the stacks the runs the history
 * keeps read: a finding carried for stacks none of them read is past what the history remembers
 * (a stack no run reads any more), and is dropped.
 */
export function historyDiff(
  report: DriftReport,
  last: HistoryRun | undefined,
  at: Date,
  remembered?: ReadonlySet<string>,
): HistoryDiff {
  const when = at.toISOString();
  const before = new Map((last?.findings ?? []).map((f) => [findingKey(f), f]));
  const seen = new Set<string>();
  const findings: RunFinding[] = [];
  for (const { accepted, ...f } of findingsOfReport(report)) {
    const key = findingKey(f);
    // A finding the report names twice (one website in two rows) is one finding.
    if (seen.has(key)) continue;
    seen.add(key);
    const previous = before.get(key);
    // With no run before, nothing is new: the history starts here.
    const status: HistoryStatus = accepted ? "accepted" : previous || !last ? "open" : "new";
    findings.push({
      ...f,
      key,
      status,
      new: !previous && last !== undefined,
      firstSeen: previous?.firstSeen ?? when,
    });
  }
  findings.sort(
    (a, b) => statusOrder[a.status] - statusOrder[b.status] || a.firstSeen.localeCompare(b.firstSeen),
  );
  const read = new Set(report.stacks);
  const unread = (f: HistoryFinding) => f.stacks.length > 0 && !f.stacks.some((s) => read.has(s));
  const gone = [...before].filter(([key]) => !seen.has(key));
  const fixed = gone.filter(([, f]) => !unread(f)).map(([key, f]) => ({ ...f, key }));
  const carried = gone
    .filter(([, f]) => unread(f) && (remembered === undefined || f.stacks.some((s) => remembered.has(s))))
    .map(([, f]) => f);
  const counts = zero();
  for (const f of findings) counts[f.status] += 1;
  counts.fixed = fixed.length;
  const strip = ({ key: _key, new: _new, row: _row, policy: _policy, ...f }: RunFinding): HistoryFinding => f;
  return {
    ...(last ? { since: last.at } : {}),
    at: when,
    findings,
    fixed,
    counts,
    line: {
      kind: HISTORY_KIND,
      version: HISTORY_VERSION,
      at: when,
      stacks: [...report.stacks],
      counts,
      findings: [...findings.map(strip), ...carried],
    },
  };
}
