import { defineConfig } from "vitest/config";

// Three projects: fast unit tests, integration tests over real HTTP against the emulator,
// and engine tests that run the real Pulumi CLI. Only the last needs the packed package
// and the CLI, so only it pays for that set-up.
export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["test/unit/**/*.test.ts"] } },
      { test: { name: "integration", include: ["test/integration/**/*.test.ts"], testTimeout: 30_000 } },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["test/e2e/global-setup.ts"],
          // Each engine operation starts several processes; on small machines running the
          // files one after another is faster than letting them fight for the cores.
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
