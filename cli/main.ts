#!/usr/bin/env node
// The `pulumi-webstats` executable; the command line itself is run.ts, its console terminal.ts.
import { runCli } from "./run";
import { processConsole } from "./terminal";

void runCli(
  process.argv.slice(2),
  process.env,
  processConsole(process.stdin, process.stdout, process.stderr),
).then(async (code) => {
  process.exitCode = code;
  // The command's output is all written: the process ends here, whatever a website left behind
  // (a name server that never answers, a socket that never closes) that would keep it alive.
  const flushed = (stream: NodeJS.WriteStream) => new Promise((resolve) => stream.write("", resolve));
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
});
