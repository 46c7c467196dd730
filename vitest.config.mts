import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

// Every Node.js process the tests start (the engine's dynamic providers and plugins, the
// automation driver, the command line) keeps V8's compiled code of the modules it loads on disk
// and reuses it: most of them load @pulumi/pulumi, 0.52 s a start without the cache and 0.33 s
// with it on this 2-core machine. Node.js checks each entry against the module's source and
// recompiles when it differs, so a stale or torn entry costs time, never a wrong result.
// Vitest's own workers gain nothing (their modules are evaluated by vitest's runner).
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), "webstats-node-compile-cache");

// Loaded before every test file of every project: makes `.rejects.toThrow(...)` and a function's
// `toThrow(...)` fail when what was thrown is not an Error (see the file).
const setupFiles = ["test/support/rejects-guard.ts"];

// Four projects: fast unit tests, integration tests over real HTTP against the emulator,
// provider tests that drive both hosts as the engine does, and engine tests that run the real Pulumi CLI. Only the last needs the packed package
// and the CLI, so only it pays for that set-up.
export default defineConfig({
  test: {
    // Vitest's default leaves one core free, which on a 2-core machine means one file at a time.
    // A test file here mostly waits (engine operations, provider processes, HTTP), so two files at
    // once keep both cores busy: the whole run took 630 s this way against 922 s one file at a
    // time on 2 cores.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // The limits of every project guard against a hang, not slowness: beside another run of the
      // suite on 2 cores, a unit test that loads the provider took 3.6 s (vitest's default limit
      // is 5 s) and an integration test 7 s.
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          setupFiles,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          setupFiles,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The hosts driven as the engine drives them, from the packed package, without the engine.
        test: {
          name: "provider",
          include: ["test/provider/**/*.test.ts"],
          setupFiles,
          globalSetup: ["test/provider/global-setup.ts"],
          // A guard against a hang, not a speed limit: a fault-matrix cell starts a provider
          // process per operation (up to a dozen), and on a 2-core machine with other work
          // running (load 6 to 9) such cells took past 60 s without anything being wrong.
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        // A page carrying the tracking code in headless Chromium (Debian's, installed when missing).
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          setupFiles,
          globalSetup: ["test/browser/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          setupFiles,
          globalSetup: ["test/e2e/global-setup.ts"],
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
