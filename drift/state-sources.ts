// Where recorded states come from: a stack, read with the user's own `pulumi stack export
// --show-secrets` (their backend, their passphrase or secrets provider; the decrypted export
// stays in this process's memory), or a file written by `pulumi stack export`.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { basename, resolve } from "node:path";
import type { Environment } from "../core/settings";
import { defaultParallel, mapBounded } from "./bounded-pool";
import { StateError, readStackExport } from "./stack-export";
import type { RecordedStack } from "./stack-export";

/**
 * A stack, or a state file; a file's `cwd` is the project folder the user named for it (the
 * --cwd before it), without which no declaration of its websites can be found.
 */
export type StateSource =
  | {
      kind: "stack";
      name: string;
      cwd: string;
      /** PULUMI_BACKEND_URL for its export (a stack --all --backend-wide listed). */
      backendUrl?: string;
      /** How messages name it, when not "stack NAME (in CWD)". */
      origin?: string;
      /** Listed by --all --backend-wide: `cwd` is not its project's folder, which is not known. */
      listedBackendWide?: true;
    }
  | { kind: "file"; path: string; cwd?: string };

/** The last line pulumi wrote to its standard error: its error message. */
const lastLine = (output: string): string =>
  output
    .trim()
    .split("\n")
    .map((line) => line.replace(/^error:\s*/i, "").trim())
    .filter(Boolean)
    .at(-1) ?? "";

const originOf = (source: StateSource & { kind: "stack" }): string =>
  source.origin ?? `stack ${source.name} (in ${source.cwd})`;

function exportStack(source: StateSource & { kind: "stack" }, env: Environment): Promise<string> {
  const { name, cwd, backendUrl } = source;
  const where = originOf(source);
  return new Promise((done, fail) => {
    execFile(
      "pulumi",
      ["stack", "export", "--show-secrets", "--stack", name, "--non-interactive"],
      {
        cwd,
        env: backendUrl ? { ...env, PULUMI_BACKEND_URL: backendUrl } : env,
        maxBuffer: 512 * 1024 * 1024,
        encoding: "utf8",
      },
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
    // Only the websites are kept: the export's text is dropped as soon as it is read.
    const content = await exportStack(source, env);
    const folder = source.listedBackendWide ? undefined : resolve(source.cwd);
    return readStackExport(content, originOf(source), source.name, folder);
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
  return readStackExport(
    content,
    `state file ${source.path}`,
    basename(path).replace(/\.json$/, ""),
    source.cwd === undefined ? undefined : resolve(source.cwd),
  );
}

/**
 * The recorded stacks, in the order given: at most `parallel` read at once (each export is a
 * pulumi process, and its whole text is in memory until it is read); `onRead` is told how many
 * are done.
 */
export function readSources(
  sources: StateSource[],
  env: Environment,
  parallel = defaultParallel(),
  onRead?: (done: number) => void,
): Promise<RecordedStack[]> {
  return mapBounded(sources, parallel, (source) => readSource(source, env), onRead);
}
