import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Engine tests start real `pulumi` processes; they get their own generous limits in the harness.
    testTimeout: 60_000,
    hookTimeout: 240_000,
    globalSetup: ["test/e2e/global-setup.ts"],
  },
});
