// What the pages say about how many functions the package has, and which, and which commands
// `pulumi-webstats` has, held to the tables the code reads them from: the functions' table
// (core/functions.ts, from which the package schema's functions are written) and the command
// line's table of commands (cli/run.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commands } from "../../../cli/run";
import { functionSpecs } from "../../../core/functions";
import { packageSchema } from "../../../core/package-schema";

const root = join(__dirname, "..", "..", "..");
const functions = Object.keys(functionSpecs);
const numberWords = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** README.md, the pages of docs/ but the generated references, and the examples' Markdown. */
function pages(): string[] {
  const under = (dir: string) =>
    readdirSync(join(root, dir), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith(".md") && !file.split(/[/\\]/).includes("node_modules"))
      .map((file) => join(dir, file));
  const docs = under("docs").filter((file) => !/^docs[/\\](api|reference)[/\\]/.test(file));
  return ["README.md", ...docs, ...under("examples")].sort();
}

/** A page's prose: its paragraphs, list items and table rows, outside fenced code blocks. */
function passages(text: string): string[] {
  const result: string[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  const flush = () => {
    if (current.length > 0) result.push(current.join(" "));
    current = [];
  };
  for (const line of text.split("\n")) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker?.startsWith(fence)) fence = undefined;
      continue;
    }
    if (marker) {
      flush();
      fence = marker;
    } else if (line.trim() === "") {
      flush();
    } else if (/^\s*(\||[-*] |\d+\. )/.test(line)) {
      // A table row or a list item starts a passage of its own.
      flush();
      current.push(line);
    } else {
      current.push(line);
    }
  }
  flush();
  return result;
}

/** The functions a passage names, as words (getWebsite, not getWebsiteOutput). */
function namedFunctions(passage: string): string[] {
  return functions.filter((name) => new RegExp(`\\b${name}\\b`).test(passage));
}

describe("the pages' functions", () => {
  it("are the schema's functions, read from the functions' table", () => {
    const schema = packageSchema() as { functions: Record<string, unknown> };
    expect(Object.keys(schema.functions).map((token) => token.split(":")[2])).toEqual(functions);
  });

  it.each(pages())("%s counts them right", (page) => {
    const text = readFileSync(join(root, page), "utf8");
    for (const passage of passages(text)) {
      const counted = /\b(\w+) functions\b/i.exec(passage)?.[1]?.toLowerCase();
      if (counted !== undefined && (numberWords.includes(counted) || /^\d+$/.test(counted))) {
        expect(counted, `${page}: ${passage}`).toBe(numberWords[functions.length]);
      }
    }
  });

  it.each(pages())("%s names all of them wherever it lists three or more", (page) => {
    const text = readFileSync(join(root, page), "utf8");
    for (const passage of passages(text)) {
      const named = namedFunctions(passage);
      if (named.length >= 3) expect(named, `${page}: ${passage}`).toEqual(functions);
    }
  });
});

describe("the README's commands", () => {
  it("are the command line's commands, each named in the list of what pulumi-webstats does", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const list = /`pulumi-webstats` \(([^)]*)\)/.exec(readme.replace(/\s+/g, " "))?.[1];
    expect(list, "README.md: the sentence `pulumi-webstats` (`command` does ...; ...)").toBeDefined();
    const listed = list!.split(";").map((clause) => /^\s*`([^`]+)`/.exec(clause)?.[1]);
    expect(listed.sort()).toEqual(commands.map((command) => command.name).sort());
  });
});
