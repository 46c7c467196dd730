#!/usr/bin/env node
// The `pulumi-webstats` executable; the command line itself is run.ts, its console terminal.ts.
import { runCli } from "./run";
import { processConsole } from "./terminal";

void runCli(
  process.argv.slice(2),
  process.env,
  processConsole(process.stdin, process.stdout, process.stderr),
).then((code) => {
  process.exitCode = code;
});
