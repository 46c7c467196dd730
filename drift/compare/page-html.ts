// What a home page's HTML says of the tracking code, read as a browser reads it: parsed by parse5
// (the WHATWG algorithm browsers use), so a snippet inside a comment, a `<noscript>` (scripting on:
// its content is text) or a `<template>` (whose content browsers never run) does not count.
//
// A page is the website's data, whatever it holds: the tree is walked with a stack of its own,
// never by recursion, so no nesting depth overflows the call stack; and parsing is given the
// page's deadline. parse5's tree construction costs time in proportion to the nesting depth for
// each element (20,000 nested `<div>`s take seconds, 2 MiB of them minutes): the page is parsed in
// pieces, the event loop served between them, and the parse stops when the deadline passes.
import { defaultTreeAdapter, parse, Parser, html as HTML } from "parse5";
import type { DefaultTreeAdapterMap, TreeAdapter } from "parse5";
import { TRACKING_SCRIPT_ID, TRACKING_SCRIPT_PATH } from "../../core/tracking-code";
import type { PageStatus } from "../model/entries";
import { quotePageText } from "../model/page-quote";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];
type Document = DefaultTreeAdapterMap["document"];

/**
 * Every HTML `<script>` element of a parsed document, in document order. Not the content of a
 * `<template>` (parse5 keeps it apart, in `content`, and browsers never run it), nor an SVG or
 * MathML `script` (which does not load a `src`). No recursion: an explicit stack of the nodes
 * still to visit, children pushed last first.
 */
export function scriptsOf(root: Node): Element[] {
  const found: Element[] = [];
  const stack: Node[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if ("tagName" in node && node.tagName === "script" && node.namespaceURI === HTML.NS.HTML) {
      found.push(node);
    }
    const children = "childNodes" in node ? node.childNodes : [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return found;
}

const attribute = (element: Element, name: string): string | undefined =>
  element.attrs.find((a) => a.name === name)?.value;

/**
 * An address without the trailing `/` that changes nothing. Counted back from the end, not
 * matched with `/\/+$/`, which reads a long run of `/` again from each of its positions.
 */
function bare(address: string): string {
  const trimmed = address.trim();
  let end = trimmed.length;
  while (end > 0 && trimmed.charCodeAt(end - 1) === 47) end--;
  return trimmed.slice(0, end);
}

type HtmlJudgement = { status: Exclude<PageStatus, "unreachable">; reason?: string };

/** What a parsed document says of the tracking code of the installation at `host` (see judgeHtml). */
export function judgeDocument(document: Node, host: string): HtmlJudgement {
  const all = scriptsOf(document);
  const ours = all.filter((s) => attribute(s, "id") === TRACKING_SCRIPT_ID);
  for (const script of ours) {
    const dataHost = attribute(script, "data-host");
    if (dataHost !== undefined && bare(dataHost) === bare(host) && attribute(script, "src")) {
      return { status: "present" };
    }
  }
  const first = ours[0];
  if (first) {
    const dataHost = attribute(first, "data-host");
    if (dataHost === undefined || dataHost.trim() === "")
      return { status: "wrong", reason: "the tracking code has no data-host" };
    if (!attribute(first, "src")) return { status: "wrong", reason: "the tracking code has no src" };
    return {
      status: "wrong",
      reason: `the tracking code sends its hits to another installation: ${quotePageText(dataHost)} instead of ${host}`,
    };
  }
  const stray = all.find((s) => {
    const src = attribute(s, "src") ?? "";
    return attribute(s, "data-host") !== undefined || src.endsWith(TRACKING_SCRIPT_PATH);
  });
  if (stray) {
    const id = attribute(stray, "id");
    return {
      status: "wrong",
      reason: `a tracking script is there ${id ? `with the id "${quotePageText(id)}"` : "without its id"} instead of "${TRACKING_SCRIPT_ID}": it cannot find itself and sends nothing`,
    };
  }
  return { status: "missing", reason: "no tracking code in the home page" };
}

/**
 * What a page's HTML says of the tracking code of the installation at `host` (its root URL):
 * present when a script with the fixed id posts to that installation; wrong when it posts to
 * another, has no `data-host` or `src`, or when the installation's script is there under another
 * id (the script would not find itself); missing otherwise. Parses in one go: see judgePage for a
 * page from the web.
 */
export function judgeHtml(html: string, host: string): HtmlJudgement {
  return judgeDocument(parse(html), host);
}

/** The parse did not finish before the deadline. */
export class ParseTimeout extends Error {}

/** The first piece parsed, and the bounds of the pieces that follow (they shrink when slow). */
const PIECE = { first: 16 * 1024, min: 64, max: 64 * 1024, slowMs: 20, fastMs: 4 };

/**
 * The most parts (elements, attributes, texts, comments) the parse of a page keeps. parse5 keeps
 * each as an object of 60 to 190 bytes (measured on Node.js 24: a `<p>` about 150, a text between
 * two elements about 175, an attribute about 90), so a page at the bound holds at most about
 * 40 MB, and the eight pages read at once by default about 320 MB, well within Node.js's default
 * heap (2 GB or more on 64-bit machines). A home page has a few thousand parts; 2 MiB of `<p>`
 * has 700,000, which unbounded took 100 MB a page.
 */
export const MAX_PAGE_PARTS = 100_000;

/** The parse reached its bound of parts: the tree holds the parts before it. */
class PartsBound extends Error {}

/**
 * A string V8 holds as one piece. Text the tokenizer builds a character at a time is a rope of
 * one 32-byte link per character (2 MiB of text without a tag: 64 MB) until something reads it
 * whole; converting it to a number is such a read, and V8 keeps the flat copy in its place.
 */
function flat(text: string): string {
  void Number(text);
  return text;
}

type TextNode = DefaultTreeAdapterMap["textNode"];
type ParentNode = DefaultTreeAdapterMap["parentNode"];

/**
 * parse5's own tree adapter, making the same tree, that counts the parts it makes and throws
 * PartsBound past `maxParts`, and keeps their text flat (see flat). A text that grows by many
 * small pieces (`a a a`: a piece per word and per space) is flattened again once its pieces since
 * the last are a sixteenth of its length: the copies cost at most 16 times its length in all.
 */
function boundedTreeAdapter(maxParts: number): TreeAdapter<DefaultTreeAdapterMap> {
  let parts = 0;
  const count = (made: number) => {
    parts += made;
    if (parts > maxParts) throw new PartsBound();
  };
  const piecesSinceFlat = new WeakMap<TextNode, number>();
  const newText = (value: string): TextNode => {
    count(1);
    return defaultTreeAdapter.createTextNode(flat(value));
  };
  const grow = (node: TextNode, piece: string) => {
    node.value += flat(piece);
    const pieces = (piecesSinceFlat.get(node) ?? 0) + 1;
    if (pieces * 16 < node.value.length) piecesSinceFlat.set(node, pieces);
    else {
      flat(node.value);
      piecesSinceFlat.delete(node);
    }
  };
  const lastText = (node: DefaultTreeAdapterMap["childNode"] | undefined): TextNode | undefined =>
    node !== undefined && defaultTreeAdapter.isTextNode(node) ? node : undefined;
  const flatAttributes = (attrs: { name: string; value: string }[]) => {
    for (const attr of attrs) {
      flat(attr.name);
      flat(attr.value);
    }
  };
  return {
    ...defaultTreeAdapter,
    createDocumentFragment() {
      count(1);
      return defaultTreeAdapter.createDocumentFragment();
    },
    createElement(tagName, namespaceURI, attrs) {
      count(1 + attrs.length);
      flatAttributes(attrs);
      return defaultTreeAdapter.createElement(flat(tagName), namespaceURI, attrs);
    },
    createCommentNode(data) {
      count(1);
      return defaultTreeAdapter.createCommentNode(flat(data));
    },
    setDocumentType(document, name, publicId, systemId) {
      count(1);
      defaultTreeAdapter.setDocumentType(document, flat(name), flat(publicId), flat(systemId));
    },
    adoptAttributes(recipient, attrs) {
      count(attrs.length);
      flatAttributes(attrs);
      defaultTreeAdapter.adoptAttributes(recipient, attrs);
    },
    createTextNode: newText,
    insertText(parent: ParentNode, text: string) {
      const last = lastText(parent.childNodes.at(-1));
      if (last) grow(last, text);
      else defaultTreeAdapter.appendChild(parent, newText(text));
    },
    insertTextBefore(parent: ParentNode, text: string, reference: DefaultTreeAdapterMap["childNode"]) {
      const before = lastText(parent.childNodes[parent.childNodes.indexOf(reference) - 1]);
      if (before) grow(before, text);
      else defaultTreeAdapter.insertBefore(parent, newText(text), reference);
    },
  };
}

/**
 * Keeps flat the strings of the token parse5's tokenizer is in the middle of when a piece ends (a
 * text, comment, tag name or attribute not yet ended, which may span the whole page: 2 MiB of
 * text without a tag is one token, 64 MB as a rope). Each string is flattened once it has grown
 * by a sixteenth since it last was (and by 4,096 characters at least), so the copies cost at most
 * 17 times its length, however small the pieces. The fields are protected ones of parse5's pinned
 * version; one that is not there is skipped, which changes only the memory a parse takes.
 */
function openTokenFlattener(parser: Parser<DefaultTreeAdapterMap>): () => void {
  const tokenizer = parser.tokenizer as unknown as Record<string, Record<string, unknown> | null | undefined>;
  const fields: [holder: string, field: string][] = [
    ["currentCharacterToken", "chars"],
    ["currentToken", "data"],
    ["currentToken", "tagName"],
    ["currentAttr", "name"],
    ["currentAttr", "value"],
  ];
  const flatLengths = new WeakMap<object, Map<string, number>>();
  return () => {
    for (const [name, field] of fields) {
      const holder = tokenizer[name];
      const value = holder?.[field];
      if (holder == null || typeof value !== "string") continue;
      const lengths = flatLengths.get(holder) ?? new Map<string, number>();
      flatLengths.set(holder, lengths);
      const last = lengths.get(field) ?? 0;
      if (value.length - last < Math.max(4096, last / 16)) continue;
      flat(value);
      lengths.set(field, value.length);
    }
  };
}

/** A page parsed: its tree, and whether the parse stopped at its bound of parts. */
interface ParsedPage {
  document: Document;
  /** More than the bound's parts: `document` holds only those before it. */
  cut: boolean;
}

/**
 * Parses `html` as parse5.parse does, in pieces, yielding to the event loop between them; throws
 * ParseTimeout once `signal` is aborted. A piece that took long makes the next one smaller, so
 * the deadline is kept to within about one element's cost. parse5's Parser is the class its own
 * parse and its stream parser (parse5-parser-stream) drive this way; parse5's version is pinned.
 * The parse keeps at most `maxParts` parts (MAX_PAGE_PARTS): past them it stops, and the tree
 * holds those before.
 */
export async function parseWithin(
  html: string,
  signal: AbortSignal,
  maxParts: number = MAX_PAGE_PARTS,
): Promise<ParsedPage> {
  const parser = new Parser<DefaultTreeAdapterMap>({ treeAdapter: boundedTreeAdapter(maxParts) });
  const keepOpenTokenFlat = openTokenFlattener(parser);
  let size = PIECE.first;
  let at = 0;
  do {
    if (signal.aborted) throw new ParseTimeout("the parse ran out of time");
    // parse5 keeps what a piece ends in the middle of (a tag, a surrogate pair) for the next.
    const end = Math.min(html.length, at + size);
    const started = performance.now();
    try {
      parser.tokenizer.write(html.slice(at, end), end === html.length);
    } catch (error) {
      if (!(error instanceof PartsBound)) throw error;
      return { document: parser.document, cut: true };
    }
    keepOpenTokenFlat();
    const took = performance.now() - started;
    at = end;
    if (took > PIECE.slowMs) size = Math.max(PIECE.min, size >> 1);
    else if (took < PIECE.fastMs) size = Math.min(PIECE.max, size << 1);
    if (at < html.length) await new Promise((resolve) => setImmediate(resolve));
  } while (at < html.length);
  return { document: parser.document, cut: false };
}

/**
 * What a page from the web says of the tracking code, judged within `signal`'s deadline. A page
 * of more than `maxParts` parts is judged on those before (`cut`): present if they hold the
 * tracking code; otherwise the rest is unknown, and the caller says so.
 */
export async function judgePage(
  html: string,
  host: string,
  signal: AbortSignal,
  maxParts: number = MAX_PAGE_PARTS,
): Promise<HtmlJudgement & { cut?: { parts: number } }> {
  const { document, cut } = await parseWithin(html, signal, maxParts);
  return { ...judgeDocument(document, host), ...(cut ? { cut: { parts: maxParts } } : {}) };
}
