// Text from the server or a website (domains, exclude lists, plan and account names, page reasons,
// error messages quoting server bodies) shown in drift's outputs, in every format, so that it is
// read as data and never taken for a command or for markup:
// - text (and every sentence): control characters, line breaks and bidi controls escaped
//   visibly (`\n`, `\u001b`), so a value starts no line of a terminal or a CI log, colours
//   nothing and reorders nothing; a value's leading `::` (a GitHub workflow command once at the
//   start of a line) and `##[`, `##vso[` anywhere (the runners' legacy commands, which they read
//   mid-line too) are broken up the same way;
// - JSON: values stay exact data (JSON.stringify, with the characters it leaves raw escaped as
//   \uXXXX, which parse back to the same text); sentences built from server text (page
//   reasons, policy messages, errors) are neutralised as text first;
// - Markdown: a value opens no block, mentions nobody and links no issue: plain values are
//   backslash-escaped as they always were, any other value is an inline code span (GitHub links
//   no `@user` or `#1` inside code), and a sentence's `@user`, `#1`, `owner/repo#1`, `GH-1` go
//   into code spans of their own; line breaks are escaped, `|` too inside tables;
// - XML (JUnit) and HTML: markup escaped, characters XML 1.0 cannot hold replaced.
// And, for a JavaScript action echoing drift's output: the workflow commands stopped around it,
// and a $GITHUB_OUTPUT entry whose delimiter cannot occur in its value.
// Every transform here takes time in proportion to its input, whatever it holds: each regular
// expression is one a backtracking matcher runs in linear time (recheck's automaton checker
// judges each in test/unit/drift/model/linear-text.test.ts, with every transform run on 1 MB values),
// and what no such expression says (mentions and references, the longest run of backticks) is
// scanned by hand in one pass. Page text is cut before it gets here (model/page-quote.ts).
import { randomBytes } from "node:crypto";

/** The short escapes JSON uses; every other character escaped is `\uXXXX`. */
const shortEscapes: Record<string, string> = {
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\b": "\\b",
  "\f": "\\f",
};

const unicodeEscape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * The characters no output shows raw: C0 controls (line breaks included), DEL, C1 controls,
 * the line and paragraph separators U+2028/U+2029, the bidi marks and overrides (U+061C,
 * U+200E/U+200F, U+202A-U+202E, U+2066-U+2069), and lone surrogates (no UTF-8 can hold them:
 * with the `u` flag a surrogate pair is one code point, so the surrogate range matches only a
 * lone one).
 */
const hidden =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]/gu;

/** `##[` and `##vso[` (any letters between): the first `#` of such a pair is escaped, wherever it is. */
const legacyCommand = /##([A-Za-z]*)\[/g;
const legacyCommandEscaped = "\\u0023#$1[";

/** `::` at the start, after any white space: a workflow command when it starts a line. */
const leadingCommand = /^(\s*)::/;

/**
 * Text as it may be shown anywhere, on one line: every character of `hidden` escaped as JSON
 * escapes it (`\n`, `\r`, `\t`, `\u001b`, `\u202e`), the first `#` of `##[`/`##vso[` as `\u0023`,
 * and a leading `::` as `\u003a:`. Text without any of these is returned as it is (backslashes
 * are not doubled: a `\n` shown may also be those two characters of the value). Applying it
 * twice changes nothing more.
 */
export function neutralText(text: string): string {
  return text
    .replace(hidden, (c) => shortEscapes[c] ?? unicodeEscape(c))
    .replace(legacyCommand, legacyCommandEscaped)
    .replace(leadingCommand, "$1\\u003a:");
}

/**
 * Text of several lines from a source that cannot be told apart from its line structure (an
 * error's message): the lines kept, each neutralised as by neutralText (so no line starts with
 * a workflow command; a `\r` is escaped, never a line break).
 */
export const neutralLines = (text: string): string => text.split("\n").map(neutralText).join("\n");

/** An array's item shown bare: a string that cannot be taken for two items, or for none. */
const bareItem = (item: unknown): item is string =>
  typeof item === "string" &&
  item !== "" &&
  item.trim() === item &&
  !/[,[\]"]/.test(item) &&
  neutralText(item) === item;

/**
 * The one rendering of a setting's value in every sentence of every format: a list as
 * `[a, b]` (items that would read as several, or contain quotes or brackets, in JSON quotes),
 * anything else as JSON (`"public"`, `true`, `12`, `null`); neutralised as by neutralText.
 */
export function valueText(value: unknown): string {
  const shown = Array.isArray(value)
    ? `[${value.map((item) => (bareItem(item) ? item : String(JSON.stringify(item)))).join(", ")}]`
    : String(JSON.stringify(value));
  return neutralText(shown);
}

/** The characters JSON.stringify leaves raw that neutralText escapes (it escapes C0 itself). */
const hiddenInJson = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]/gu;

/**
 * JSON.stringify's text with the same characters escaped as neutralText escapes, in JSON's own
 * `\uXXXX` form: it parses back to exactly the same data, but shows no raw control, separator
 * or bidi character, and no `##[` (only strings can hold a `#`). Lines never start with `::`.
 */
export function neutralJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space)
    .replace(hiddenInJson, unicodeEscape)
    .replace(legacyCommand, legacyCommandEscaped);
}

/** neutralJson that may also stand inside an HTML `<script>` element: `<`, `>`, `&` escaped. */
export const scriptJson = (value: unknown): string => neutralJson(value).replace(/[<>&]/g, unicodeEscape);

// ---- Markdown ----

/** Where Markdown text goes: a table cell (a `|` would end it), or at the start of a block. */
interface MarkdownPlace {
  /** In a table cell: `|` escaped, inside code spans too. */
  table?: boolean;
  /** Where a block could open (a list item's text, a line of its own): a leading marker escaped. */
  lineStart?: boolean;
}

// A mention (`@user`, `@org/team`: GitHub's rule, an `@` after no letter, digit or `_`), an issue
// or pull request reference (`#1`, `repo#1`, `owner/repo#1`; GitHub's `word#1` too) or `GH-1`
// (any case) is found by a scan of its own rather than a regular expression: the expression
// `(?:[\w.-]+/)?[\w.-]*#\d+` tried at each position of a run of word characters reads the rest of
// the run each time, so a long run cost time in the square of its length. The scan finds the same
// references (test/unit/drift/model/neutral-text.test.ts holds it to that expression) in one pass.

/** `[A-Za-z0-9_]`: what may not stand before a mention or a `GH-1`. */
const isWordCode = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
/** `[A-Za-z0-9]` */
const isAlnumCode = (c: number): boolean => isWordCode(c) && c !== 95;
/** `[A-Za-z0-9_.-]`: the characters of a reference's owner, repository or word. */
const isNameCode = (c: number): boolean => isWordCode(c) || c === 46 || c === 45;
const isDigitCode = (c: number): boolean => c >= 48 && c <= 57;
const SLASH = 47;
const HASH = 35;
const AT = 64;

/** A reference's place in a text: from `start` up to (not including) `end`. */
interface TextSpan {
  start: number;
  end: number;
}

/**
 * The mentions and references of `text`, left to right, as a regular expression would find them
 * one after the other: at each position a mention, else `owner/repo#1` or `word#1`, else `GH-1`.
 * Linear: where each run of name characters ends is worked out once, from the end, so a position
 * is judged in a few steps; `counter.steps` counts the characters read (for the tests).
 */
export function referenceSpans(text: string, counter: { steps: number } = { steps: 0 }): TextSpan[] {
  const n = text.length;
  const code = (i: number): number => {
    counter.steps++;
    return i < n ? text.charCodeAt(i) : -1;
  };
  // runEnd[i]: the first position at or after i that holds no name character.
  const runEnd = new Int32Array(n + 1);
  runEnd[n] = n;
  for (let i = n - 1; i >= 0; i--) runEnd[i] = isNameCode(code(i)) ? runEnd[i + 1]! : i;
  const digitsFrom = (i: number): number => {
    while (isDigitCode(code(i))) i++;
    return i;
  };
  /** Where a reference ending in `#` and digits at `hash` ends, or -1. */
  const afterHash = (hash: number): number =>
    code(hash) === HASH && isDigitCode(code(hash + 1)) ? digitsFrom(hash + 1) : -1;

  const spans: TextSpan[] = [];
  for (let at = 0; at < n;) {
    const wordBefore = at > 0 && isWordCode(code(at - 1));
    let end = -1;
    if (!wordBefore && code(at) === AT && isAlnumCode(code(at + 1))) {
      end = at + 2;
      while (isAlnumCode(code(end)) || code(end) === 45) end++;
      if (code(end) === SLASH && (isWordCode(code(end + 1)) || code(end + 1) === 45)) {
        end += 2;
        while (isWordCode(code(end)) || code(end) === 45) end++;
      }
    }
    if (end < 0) {
      const run = runEnd[at]!;
      if (run > at && code(run) === SLASH) end = afterHash(runEnd[run + 1]!);
      if (end < 0) end = afterHash(run);
    }
    if (end < 0 && !wordBefore && text.slice(at, at + 3).toLowerCase() === "gh-" && isDigitCode(code(at + 3)))
      end = digitsFrom(at + 3);
    if (end < 0) at++;
    else {
      spans.push({ start: at, end });
      at = end;
    }
  }
  return spans;
}

/** Markdown punctuation that could start markup inline: escaped with a backslash. */
const markdownPunctuation = /[\\|`*_[\]<>#&$~]/g;

/**
 * What opens a block at the start of a line once the inline punctuation is escaped: a list's
 * `-`, `+` or `1.`, a thematic break or setext underline (`---`, `===`), an indented code block.
 */
function escapeBlockStart(text: string): string {
  if (text.startsWith(" ")) return `&#32;${text.slice(1)}`;
  return text.replace(/^[-+=]/, "\\$&").replace(/^(\d+)([.)])/, "$1\\$2");
}

/** The length of the longest run of backticks in `text` (counted, not matched: a value may hold 500,000 runs). */
function longestBacktickRun(text: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    run = text.charCodeAt(i) === 96 ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/**
 * A Markdown inline code span of `text`, neutralised (line breaks escaped): its fence one
 * backtick longer than any run of backticks inside, padded with a space where the text starts
 * or ends with a backtick or a space (CommonMark strips that one space again). In a table,
 * `|` is escaped (GitHub's tables read `\|` inside code spans as `|`).
 */
export function markdownCode(text: string, place: MarkdownPlace = {}): string {
  let body = neutralText(text);
  if (place.table) body = body.replace(/\|/g, "\\|");
  if (body === "") return "` `";
  const fence = "`".repeat(longestBacktickRun(body) + 1);
  const edges = [body[0], body[body.length - 1]];
  const pad = edges.includes("`") || edges.includes(" ") ? " " : "";
  return `${fence}${pad}${body}${pad}${fence}`;
}

/**
 * Text that may contain server values, as Markdown outside a code span (a sentence, a table
 * cell, a heading): the punctuation that starts markup escaped with backslashes, mentions and
 * issue references each in a code span of their own, everything neutralised as by
 * neutralText; with `lineStart`, a leading `-`, `+`, `=`, `1.` or space escaped too.
 */
export function markdownText(text: string, place: MarkdownPlace = {}): string {
  let out = "";
  let last = 0;
  const escape = (part: string) => part.replace(markdownPunctuation, (c) => `\\${c}`);
  for (const { start, end } of referenceSpans(text)) {
    out += escape(text.slice(last, start)) + markdownCode(text.slice(start, end), place);
    last = end;
  }
  out = neutralText(out + escape(text.slice(last)));
  return place.lineStart ? escapeBlockStart(out) : out;
}

/** Characters of a value that Markdown shows as they are once `\|`*_[]<>` are escaped. */
const plainMarkdown = /^[\p{L}\p{M}\p{N} .,:;/@()+=?%'"{}^\-\\|`*_[\]<>]*$/u;

/**
 * A server value (a domain, a plan's name, a value as valueText shows it) in Markdown: a plain
 * one (letters, digits, spaces and common punctuation, no mention or reference) backslash-escaped
 * as markdownText does, any other an inline code span (markdownCode).
 */
export function markdownValue(text: string, place: MarkdownPlace = {}): string {
  const plain = plainMarkdown.test(text) && neutralText(text) === text && referenceSpans(text).length === 0;
  return plain ? markdownText(text, place) : markdownCode(text, place);
}

// ---- XML and HTML ----

/** Characters XML 1.0 cannot hold (its Char production), lone surrogates included. */
const notXml =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]/gu;

const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/**
 * Text as XML 1.0 character data or a quoted attribute value: `& < > " '` escaped, a carriage
 * return as `&#13;` (a parser would drop it), characters XML 1.0 cannot hold replaced by U+FFFD.
 * Text shown to people is neutralised first (xmlText(neutralText(...))).
 */
export const xmlText = (text: string): string =>
  text
    .replace(notXml, "\ufffd")
    .replace(/[&<>"']/g, (c) => entities[c] ?? c)
    .replace(/\r/g, "&#13;");

/**
 * Text as HTML text or a double-quoted attribute value: `& < > " '` escaped. For text shown to
 * people, escapeHtml(neutralText(value)), so that no control or bidi character reorders it.
 */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

// ---- GitHub Actions ----

const randomHex = (): string => randomBytes(16).toString("hex");

/**
 * Calls `make` until its result does not occur in `text`; refuses after 10 tries. An empty result
 * occurs in every text, so it is never taken.
 */
function absentFrom(text: string, make: () => string, what: string, ignoreCase = false): string {
  const haystack = ignoreCase ? text.toLowerCase() : text;
  for (let tries = 0; tries < 10; tries++) {
    const candidate = make();
    if (!haystack.includes(ignoreCase ? candidate.toLowerCase() : candidate)) return candidate;
  }
  throw new Error(`No ${what} that the text does not contain could be made.`);
}

/**
 * `text` (drift's output, echoed into a GitHub Actions log) between a `::stop-commands::TOKEN`
 * line and a `::TOKEN::` line, so that the runner takes no line of it for a workflow command
 * (`::error::`, `::add-mask::`, the legacy `##[...]` too). TOKEN is random (`newToken`, for
 * tests) and checked not to occur in the text (whatever its case, as the runner compares it),
 * since a line `::TOKEN::` or a `##[TOKEN]` in it would start the commands again.
 */
export function withWorkflowCommandsStopped(text: string, newToken: () => string = randomHex): string {
  const token = absentFrom(text, newToken, "stop-commands token", true);
  if (token.toLowerCase() === "pause-logging" || /[\s:]/.test(token))
    throw new Error(`${JSON.stringify(token)} cannot be a stop-commands token.`);
  const body = text === "" || text.endsWith("\n") ? text : `${text}\n`;
  return `::stop-commands::${token}\n${body}::${token}::\n`;
}

/**
 * An entry of the file $GITHUB_OUTPUT names: `NAME<<DELIMITER`, the value, the delimiter, each
 * on its own line, with a random delimiter (`newDelimiter`, for tests) that is checked not to
 * occur in the value (which would end it early and let the rest set other outputs). A name
 * other than letters, digits, `_` and `-` is refused.
 */
export function githubOutputEntry(
  name: string,
  value: string,
  newDelimiter: () => string = () => `ghadelimiter_${randomHex()}`,
): string {
  if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(name))
    throw new Error(
      `${JSON.stringify(name)} cannot be the name of an output: letters, digits, _ and - only.`,
    );
  const delimiter = absentFrom(value, newDelimiter, "output delimiter");
  if (/[\r\n]/.test(delimiter))
    throw new Error(`${JSON.stringify(delimiter)} cannot be an output delimiter.`);
  return `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
}
