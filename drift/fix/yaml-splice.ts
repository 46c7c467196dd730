// Small edits to a YAML file's text, located with the `yaml` package's document API: a value
// replaced in its own style, a key added to a mapping, an entry appended to a list. Only the
// edited spans change; every other byte (comments, blank lines, indentation, quoting, the
// spacing inside brackets) stays as it was, which re-printing the whole document would not
// promise. The caller checks the result by parsing it again.
import { Document, Scalar, isCollection, isMap, isPair, isScalar, isSeq } from "yaml";
import type { Node, Pair, YAMLMap, YAMLSeq } from "yaml";

interface Edit {
  start: number;
  end: number;
  text: string;
}

type Range = [number, number, number];

const rangeOf = (node: Node): Range => {
  if (!node.range) throw new Error("a YAML node without a position");
  return node.range;
};

/** A value as YAML writes it on one line: plain when it can be, lists in brackets. */
function inlineText(value: unknown, padded = false): string {
  const doc = new Document(value);
  if (isSeq(doc.contents)) doc.contents.flow = true;
  return doc.toString({ lineWidth: 0, flowCollectionPadding: padded }).trimEnd();
}

/** A scalar in the style of the one it replaces (double or single quotes kept). */
function scalarText(old: Scalar, value: unknown): string {
  if (typeof value === "string" && old.type === Scalar.QUOTE_DOUBLE) return JSON.stringify(value);
  if (typeof value === "string" && old.type === Scalar.QUOTE_SINGLE) return `'${value.replace(/'/g, "''")}'`;
  return inlineText(value);
}

export class YamlSplice {
  private readonly edits: Edit[] = [];

  constructor(readonly text: string) {}

  /** The column (0-based) of an offset. */
  private column(offset: number): number {
    return offset - (this.text.lastIndexOf("\n", offset - 1) + 1);
  }

  /** Where a node's own text ends: its last value, before any comment or line break after it. */
  private contentEnd(node: Node): number {
    if (isCollection(node) && !node.flow && node.items.length > 0) {
      const last = node.items[node.items.length - 1];
      if (isPair(last)) {
        const value = last.value as Node | null;
        return value ? this.contentEnd(value) : rangeOf(last.key as Node)[1];
      }
      return this.contentEnd(last as Node);
    }
    return rangeOf(node)[1];
  }

  /** The end of the line a node's text ends on (before its line break), comments included. */
  private lineEnd(node: Node): number {
    const end = this.contentEnd(node);
    const newline = this.text.indexOf("\n", end);
    return newline < 0 ? this.text.length : newline;
  }

  /** Replaces the value of `pair` with `value`, in the style of the old value. */
  setValue(pair: Pair, value: unknown): void {
    const old = pair.value as Node;
    const [start] = rangeOf(old);
    if (isScalar(old)) {
      this.edits.push({ start, end: rangeOf(old)[1], text: scalarText(old, value) });
    } else if (isSeq(old) && old.flow) {
      const padded = /^\[[ \t]/.test(this.text.slice(start)) && old.items.length > 0;
      this.edits.push({ start, end: rangeOf(old)[1], text: inlineText(value, padded) });
    } else if (isSeq(old) && Array.isArray(value) && value.length > 0) {
      // A block list stays a block list, one item a line at the same indentation.
      const indent = " ".repeat(this.column(start));
      const items = value.map((item) => `- ${inlineText(item)}`).join(`\n${indent}`);
      this.edits.push({ start, end: this.contentEnd(old), text: items });
    } else {
      // A block collection becoming empty (or something else): the value goes on the key's line.
      const keyEnd = rangeOf(pair.key as Node)[1];
      const colon = this.text.indexOf(":", keyEnd);
      this.edits.push({ start: colon + 1, end: this.contentEnd(old), text: ` ${inlineText(value)}` });
    }
  }

  /**
   * The column a block mapping's keys start at: its first key's, or for a key written explicitly
   * (`? key`, then `: value` on the next line) the column of its `?`, where the next key must
   * start too.
   */
  private keyColumn(map: YAMLMap): number {
    const first = map.items[0]?.key as Node | undefined;
    const start = rangeOf(first ?? map)[0];
    const explicit = /\?[ \t]+$/.exec(this.text.slice(this.text.lastIndexOf("\n", start - 1) + 1, start));
    return this.column(explicit ? start - explicit[0].length : start);
  }

  /** Adds `key: value` as the last key of `map`. */
  addKey(map: YAMLMap, key: string, value: unknown): void {
    const entry = `${key}: ${inlineText(value)}`;
    if (map.flow) {
      const last = map.items[map.items.length - 1];
      if (last) {
        // Right after the last value, so that the spacing before the brace stays the user's.
        const after = rangeOf((last.value ?? last.key) as Node)[1];
        this.edits.push({ start: after, end: after, text: `, ${entry}` });
        return;
      }
      const close = this.text.lastIndexOf("}", rangeOf(map)[1]);
      const padded = /[ \t]$/.test(this.text.slice(0, close));
      this.edits.push({ start: close, end: close, text: padded ? `${entry} ` : entry });
      return;
    }
    const indent = " ".repeat(this.keyColumn(map));
    const at = this.lineEnd(map);
    this.edits.push({ start: at, end: at, text: `\n${indent}${entry}` });
  }

  /**
   * Appends a mapping to the list `seq` (the value of `owner`), as block entries at the list's
   * indentation; an empty `[]` becomes a block list under its key.
   */
  appendEntry(owner: Pair, seq: YAMLSeq, entry: Record<string, unknown>): void {
    const keys = Object.entries(entry).map(([k, v]) => `${k}: ${inlineText(v)}`);
    if (seq.flow) {
      const close = this.text.lastIndexOf("]", rangeOf(seq)[1]);
      if (seq.items.length > 0) {
        this.edits.push({ start: close, end: close, text: `, {${keys.join(", ")}}` });
        return;
      }
      const indent = " ".repeat(this.column(rangeOf(owner.key as Node)[0]) + 2);
      const [start] = rangeOf(seq);
      // `websites: []` → the key alone on its line, the entries below it.
      const colon = this.text.lastIndexOf(":", start);
      this.edits.push({ start: colon + 1, end: close + 1, text: `\n${blockEntry(indent, keys)}` });
      return;
    }
    const indent = " ".repeat(this.column(rangeOf(seq)[0]));
    const at = this.lineEnd(seq);
    this.edits.push({ start: at, end: at, text: `\n${blockEntry(indent, keys)}` });
  }

  /** How many edits are planned: a mark to go back to with `rollback`. */
  mark(): number {
    return this.edits.length;
  }

  /** Forgets the edits planned since `mark` (a website whose edits are refused, say). */
  rollback(mark: number): void {
    this.edits.length = mark;
  }

  /** The text with every edit made. */
  result(): string {
    let text = this.text;
    // From the end backwards, so offsets stay true; at one offset, the later edit goes first so
    // that the earlier one ends up before it.
    const order = this.edits.map((edit, index) => ({ edit, index }));
    order.sort((a, b) => b.edit.start - a.edit.start || b.index - a.index);
    for (const { edit } of order) {
      text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
    }
    return text;
  }
}

function blockEntry(indent: string, keys: string[]): string {
  return keys.map((line, i) => `${indent}${i === 0 ? "- " : "  "}${line}`).join("\n");
}

/**
 * A value as a Pulumi YAML program must state it to mean exactly that value. Pulumi YAML reads
 * every string of a program as a template: `${...}` is an interpolation (of the stack's
 * configuration, a variable, a resource's output) and `$$` stands for one `$`
 * (pulumi-yaml's pkg/pulumiyaml/ast/interpolation.go). So every `$` is doubled: the text from
 * the server stays text, whatever it holds.
 */
export function pulumiYamlLiteral(value: unknown): unknown {
  if (typeof value === "string") return value.split("$").join("$$");
  if (Array.isArray(value)) return value.map(pulumiYamlLiteral);
  return value;
}

/**
 * How Pulumi YAML reads a value of a program: `literal` is the value it stands for, or undefined
 * when it is no literal (a string with an interpolation, anything with an object in it, which
 * may be an `fn::` call).
 */
export function readPulumiYamlValue(value: unknown): { literal: unknown } | undefined {
  if (typeof value === "string") {
    let text = "";
    for (let i = 0; i < value.length; i++) {
      if (value.startsWith("$$", i)) {
        text += "$";
        i++;
      } else if (value.startsWith("${", i)) return undefined;
      else text += value[i];
    }
    return { literal: text };
  }
  if (Array.isArray(value)) {
    const items = value.map(readPulumiYamlValue);
    return items.every((item) => item !== undefined)
      ? { literal: items.map((item) => item.literal) }
      : undefined;
  }
  return typeof value === "boolean" || typeof value === "number" || value === null
    ? { literal: value }
    : undefined;
}

/** A pair of `map` by its key, when the key is written as plain text. */
export function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((pair) => isScalar(pair.key) && pair.key.value === key);
}

export { isMap, isSeq };
