// CONTRIBUTING.md's "Where things live" map against the repository: every folder a contributor
// can open (each top-level folder and top-level TypeScript entry, each folder under tools/ and
// test/, each stage of drift/) has its line, and every path the map names exists.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(__dirname, "..", "..", "..");

function mapBlock(): string {
  const text = readFileSync(join(root, "CONTRIBUTING.md"), "utf8");
  const section = text.split(/^## Where things live$/m)[1];
  if (section === undefined) throw new Error('CONTRIBUTING.md has no "## Where things live" section');
  const block = /^```\n([\s\S]*?)^```$/m.exec(section);
  if (block?.[1] === undefined) throw new Error('CONTRIBUTING.md\'s "Where things live" has no fenced map');
  return block[1];
}

/** The paths the map names: the first word of a line, and each `x/` word after a `test/` entry. */
function namedPaths(block: string): string[] {
  const named = new Set<string>();
  for (const line of block.split("\n")) {
    const first = /^(\S+)/.exec(line)?.[1];
    if (first) named.add(first);
    for (const [, later] of line.matchAll(/;\s+((?:test|tools)\/[\w-]+\/)/g)) if (later) named.add(later);
    const stage = /^\s{14}([\w-]+\/)\s/.exec(line)?.[1];
    if (stage) named.add(`drift/${stage}`);
  }
  return [...named];
}

/** What a contributor opens: tracked top-level folders and .ts entries, tools/*, test/*, drift/*. */
function trackedPlaces(): string[] {
  const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n");
  const places = new Set<string>();
  for (const file of files) {
    const [top = "", second = ""] = file.split("/");
    const parts = file.split("/");
    if (parts.length === 1 && /^[\w-]+\.ts$/.test(file)) places.add(file);
    if (parts.length > 1 && !top.startsWith(".")) places.add(`${top}/`);
    if (parts.length > 2 && ["tools", "test", "drift"].includes(top)) places.add(`${top}/${second}/`);
  }
  return [...places].sort();
}

describe("CONTRIBUTING.md's map of the repository", () => {
  const named = namedPaths(mapBlock());

  it("has a line for every folder and entry in the repository", () => {
    // A folder whose every subfolder has its line (tools/, test/) is named by them.
    const missing = trackedPlaces().filter((place) => !named.some((path) => path.startsWith(place)));
    expect(
      missing,
      `add a line for each to the map in CONTRIBUTING.md's "Where things live": ${missing.join(", ")}`,
    ).toEqual([]);
  });

  it("names only paths that exist", () => {
    const gone = named.filter((path) => !existsSync(join(root, path)));
    expect(gone, `the map in CONTRIBUTING.md names paths that are not there: ${gone.join(", ")}`).toEqual([]);
  });
});
