// @ts-check
// Makes the SDK generators available and returns their paths, each built once per machine
// (go-tool.mjs): tools/machine/pulumi-sdkgen (a Go program over the code generators of
// github.com/pulumi/pulumi/pkg/v3) and tools/machine/pulumi-sdkgen-dotnet (the C# one, from an
// older pkg/v3: the last that has it).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureGoTool } from "./go-tool.mjs";

export const sdkgenModuleDir = join(dirname(fileURLToPath(import.meta.url)), "pulumi-sdkgen");

const dotnetSdkgenModuleDir = join(dirname(fileURLToPath(import.meta.url)), "pulumi-sdkgen-dotnet");

/**
 * The generator, built with Go when no build is cached.
 * @param {{ quiet?: boolean }} [options]
 * @returns {{ binary: string, source: "cache" | "build" }}
 */
export function ensureSdkGenerator({ quiet = false } = {}) {
  return ensureGoTool({
    binary: "pulumi-sdkgen",
    moduleDir: sdkgenModuleDir,
    cacheName: "pulumi-sdkgen",
    cacheEnv: "WEBSTATS_SDKGEN_CACHE",
    prefix: "sdkgen",
    buildNote: "a first build takes a few minutes",
    afterGo: ", then rerun npm run sdks",
    quiet,
  });
}

/**
 * The C# SDK generator, built with Go when no build is cached.
 * @param {{ quiet?: boolean }} [options]
 * @returns {{ binary: string, source: "cache" | "build" }}
 */
export function ensureDotnetSdkGenerator({ quiet = false } = {}) {
  return ensureGoTool({
    binary: "pulumi-sdkgen-dotnet",
    moduleDir: dotnetSdkgenModuleDir,
    cacheName: "pulumi-sdkgen-dotnet",
    cacheEnv: "WEBSTATS_SDKGEN_DOTNET_CACHE",
    prefix: "sdkgen-dotnet",
    buildNote: "a first build takes a few minutes",
    afterGo: ", then rerun npm run sdks",
    quiet,
  });
}
