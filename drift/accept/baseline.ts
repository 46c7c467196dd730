// Baselines: the drift a team accepts, recorded by `--write-baseline FILE` and read by
// `--baseline FILE`. An entry names a website by its installation, account id and domain (none of
// them secret: no key, no password, no field value), its status, the fields it differed in, and
// the date it was first recorded. The file is YAML written in one stable order (installation,
// account, domain, status) so that a re-written baseline diffs line by line in review; writing
// it again keeps each entry's first-seen date.
import { Document, isScalar, isSeq, visit } from "yaml";
import type { Node } from "yaml";
import type { DriftEntry, DriftPart, DriftStatus } from "../model/entries";
import { comparedFieldNames } from "../compare/compare";
import { driftStatuses, findingsOf } from "../model/entries";
import { DriftFileReader, checkVersion, readDriftFile } from "../model/data-files";
import type { BaselineEntry, StaleBaselineEntry } from "../model/report";

const baselineVersion = 1;

/** An entry as read from a file: with the line it starts on. */
export interface BaselineFileEntry extends BaselineEntry {
  line: number;
}

export interface Baseline {
  file: string;
  entries: BaselineFileEntry[];
}

const entryKeys = ["status", "domain", "installation", "account", "fields", "silent", "firstSeen"] as const;
const kind = "baseline";
const rewrite = "Write it again with pulumi-webstats drift --write-baseline FILE.";
const shape = `version: ${baselineVersion} and entries: a list of {status, domain, installation, account, fields, silent, firstSeen}.`;

/** The identity of a finding: which website, and which status. */
const baselineKey = (e: Pick<BaselineEntry, "installation" | "account" | "domain" | "status">): string =>
  JSON.stringify([e.installation, e.account, e.domain, e.status]);

const isDate = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** Reads one entry, or undefined when it has problems (each one recorded with its line). */
function readEntry(
  reader: DriftFileReader,
  item: { node: Node | null; line: number },
  index: number,
): BaselineFileEntry | undefined {
  const where = `entries[${index}]`;
  const map = reader.map(item, where);
  if (!map) return undefined;
  const fields = reader.fields(map, where, entryKeys);
  const before = reader.problems.length;
  const status = reader.text(fields.status, "status", where, item.line);
  if (status !== undefined && !(driftStatuses as readonly string[]).includes(status)) {
    reader.problem(fields.status!.line, `${where}: status is one of ${driftStatuses.join(", ")}.`);
  }
  const domain = reader.text(fields.domain, "domain", where, item.line);
  const installation = reader.text(fields.installation, "installation", where, item.line);
  if (installation !== undefined && !/^https?:\/\/[^\s/]+/.test(installation)) {
    reader.problem(
      fields.installation!.line,
      `${where}: installation is the installation's URL, such as https://stats.example.com.`,
    );
  }
  const account = fields.account ? reader.value(fields.account) : undefined;
  if (!fields.account) reader.problem(item.line, `${where}: account is missing (the account's id).`);
  else if (!(typeof account === "number" && Number.isInteger(account) && account > 0)) {
    reader.problem(fields.account.line, `${where}: account is the account's id, a whole number.`);
  }
  const firstSeen = reader.text(fields.firstSeen, "firstSeen", where, item.line);
  if (firstSeen !== undefined && !isDate(firstSeen)) {
    reader.problem(fields.firstSeen!.line, `${where}: firstSeen is a date written YYYY-MM-DD.`);
  }
  let changedFields: string[] | undefined;
  if (fields.fields) {
    const value = reader.value(fields.fields);
    const list = Array.isArray(value) ? value : undefined;
    const wrong = list?.filter((f) => typeof f !== "string" || !comparedFieldNames.includes(f));
    if (!list || list.length === 0 || (wrong && wrong.length > 0)) {
      reader.problem(
        fields.fields.line,
        `${where}: fields lists the fields the website differs in, among ${comparedFieldNames.join(", ")}` +
          (wrong && wrong.length > 0 ? ` (not ${wrong.map((f) => JSON.stringify(f)).join(", ")}).` : "."),
      );
    } else changedFields = [...new Set(list as string[])].sort();
    if (status !== undefined && status !== "changed") {
      reader.problem(fields.fields.line, `${where}: fields belongs to a changed website only.`);
    }
  } else if (status === "changed") {
    reader.problem(item.line, `${where}: a changed website lists its fields, e.g. fields: [excludeIps].`);
  }
  const silent = fields.silent ? reader.value(fields.silent) : undefined;
  if (fields.silent && typeof silent !== "boolean") {
    reader.problem(fields.silent.line, `${where}: silent is true or false.`);
  }
  if (status === "in-sync" && silent !== true) {
    reader.problem(item.line, `${where}: an in-sync website is in a baseline only when silent: true.`);
  }
  if (reader.problems.length > before) return undefined;
  return {
    status: status as DriftStatus,
    domain: domain as string,
    installation: installation as string,
    account: account as number,
    ...(changedFields ? { fields: changedFields } : {}),
    ...(silent === true ? { silent: true } : {}),
    firstSeen: firstSeen as string,
    line: item.line,
  };
}

/** Reads and checks a baseline's text; `file` names it in messages. Throws DriftFileError. */
export function parseBaseline(text: string, file: string): Baseline {
  const reader = new DriftFileReader(file, kind, text);
  const root = reader.root(shape);
  reader.check();
  const top = reader.fields(root!, "top level", ["version", "entries"]);
  checkVersion(reader, top.version, baselineVersion, false, rewrite);
  const entries: BaselineFileEntry[] = [];
  if (!top.entries) reader.problem(1, `entries is missing: ${shape}`);
  else if (!(top.entries.node === null || (isSeq(top.entries.node) && top.entries.node.items.length === 0))) {
    const seen = new Map<string, number>();
    reader.items(top.entries, "entries", shape)?.forEach((item, index) => {
      const entry = readEntry(reader, item, index);
      if (!entry) return;
      const key = baselineKey(entry);
      const first = seen.get(key);
      if (first !== undefined) {
        reader.problem(
          entry.line,
          `entries[${index}]: the same website and status as the entry at line ${first}; keep one.`,
        );
      } else seen.set(key, entry.line);
      entries.push(entry);
    });
  }
  reader.check();
  return { file, entries };
}

/** Reads a baseline file. Throws DriftFileError naming the file and line of every problem. */
export async function readBaseline(path: string): Promise<Baseline> {
  return parseBaseline(await readDriftFile(path, kind), path);
}

/** The finding of `entry` as a baseline entry first seen `today` (entry must be drift). */
function baselineEntryOf(entry: DriftEntry, firstSeen: string): BaselineEntry {
  const fields = entry.changes?.map((c) => c.field).sort();
  return {
    status: entry.status,
    domain: entry.domain,
    installation: entry.account.url,
    account: entry.account.id,
    ...(entry.status === "changed" && fields && fields.length > 0 ? { fields } : {}),
    ...(entry.silent === true ? { silent: true } : {}),
    firstSeen,
  };
}

/**
 * The baseline of today's findings: every entry with drift that no ignore rule covers, each
 * keeping the first-seen date of the same finding in `previous` (an earlier baseline).
 */
export function baselineOf(
  entries: readonly DriftEntry[],
  today: string,
  previous: readonly BaselineEntry[] = [],
): BaselineEntry[] {
  const firstSeen = new Map<string, string>();
  for (const old of previous) {
    const key = baselineKey(old);
    const known = firstSeen.get(key);
    if (known === undefined || old.firstSeen < known) firstSeen.set(key, old.firstSeen);
  }
  return sortBaseline(
    entries
      .filter((e) => findingsOf(e).length > 0 && e.ignored === undefined)
      .map((e) => baselineEntryOf(e, firstSeen.get(baselineKey(baselineEntryOf(e, today))) ?? today)),
  );
}

const sortKey = (e: BaselineEntry): string[] => [
  e.installation,
  String(e.account).padStart(12, "0"),
  e.domain,
  e.status,
];

function sortBaseline(entries: BaselineEntry[]): BaselineEntry[] {
  return [...entries].sort((a, b) => {
    const [x, y] = [sortKey(a), sortKey(b)];
    for (let i = 0; i < x.length; i += 1)
      if (x[i] !== y[i]) return (x[i] as string) < (y[i] as string) ? -1 : 1;
    return 0;
  });
}

/** The text of a baseline file: keys in one order, field lists on one line, a comment on top. */
export function formatBaseline(entries: readonly BaselineEntry[]): string {
  const plain = sortBaseline([...entries]).map((e) => ({
    status: e.status,
    domain: e.domain,
    installation: e.installation,
    account: e.account,
    ...(e.fields ? { fields: e.fields } : {}),
    ...(e.silent ? { silent: true } : {}),
    firstSeen: e.firstSeen,
  }));
  const doc = new Document({ version: baselineVersion, entries: plain });
  // A changed website's fields on one line: a field more or less is a one-line change in review.
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.value === "fields" && isSeq(pair.value)) pair.value.flow = true;
    },
  });
  doc.commentBefore =
    " Drift accepted by pulumi-webstats drift --baseline: shown as accepted, never failing.\n" +
    " Written by --write-baseline FILE; writing it again keeps each entry's firstSeen.";
  return doc.toString({ lineWidth: 0 });
}

/** Whether a baseline entry (of the website and its status) accepts one part of its drift. */
export function baselineCovers(part: DriftPart, accepted: BaselineEntry): boolean {
  if (part.finding === "silent") return accepted.silent === true;
  if (part.field !== undefined) return accepted.fields?.includes(part.field) ?? false;
  return true;
}

/** The baseline's entries by the finding they name: look an entry up with `baselineEntryFor`. */
export const baselineIndex = (baseline: Baseline): Map<string, BaselineFileEntry> =>
  new Map(baseline.entries.map((e) => [baselineKey(e), e]));

/** The baseline entry of a website's status, if the baseline has one. */
export const baselineEntryFor = (
  index: ReadonlyMap<string, BaselineFileEntry>,
  entry: DriftEntry,
): BaselineFileEntry | undefined => index.get(baselineKey(baselineEntryOf(entry, "")));

/** A baseline's entries that no website matched, as the report warns of them. */
export const staleEntries = (
  baseline: Baseline,
  used: ReadonlySet<BaselineFileEntry>,
): StaleBaselineEntry[] =>
  baseline.entries.filter((e) => !used.has(e)).map(({ line, ...e }) => ({ ...e, file: baseline.file, line }));
