// A stand-in for the user's pulumi, for tests of the commands that run it (PULUMI_COMMAND): a
// Node.js script, written by the test, that appends one JSON line per call to the file
// PULUMI_STAND_IN_CALLS names and answers as the test's script says.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

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
