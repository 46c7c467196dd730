// `npx pulumi-webstats schema`, run from the packed package as users run it, prints a schema
// that the pinned Pulumi CLI accepts as a package schema: `pulumi package get-schema FILE`
// validates it against Pulumi's metaschema and binds it (types, references, defaults), and
// prints it back without dropping anything (a key Pulumi does not know would be dropped).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { describeEngine, e2e } from "./harness";

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), "webstats-schema-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `pulumi package get-schema` on a schema file, offline, with a private PULUMI_HOME. */
function getSchema(file: string) {
  return run(join(e2e.binDir, "pulumi"), ["package", "get-schema", file], {
    cwd: scratch,
    env: {
      ...process.env,
      PULUMI_HOME: join(scratch, "home"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    },
  });
}

describeEngine("package schema", () => {
  it("is a valid Pulumi package schema that the CLI reads back unchanged", async () => {
    const bin = join(e2e.templateDir, "node_modules", ".bin", "pulumi-webstats");
    const printed = await run(bin, ["schema"]);
    const file = join(scratch, "schema.json");
    writeFileSync(file, printed.stdout);
    const schema = JSON.parse(printed.stdout) as { name: string; resources: Record<string, unknown> };
    expect(schema.name).toBe("webstats");

    const bound = await getSchema(file);
    expect(JSON.parse(bound.stdout)).toEqual(schema);
  });

  it("is refused by the same check when it is broken, so the check above can fail", async () => {
    const bin = join(e2e.templateDir, "node_modules", ".bin", "pulumi-webstats");
    const schema = JSON.parse((await run(bin, ["schema"])).stdout) as {
      resources: Record<string, { inputProperties: Record<string, { $ref?: string }> }>;
    };
    schema.resources["webstats:index:Website"]!.inputProperties.privacy!.$ref =
      "#/types/webstats:index:Missing";
    const file = join(scratch, "broken.json");
    writeFileSync(file, JSON.stringify(schema));
    await expect(getSchema(file)).rejects.toThrow(/failed to bind schema/);
  });
});
