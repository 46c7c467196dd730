#!/usr/bin/env node
// `npm run test:compat`: the whole engine-test suite on a newer Node.js with the newest
// @pulumi/pulumi whose CLI can be built from the Go module proxy, and that CLI.
//
// The main lane (`npm test`) runs on the Node.js that runs npm, with the @pulumi/pulumi locked
// in package-lock.json. This lane fetches Node.js into a cache outside the repository
// (tools/ensure-node.mjs), builds or reuses the CLI from tools/pulumi-cli/v<version>
// (tools/ensure-pulumi.mjs), and runs vitest's e2e project under that Node.js with
// WEBSTATS_PULUMI_VERSION set, which makes the test project install that @pulumi/pulumi.
// The dynamic provider runs under the same Node.js: it is first on PATH.
//
// Why 3.259.0 and not 3.260.0: the module proxy lists pkg/v3 v3.260.0 but refuses its source
// archive (403), so 3.259.0 is the newest CLI that can be built.
import { spawnSync } from "node:child_process";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureNode } from "./ensure-node.mjs";
import { ensurePulumi } from "./ensure-pulumi.mjs";

/** The combination this lane tests; README's "Tested with" table names the same. */
export const COMPAT_NODE_VERSION = "24.21.0";
export const COMPAT_PULUMI_VERSION = "3.259.0";

function main() {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const started = Date.now();
  const node = ensureNode(COMPAT_NODE_VERSION);
  process.env.WEBSTATS_PULUMI_VERSION = COMPAT_PULUMI_VERSION;
  const pulumi = ensurePulumi();
  process.stdout.write(
    `test:compat: Node.js v${node.version} (${node.node}), @pulumi/pulumi ${COMPAT_PULUMI_VERSION}, ` +
      `pulumi CLI v${pulumi.version} (${pulumi.pulumi}); ready in ${((Date.now() - started) / 1000).toFixed(1)}s\n`,
  );
  const vitest = join(repoRoot, "node_modules", "vitest", "vitest.mjs");
  const result = spawnSync(node.node, [vitest, "run", "--project", "e2e", ...process.argv.slice(2)], {
    cwd: repoRoot,
    stdio: "inherit",
    env: {
      ...process.env,
      PATH: [node.binDir, process.env.PATH ?? ""].join(delimiter),
      WEBSTATS_PULUMI_VERSION: COMPAT_PULUMI_VERSION,
    },
  });
  process.stdout.write(`test:compat: finished in ${((Date.now() - started) / 1000).toFixed(0)}s\n`);
  process.exit(result.status ?? 1);
}

const invokedDirectly = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) main();
