// `npm run release` (tools/release/build-release.mjs) run as a command on a scratch copy of the
// repository's release inputs (its own git repository): it refuses bad input before building
// anything, naming the file and the fix, and `--verify` names the file of a release folder that
// no longer matches its SHA256SUMS. The rules themselves: test/unit/tools/release/rules.test.ts; the
// artifacts, installed as users install them: test/e2e/language-sdk-*.test.ts.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { formatSums } from "../../../../tools/release/release-rules.mjs";
import { scratchFolder } from "../../../support/scratch-folder";

const root = join(__dirname, "..", "..", "..", "..");
const scratch = scratchFolder("webstats-release-command-");
const copy = join(scratch, "repo");
const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;

function git(...args: string[]): void {
  const result = spawnSync(
    "git",
    ["-c", "user.name=release test", "-c", "user.email=release-test@example.invalid", ...args],
    { cwd: copy, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
}

function release(...args: string[]): { status: number | null; stderr: string; stdout: string } {
  return spawnSync(process.execPath, [join(copy, "tools", "release", "build-release.mjs"), ...args], {
    cwd: copy,
    encoding: "utf8",
    env: { ...process.env, WEBSTATS_RELEASE_DIR: join(copy, "release") },
  });
}

beforeAll(() => {
  // What the checks read: the release's own scripts and the tools' shared modules they import, the
  // manifests and the generated SDKs.
  for (const file of ["release-rules.mjs", "release-inputs.mjs", "build-release.mjs"]) {
    mkdirSync(join(copy, "tools", "release"), { recursive: true });
    cpSync(join(root, "tools", "release", file), join(copy, "tools", "release", file));
  }
  for (const path of [
    "package.json",
    "tools/lib",
    "docs/languages/java.md",
    "sdk/version.ts",
    "language-sdks",
    "examples/gitops/.github",
    "policy-pack/package.json",
  ]) {
    cpSync(join(root, path), join(copy, path), { recursive: true });
  }
  writeFileSync(join(copy, ".gitignore"), "/release/\n");
  git("init", "--quiet");
  git("add", ".");
  git("commit", "--quiet", "-m", "release inputs");
});

describe("npm run release on bad input", () => {
  it("refuses an example whose workflow pins the Action to another release than this one", () => {
    const workflow = join(copy, "examples", "gitops", ".github", "workflows", "drift-put-back.yml");
    const original = readFileSync(workflow, "utf8");
    expect(original).toContain(`uses: pulumi-webstats/pulumi-webstats@v${version}`);
    writeFileSync(
      workflow,
      original.replace(`pulumi-webstats/pulumi-webstats@v${version}`, "pulumi-webstats/pulumi-webstats@main"),
    );
    git("commit", "--quiet", "-am", "the Action on a branch");
    try {
      const result = release();
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        `examples/gitops/.github/workflows/drift-put-back.yml: states no version (expected ${version}); ` +
          `pin uses: pulumi-webstats/pulumi-webstats@v${version}, the tag this release creates.`,
      );
      expect(existsSync(join(copy, "release"))).toBe(false);
    } finally {
      writeFileSync(workflow, original);
      git("commit", "--quiet", "-am", "the Action pinned again");
    }
  });

  it("refuses an SDK manifest whose version is not package.json's, naming it and the fix, and builds nothing", () => {
    const manifest = join(copy, "language-sdks", "nodejs", "package.json");
    const original = readFileSync(manifest, "utf8");
    writeFileSync(manifest, original.replace(`"version": "${version}"`, `"version": "9.9.9"`));
    git("commit", "--quiet", "-am", "a stale SDK manifest");
    try {
      const result = release();
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("REFUSED before building anything");
      expect(result.stderr).toContain(
        `language-sdks/nodejs/package.json: version 9.9.9, but package.json says ${version}; ` +
          "it is generated from the schema: run npm run sdks and commit the result.",
      );
      expect(existsSync(join(copy, "release"))).toBe(false);
    } finally {
      writeFileSync(manifest, original);
      git("commit", "--quiet", "-am", "the SDK manifest fixed");
    }
  });

  it("refuses a dirty working tree unless --allow-dirty, and a tag that is not v<version>", () => {
    writeFileSync(join(copy, "notes.txt"), "not committed\n");
    try {
      const dirty = release("--tag", "v0.0.0-wrong");
      expect(dirty.status).toBe(1);
      expect(dirty.stderr).toContain("?? notes.txt");
      expect(dirty.stderr).toContain("--allow-dirty");
      expect(dirty.stderr).toContain(`the tag v0.0.0-wrong does not name package.json's version ${version}`);
      expect(existsSync(join(copy, "release"))).toBe(false);
    } finally {
      rmSync(join(copy, "notes.txt"));
    }
  });

  it("--verify names each file of a release folder that differs from SHA256SUMS", () => {
    const folder = join(scratch, "a-release");
    mkdirSync(join(folder, "npm"), { recursive: true });
    writeFileSync(join(folder, "npm", "a.tgz"), "the tarball");
    writeFileSync(join(folder, "schema.json"), "{}\n");
    const sha = (text: string) => createHash("sha256").update(text).digest("hex");
    writeFileSync(
      join(folder, "SHA256SUMS"),
      formatSums(
        new Map([
          ["npm/a.tgz", sha("the tarball")],
          ["schema.json", sha("{}\n")],
        ]),
      ),
    );
    const clean = release("--verify", folder);
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toContain("matches SHA256SUMS");
    // sha256sum agrees with the file's form.
    const checked = spawnSync("sha256sum", ["-c", "SHA256SUMS"], { cwd: folder, encoding: "utf8" });
    expect(checked.status, checked.stderr).toBe(0);

    writeFileSync(join(folder, "npm", "a.tgz"), "another tarball");
    const changed = release("--verify", folder);
    expect(changed.status).toBe(1);
    expect(changed.stderr).toContain("changed: npm/a.tgz");
    // A folder built with --allow-dirty is refused for publishing even when its sums match.
    writeFileSync(join(folder, "npm", "a.tgz"), "the tarball");
    writeFileSync(
      join(folder, "NOT-PUBLISHABLE"),
      "built from a working tree with 1 uncommitted change(s)\n",
    );
    const marked = release("--verify", folder);
    expect(marked.status).toBe(1);
    expect(marked.stderr).toContain("NOT-PUBLISHABLE: built from a working tree");
  });
});
