#!/usr/bin/env node
// `pulumi-webstats`: the package's command line (`generate`); see run.ts.
import { runCli } from "./run";

void runCli(process.argv.slice(2), process.env, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
}).then((code) => {
  process.exitCode = code;
});
