// Once per run of the provider tier: the package as users get it. `npm pack` (of the dist/ that
// `npm test` has just built) is unpacked into a folder's node_modules beside the repository's
// installed dependencies, which are the locked versions a user's install resolves to. The hosts
// are started from there, and the dynamic provider's `__provider` is serialized there the way
// a program serializes it (a require of the package's subpath), so both hosts load the packed
// files, never the sources.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { packPackage } from "../harness/program-project.mjs";

export interface ProviderTierContext {
  /** A folder whose node_modules holds the packed package and its dependencies. */
  installDir: string;
  /** The dynamic provider as a program serializes it into every Website's `__provider`. */
  serializedProvider: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    providerTier: ProviderTierContext;
  }
}

const repoRoot = resolve(__dirname, "..", "..");

export default function setup(project: TestProject): () => void {
  if (!existsSync(join(repoRoot, "dist", "plugin", "pulumi-resource-webstats.js"))) {
    throw new Error("dist/ is missing: the provider tier runs after npm run build (npm test runs it first).");
  }
  const root = mkdtempSync(join(tmpdir(), "webstats-provider-tier-"));
  const installDir = join(root, "install");
  const packageDir = join(installDir, "node_modules", "pulumi-webstats");
  mkdirSync(packageDir, { recursive: true });
  // dist/ is fresh: the build ran just before; packing again through prepack would rebuild it.
  const tarball = packPackage(join(root, "pack"));
  execFileSync("tar", ["-xzf", tarball, "-C", packageDir, "--strip-components=1"]);
  const installed = join(repoRoot, "node_modules");
  for (const entry of readdirSync(installed)) {
    if (entry === "pulumi-webstats" || entry.startsWith(".")) continue;
    // @pulumi/pulumi is copied: its serializer resolves the package from its own location, and
    // from the repository's node_modules that would be the checkout, not the packed files.
    if (entry === "@pulumi")
      cpSync(join(installed, entry), join(installDir, "node_modules", entry), { recursive: true });
    else symlinkSync(join(installed, entry), join(installDir, "node_modules", entry), "dir");
  }
  const serializedProvider = execFileSync(
    process.execPath,
    [
      "-e",
      // What @pulumi/pulumi/dynamic does for every dynamic resource a program declares.
      `const provider = require("pulumi-webstats/dynamic-provider");
       require("@pulumi/pulumi/runtime/closure/serializeClosure")
         .serializeFunction(() => provider, { allowSecrets: true })
         .then((serialized) => process.stdout.write(serialized.text));`,
    ],
    { cwd: installDir, encoding: "utf8" },
  );
  if (!serializedProvider.includes('require("pulumi-webstats/dynamic-provider")')) {
    throw new Error(`the dynamic provider was serialized by value, not as a require:\n${serializedProvider}`);
  }
  project.provide("providerTier", { installDir, serializedProvider });
  return () => rmSync(root, { recursive: true, force: true });
}
