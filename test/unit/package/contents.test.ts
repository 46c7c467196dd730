// What users install: `npm pack` puts the build and the three documents in the tarball and
// nothing else (no sources, tests, tools or examples), the runtime dependencies bring no
// server framework (only the emulator needs one, as an optional peer dependency), and the
// manifest has no script that npm would run, or ask to approve, when installing it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

interface PackageJson {
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

interface LockEntry {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const manifest = JSON.parse(readFileSync("package.json", "utf8")) as PackageJson;

/** Listed with --dry-run and without the prepack build: it reads the dist/ already built. */
function packedPaths(): string[] {
  if (!existsSync("dist/index.js")) throw new Error("dist/ is missing: run npm run build first.");
  const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const [report] = JSON.parse(output) as { files: { path: string }[] }[];
  return report!.files.map((file) => file.path).sort();
}

/** The package.json inside the tarball `npm pack` makes (of the dist/ already built). */
function packedManifest(): PackageJson {
  const dir = mkdtempSync(join(tmpdir(), "webstats-packed-manifest-"));
  try {
    const tarball = execFileSync("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", dir], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    })
      .trim()
      .split("\n")
      .pop()!;
    return JSON.parse(
      execFileSync("tar", ["-xzOf", join(dir, tarball), "package/package.json"], { encoding: "utf8" }),
    ) as PackageJson;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every package a plain install pulls in, following package-lock.json from `dependencies`. */
function runtimeClosure(): Set<string> {
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const seen = new Set<string>();
  const queue = Object.keys(manifest.dependencies ?? {});
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const entry = lock.packages[`node_modules/${name}`];
    if (!entry) throw new Error(`package-lock.json has no entry for ${name}`);
    queue.push(...Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }));
  }
  return seen;
}

// npm pack takes seconds, more on a loaded machine: the limit only catches a hang.
describe("the packed package", { timeout: 120_000 }, () => {
  it("holds exactly dist/, README, CHANGELOG, LICENSE and package.json", () => {
    const paths = packedPaths();
    expect(paths.filter((path) => !path.startsWith("dist/"))).toEqual([
      "CHANGELOG.md",
      "LICENSE",
      "README.md",
      "package.json",
    ]);
    // Every entry point package.json names is there, with its types.
    for (const entry of [
      "index",
      "provider/dynamic-provider",
      "sdk/index",
      "emulator/index",
      "policy/index",
    ]) {
      expect(paths).toContain(`dist/${entry}.js`);
      expect(paths).toContain(`dist/${entry}.d.ts`);
    }
    expect(paths).toContain("dist/emulator/cli.js");
  });

  it("publishes the declarations of the public entry points only, without internal members", () => {
    const paths = packedPaths();
    const declarations = paths.filter((path) => path.endsWith(".d.ts"));
    // The Website core's modules run (their JavaScript ships) but are no API: of them, only
    // what the public surface names is declared: the settings table (the connection types
    // derive from it) and the lookup error.
    expect(declarations.filter((path) => path.startsWith("dist/core/"))).toEqual([
      "dist/core/lookup-errors.d.ts",
      "dist/core/setting-specs.d.ts",
    ]);
    expect(paths).toContain("dist/core/website-lifecycle.js");
    // Nothing the sdk keeps for itself is declared: not the options checker that returns the key,
    // nor the rules it applies.
    for (const path of declarations) {
      expect(readFileSync(path, "utf8"), path).not.toMatch(/@internal/);
      expect(readFileSync(path, "utf8"), path).not.toMatch(/checkClientOptions|installationRoot/);
    }
  });

  it("has no script that installing it would run or list for approval; a clone still links itself", () => {
    const scripts = packedManifest().scripts ?? {};
    // The scripts npm considers for a dependency: it runs the first three and lists all four
    // (prepare from a tarball or a git checkout) among the install scripts awaiting approval.
    for (const event of ["preinstall", "install", "postinstall", "prepare"]) {
      expect(scripts[event], `scripts.${event}`).toBeUndefined();
    }
    // What a clone needs on `npm ci` / `npm install` in its own folder, where npm runs
    // postprepare (test/integration/package/install.test.ts installs both ways).
    expect(scripts.postprepare).toBe("node tools/build/link-checkout.mjs");
  });

  it("pulls no server framework into a plain install; fastify is an optional peer", () => {
    const closure = runtimeClosure();
    expect(closure.has("undici")).toBe(true);
    for (const framework of ["fastify", "pino", "express", "light-my-request"]) {
      expect(closure.has(framework), `${framework} is installed with the package`).toBe(false);
    }
    expect(manifest.peerDependencies?.fastify).toBeDefined();
    expect(manifest.peerDependenciesMeta?.fastify?.optional).toBe(true);
  });

  it("is described by the TypeScript page with exactly its runtime dependencies", () => {
    const page = readFileSync(join("docs", "languages", "typescript.md"), "utf8");
    const sentence = /brings (\w+) small runtime dependencies \(([^)]*)\)/.exec(page);
    expect(sentence, "the sentence on the runtime dependencies").not.toBeNull();
    const named = [...sentence![2]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((n) => n !== "drift");
    expect(named.sort()).toEqual(Object.keys(manifest.dependencies ?? {}).sort());
    const words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
    expect(sentence![1]).toBe(words[named.length - 1]);
  });
});
