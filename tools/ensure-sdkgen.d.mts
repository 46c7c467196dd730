// Types for tools/ensure-sdkgen.mjs, used by the tests.
export const sdkgenModuleDir: string;
export function sdkgenSourceHash(): string;
export function ensureSdkGenerator(options?: { quiet?: boolean }): {
  binary: string;
  source: "cache" | "build";
};
