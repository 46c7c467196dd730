// The repository's layers, each a folder of TypeScript sources, from the wire up to the command
// line and the Action, the policy pack (a package of its own over the package's policy entry),
// and the emulator on its own. test/unit/package/architecture.test.ts holds which
// may import which; tests that read every product source take their folders from here.
export const layers = [
  "sdk",
  "core",
  "provider",
  "plugin",
  "fleet",
  "policy",
  "drift",
  "generate",
  "cli",
  "action",
  "policy-pack",
  "emulator",
] as const;
