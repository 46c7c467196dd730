#!/usr/bin/env node
// The `pulumi-webstats` executable; the command line itself is run.ts.
import { runCli } from "./run";

void runCli(process.argv.slice(2), process.env, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
}).then((code) => {
  process.exitCode = code;
});
