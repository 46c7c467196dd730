#!/usr/bin/env node
// @ts-check
// The Go half of `npm run lint`: gofmt and go vet over the repository's own Go programs (the SDK
// generators, the API reference generator, the macOS signer, the release's Go module proxy writer,
// the actionlint wrapper, the Go SDK's test program and the Go examples of the schema's pages). Generated code (language-sdks/) is
// left out, as eslint leaves it out. Go is found as tools/machine/ensure-pulumi.mjs finds it.
import { spawnSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { findGo, goEnvironment } from "../machine/ensure-pulumi.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const modules = [
  "tools/machine/pulumi-sdkgen",
  "tools/machine/pulumi-sdkgen-dotnet",
  "tools/machine/pulumi-docsgen",
  "tools/machine/macho-sign",
  "tools/release/go-proxy",
  "tools/ci/actionlint",
  "test/e2e/go-program",
  "schema-examples",
];

const go = findGo();
if (!go) {
  process.stderr.write("lint:go: no Go toolchain on PATH or in /usr/local/go; install Go 1.25+.\n");
  process.exit(1);
}
const gofmt = join(dirname(go), "gofmt");
const env = goEnvironment();
let failed = false;
for (const module of modules) {
  const cwd = join(repoRoot, module);
  const unformatted = spawnSync(gofmt, ["-l", "."], { cwd, encoding: "utf8" });
  if (unformatted.status !== 0 || unformatted.stdout.trim()) {
    failed = true;
    process.stderr.write(
      `lint:go: ${module}: not gofmt-formatted (run gofmt -w):\n${unformatted.stdout}${unformatted.stderr}`,
    );
  }
  const vet = spawnSync(go, ["vet", "./..."], { cwd, env, encoding: "utf8" });
  if (vet.status !== 0) {
    failed = true;
    process.stderr.write(`lint:go: ${module}: go vet:\n${vet.stdout}${vet.stderr}`);
  }
}
if (failed) process.exit(1);
process.stdout.write(`lint:go: ${modules.join(", ")}: clean\n`);
