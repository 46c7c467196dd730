// The README's examples, for the tests that run them as written.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const readmePath = join(__dirname, "..", "..", "README.md");

/**
 * The fenced block that follows `<!-- example: NAME -->` in the README, in the given language
 * ("" for a block without one), with the indentation of a list item removed.
 */
export function readmeExample(name: string, language = "ts"): string {
  const readme = readFileSync(readmePath, "utf8");
  const match = new RegExp(`<!-- example: ${name} -->\\n+( *)\`\`\`${language}\\n([\\s\\S]*?)\\1\`\`\``).exec(
    readme,
  );
  if (match?.[2] === undefined) throw new Error(`README has no ${language || "plain"} example named ${name}`);
  const indent = match[1] ?? "";
  return match[2]
    .split("\n")
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join("\n");
}

/**
 * The rows of the first table after the README line `heading` (e.g. "### Arguments"), header
 * and separator left out, each as its cells: trimmed, with `\|` read as `|`.
 */
export function readmeTable(heading: string): string[][] {
  const lines = readFileSync(readmePath, "utf8").split("\n");
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`README has no heading ${heading}`);
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
