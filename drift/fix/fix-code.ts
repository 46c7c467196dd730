// `drift --fix code`: the live values written back into the code that declares each website.
// Fleet files and Pulumi YAML programs are edited (fix-text.ts); a website declared in another
// program is listed with the arguments to change. Every file is checked before any is written:
// it must be writable, and committed in its git repository (a file with changes not yet
// committed is refused unless --force, so the fix never mixes with someone's own edits; a file
// outside any repository is written, and the summary says it was not checked). One refusal
// and nothing is written.
//
// Each file is written whole or not at all (core/atomic-file.ts): every new text is first put
// beside its file and flushed, and each file must still hold the text this run read and edited
// (someone's save in between is never written over: "changed since it was read: run again");
// only then are they renamed into place, one after the other. Should one of those last steps
// fail, the message says which files were written and which were not.
import { execFile } from "node:child_process";
import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { basename, dirname, extname, relative, resolve } from "node:path";
import type { Website } from "../../sdk";
import { FileWriteError, prepareAtomicWrite } from "../../core/atomic-file";
import type { AtomicWriteOptions, PreparedWrite } from "../../core/atomic-file";
import { websiteFields, readableSettings } from "../../core/website-fields";
import type { DriftEntry, FailOnName, FieldChange } from "../model/entries";
import { failsOn, findingCounts, liveKey } from "../model/entries";
import { valueText } from "../model/neutral-text";
import { SourceFiles, locateDeclaration } from "../read/declarations";
import type { Declaration } from "../read/declarations";
import type { RecordedStack, RecordedWebsite } from "../read/stack-export";
import { FixError, fixFleetText, fixYamlProgramText } from "./fix-text";
import type { Adoption, HandChange, CodeFix, WrittenChange } from "./fix-text";
import { exitCodes } from "../../core/exit-codes";

export interface FixCodeOptions {
  /** `--adopt-unmanaged`: append each unmanaged website to the fleet file of its account's stacks. */
  adoptUnmanaged: boolean;
  /** `--force`: write files with uncommitted changes too. */
  force: boolean;
  /** `--adopt-into FILE`: the fleet file for unmanaged websites when several could take them. */
  adoptInto?: string;
}

interface FixInput {
  stacks: readonly RecordedStack[];
  entries: readonly DriftEntry[];
  /** The websites on the server, by `liveKey`. */
  live: ReadonlyMap<string, Website>;
  failOn: readonly FailOnName[];
}

/** A drifted website the command did not fix, and what to do about it. */
interface NotFixed {
  status: DriftEntry["status"];
  domain: string;
  id: number;
  reason: string;
}

export interface FixOutcome {
  written: WrittenChange[];
  /** Program websites: where, and the arguments to change. */
  byHand: { domain: string; text: string }[];
  notFixed: NotFixed[];
  /** Each file written, and whether git vouched for it. */
  files: { file: string; git: "committed" | "forced" | "no repository" }[];
  /** 0: the code now declares every website as it is; 2: something the fail-on list names is left. */
  exitCode: typeof exitCodes.success | typeof exitCodes.drift;
}

/**
 * The fix is refused: every problem found, each naming its file (and line where there is one).
 * By default nothing was written; a fix stopped part-way says so in its heading and lists the
 * files written and not written.
 */
export class FixRefused extends Error {
  override name = "FixRefused";
  constructor(
    readonly problems: string[],
    heading = "drift --fix code wrote nothing:",
  ) {
    super(`${heading}\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
}

/** A path as the user reads it: relative to where the command runs, when inside it. */
const shown = (file: string): string => {
  const path = relative(process.cwd(), file);
  return path.startsWith("..") ? file : path;
};

const changeText = (c: FieldChange): string => `${c.field}: ${valueText(c.recorded)} → ${valueText(c.live)}`;

/** The call to change in a program, e.g. `index.ts:12 new webstats.Website("blog", { privacy: ... })`. */
function programHint(declaration: Declaration, resource: string, changes: readonly FieldChange[]): string {
  const where = `${shown(declaration.file)}:${declaration.line}`;
  const args = changes.map(changeText).join(", ");
  return /^\.[cm]?[jt]sx?$/.test(extname(declaration.file))
    ? `${where} new webstats.Website(${JSON.stringify(resource)}, { ${args} })`
    : `${where} Website ${JSON.stringify(resource)}: ${args}`;
}

/** Whether git holds `file` as committed: "changed" when it has uncommitted changes or is untracked. */
function gitState(file: string): Promise<"committed" | "changed" | "no repository"> {
  return new Promise((done, fail) => {
    execFile(
      "git",
      ["status", "--porcelain", "--", basename(file)],
      { cwd: dirname(file), encoding: "utf8" },
      (error, stdout, stderr) => {
        if (!error) return done(stdout.trim() === "" ? "committed" : "changed");
        const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
        if (missing || /not a git repository/i.test(stderr)) return done("no repository");
        fail(new Error(`git status of ${shown(file)} failed: ${stderr.trim() || error.message}`));
      },
    );
  });
}

/** Why a file cannot be written, if it cannot. A file marked read-only counts, even for root. */
async function unwritable(file: string): Promise<string | undefined> {
  try {
    const mode = (await stat(file)).mode;
    if ((mode & 0o222) === 0) return "it is read-only";
    await access(file, constants.W_OK);
    return undefined;
  } catch (error) {
    return `it cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
}

/** The live settings of an unmanaged website, as a fleet entry states them. */
const liveSettings = (website: Website): Record<string, unknown> =>
  Object.fromEntries(readableSettings.map((name) => [name, websiteFields[name].read(website)]));

interface Plan {
  fleet: Map<string, CodeFix[]>;
  yaml: Map<string, CodeFix[]>;
  adoptions: Map<string, Adoption[]>;
  /** Which entry each planned fix belongs to, to tell afterwards what was fixed. */
  planned: Map<DriftEntry, string>;
  byHand: { domain: string; text: string }[];
  notFixed: Map<DriftEntry, string>;
  problems: string[];
}

const push = <T>(map: Map<string, T[]>, key: string, value: T): void => {
  map.set(key, [...(map.get(key) ?? []), value]);
};

/** The fleet files declaring the recorded websites of each account: where its unmanaged ones may go. */
function fleetFilesByAccount(
  entries: readonly DriftEntry[],
  recorded: (entry: DriftEntry) => RecordedWebsite | undefined,
  files: SourceFiles,
): Map<string, Set<string>> {
  const byAccount = new Map<string, Set<string>>();
  for (const entry of entries) {
    if (entry.status === "unmanaged") continue;
    const website = recorded(entry);
    const located = website ? locateDeclaration(website, files) : undefined;
    if (!located || !("declaration" in located) || located.declaration.kind !== "fleet") continue;
    const key = liveKey(entry.account, 0);
    byAccount.set(key, new Set([...(byAccount.get(key) ?? []), located.declaration.file]));
  }
  return byAccount;
}

function plan(input: FixInput, options: FixCodeOptions, files: SourceFiles): Plan {
  const byResource = new Map(
    input.stacks
      .flatMap((s) => s.websites)
      .map((w): [string, RecordedWebsite] => [`${w.stack}:${w.resource}`, w]),
  );
  const recorded = (entry: DriftEntry) => byResource.get(entry.resources[0] ?? "");
  const result: Plan = {
    fleet: new Map(),
    yaml: new Map(),
    adoptions: new Map(),
    planned: new Map(),
    byHand: [],
    notFixed: new Map(),
    problems: [],
  };
  let accountFleets: Map<string, Set<string>> | undefined;
  const adoptInto = options.adoptInto === undefined ? undefined : resolve(options.adoptInto);

  for (const entry of input.entries) {
    const website = recorded(entry);
    if (entry.status === "changed" && website) {
      const located = locateDeclaration(website, files);
      if ("unknown" in located) {
        const message = `${website.stack}:${website.resource} (${entry.domain}): ${located.unknown.reason}`;
        if (located.unknown.broken) result.problems.push(message);
        else result.notFixed.set(entry, `its declaration is not known: ${located.unknown.reason}`);
        continue;
      }
      const { declaration } = located;
      const fix: CodeFix = {
        domain: entry.domain,
        changes: entry.changes ?? [],
        resource: website.resource,
      };
      // A program is changed by hand; so is a Pulumi YAML program written as JSON (Main.json),
      // which edits made the YAML way would no longer leave JSON.
      if (declaration.kind === "program" || extname(declaration.file) === ".json") {
        result.byHand.push({
          domain: entry.domain,
          text: programHint(declaration, website.resource, fix.changes),
        });
        result.notFixed.set(
          entry,
          `declared in a program at ${shown(declaration.file)}:${declaration.line}: change it by hand.`,
        );
        continue;
      }
      push(declaration.kind === "fleet" ? result.fleet : result.yaml, declaration.file, fix);
      result.planned.set(entry, declaration.file);
    } else if (entry.status === "unmanaged" && options.adoptUnmanaged) {
      accountFleets ??= fleetFilesByAccount(input.entries, recorded, files);
      const candidates = [...(accountFleets.get(liveKey(entry.account, 0)) ?? [])].sort();
      const account = `${entry.account.email} (${entry.account.id}) at ${entry.account.url}`;
      const live = input.live.get(liveKey(entry.account, entry.id));
      let target: string | undefined;
      if (adoptInto !== undefined) {
        if (candidates.includes(adoptInto)) target = adoptInto;
        else
          result.problems.push(
            `--adopt-into ${options.adoptInto}: not a fleet file of the stacks given that use account ${account}` +
              (candidates.length > 0
                ? ` (those are ${candidates.map(shown).join(", ")}).`
                : " (they have none)."),
          );
      } else if (candidates.length === 1) target = candidates[0];
      else if (candidates.length > 1) {
        result.problems.push(
          `${entry.domain}: the unmanaged websites of account ${account} could go to ${candidates.map(shown).join(" or ")}: ` +
            "say which with --adopt-into FILE.",
        );
      }
      if (target && live) {
        push(result.adoptions, target, { domain: entry.domain, settings: liveSettings(live) });
        result.planned.set(entry, target);
      } else if (!target && candidates.length === 0) {
        result.notFixed.set(
          entry,
          `no stack given declares a website of account ${account} in a fleet file: declare it by hand.`,
        );
      }
    } else if (entry.status === "unmanaged") {
      result.notFixed.set(entry, "declared by no stack given: --adopt-unmanaged appends it to a fleet file.");
    } else if (entry.status === "gone") {
      const located = website ? locateDeclaration(website, files) : undefined;
      const where =
        located && "declaration" in located
          ? ` at ${shown(located.declaration.file)}:${located.declaration.line}`
          : "";
      result.notFixed.set(
        entry,
        `not on the server: remove its declaration${where}, or restore the website.`,
      );
    } else if (entry.status === "duplicate") {
      result.notFixed.set(entry, `recorded by ${entry.resources.join(", ")}: keep one declaration.`);
    }
  }
  return result;
}

/**
 * Plans every edit, checks every file, then writes them all; throws FixRefused (nothing
 * written) when a file cannot be fixed, written, has uncommitted changes without --force, or
 * changed since it was read; or (listing the files written) when replacing one fails after
 * others were replaced.
 */
export async function fixCode(input: FixInput, options: FixCodeOptions): Promise<FixOutcome> {
  const files = new SourceFiles();
  const planned = plan(input, options, files);
  const problems = [...planned.problems];
  const outputs = new Map<string, string>();
  const written: WrittenChange[] = [];
  const left: (HandChange & { file: string })[] = [];
  const targets = [
    ...new Set([...planned.fleet.keys(), ...planned.adoptions.keys(), ...planned.yaml.keys()]),
  ].sort();
  for (const file of targets) {
    const text = files.text(file);
    if (text === undefined) {
      problems.push(`${shown(file)}: cannot be read.`);
      continue;
    }
    try {
      const fixed = planned.yaml.has(file)
        ? fixYamlProgramText(text, shown(file), planned.yaml.get(file) ?? [])
        : fixFleetText(text, shown(file), planned.fleet.get(file) ?? [], planned.adoptions.get(file) ?? []);
      if (fixed.text !== text) outputs.set(file, fixed.text);
      written.push(...fixed.written);
      left.push(...fixed.byHand.map((h) => ({ ...h, file })));
    } catch (error) {
      if (!(error instanceof FixError)) throw error;
      problems.push(error.message);
    }
  }
  const gitStates = new Map<string, "committed" | "forced" | "no repository">();
  for (const file of outputs.keys()) {
    const why = await unwritable(file);
    if (why) {
      problems.push(`${shown(file)}: ${why}: make it writable (chmod u+w) or change it by hand.`);
      continue;
    }
    const git = await gitState(file);
    if (git === "changed" && !options.force) {
      problems.push(
        `${shown(file)}: has changes not yet committed (git status): commit or set them aside first, or give --force to write over them.`,
      );
    }
    gitStates.set(file, git === "changed" ? "forced" : git);
  }
  if (problems.length > 0) throw new FixRefused([...new Set(problems)]);

  await writeFixedFiles(outputs, (file) => files.text(file));

  const notFixed = new Map(planned.notFixed);
  for (const [entry, file] of planned.planned) {
    const hand = left.filter((h) => h.file === file && h.domain === entry.domain);
    if (hand.length > 0) notFixed.set(entry, hand.map((h) => h.reason).join(" "));
  }
  const remaining = [...notFixed.keys()];
  // Silence counts as the report counts it: not where a baseline entry or an ignore rule excuses it.
  const silentFails =
    input.failOn.includes("silent") && input.entries.some((e) => findingCounts(e, "silent"));
  return {
    written: written.map((w) => ({ ...w, file: shown(resolve(w.file)) })),
    byHand: planned.byHand,
    notFixed: remaining.map((e) => ({
      status: e.status,
      domain: e.domain,
      id: e.id,
      reason: notFixed.get(e) ?? "",
    })),
    files: [...gitStates].map(([file, git]) => ({ file: shown(file), git })),
    exitCode:
      silentFails || remaining.some((e) => failsOn(e, input.failOn)) ? exitCodes.drift : exitCodes.success,
  };
}

/**
 * Writes every file whole or not at all, each only if it still holds the text read. Every new
 * text is made ready beside its file and every file checked first: a failure there writes
 * nothing (FixRefused). Then each is renamed into place; a failure of one stops the rest, and
 * FixRefused lists the files written and those not written.
 */
export async function writeFixedFiles(
  outputs: ReadonlyMap<string, string>,
  readText: (file: string) => string | undefined,
  /** Only for tests: file operations to use instead of Node's. */
  fileSystem?: AtomicWriteOptions["fileSystem"],
): Promise<void> {
  const prepared: PreparedWrite[] = [];
  const problems: string[] = [];
  const reason = (error: unknown): string => {
    if (error instanceof FileWriteError) return error.message;
    throw error;
  };
  try {
    for (const [file, text] of outputs) {
      try {
        // The path as the user reads it names the file in messages; it resolves to the same file.
        const write = await prepareAtomicWrite(shown(file), text, {
          // A fleet file or program linked from elsewhere is edited where it is, as editors do.
          links: "follow",
          expected: readText(file) ?? "",
          ...(fileSystem ? { fileSystem } : {}),
        });
        prepared.push(write);
        await write.check();
      } catch (error) {
        problems.push(reason(error));
      }
    }
  } catch (error) {
    await Promise.all(prepared.map((write) => write.discard()));
    throw error;
  }
  if (problems.length > 0) {
    await Promise.all(prepared.map((write) => write.discard()));
    throw new FixRefused(problems);
  }

  const written: string[] = [];
  for (const [index, write] of prepared.entries()) {
    try {
      await write.commit();
      written.push(write.file);
    } catch (error) {
      const rest = prepared.slice(index + 1);
      await Promise.all(rest.map((r) => r.discard()));
      const replaced = error instanceof FileWriteError && error.replaced;
      if (replaced) written.push(write.file);
      if (written.length === 0) throw new FixRefused([reason(error)]);
      const notWritten = [...(replaced ? [] : [write.file]), ...rest.map((r) => r.file)];
      throw new FixRefused(
        [
          reason(error),
          `written: ${written.join(", ")}`,
          ...(notWritten.length > 0 ? [`not written, each as it was: ${notWritten.join(", ")}`] : []),
        ],
        `drift --fix code stopped after writing ${written.length} of ${prepared.length} files:`,
      );
    }
  }
}
