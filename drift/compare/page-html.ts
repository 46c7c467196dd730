// What a home page's HTML says of the tracking code, read as a browser reads it: parsed by parse5
// (the WHATWG algorithm browsers use), so a snippet inside a comment, a `<noscript>` (scripting on:
// its content is text) or a `<template>` (whose content browsers never run) does not count.
//
// A page is the website's data, whatever it holds: the tree is walked with a stack of its own,
// never by recursion, so no nesting depth overflows the call stack; and parsing is given the
// page's deadline. parse5's tree construction costs time in proportion to the nesting depth for
// each element (20,000 nested `<div>`s take seconds, 2 MiB of them minutes): the page is parsed in
// pieces, the event loop served between them, and the parse stops when the deadline passes.
import { parse, Parser, html as HTML } from "parse5";
import type { DefaultTreeAdapterMap } from "parse5";
import { TRACKING_SCRIPT_ID, TRACKING_SCRIPT_PATH } from "../../core/tracking-code";
import type { PageStatus } from "../model/entries";

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

/** An address without the trailing `/` that changes nothing. */
const bare = (address: string): string => address.trim().replace(/\/+$/, "");

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
      reason: `the tracking code sends its hits to another installation: ${dataHost} instead of ${host}`,
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
      reason: `a tracking script is there ${id ? `with the id "${id}"` : "without its id"} instead of "${TRACKING_SCRIPT_ID}": it cannot find itself and sends nothing`,
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
 * Parses `html` as parse5.parse does, in pieces, yielding to the event loop between them; throws
 * ParseTimeout once `signal` is aborted. A piece that took long makes the next one smaller, so
 * the deadline is kept to within about one element's cost. parse5's Parser is the class its own
 * parse and its stream parser (parse5-parser-stream) drive this way; parse5's version is pinned.
 */
export async function parseWithin(html: string, signal: AbortSignal): Promise<Document> {
  const parser = new Parser<DefaultTreeAdapterMap>();
  let size = PIECE.first;
  let at = 0;
  do {
    if (signal.aborted) throw new ParseTimeout("the parse ran out of time");
    // parse5 keeps what a piece ends in the middle of (a tag, a surrogate pair) for the next.
    const end = Math.min(html.length, at + size);
    const started = performance.now();
    parser.tokenizer.write(html.slice(at, end), end === html.length);
    const took = performance.now() - started;
    at = end;
    if (took > PIECE.slowMs) size = Math.max(PIECE.min, size >> 1);
    else if (took < PIECE.fastMs) size = Math.min(PIECE.max, size << 1);
    if (at < html.length) await new Promise((resolve) => setImmediate(resolve));
  } while (at < html.length);
  return parser.document;
}

/** What a page from the web says of the tracking code, judged within `signal`'s deadline. */
export async function judgePage(html: string, host: string, signal: AbortSignal): Promise<HtmlJudgement> {
  return judgeDocument(await parseWithin(html, signal), host);
}
