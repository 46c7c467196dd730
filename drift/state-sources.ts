// Where recorded states come from: a stack, read with the user's own `pulumi stack export
// --show-secrets` (their backend, their passphrase or secrets provider; the decrypted export
// stays in this process's memory), or a file written by `pulumi stack export`.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { basename, resolve } from "node:path";
import type { Environment } from "../core/settings";
import { StateError, readStackExport } from "./stack-export";
import type { RecordedStack } from "./stack-export";

export type StateSource = { kind: "stack"; name: string; cwd: string } | { kind: "file"; path: string };

/** The last line pulumi wrote to its standard error: its error message. */
const lastLine = (output: string): string =>
  output
    .trim()
    .split("\n")
    .map((line) => line.replace(/^error:\s*/i, "").trim())
    .filter(Boolean)
    .at(-1) ?? "";

function exportStack(name: string, cwd: string, env: Environment): Promise<string> {
  const where = `stack ${name} (in ${cwd})`;
  return new Promise((done, fail) => {
    execFile(
      "pulumi",
      ["stack", "export", "--show-secrets", "--stack", name, "--non-interactive"],
      { cwd, env, maxBuffer: 512 * 1024 * 1024, encoding: "utf8" },
      (error, stdout, stderr) => {
        if (!error) return done(stdout);
        if ((error as NodeJS.ErrnoException).code === "ENOENT") {
          const missing = /spawn pulumi/.test(error.message)
            ? "the pulumi command is not on PATH"
            : `${cwd} does not exist`;
          return fail(
            new StateError(
              `${where} could not be read: ${missing}. --stack reads stacks with pulumi stack export; or give --state FILE.`,
            ),
          );
        }
        fail(
          new StateError(
            `${where} could not be read with pulumi stack export: ${lastLine(stderr) || error.message}`,
          ),
        );
      },
    );
  });
}

async function readSource(source: StateSource, env: Environment): Promise<RecordedStack> {
  if (source.kind === "stack") {
    const content = await exportStack(source.name, source.cwd, env);
    return readStackExport(content, `stack ${source.name} (in ${source.cwd})`, source.name);
  }
  const path = resolve(source.path);
  let content: string;
  try {
    content = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StateError(
      `state file ${source.path} could not be read (${code ?? (error as Error).message}): give a file written by pulumi stack export --show-secrets --file FILE.`,
    );
  }
  return readStackExport(content, `state file ${source.path}`, basename(path).replace(/\.json$/, ""));
}

/** The recorded stacks, in the order given (exported side by side). */
export function readSources(sources: StateSource[], env: Environment): Promise<RecordedStack[]> {
  return Promise.all(sources.map((source) => readSource(source, env)));
}
