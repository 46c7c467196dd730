// @ts-check
// A remark plugin that holds the prose of a Markdown page to sentences of at most 40 words: a
// sentence longer than that is one a reader has to read twice, and a page full of them is one a
// reader does not finish. Prose is every paragraph (in lists and block quotes too); headings,
// tables, code blocks and HTML are not prose, and a link counts by its text, never its target.
// (Without the GFM extension, remark reads a table as a paragraph: its rows, the lines that start
// with `|`, are left out by their source.)
// An inline code span is one word, whatever it holds: a command line or a path is read as one
// thing. A problem is a message at the sentence's first line, which `remark --frail` in
// `npm run lint` turns into a failure.

/**
 * @typedef {{ line: number, column: number }} Point
 * @typedef {{ type: string, value?: string, position?: { start: Point, end: Point }, children?: Node[] }} Node
 * @typedef {{ path?: string, value: unknown, message(reason: string, place?: unknown): { fatal?: boolean | null } }} File
 * @typedef {{ maxWords?: number, skip?: (path: string) => boolean }} Options
 */

/** The longest sentence a page may have, in words. */
export const MAX_SENTENCE_WORDS = 40;

/** Blocks that are not prose: their text is never counted. */
const notProse = new Set(["heading", "table", "code", "html", "yaml", "toml", "definition"]);

/**
 * @typedef {{ word: string, shown: string, line: number }} Word
 * `word` is what counts and what ends a sentence; `shown` is how the message quotes it.
 */

/**
 * The words of a paragraph as they read, each with its line: text and link texts split at white
 * space; a code span one word, which counts as capitalised, since a sentence may start with one.
 * @param {Node} node
 * @param {Word[]} words
 */
function wordsOf(node, words) {
  const line = node.position?.start.line ?? 0;
  if (node.type === "text") {
    (node.value ?? "").split("\n").forEach((text, index) => {
      for (const token of text.split(/\s+/).filter((token) => token !== "")) {
        words.push({ word: token, shown: token, line: line + index });
      }
    });
  } else if (node.type === "inlineCode") {
    words.push({ word: "Code", shown: `\`${node.value ?? ""}\``, line });
  } else if (node.type !== "image" && node.type !== "html") {
    for (const child of node.children ?? []) wordsOf(child, words);
  }
}

/**
 * The sentences of a paragraph's words, each with its length and the line it starts on. A
 * sentence ends at `.`, `!` or `?` (after any closing quote or bracket) followed by a word that
 * starts with a capital letter, a digit, a quote or an opening bracket: "e.g. a" and
 * "Node.js 24" go on, "... done. Then" ends.
 * @param {Word[]} words
 * @returns {{ words: number, line: number, start: string }[]}
 */
function sentencesOf(words) {
  /** @type {{ words: number, line: number, start: string }[]} */
  const sentences = [];
  /** @type {Word[]} */
  let current = [];
  const close = () => {
    if (current.length === 0) return;
    sentences.push({
      words: countWords(current.map((w) => w.word)),
      line: current[0]?.line ?? 0,
      start: current
        .slice(0, 6)
        .map((w) => w.shown)
        .join(" "),
    });
    current = [];
  };
  words.forEach((word, index) => {
    current.push(word);
    const next = words[index + 1]?.word ?? "";
    if (/[.!?]["'”’)\]]*$/.test(word.word) && (next === "" || /^["'“‘([]?[A-Z0-9]/.test(next))) close();
  });
  close();
  return sentences;
}

/**
 * Tokens that hold a letter or a digit: a dash, an arrow or a lone bracket is no word.
 * @param {string[]} tokens
 */
function countWords(tokens) {
  return tokens.filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/**
 * @param {Node} node
 * @param {(paragraph: Node) => void} visit
 */
function walkProse(node, visit) {
  if (notProse.has(node.type)) return;
  if (node.type === "paragraph") {
    visit(node);
    return;
  }
  for (const child of node.children ?? []) walkProse(child, visit);
}

/**
 * @param {Options} [options]
 * @returns {(tree: Node, file: File) => void}
 */
export default function remarkSentenceLength(options = {}) {
  const maxWords = options.maxWords ?? MAX_SENTENCE_WORDS;
  return (tree, file) => {
    if (options.skip?.(file.path ?? "")) return;
    const lines = String(file.value).split(/\r?\n/);
    const isTableRow = (/** @type {number} */ line) => (lines[line - 1] ?? "").trimStart().startsWith("|");
    walkProse(tree, (paragraph) => {
      /** @type {Word[]} */
      const words = [];
      wordsOf(paragraph, words);
      for (const sentence of sentencesOf(words.filter((word) => !isTableRow(word.line)))) {
        if (sentence.words <= maxWords) continue;
        const message = file.message(
          `The sentence starting "${sentence.start} ..." has ${sentence.words} words, more than ${maxWords}: ` +
            `split it, or move the detail into a list or a table`,
          { line: sentence.line, column: 1 },
        );
        message.fatal = true; // an error, whatever --frail says
      }
    });
  };
}
