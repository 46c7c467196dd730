// Reading a fleet file: YAML with `defaults` and `websites`, checked in full before anything
// is declared. Every problem names the file, the line, the website and the argument.
//
// The `yaml` package parses into nodes that keep their source ranges; a LineCounter turns
// those into line numbers, which is what lets each message point at the right line.
import { readFileSync } from "node:fs";
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument } from "yaml";
import type { Document, Node, YAMLMap } from "yaml";
import { normalizeDomain } from "../sdk";
import { flag } from "../core/argument-schemas";
import { closestName } from "../core/closest-name";
import { keyField } from "../core/website-fields";
import { programSettings } from "../provider/program-context";
import { FleetError, websiteLabel } from "./fleet-errors";
import type { FleetProblem } from "./fleet-errors";
import {
  configKeyPattern,
  defaultsKeys,
  entryKeys,
  passwordConfigKey,
  protectKey,
  refusedKeys,
  sectionKeys,
} from "./fleet-format";
import type { FleetSettings } from "./fleet-format";
import { websiteArgumentProblems } from "./website-rules";

/** The Website arguments of one fleet entry: what the file says, defaults applied. */
export interface FleetWebsiteArgs extends Omit<FleetSettings, "passwordConfig" | "protect"> {
  /** The domain, normalised as the server stores it. */
  domain: string;
}

/** One website of a fleet file, checked. */
export interface FleetWebsite {
  /** The normalised domain: the website's key in the fleet. */
  domain: string;
  /** Its Website arguments: the entry's own, over the file's `defaults`. */
  args: FleetWebsiteArgs;
  /** The stack configuration key that holds the password, when the website has one. */
  passwordConfig?: string;
  /** The entry's `protect` (or the default's), when the file gives one; `true` protects the Website. */
  protect?: boolean;
  /** The line where the entry starts. */
  line: number;
}

/** A fleet file read and checked by loadFleet. */
export interface Fleet {
  /** The file the fleet was read from, as given. */
  file: string;
  /** The websites, in the order of the file. */
  websites: FleetWebsite[];
}

/** A key of the file with its value and the line it is on. */
interface Field {
  value: unknown;
  line: number;
}

/** How messages name the top of the file. */
const topLevel = "top level";

/** Stands for the password read from configuration, so the password rules can be checked. */
const passwordPlaceholder = "password-from-configuration";

class FleetReader {
  private readonly lines = new LineCounter();
  private readonly problems: FleetProblem[] = [];
  private readonly doc: Document;

  constructor(
    private readonly file: string,
    text: string,
    private readonly adoptExisting: boolean,
  ) {
    this.doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
  }

  read(): Fleet {
    for (const issue of [...this.doc.errors, ...this.doc.warnings]) {
      this.problem(this.lineAt(issue.pos[0]), "YAML", issue.message.split("\n")[0] ?? issue.message);
    }
    if (this.problems.length > 0) throw new FleetError(this.file, this.problems);

    const root = this.resolve(this.doc.contents);
    if (root === null || (isScalar(root) && root.value === null)) {
      this.problem(
        1,
        topLevel,
        "the file is empty: a fleet file has a websites list (and optionally defaults).",
      );
      throw new FleetError(this.file, this.problems);
    }
    if (!isMap(root)) {
      this.problem(
        this.lineOf(root),
        topLevel,
        "the top of a fleet file is a mapping with defaults and websites.",
      );
      throw new FleetError(this.file, this.problems);
    }
    const sections = this.fields(root, topLevel, sectionKeys, {});
    const defaults = this.readDefaults(sections.defaults);
    const websites = this.readWebsites(sections.websites, defaults);
    if (this.problems.length > 0) {
      throw new FleetError(
        this.file,
        this.problems.sort((a, b) => a.line - b.line),
      );
    }
    return { file: this.file, websites };
  }

  private readDefaults(section: Field | undefined): Record<string, Field> {
    if (!section) return {};
    const node = section.value as Node | null;
    if (node === null || (isScalar(node) && node.value === null)) return {};
    if (!isMap(node)) {
      this.problem(
        section.line,
        "defaults",
        "defaults is a mapping of Website arguments, e.g. excludeBots: true.",
      );
      return {};
    }
    return this.values(
      this.fields(node, "defaults", defaultsKeys, {
        domain: "the domain belongs to each website, not to defaults.",
      }),
      "defaults",
    );
  }

  private readWebsites(section: Field | undefined, defaults: Record<string, Field>): FleetWebsite[] {
    if (!section) {
      this.problem(1, topLevel, "websites is missing: list the websites, each with a domain.");
      return [];
    }
    const node = section.value as Node | null;
    if (node === null || (isScalar(node) && node.value === null)) {
      // An empty fleet deletes every website it held: say so on purpose, not by accident.
      this.problem(
        section.line,
        "websites",
        "websites has no entries: list them, or write websites: [] for none.",
      );
      return [];
    }
    if (!isSeq(node)) {
      this.problem(
        section.line,
        "websites",
        "websites is a list of entries, each starting with - domain: NAME.",
      );
      return [];
    }
    const websites: FleetWebsite[] = [];
    const seen = new Map<string, { line: number; written: string }>();
    const defaultsProblems = new Set<string>();
    node.items.forEach((item, index) => {
      const entry = this.resolve(item as Node);
      const line = this.lineOf(entry);
      if (!isMap(entry)) {
        this.problem(line, `websites[${index}]`, "each website is a mapping with at least a domain.");
        return;
      }
      const domainNode = entry.items.find((pair) => isScalar(pair.key) && pair.key.value === keyField);
      const written = domainNode ? this.resolve(domainNode.value as Node) : null;
      const where = websiteLabel(isScalar(written) ? written.value : undefined, index);
      const fields = this.values(this.fields(entry, where, entryKeys, {}), where);
      const domain = fields.domain;
      if (domain && typeof domain.value === "string") {
        const key = normalizeDomain(domain.value);
        const first = seen.get(key);
        if (first) {
          this.problem(
            domain.line,
            where,
            `${key} is already declared at line ${first.line} (as ${JSON.stringify(first.written)}); ` +
              "declare each website once.",
            keyField,
          );
          return;
        }
        seen.set(key, { line: domain.line, written: domain.value });
      }
      const website = this.readWebsite(where, line, fields, defaults, defaultsProblems);
      if (website) websites.push(website);
    });
    return websites;
  }

  /** One website: defaults merged in, then checked by the provider's rules. */
  private readWebsite(
    where: string,
    line: number,
    fields: Record<string, Field>,
    defaults: Record<string, Field>,
    defaultsProblems: Set<string>,
  ): FleetWebsite | undefined {
    const merged: Record<string, unknown> = {};
    for (const [key, field] of Object.entries({ ...defaults, ...fields })) merged[key] = field.value;
    const { [passwordConfigKey]: passwordConfig, [protectKey]: protect, ...args } = merged;

    /** Reports a problem at the entry's own key, or once at the default it inherits. */
    const report = (key: string, message: string): void => {
      const own = fields[key];
      const inherited = own ? undefined : defaults[key];
      if (inherited) {
        // A broken default would otherwise be reported once per website.
        const id = `${inherited.line}\0${key}\0${message}`;
        if (defaultsProblems.has(id)) return;
        defaultsProblems.add(id);
        this.problem(inherited.line, "defaults", message, key);
      } else {
        this.problem(own?.line ?? line, where, message, key);
      }
    };

    const checked: Record<string, unknown> = { ...args };
    if (passwordConfig !== undefined) {
      const field = fields[passwordConfigKey] ?? defaults[passwordConfigKey];
      if (typeof passwordConfig !== "string" || !configKeyPattern.test(passwordConfig)) {
        this.problem(
          field?.line ?? line,
          fields[passwordConfigKey] ? where : "defaults",
          `${JSON.stringify(passwordConfig)} is not a configuration key: give a name such as shopPassword ` +
            "(or namespace:name) set with pulumi config set --secret.",
          passwordConfigKey,
        );
      }
      checked.password = passwordPlaceholder;
    }

    let ok = true;
    // protect is a resource option, not a Website argument: checked here, never passed to check.
    const protection = protect === undefined ? undefined : flag(protectKey).safeParse(protect);
    if (protection && !protection.success) {
      ok = false;
      report(protectKey, protection.error.issues[0]?.message ?? `${protectKey} must be true or false.`);
    }
    for (const { argument, reason } of websiteArgumentProblems(checked, this.adoptExisting)) {
      ok = false;
      const key = argument === "password" ? passwordConfigKey : argument;
      const message =
        argument === "password" && passwordConfig === undefined
          ? `${reason} In a fleet file, name the stack configuration key that holds it: passwordConfig: NAME.`
          : reason;
      report(key, message);
    }
    if (!ok || typeof args.domain !== "string") return undefined;

    const domain = normalizeDomain(args.domain);
    const website: FleetWebsite = { domain, args: { ...args, domain }, line };
    if (typeof passwordConfig === "string") website.passwordConfig = passwordConfig;
    if (protection?.success) website.protect = protection.data;
    return website;
  }

  /** The keys of a mapping with their value nodes; unknown and refused keys become problems. */
  private fields(
    map: YAMLMap,
    where: string,
    known: readonly string[],
    refused: Record<string, string>,
  ): Record<string, Field> {
    const fields: Record<string, Field> = {};
    for (const pair of map.items) {
      const keyNode = pair.key as Node | null;
      const line = this.lineOf(keyNode);
      if (!isScalar(keyNode) || typeof keyNode.value !== "string") {
        this.problem(line, where, "keys are plain names such as domain or excludeBots.");
        continue;
      }
      const key = keyNode.value;
      const reason = refused[key] ?? (where === topLevel ? undefined : refusedKeys[key]);
      if (reason !== undefined) {
        this.problem(line, where, `${key} is not accepted here: ${reason}`, key);
      } else if (!known.includes(key)) {
        const near = closestName(key, known);
        const hint = near ? `did you mean ${near}?` : `known keys: ${known.join(", ")}.`;
        this.problem(line, where, `${key} is not a key of ${describeMapping(where)}; ${hint}`, key);
      } else {
        fields[key] = { value: this.resolve(pair.value as Node | null), line };
      }
    }
    return fields;
  }

  /** Turns value nodes into plain values; a key without a value is a problem, not a default. */
  private values(fields: Record<string, Field>, where: string): Record<string, Field> {
    const plain: Record<string, Field> = {};
    for (const [key, field] of Object.entries(fields)) {
      const node = field.value as Node | null;
      const value: unknown = node === null ? null : node.toJS(this.doc);
      if (value === null || value === undefined) {
        this.problem(field.line, where, `${key} has no value: give one, or remove the line.`, key);
        continue;
      }
      plain[key] = { value, line: field.line };
    }
    return plain;
  }

  private resolve(node: Node | null | undefined): Node | null {
    if (!node) return null;
    return isAlias(node) ? ((node.resolve(this.doc) as Node | undefined) ?? null) : node;
  }

  private lineOf(node: Node | null | undefined): number {
    return node?.range ? this.lineAt(node.range[0]) : 1;
  }

  private lineAt(offset: number): number {
    return this.lines.linePos(offset).line;
  }

  private problem(line: number, where: string, message: string, argument?: string): void {
    const problem: FleetProblem = { file: this.file, line, where, message };
    if (argument !== undefined) problem.argument = argument;
    this.problems.push(problem);
  }
}

function describeMapping(where: string): string {
  if (where === topLevel) return "a fleet file (defaults, websites)";
  if (where === "defaults") return "defaults";
  return "a website entry";
}

/** How a fleet is checked. */
export interface FleetReadOptions {
  /**
   * The default of adoptExisting for entries that do not set it, which decides what a new
   * website needs (a password-protected one needs passwordConfig unless it is adopted).
   * Default: the running program's stack setting `webstats:adoptExisting`, then
   * `WEBSTATS_ADOPT_EXISTING`, else false: the default each Website gets.
   */
  adoptExisting?: boolean;
}

/** The stack's default, read only when the caller gives none. */
const adoptExistingOf = (options: FleetReadOptions): boolean =>
  options.adoptExisting ?? programSettings().adoptExisting?.value ?? false;

/** Reads and checks a fleet from YAML text; `file` names it in messages. Throws FleetError. */
export function parseFleet(text: string, file: string, options: FleetReadOptions = {}): Fleet {
  return new FleetReader(file, text, adoptExistingOf(options)).read();
}

/**
 * Reads a fleet file (a path relative to the program's working directory, which for
 * `pulumi up` is the project folder) and checks every entry by the Website's own rules, under
 * the stack's settings (see {@link FleetReadOptions}).
 * Throws FleetError listing every problem, each with its file, line, website and argument.
 */
export function loadFleet(path: string, options: FleetReadOptions = {}): Fleet {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new FleetError(path, [
      { file: path, line: 1, where: "file", message: `cannot be read: ${reason}.` },
    ]);
  }
  return parseFleet(text, path, options);
}
