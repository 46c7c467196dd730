// Reading the small YAML files drift takes from users (a baseline, an ignore file) as strictly as
// a fleet file: the `yaml` package's document API keeps each node's source range, a LineCounter
// turns it into a line, and every problem (YAML syntax, an unknown key, a wrong value) is
// gathered with its line so that one message lists them all before anything is read or written.
import { readFile } from "node:fs/promises";
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument } from "yaml";
import type { Document, Node, YAMLMap } from "yaml";
import { closestName } from "../../core/closest-name";

/** One thing wrong with a drift file, at a line. */
interface DriftFileProblem {
  line: number;
  message: string;
}

/** A baseline or ignore file that cannot be used: every problem, each with the file and line. */
export class DriftFileError extends Error {
  override name = "DriftFileError";

  constructor(
    readonly file: string,
    readonly kind: string,
    readonly problems: readonly DriftFileProblem[],
  ) {
    const count = problems.length === 1 ? "a problem" : `${problems.length} problems`;
    super(
      `The ${kind} ${file} has ${count}; nothing was read or written:\n` +
        problems.map((p) => `  ${file}:${p.line}: ${p.message}`).join("\n"),
    );
  }
}

/** A key of a mapping with its value node and line. */
interface DriftFileField {
  node: Node | null;
  line: number;
}

/** The reader of one file: nodes, their lines, and the problems found so far. */
export class DriftFileReader {
  readonly problems: DriftFileProblem[] = [];
  private readonly lines = new LineCounter();
  private readonly doc: Document;

  constructor(
    readonly file: string,
    readonly kind: string,
    text: string,
  ) {
    this.doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
    for (const issue of [...this.doc.errors, ...this.doc.warnings]) {
      this.problem(this.lineAt(issue.pos[0]), `YAML: ${issue.message.split("\n")[0] ?? issue.message}`);
    }
  }

  /** The top of the file: a mapping, or undefined (with a problem saying what the file should be). */
  root(shape: string): YAMLMap | undefined {
    if (this.problems.length > 0) return undefined;
    const root = this.resolve(this.doc.contents);
    if (root === null || (isScalar(root) && root.value === null)) {
      this.problem(1, `the file is empty: ${shape}`);
      return undefined;
    }
    if (!isMap(root)) {
      this.problem(this.lineOf(root), `the top of the file is a mapping: ${shape}`);
      return undefined;
    }
    return root;
  }

  /** The keys of a mapping; a key not in `known` is a problem naming the nearest known key. */
  fields(map: YAMLMap, where: string, known: readonly string[]): Record<string, DriftFileField> {
    const fields: Record<string, DriftFileField> = {};
    for (const pair of map.items) {
      const keyNode = pair.key as Node | null;
      const line = this.lineOf(keyNode);
      if (!isScalar(keyNode) || typeof keyNode.value !== "string") {
        this.problem(line, `${where}: keys are plain names (${known.join(", ")}).`);
        continue;
      }
      const key = keyNode.value;
      if (!known.includes(key)) {
        const near = closestName(key, known);
        const hint = near ? `did you mean ${near}?` : `the keys are ${known.join(", ")}.`;
        this.problem(line, `${where}: ${key} is not a key here; ${hint}`);
        continue;
      }
      fields[key] = { node: this.resolve(pair.value as Node | null), line };
    }
    return fields;
  }

  /** The items of a list, or undefined with a problem when the node is not one. */
  items(
    field: DriftFileField,
    name: string,
    shape: string,
  ): { node: Node | null; line: number }[] | undefined {
    const node = field.node;
    if (!isSeq(node)) {
      this.problem(field.line, `${name} is a list: ${shape}`);
      return undefined;
    }
    return node.items.map((item) => {
      const resolved = this.resolve(item as Node);
      return { node: resolved, line: resolved ? this.lineOf(resolved) : field.line };
    });
  }

  /** A mapping item of a list, or undefined with a problem. */
  map(item: { node: Node | null; line: number }, where: string): YAMLMap | undefined {
    if (isMap(item.node)) return item.node;
    this.problem(item.line, `${where} is a mapping of keys such as domain: and status:.`);
    return undefined;
  }

  /** A key's plain value (scalars and lists of scalars), or undefined when it has none. */
  value(field: DriftFileField): unknown {
    const node = field.node;
    return node === null ? null : node.toJS(this.doc);
  }

  /** A non-empty string, or a problem naming the key. */
  text(field: DriftFileField | undefined, key: string, where: string, line: number): string | undefined {
    if (!field) {
      this.problem(line, `${where}: ${key} is missing.`);
      return undefined;
    }
    const value = this.value(field);
    if (typeof value !== "string" || value.trim() === "") {
      this.problem(field.line, `${where}: ${key} is a non-empty text.`);
      return undefined;
    }
    return value.trim();
  }

  lineOf(node: Node | null | undefined): number {
    return node?.range ? this.lineAt(node.range[0]) : 1;
  }

  problem(line: number, message: string): void {
    this.problems.push({ line, message });
  }

  /** Throws every problem found, in the order of their lines. */
  check(): void {
    if (this.problems.length === 0) return;
    const sorted = [...this.problems].sort((a, b) => a.line - b.line);
    throw new DriftFileError(this.file, this.kind, sorted);
  }

  private resolve(node: Node | null | undefined): Node | null {
    if (!node) return null;
    return isAlias(node) ? ((node.resolve(this.doc) as Node | undefined) ?? null) : node;
  }

  private lineAt(offset: number): number {
    return this.lines.linePos(offset).line;
  }
}

/** The text of a file, or a DriftFileError saying it cannot be read. */
export async function readDriftFile(path: string, kind: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "no such file" : (code ?? (error as Error).message);
    throw new DriftFileError(path, kind, [{ line: 1, message: `cannot be read: ${reason}.` }]);
  }
}

/**
 * The `version` key both files share: absent is allowed only where `optional`; any number but
 * `current` means another version of pulumi-webstats wrote (or was meant to read) the file.
 */
export function checkVersion(
  reader: DriftFileReader,
  field: DriftFileField | undefined,
  current: number,
  optional: boolean,
  fix: string,
): void {
  if (!field) {
    if (!optional)
      reader.problem(
        1,
        `version is missing: this version of pulumi-webstats reads version: ${current}. ${fix}`,
      );
    return;
  }
  const value = reader.value(field);
  if (value !== current) {
    const shown = typeof value === "number" || typeof value === "string" ? ` ${JSON.stringify(value)}` : "";
    reader.problem(
      field.line,
      `version${shown} is not one this version of pulumi-webstats reads (version: ${current}). ${fix}`,
    );
  }
}
