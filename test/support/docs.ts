// The documentation's examples, tables and sections (README.md and the pages of docs/), for the
// tests that hold them to the code and run its examples as written. An example is found by its
// name wherever it lives, so moving it to another page moves no test.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..", "..");

/** Every page of the documentation, relative to the repository: README.md and docs/**.md. */
export function docPages(): string[] {
  const pages = readdirSync(join(root, "docs"), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".md") && !file.startsWith("api"))
    .map((file) => join("docs", file));
  return ["README.md", ...pages.sort()];
}

/** The text of one page, e.g. "docs/website.md". */
export function docText(page: string): string {
  return readFileSync(join(root, page), "utf8");
}

/** A marker's name in a pattern: the text itself. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The fenced block that follows `<!-- example: NAME -->` (or `<!-- example: NAME file: PATH -->`,
 * a file of a page's project: docProject), in the given language ("" for a block without one),
 * with the indentation of a list item removed. An example shown on several pages must read the
 * same on each.
 */
export function docExample(name: string, language = "ts"): string {
  const found = new Map<string, string>();
  for (const page of docPages()) {
    const pattern = new RegExp(
      `<!-- example: ${escapeRegExp(name)}(?: file: \\S+)? -->\\n+( *)\`\`\`${language}\\n([\\s\\S]*?)\\1\`\`\``,
      "g",
    );
    for (const match of docText(page).matchAll(pattern)) {
      const indent = match[1] ?? "";
      found.set(
        `${page} (at ${match.index})`,
        match[2]!
          .split("\n")
          .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
          .join("\n"),
      );
    }
  }
  const [first, ...others] = [...found];
  if (!first)
    throw new Error(`no page of the documentation has a ${language || "plain"} example named ${name}`);
  for (const [place, text] of others) {
    if (text !== first[1])
      throw new Error(`the example ${name} of ${place} differs from the one of ${first[0]}`);
  }
  return first[1];
}

/** One file of a page's project: where it goes, its example's name and language, its text. */
export interface DocFile {
  path: string;
  name: string;
  language: string;
  text: string;
}

/**
 * The files of a page's project, in the page's order: every example of the page marked
 * `<!-- example: NAME file: PATH -->`, each read as docExample reads it (so one shown on other
 * pages too must read the same there).
 */
export function docProject(page: string): DocFile[] {
  const pattern = /<!-- example: (\S+) file: (\S+) -->\n+ *```(\w*)\n/g;
  const files = [...docText(page).matchAll(pattern)].map(([, name, path, language]) => ({
    path: path!,
    name: name!,
    language: language!,
    text: docExample(name!, language),
  }));
  const paths = files.map((file) => file.path);
  const twice = paths.filter((path, index) => paths.indexOf(path) !== index);
  if (twice.length > 0) throw new Error(`${page} gives the file ${twice.join(", ")} twice`);
  return files;
}

/** The line `heading` of a page, and the page's lines. */
function headingAt(page: string, heading: string): { lines: string[]; start: number } {
  const lines = docText(page).split("\n");
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`${page} has no heading ${heading}`);
  return { lines, start };
}

/**
 * The rows of the first table after the line `heading` of a page (e.g. "## Arguments"), header
 * and separator left out, each as its cells: trimmed, with `\|` read as `|`.
 */
export function docTable(page: string, heading: string): string[][] {
  const { lines, start } = headingAt(page, heading);
  const first = lines.findIndex((line, index) => index > start && line.startsWith("|"));
  const rows: string[][] = [];
  for (let index = first; index >= 0 && lines[index]?.startsWith("|"); index++) {
    const cells = lines[index]!.slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim().replace(/\\\|/g, "|"));
    rows.push(cells);
  }
  return rows.slice(2);
}

/** A page's text after the line `heading`, to the next heading of its level or above. */
export function docSection(page: string, heading: string): string {
  const { lines, start } = headingAt(page, heading);
  const level = heading.indexOf(" ");
  const section: string[] = [];
  let fenced = false;
  for (const line of lines.slice(start + 1)) {
    if (line.trimStart().startsWith("```")) fenced = !fenced;
    const headingLevel = /^(#+) /.exec(line)?.[1]?.length;
    if (!fenced && headingLevel !== undefined && headingLevel <= level) break;
    section.push(line);
  }
  return section.join("\n");
}
