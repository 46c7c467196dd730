// examples/go-tracking-code: the Go program is vetted and its own tests run (the page carries the
// tracking code; hostile values cannot add a script), built against the Go SDK of this checkout by
// a `replace` (a user's go.mod has none: the release folder's module proxy serves the SDK).
// Pulumi's Go language host cannot be built on this project's machines, so `pulumi up` does not
// run this project folder; the Go SDK's engine test (test/e2e/language-sdks/go.test.ts) runs
// getTrackingCode through the engine.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findGo, goEnvironment } from "../../../tools/machine/ensure-pulumi.mjs";
import { goSdkModulePath } from "../../../tools/release/go-proxy.mjs";
import { languageSdksDir } from "../../../tools/sdks/language-sdks.mjs";
import { SDK_VERSION } from "../../../sdk";
import { scratchFolder } from "../../support/scratch-folder";
import { repoRoot, run } from "../../support/checkout";

const example = join(repoRoot, "examples", "go-tracking-code");
const scratch = scratchFolder("webstats-go-example-");
const go = findGo();
const inCi = process.env.CI === "true" || process.env.CI === "1";

describe("examples/go-tracking-code", () => {
  it("requires the SDK at the package's version", () => {
    expect(readFileSync(join(example, "go.mod"), "utf8")).toContain(`${goSdkModulePath()} v${SDK_VERSION}\n`);
  });

  it.skipIf(!go && !inCi)(
    "vets, and its tests pass against the SDK",
    async () => {
      if (!go) throw new Error("Go is needed in CI");
      const dir = join(scratch, "project");
      cpSync(example, dir, { recursive: true });
      writeFileSync(
        join(dir, "go.mod"),
        `${readFileSync(join(example, "go.mod"), "utf8")}\nreplace ${goSdkModulePath()} => ${join(languageSdksDir, "go")}\n`,
      );
      cpSync(join(repoRoot, "test", "e2e", "go-program", "go.sum"), join(dir, "go.sum"));
      const options = {
        cwd: dir,
        env: { ...goEnvironment(), GOFLAGS: "-mod=mod" },
        maxBuffer: 16 * 1024 * 1024,
      };
      await run(go, ["vet", "."], options);
      const { stdout } = await run(go, ["test", "-v", "."], options);
      expect(stdout).toContain("--- PASS: TestRenderPageCarriesTheTrackingCode");
      expect(stdout).toContain("--- PASS: TestRenderPageEscapesWhatItIsGiven");
    },
    600_000,
  );
});
