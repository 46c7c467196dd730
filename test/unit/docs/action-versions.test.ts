// Every GitHub Action the repository uses or shows is at one major version everywhere: in its own
// workflows (.github/workflows, pinned by commit with the version in a comment), in the workflows
// of the examples users copy, and in the workflow snippets of the pages. A page that shows
// actions/checkout@v4 beside an example at @v7 teaches an old version, and a release workflow
// behind its examples runs one. An action in a folder of its repository (actions/cache/restore,
// actions/cache/save, github/codeql-action/upload-sarif) is released with the repository: it
// shares the repository's major. (The repository's own Action is left out: its pages pin its
// release, `@v0.1.0`, or a `@<commit SHA>` placeholder.)
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { docPages } from "../../support/docs";

const root = join(__dirname, "..", "..", "..");

/** The workflow files: the repository's and each example's. */
function workflowFiles(): string[] {
  const folders = [
    ".github/workflows",
    ...readdirSync(join(root, "examples")).map((name) => `examples/${name}/.github/workflows`),
  ];
  return folders
    .filter((folder) => existsSync(join(root, folder)))
    .flatMap((folder) =>
      readdirSync(join(root, folder))
        .filter((name) => /\.ya?ml$/.test(name))
        .map((name) => `${folder}/${name}`),
    );
}

/** The Markdown pages whose snippets users copy: README, CONTRIBUTING, docs/, the examples'. */
function pages(): string[] {
  const examples = readdirSync(join(root, "examples"), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".md") && !file.split(/[/\\]/).includes("node_modules"))
    .map((file) => `examples/${file}`);
  return [...docPages().filter((page) => !page.startsWith("docs/reference")), "CONTRIBUTING.md", ...examples];
}

interface Use {
  where: string;
  action: string;
  /** The repository the action is released from: `actions/cache` for `actions/cache/restore`. */
  repository: string;
  ref: string;
  /** The major version: the tag's (`v7`), or for a commit the version its comment names. */
  major: string | undefined;
}

/** Each `uses: owner/repo[/path]@ref` of a text, with the `# vX.Y.Z` comment a commit pin carries. */
function usesIn(file: string): Use[] {
  const text = readFileSync(join(root, file), "utf8");
  return text.split("\n").flatMap((line, index) => {
    const match = /uses:\s*([\w.-]+\/[\w./-]+)@([\w.-]+)(?:\s+#\s*(v\d+)[\w.]*)?/.exec(line);
    if (!match || match[1] === "pulumi-webstats/pulumi-webstats") return [];
    const [, action, ref, comment] = match as unknown as [string, string, string, string | undefined];
    const major = /^v\d+/.exec(ref)?.[0] ?? comment;
    const repository = action.split("/").slice(0, 2).join("/");
    return [{ where: `${file}:${index + 1}`, action, repository, ref, major }];
  });
}

/** Each repository whose actions are used at more than one major version, with where. */
function mixedMajors(uses: readonly Use[]): string[] {
  const majors = new Map<string, Map<string, string[]>>();
  for (const use of uses) {
    const byMajor = majors.get(use.repository) ?? new Map<string, string[]>();
    byMajor.set(use.major!, [...(byMajor.get(use.major!) ?? []), use.where]);
    majors.set(use.repository, byMajor);
  }
  return [...majors]
    .filter(([, byMajor]) => byMajor.size > 1)
    .map(
      ([repository, byMajor]) =>
        `${repository}: ${[...byMajor].map(([major, at]) => `${major} at ${at.join(", ")}`).join("; ")}`,
    );
}

describe("the GitHub Actions the workflows and pages use", () => {
  const uses = [...workflowFiles(), ...pages()].flatMap(usesIn);

  it("count an action of a repository's folder as its repository's", () => {
    expect(uses.find((use) => use.action === "actions/cache/restore")?.repository).toBe("actions/cache");
    const cache = (action: string, major: string, where: string): Use => ({
      where,
      action,
      repository: "actions/cache",
      ref: major,
      major,
    });
    const restore = cache("actions/cache/restore", "v5", "a:1");
    expect(mixedMajors([restore, cache("actions/cache/save", "v5", "b:2")])).toEqual([]);
    expect(mixedMajors([restore, cache("actions/cache", "v4", "b:2")])).toEqual([
      "actions/cache: v5 at a:1; v4 at b:2",
    ]);
  });

  it("are found in the workflows and on the pages", () => {
    expect(uses.filter((use) => use.where.startsWith(".github/")).length).toBeGreaterThan(0);
    expect(uses.filter((use) => use.where.startsWith("examples/")).length).toBeGreaterThan(0);
    expect(uses.filter((use) => use.where.startsWith("docs/")).length).toBeGreaterThan(0);
  });

  it("name their version: a tag, or a commit with the version in a comment", () => {
    expect(uses.filter((use) => use.major === undefined).map((use) => use.where)).toEqual([]);
  });

  it("are each at one major version everywhere", () => {
    expect(mixedMajors(uses)).toEqual([]);
  });

  it("pin one commit per action where they pin commits", () => {
    const commits = new Map<string, Set<string>>();
    for (const use of uses.filter((use) => /^[0-9a-f]{40}$/.test(use.ref))) {
      commits.set(use.repository, (commits.get(use.repository) ?? new Set()).add(use.ref));
    }
    expect([...commits].filter(([, refs]) => refs.size > 1).map(([action]) => action)).toEqual([]);
  });
});
