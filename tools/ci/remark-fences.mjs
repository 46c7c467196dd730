// @ts-check
// A remark plugin that holds every fenced code block of a Markdown file to one rule: it closes as
// it opens. CommonMark closes a block only with a line of the opening's character, at least as
// long, and nothing else on it; any other line, even one that starts with three backticks, is
// still code. So a block opened with four backticks and "closed" with three followed by text
// runs on, headings and all, to the next line of four, and the page renders a whole section as
// code without any error. Each block is read from the parser's tree (the blocks Markdown really
// has) and checked against its source lines; a problem is a message at its line, which
// `remark --frail` in `npm run lint` turns into a failure.

/**
 * @typedef {{ line: number, column: number }} Point
 * @typedef {{ type: string, lang?: string | null, position?: { start: Point, end: Point }, children?: Node[] }} Node
 * @typedef {{ value: unknown, message(reason: string, place?: unknown): { fatal?: boolean | null } }} File
 */

/** Info strings of blocks that show Markdown, where a fence inside is meant as text. */
const markdownLanguages = new Set(["markdown", "md"]);

/**
 * @param {Node} node
 * @param {(node: Node) => void} visit
 */
function walk(node, visit) {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}

/** @returns {(tree: Node, file: File) => void} */
export default function remarkFences() {
  return (tree, file) => {
    const lines = String(file.value).split(/\r?\n/);
    walk(tree, (node) => {
      if (node.type !== "code" || !node.position) return;
      const { start, end } = node.position;
      const opening = /^(`{3,}|~{3,})/.exec((lines[start.line - 1] ?? "").slice(start.column - 1));
      if (!opening) return; // an indented block has no fence
      const fence = opening[1] ?? "";
      const char = fence[0] ?? "`";
      const closing = end.line > start.line ? (lines[end.line - 1] ?? "").trim() : "";
      const closes =
        end.line > start.line && closing.length >= fence.length && [...closing].every((c) => c === char);
      const lastContent = closes ? end.line - 1 : end.line;
      if (!markdownLanguages.has((node.lang ?? "").toLowerCase())) {
        for (let line = start.line + 1; line <= lastContent; line++) {
          const text = (lines[line - 1] ?? "").trimStart();
          if (text.startsWith(char.repeat(3))) {
            report(
              file,
              `Line ${line} starts with ${char.repeat(3)} inside the code block opened with ${fence} at line ${start.line}, ` +
                `so it does not close that block and everything down to line ${end.line} renders as code: ` +
                `close the block with a line of only ${fence}, and start any text on a line of its own`,
              { line, column: 1 },
            );
          }
        }
      }
      if (!closes) {
        report(
          file,
          `The code block opened with ${fence} at line ${start.line} is never closed: it runs to the end of the file; ` +
            `close it with a line of only ${fence}`,
          start,
        );
      }
    });
  };
}

/**
 * @param {File} file
 * @param {string} reason
 * @param {Point} point
 */
function report(file, reason, point) {
  const message = file.message(reason, point);
  message.fatal = true; // an error, whatever --frail says
}
