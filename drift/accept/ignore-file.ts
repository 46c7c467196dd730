// The ignore file: drift a team never wants to fail on, each rule with the reason the report
// prints. `.webstats-drift.yaml` in the working folder, or the file `--ignore FILE` names:
//
//   version: 1            # optional
//   ignore:
//     - domain: "*.clients.example.net"   # a domain, or a domain glob (core/glob.ts)
//       status: unmanaged                 # optional: one status (or silent)
//       reason: the clients manage these by hand
//     - domain: shop.example.com
//       field: excludeIps                 # optional: one field of a changed website
//       reason: the shop's team edits its excluded addresses
//
// Checked as strictly as a fleet file: unknown keys, a status or field that does not exist and a
// glob with characters no domain has are errors with their line. A rule whose domain matches no
// website of the report is stale: the report says so, as a warning.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Node } from "yaml";
import { domainGlob, domainGlobProblem } from "../../core/glob";
import type { DriftEntry, DriftPart, FailOnName } from "../model/entries";
import { comparedFieldNames } from "../compare/compare";
import { failOnNames, partsOf } from "../model/entries";
import { DriftFileReader, checkVersion, readDriftFile } from "../model/data-files";
import type { IgnoreRule, StaleIgnoreRule } from "../model/report";

export const ignoreFileName = ".webstats-drift.yaml";
const ignoreFileVersion = 1;

export interface IgnoreFile {
  file: string;
  rules: IgnoreRule[];
}

const kind = "ignore file";
const ruleKeys = ["domain", "status", "field", "reason"] as const;
const shape =
  'ignore: a list of rules such as - { domain: "*.example.net", status: unmanaged, reason: TEXT }.';

/** The glob as a test of a domain, compiled once (core/glob.ts: `*` any characters, dots too). */
export const globMatcher = (glob: string): ((domain: string) => boolean) => domainGlob(glob).matches;

function readRule(
  reader: DriftFileReader,
  item: { node: Node | null; line: number },
  index: number,
): IgnoreRule | undefined {
  const where = `ignore[${index}]`;
  const map = reader.map(item, where);
  if (!map) return undefined;
  const fields = reader.fields(map, where, ruleKeys);
  const before = reader.problems.length;
  const written = reader.text(fields.domain, "domain", where, item.line);
  const domain = written?.toLowerCase();
  const problem = domain === undefined ? undefined : domainGlobProblem(domain);
  if (problem) reader.problem(fields.domain!.line, `${where}: ${problem}`);
  const status = fields.status ? reader.text(fields.status, "status", where, item.line) : undefined;
  if (status !== undefined && !(failOnNames as readonly string[]).includes(status)) {
    reader.problem(fields.status!.line, `${where}: status is one of ${failOnNames.join(", ")}.`);
  }
  const field = fields.field ? reader.text(fields.field, "field", where, item.line) : undefined;
  if (field !== undefined) {
    if (!comparedFieldNames.includes(field)) {
      reader.problem(
        fields.field!.line,
        `${where}: field is a field a website can differ in: ${comparedFieldNames.join(", ")} ` +
          "(a Website argument the server reports; password and excludeParams never drift).",
      );
    }
    if (status !== undefined && status !== "changed") {
      reader.problem(
        fields.field!.line,
        `${where}: field goes with status changed (or no status), not ${status}.`,
      );
    }
  }
  const reason = reader.text(fields.reason, "reason", where, item.line);
  if (fields.reason === undefined) {
    reader.problems.pop();
    reader.problem(
      item.line,
      `${where}: reason is missing: say why this drift is accepted; the report prints it.`,
    );
  }
  if (reader.problems.length > before) return undefined;
  return {
    domain: domain as string,
    ...(status !== undefined ? { status: status as FailOnName } : {}),
    ...(field !== undefined ? { field } : {}),
    reason: reason as string,
    at: `${reader.file}:${item.line}`,
    file: reader.file,
    line: item.line,
  };
}

/** Reads and checks an ignore file's text; `file` names it in messages. Throws DriftFileError. */
export function parseIgnoreFile(text: string, file: string): IgnoreFile {
  const reader = new DriftFileReader(file, kind, text);
  const root = reader.root(shape);
  reader.check();
  const top = reader.fields(root!, "top level", ["version", "ignore"]);
  checkVersion(
    reader,
    top.version,
    ignoreFileVersion,
    true,
    `Write version: ${ignoreFileVersion}, or leave version out.`,
  );
  const rules: IgnoreRule[] = [];
  if (!top.ignore) reader.problem(1, `ignore is missing: ${shape}`);
  else if (top.ignore.node !== null) {
    reader.items(top.ignore, "ignore", shape)?.forEach((item, index) => {
      const rule = readRule(reader, item, index);
      if (rule) rules.push(rule);
    });
  }
  reader.check();
  return { file, rules };
}

/**
 * The ignore file to read: the one `--ignore` names (which must exist), else
 * `.webstats-drift.yaml` in `folder` when there is one.
 */
export async function findIgnoreFile(
  explicit: string | undefined,
  folder: string,
): Promise<IgnoreFile | undefined> {
  const path = explicit ?? join(folder, ignoreFileName);
  if (explicit === undefined && !existsSync(path)) return undefined;
  return parseIgnoreFile(await readDriftFile(path, kind), explicit ?? ignoreFileName);
}

/**
 * The rule that covers one part of a website's drift, if any: a rule for the whole finding
 * before one for the part's field (a field rule covers only that field of a changed website).
 */
export function ruleFor(part: DriftPart, rules: readonly IgnoreRule[]): IgnoreRule | undefined {
  const ofFinding = rules.filter((r) => r.status === undefined || r.status === part.finding);
  return (
    ofFinding.find((r) => r.field === undefined) ??
    (part.field === undefined ? undefined : ofFinding.find((r) => r.field === part.field))
  );
}

/** The rules of a file whose domain glob matches a domain: each glob compiled once. */
export function rulesMatching(file: IgnoreFile): (domain: string) => IgnoreRule[] {
  const matchers = new Map(file.rules.map((r) => [r, globMatcher(r.domain)]));
  return (domain) => file.rules.filter((r) => matchers.get(r)?.(domain));
}

/**
 * Marks each entry whose every part the rules cover (`ignored`, with the rules' reasons);
 * returns the rules whose domain matches no website at all: stale. With a baseline too, the
 * run composes both (excuses.ts).
 */
export function applyIgnoreRules(entries: DriftEntry[], file: IgnoreFile): StaleIgnoreRule[] {
  const matching = rulesMatching(file);
  const matchedAny = new Set<IgnoreRule>();
  for (const entry of entries) {
    const rules = matching(entry.domain);
    for (const rule of rules) matchedAny.add(rule);
    const parts = partsOf(entry);
    if (parts.length === 0 || rules.length === 0) continue;
    const covering = parts.map((p) => ruleFor(p, rules));
    const found = covering.filter((r): r is IgnoreRule => r !== undefined);
    if (found.length === covering.length) {
      entry.ignored = [...new Set(found)].map((r) => ({ rule: r.at, reason: r.reason }));
    }
  }
  return file.rules.filter((r) => !matchedAny.has(r));
}
