// A stand-in for the user's pulumi, for tests of the commands that run it (PULUMI_COMMAND): a
// Node.js script, written by the test, that appends one JSON line per call to the file
// PULUMI_STAND_IN_CALLS names and answers as the test's script says.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeStackExport } from "./stack-exports";

export interface RecordingPulumi {
  /** A fresh folder of its own, for the files the test gives it. */
  dir: string;
  /** The executable, for PULUMI_COMMAND. */
  command: string;
  /** The file the calls are recorded in, for PULUMI_STAND_IN_CALLS. */
  callsFile: string;
  /** The calls so far, each line parsed. */
  calls: <T>() => T[];
}

/** Writes `script` (its body, after the shebang) as an executable in a folder of its own. */
export function recordingPulumi(script: string): RecordingPulumi {
  const dir = mkdtempSync(join(tmpdir(), "pulumi-stand-in-"));
  const command = join(dir, "recording-pulumi");
  writeFileSync(command, `#!/usr/bin/env node\n${script}`);
  chmodSync(command, 0o755);
  const callsFile = join(dir, "calls.jsonl");
  const calls = <T>(): T[] =>
    existsSync(callsFile)
      ? readFileSync(callsFile, "utf8")
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as T)
      : [];
  return { dir, command, callsFile, calls };
}

/** A call the stack-reading stand-in recorded: its words, its folder and the backend it was given. */
export interface PulumiCall {
  args: string[];
  cwd: string;
  backend: string | null;
}

// Records its call, then answers `stack ls` with PULUMI_STAND_IN_STACKS and `stack export` with
// the file PULUMI_STAND_IN_EXPORT, or fails it with PULUMI_STAND_IN_EXPORT_FAILS's words;
// anything else succeeds silently.
const stackReadingScript = String.raw`const fs = require("node:fs");
const args = process.argv.slice(2);
const call = { args, cwd: process.cwd(), backend: process.env.PULUMI_BACKEND_URL ?? null };
fs.appendFileSync(process.env.PULUMI_STAND_IN_CALLS, JSON.stringify(call) + "\n");
if (args[0] === "stack" && args[1] === "ls") process.stdout.write(process.env.PULUMI_STAND_IN_STACKS);
else if (args[0] === "stack" && args[1] === "export") {
  if (process.env.PULUMI_STAND_IN_EXPORT_FAILS) {
    process.stderr.write("error: " + process.env.PULUMI_STAND_IN_EXPORT_FAILS + "\n");
    process.exit(1);
  }
  process.stdout.write(fs.readFileSync(process.env.PULUMI_STAND_IN_EXPORT, "utf8"));
}
`;

/**
 * A stand-in pulumi for drift's reading of stacks: it lists `stacks` and exports each as a stack
 * of project sites with no website (PULUMI_STAND_IN_EXPORT, a file the test may rewrite), with
 * `more` added to the environment it is run with (`env`).
 */
export function stackReadingPulumi(stacks: string[], more: Record<string, string> = {}) {
  const pulumi = recordingPulumi(stackReadingScript);
  const exported = join(pulumi.dir, "export.json");
  writeStackExport(exported, {
    project: "sites",
    url: "https://stats.example.com",
    apiKey: "k",
    websites: [],
  });
  return {
    env: {
      PATH: process.env.PATH,
      PULUMI_COMMAND: pulumi.command,
      // No login of this machine's: drift would read a file backend it names by itself.
      PULUMI_HOME: join(pulumi.dir, "home"),
      PULUMI_STAND_IN_CALLS: pulumi.callsFile,
      PULUMI_STAND_IN_EXPORT: exported,
      PULUMI_STAND_IN_STACKS: JSON.stringify(stacks.map((name) => ({ name }))),
      ...more,
    },
    calls: () => pulumi.calls<PulumiCall>(),
  };
}
