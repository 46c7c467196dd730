// Where recorded states come from: a stack, read with the user's own `pulumi stack export
// --show-secrets` (their backend, their passphrase or secrets provider; the decrypted export
// stays in this process's memory), or a file written by `pulumi stack export`.
import { readFile } from "node:fs/promises";
import { basename, resolve } from "node:path";
import type { Environment } from "../../core/settings";
import { defaultParallel, mapBounded } from "../../core/bounded-pool";
import { PulumiCommandError, runPulumi } from "../../core/pulumi-command";
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
      /** The backend of its export (a stack --all --backend-wide listed from a project naming one). */
      backendUrl?: string;
      /** How messages name it, when not "stack NAME (in CWD)". */
      origin?: string;
      /** Listed by --all --backend-wide: `cwd` is not its project's folder, which is not known. */
      listedBackendWide?: true;
    }
  | { kind: "file"; path: string; cwd?: string };

const originOf = (source: StateSource & { kind: "stack" }): string =>
  source.origin ?? `stack ${source.name} (in ${source.cwd})`;

async function exportStack(source: StateSource & { kind: "stack" }, env: Environment): Promise<string> {
  const { name, cwd, backendUrl } = source;
  const where = originOf(source);
  try {
    return await runPulumi(["stack", "export", "--show-secrets", "--stack", name, "--non-interactive"], {
      cwd,
      env,
      ...(backendUrl ? { backendUrl } : {}),
      maxBuffer: 512 * 1024 * 1024,
    });
  } catch (error) {
    if (!(error instanceof PulumiCommandError)) throw error;
    throw new StateError(
      error.notStarted
        ? `${where} could not be read: ${error.reason}. --stack reads stacks with pulumi stack export; or give --state FILE.`
        : `${where} could not be read with pulumi stack export: ${error.reason}`,
    );
  }
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
