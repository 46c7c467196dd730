// What each website of an account is, compared with what the stacks recorded: pure functions.
// A field counts as changed exactly when the provider's diff would call it a change after a
// refresh: the live website is read into outputs by the field table, and the recorded outputs
// are compared with them by the same rules (domain spelling, list order where it does not matter).
import type { Website } from "../../sdk";
import { diffWebsite } from "../../core/website-diff";
import { fieldEntries } from "../../core/website-fields";
import { inputsFromOutputs, outputsFrom } from "../../core/website-state";
import type { AccountName, DriftEntry, FieldChange } from "../model/entries";
import type { RecordedWebsite } from "../read/stack-export";

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
export function sortEntries(entries: readonly DriftEntry[]): DriftEntry[] {
  const key = (e: DriftEntry) => [...accountKey(e.account), e.domain, String(e.id)];
  return [...entries].sort((a, b) => byKeys(key(a), key(b)));
}

/** Accounts in report order: by installation, then id. */
export function sortAccounts<T extends AccountName>(accounts: readonly T[]): T[] {
  return [...accounts].sort((a, b) => byKeys(accountKey(a), accountKey(b)));
}
