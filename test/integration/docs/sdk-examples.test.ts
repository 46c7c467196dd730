// The examples of the language SDKs in the docs (docs/languages/, docs/functions.md) and in
// docs/_index.md compile against the SDKs generated from the schema, as a user's project compiles them: TypeScript type-checked in
// strict mode against the Node.js SDK's sources, Python byte-compiled (with every function it
// calls one the Python SDK defines), Go vetted and built. The engine runs some of them too
// (test/e2e); these catch a wrong name or type without it.
// (test/unit/docs/language-sdks.test.ts holds the names they use to the table of docs/functions.md.)
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findGo, goEnvironment } from "../../../tools/machine/ensure-pulumi.mjs";
import { languageSdksDir } from "../../../tools/sdks/language-sdks.mjs";
import { languageSettings } from "../../../core/package-schema";
import { docExample } from "../../support/docs";
import { fencedBlocks } from "../../support/sdk-docs";
import { scratchFolder } from "../../support/scratch-folder";
import { repoRoot, run } from "../../support/checkout";

const scratch = scratchFolder("webstats-sdk-examples-");

const overview = readFileSync(join(repoRoot, "docs", "_index.md"), "utf8");
const overviewExample = (language: string) => fencedBlocks(overview, language)[0]!;

/** A fresh folder in the scratch space. */
function folder(name: string): string {
  const dir = join(scratch, name);
  mkdirSync(dir);
  return dir;
}

describe("the SDK examples of the docs and the Registry overview", () => {
  it.each([
    ["docs: sdk-nodejs", () => docExample("sdk-nodejs")],
    ["docs/_index.md", () => overviewExample("typescript")],
  ])("%s type-checks in strict mode against the Node.js SDK", async (name, source) => {
    const dir = folder(`typescript-${name.replace(/\W+/g, "-")}`);
    writeFileSync(join(dir, "index.ts"), source());
    // The SDK's sources stand in for its published package; @pulumi/pulumi is this checkout's.
    const sdk = languageSettings.nodejs.packageName;
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "es2022",
          module: "esnext",
          moduleResolution: "bundler",
          skipLibCheck: true,
          types: ["node"],
          typeRoots: [join(repoRoot, "node_modules", "@types")],
          paths: {
            [sdk]: [join(languageSdksDir, "nodejs", "index.ts")],
            "@pulumi/pulumi": [join(repoRoot, "node_modules", "@pulumi", "pulumi")],
          },
        },
        files: ["index.ts"],
      }),
    );
    const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
    // tsc prints its diagnostics on standard output: put them in the failure.
    await run(process.execPath, [tsc, "-p", join(dir, "tsconfig.json")], { encoding: "utf8" }).catch(
      (error: Error & { stdout?: string }) => {
        throw new Error(`${name} does not type-check:\n${error.stdout ?? error.message}`);
      },
    );
  });

  it.each([
    ["docs: sdk-python", () => docExample("sdk-python", "python")],
    ["docs: functions-python", () => docExample("functions-python", "python")],
    ["docs/_index.md", () => overviewExample("python")],
  ])("%s byte-compiles and calls only what the Python SDK defines", async (name, source) => {
    const file = join(folder(`python-${name.replace(/\W+/g, "-")}`), "example.py");
    writeFileSync(file, source());
    await run("python3", ["-m", "py_compile", file], {
      env: { ...process.env, PYTHONPYCACHEPREFIX: join(scratch, "pycache") },
    });
    const packageDir = join(languageSdksDir, "python", "pulumi_webstats");
    const sdk = readdirSync(packageDir, { recursive: true })
      .map(String)
      .filter((module) => module.endsWith(".py"))
      .map((module) => readFileSync(join(packageDir, module), "utf8"))
      .join("\n");
    const called = [...source().matchAll(/\bwebstats\.([a-z_]+)\(/g)].map((match) => match[1]!);
    expect(called.length).toBeGreaterThan(0);
    for (const function_ of called) expect(sdk, function_).toMatch(new RegExp(`^def ${function_}\\(`, "m"));
  });

  it.each([
    ["docs: sdk-go", () => docExample("sdk-go", "go")],
    ["docs: functions-go", () => docExample("functions-go", "go")],
    ["docs/_index.md", () => overviewExample("go")],
  ])(
    "%s builds against the Go SDK",
    async (name, source) => {
      const go = findGo();
      if (!go) throw new Error("the Go examples need Go 1.25+ on PATH or in /usr/local/go");
      // The module of the Go SDK's test program (test/e2e/go-program): its pinned dependencies
      // and committed go.sum, with the SDK taken from this checkout.
      const programDir = join(repoRoot, "test", "e2e", "go-program");
      const dir = folder(`go-${name.replace(/\W+/g, "-")}`);
      writeFileSync(
        join(dir, "go.mod"),
        readFileSync(join(programDir, "go.mod"), "utf8")
          .replace("module pulumi-webstats/test/e2e/go-program", "module sdk-example")
          .replace("=> ../../../language-sdks/go", `=> ${join(languageSdksDir, "go")}`),
      );
      cpSync(join(programDir, "go.sum"), join(dir, "go.sum"));
      writeFileSync(join(dir, "main.go"), source());
      const options = { cwd: dir, env: goEnvironment(), maxBuffer: 16 * 1024 * 1024 };
      await run(go, ["vet", "."], options);
      await run(go, ["build", "-o", join(dir, "example"), "."], options);
    },
    600_000,
  );
});
