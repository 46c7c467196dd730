import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import base from "../../vitest.config.mjs";

// The vitest configuration mutation testing runs (tools/mutate/stryker.config.mjs): the
// repository's own, with only the `unit` and `integration` projects. The provider, browser and
// engine tiers run the packed package in other processes, where a mutant of the sources never
// reaches, and take minutes each.
const kept = new Set(["unit", "integration"]);

// Test files that run the built package (dist/) in another process: no mutant reaches them, and
// the sandbox has no build.
const runsTheBuild = [
  "test/integration/action/run.test.ts",
  "test/integration/action/inputs.test.ts",
  "test/integration/action/shards.test.ts",
  "test/integration/cli/exit.test.ts",
  "test/integration/cli/install-steps.test.ts",
  "test/integration/tools/build/api-reference.test.ts",
  "test/integration/docs/quickstarts.test.ts",
  "test/integration/emulator/cli.test.ts",
  "test/integration/emulator/random-requests.test.ts",
  "test/integration/emulator/without-fastify.test.ts",
  "test/integration/examples/gitops-drift-issue.test.ts",
  "test/integration/examples/gitops-fix-pr.test.ts",
  "test/integration/package/install.test.ts",
  "test/integration/cli/plugin-install.test.ts",
  "test/integration/tools/release/plugin-release.test.ts",
  "test/unit/package/contents.test.ts",
  "test/unit/drift/report/json-report-schema.test.ts",
  // Type-checks the docs' examples against the language SDKs with tsc in another process: no
  // mutant reaches it, and in the sandbox tsc fails without a diagnostic.
  "test/integration/docs/sdk-examples.test.ts",
  // Type-check programs against the package's sources, which the sandbox's mutated copy
  // (Stryker's instrumented code) no longer type-checks.
  "test/unit/package/connection-types.test.ts",
  "test/unit/generate/project.test.ts",
  // Holds the engine recordings to the digest of their script, which differs in the sandbox.
  "test/unit/provider/recordings.test.ts",
  // Reads the regular expressions out of the sources, which the sandbox holds instrumented: with
  // every mutant's pattern beside the original, some of them slow by design.
  "test/unit/drift/model/linear-text.test.ts",
  // Holds the compiled schema examples equal to schema-examples/, which the sandbox's copy is not.
  "test/unit/core/schema-examples.test.ts",
];

const nameOf = (project: TestProjectInlineConfiguration): string | undefined => {
  const name = project.test?.name;
  return typeof name === "string" ? name : name?.label;
};

const projects = (base.test?.projects ?? [])
  .filter(
    (project): project is TestProjectInlineConfiguration =>
      typeof project === "object" && "test" in project && kept.has(nameOf(project) ?? ""),
  )
  .map((project) => ({
    ...project,
    test: { ...project.test, exclude: [...configDefaults.exclude, ...runsTheBuild] },
  }));

export default defineConfig({
  // The repository's root (this file sits two folders down), so that the projects' include
  // patterns mean what they mean in vitest.config.mts.
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: { ...base.test, projects },
});
