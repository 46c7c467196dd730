#!/usr/bin/env node
// The `pulumi-webstats` executable; the command line itself is run.ts.
import { createInterface } from "node:readline/promises";
import { runCli } from "./run";
import type { Console } from "./run";

/** A question at the terminal, answered yes only by y or yes. */
async function confirm(question: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^\s*y(es)?\s*$/i.test(await terminal.question(question));
  } finally {
    terminal.close();
  }
}

const io: Console = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  // Without a terminal nobody can answer: a command that would ask refuses instead.
  ...(process.stdin.isTTY ? { confirm } : {}),
};

void runCli(process.argv.slice(2), process.env, io).then((code) => {
  process.exitCode = code;
});
