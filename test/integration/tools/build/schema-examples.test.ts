// The examples of the schema's pages (schema-examples/<name>/, which the schema's descriptions and
// so every SDK's doc comments and the API reference carry) compile against the SDKs generated
// from the schema, each as its language compiles it, all of a language at once: TypeScript
// type-checked in strict mode against the Node.js SDK's sources (schema-examples/tsconfig.json),
// Python byte-compiled with each call into the SDK checked against the SDK's functions, classes,
// parameters and enum members (test/support/python-sdk-calls.py), Go vetted and built against the
// Go SDK of this checkout (schema-examples/go.mod), Java compiled by one offline Maven build
// together with the Java SDK's sources. The YAML examples are previewed through the engine
// (test/e2e/schema-examples.test.ts).
import { cpSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findGo, goEnvironment } from "../../../../tools/machine/ensure-pulumi.mjs";
import {
  ensureMavenRepository,
  findJavaTools,
  javaSdkDir,
  mavenBuild,
} from "../../../../tools/machine/ensure-java.mjs";
import { languageSdksDir } from "../../../../tools/sdks/language-sdks.mjs";
import {
  exampleFiles,
  readSchemaExamples,
  schemaExamplesDir,
} from "../../../../tools/build/schema-examples.mjs";
import { scratchFolder } from "../../../support/scratch-folder";
import { repoRoot, run } from "../../../support/checkout";

const inCi = process.env.CI === "true" || process.env.CI === "1";
const scratch = scratchFolder("webstats-schema-examples-");

const names = readdirSync(schemaExamplesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const java = findJavaTools();
if (java.missing && !inCi) {
  process.stderr.write(`\n!!!!! JAVA SCHEMA EXAMPLES NOT COMPILED: no ${java.missing} on PATH\n\n`);
}

describe("the examples of the schema's pages", () => {
  it("are found, one folder per resource or function", () => {
    expect(Object.keys(readSchemaExamples()).sort()).toEqual([...names].sort());
    expect(names.length).toBeGreaterThan(0);
  });

  it("type-check in strict mode against the Node.js SDK", async () => {
    const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
    // tsc prints its diagnostics on standard output: put them in the failure.
    await run(process.execPath, [tsc, "-p", join(schemaExamplesDir, "tsconfig.json"), "--listFilesOnly"], {
      encoding: "utf8",
    }).then(({ stdout }) => {
      for (const name of names)
        expect(stdout).toContain(join(schemaExamplesDir, name, exampleFiles.typescript));
    });
    await run(process.execPath, [tsc, "-p", join(schemaExamplesDir, "tsconfig.json")], {
      encoding: "utf8",
    }).catch((error: Error & { stdout?: string }) => {
      throw new Error(`the TypeScript examples do not type-check:\n${error.stdout ?? error.message}`);
    });
  }, 120_000);

  it.each(names)("%s in Python byte-compiles and calls only what the Python SDK defines", async (name) => {
    const file = join(schemaExamplesDir, name, exampleFiles.python);
    await run("python3", ["-m", "py_compile", file], {
      env: { ...process.env, PYTHONPYCACHEPREFIX: join(scratch, "pycache") },
    });
    const checker = join(repoRoot, "test", "support", "python-sdk-calls.py");
    await run("python3", [checker, join(languageSdksDir, "python", "pulumi_webstats"), file]).catch(
      (error: Error & { stdout?: string }) => {
        throw new Error(error.stdout || error.message);
      },
    );
  });

  it("vet and build against the Go SDK", async () => {
    const go = findGo();
    if (!go) throw new Error("the Go examples need Go 1.25+ on PATH or in /usr/local/go");
    // The committed go.mod and go.sum as they are: the SDK comes from language-sdks/go by its
    // replace; GOFLAGS=-mod=readonly (goEnvironment) refuses a dependency go.sum does not pin.
    const options = { cwd: schemaExamplesDir, env: goEnvironment(), maxBuffer: 16 * 1024 * 1024 };
    const listed = await run(go, ["list", "./..."], options);
    expect(listed.stdout.trim().split("\n").sort()).toEqual(
      names.map((name) => `pulumi-webstats/schema-examples/${name}`).sort(),
    );
    await run(go, ["vet", "./..."], options);
    await run(go, ["build", "./..."], options);
  }, 900_000);

  it.skipIf(java.missing && !inCi)(
    "compile with the Java SDK's sources in one Maven build",
    async () => {
      if (java.missing) throw new Error(`the Java examples need ${java.missing} on PATH, and none was found`);
      const { repository } = await ensureMavenRepository({ quiet: true, progress: process.stderr });
      // The SDK's own project (its pom, sources and plugin.json), with each example beside its
      // sources in a package of its own: every example declares `package myproject;`.
      const build = join(scratch, "java");
      cpSync(javaSdkDir, build, { recursive: true });
      for (const name of names) {
        const folder = join(build, "src", "main", "java", "examples", name.toLowerCase());
        mkdirSync(folder, { recursive: true });
        const source = readSchemaExamples()[name]!.java;
        const moved = source.replace(/^package myproject;$/m, `package examples.${name.toLowerCase()};`);
        expect(moved, name).not.toBe(source);
        writeFileSync(join(folder, exampleFiles.java), moved);
      }
      await mavenBuild(build, ["compile"], { repository });
      for (const name of names) {
        const classes = readdirSync(join(build, "target", "classes", "examples", name.toLowerCase()));
        expect(classes, name).toContain("App.class");
      }
    },
    600_000,
  );
});
