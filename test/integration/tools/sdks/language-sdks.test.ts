// The language SDKs and their generator (tools/sdks/language-sdks.mjs, tools/machine/pulumi-sdkgen): a
// field the schema gains reaches the SDKs (C# among them) with no edit to them, the stale check finds every
// difference, the generator refuses a schema that is not a valid package schema, and the Python
// SDK byte-compiles. How a release packs them: test/integration/release-packages.test.ts. Every SDK
// but C# runs through the engine in test/e2e (language-sdk-*.test.ts); byte-compiling here finds a
// broken Python SDK without the engine or the Python test's virtual environment.
import { appendFileSync, cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageSchema } from "../../../../core/package-schema";
import { docExample } from "../../../support/docs";
import { ensureSdkGenerator } from "../../../../tools/machine/ensure-sdkgen.mjs";
import { differences, generateSdks, languageSdksDir } from "../../../../tools/sdks/language-sdks.mjs";
import { scratchFolder } from "../../../support/scratch-folder";
import { run } from "../../../support/checkout";

const scratch = scratchFolder("webstats-sdks-test-");

const generator = ensureSdkGenerator({ quiet: true }).binary;

const pythonPackage = join(languageSdksDir, "python", "pulumi_webstats");

/** The Python SDK's modules, relative to its package folder. */
function pythonModules(): string[] {
  return readdirSync(pythonPackage, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".py"));
}

/** `python3 -m py_compile`, its byte code kept out of the sources. */
async function byteCompile(files: string[]): Promise<void> {
  await run("python3", ["-m", "py_compile", ...files], {
    env: { ...process.env, PYTHONPYCACHEPREFIX: join(scratch, "pycache") },
  });
}

function read(dir: string, file: string): string {
  return readFileSync(join(dir, file), "utf8");
}

describe("language SDKs", () => {
  it("carries a field the schema gains into the Node.js, Python, Go and C# SDKs, with no edit to them", () => {
    // What the field table's entry becomes in the schema (core/package-schema.ts derives it);
    // test/unit/core/package-schema.test.ts holds the schema to the table.
    const schema = packageSchema() as {
      resources: Record<string, { inputProperties: object; properties: object }>;
    };
    const website = schema.resources["webstats:index:Website"]!;
    const field = { type: "boolean", default: false, description: "Weekly digest emails." };
    website.inputProperties = { ...website.inputProperties, weeklyDigest: field };
    website.properties = { ...website.properties, weeklyDigest: field };
    const out = generateSdks(join(scratch, "with-field"), JSON.stringify(schema), { generator });

    // Each SDK declares the argument and applies its default, as it does for excludeBots.
    expect(read(out, "nodejs/website.ts")).toContain("weeklyDigest?: pulumi.Input<boolean | undefined>");
    expect(read(out, "nodejs/website.ts")).toContain(
      'resourceInputs["weeklyDigest"] = (args?.weeklyDigest) ?? false',
    );
    expect(read(out, "python/pulumi_webstats/website.py")).toContain(
      "weekly_digest: pulumi.Input[Optional[_builtins.bool]] = None",
    );
    expect(read(out, "python/pulumi_webstats/website.py")).toMatch(
      /if weekly_digest is None:\s+weekly_digest = False/,
    );
    expect(read(out, "go/webstats/website.go")).toContain("WeeklyDigest pulumi.BoolPtrInput");
    expect(read(out, "go/webstats/website.go")).toContain("args.WeeklyDigest = pulumi.BoolPtr(false)");
    expect(read(out, "dotnet/Website.cs")).toMatch(
      /\[Input\("weeklyDigest"\)\]\s+public Input<bool>\? WeeklyDigest/,
    );
    expect(read(out, "dotnet/Website.cs")).toContain("WeeklyDigest = false;");
    for (const file of [
      "nodejs/website.ts",
      "python/pulumi_webstats/website.py",
      "go/webstats/website.go",
      "dotnet/Website.cs",
    ]) {
      expect(read(out, file), file).toContain("Weekly digest emails.");
      expect(read(languageSdksDir, file), file).not.toContain("eekly");
    }
  });

  it("finds every way a committed copy can be stale: a changed, a missing and an extra file", () => {
    const copy = join(scratch, "stale");
    cpSync(languageSdksDir, copy, { recursive: true });
    expect(differences(languageSdksDir, copy)).toEqual([]);
    appendFileSync(join(copy, "go", "webstats", "website.go"), "// edited by hand\n");
    rmSync(join(copy, "python", "pulumi_webstats", "get_account.py"));
    writeFileSync(join(copy, "nodejs", "extra.ts"), "export {};\n");
    expect(differences(languageSdksDir, copy)).toEqual([
      "changed: go/webstats/website.go",
      "missing: python/pulumi_webstats/get_account.py",
      "not generated: nodejs/extra.ts",
    ]);
  });

  it("refuses a schema that is not a valid package schema, saying what is wrong", () => {
    const schema = packageSchema() as { resources: Record<string, { properties: Record<string, unknown> }> };
    schema.resources["webstats:index:Website"]!.properties.broken = { type: "no-such-type" };
    expect(() => generateSdks(join(scratch, "broken"), JSON.stringify(schema), { generator })).toThrow(
      /properties\/broken\/type: unknown type kind no-such-type/,
    );
  });

  it("makes the C# SDK offline: a schema naming a logo to download is refused, not fetched", () => {
    // The C# generator downloads the package's logo; pulumi-sdkgen-dotnet draws it instead, and
    // refuses a logoUrl rather than silently putting another logo in its place.
    const schema = { ...packageSchema(), logoUrl: "https://logo.example.invalid/webstats.png" };
    expect(() => generateSdks(join(scratch, "logo"), JSON.stringify(schema), { generator })).toThrow(
      /names a logoUrl \(https:\/\/logo\.example\.invalid\/webstats\.png\); pulumi-sdkgen-dotnet draws the logo itself/,
    );
  });

  it("has a Python SDK that byte-compiles", async () => {
    const modules = pythonModules();
    expect(modules).toEqual(
      expect.arrayContaining(["__init__.py", "website.py", "provider.py", "get_account.py"]),
    );
    await byteCompile(modules.map((file) => join(pythonPackage, file)));
  });

  it("byte-compiles the documented Python example (test/e2e runs it)", async () => {
    const example = join(scratch, "readme_example.py");
    writeFileSync(example, docExample("sdk-python", "python"));
    await byteCompile([example]);
    // Each name it uses from the SDK is one the SDK defines.
    const sdk = pythonModules()
      .map((file) => read(pythonPackage, file))
      .join("\n");
    for (const name of [
      "class Website(",
      "class Provider(",
      "PASSWORD = ",
      "def get_account_output(",
      "def website_id(",
    ]) {
      expect(sdk).toContain(name);
    }
  });
});
