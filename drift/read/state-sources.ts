// Where recorded states come from: a stack of a file or PostgreSQL backend, read from the backend
// itself (backend/: every such stack of a backend in one read, passphrase secrets decrypted
// here); any other stack, read with the user's own `pulumi stack export --show-secrets` (their
// backend, their passphrase or secrets provider); or a file written by `pulumi stack export`.
// Decrypted states stay in this process's memory, and only until their websites are read out.
import { readFile } from "node:fs/promises";
import { basename, resolve } from "node:path";
import type { Environment } from "../../core/settings";
import { defaultParallel, mapBounded } from "../../core/bounded-pool";
import { PulumiCommandError, environmentBackend, runPulumi } from "../../core/pulumi-command";
import { StateError, readStackExport } from "./stack-export";
import type { RecordedStack } from "./stack-export";
import { backendOf, directKindOf, withoutPassword } from "./backend/backend-url";
import type { DirectBackendKind } from "./backend/backend-url";
import { readStoredStack, storedOrigin, viaOfKind } from "./backend/direct-read";
import type { DirectBackends, StackVia } from "./backend/direct-read";
import { findStack } from "./backend/layout";
import type { StoredStack } from "./backend/layout";
import { findProjectFile, readProjectFacts } from "./project-file";

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

/** A stack as read, with how it was read. */
export interface SourceRead extends RecordedStack {
  via: StackVia;
}

async function readStateFile(source: StateSource & { kind: "file" }): Promise<RecordedStack> {
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

async function readWithPulumi(
  source: StateSource & { kind: "stack" },
  env: Environment,
): Promise<SourceRead> {
  // Only the websites are kept: the export's text is dropped as soon as it is read.
  const content = await exportStack(source, env);
  const folder = source.listedBackendWide ? undefined : resolve(source.cwd);
  return { ...readStackExport(content, originOf(source), source.name, folder), via: "pulumi stack export" };
}

/** Where a stack named on the line or listed is in its self-managed backend, when it is in one. */
interface StoredPlace {
  url: string;
  cwd: string;
  stored: StoredStack;
}

/**
 * The backend place of a stack read without pulumi, or undefined when pulumi reads it (its
 * backend is Pulumi Cloud or an object store). A stack the backend does not hold is an error.
 */
async function storedPlaceOf(
  source: StateSource & { kind: "stack" },
  env: Environment,
  backends: DirectBackends,
): Promise<StoredPlace | undefined> {
  const project = source.listedBackendWide ? {} : await readProjectFacts(findProjectFile(source.cwd));
  // pulumi prefers the environment's backend to the one a listed stack carries.
  const url = environmentBackend(env) ?? source.backendUrl ?? (await backendOf(env, project.backendUrl));
  if (url === undefined || directKindOf(url) === undefined) return undefined;
  const layout = await backends.layout(url, source.cwd);
  const stored = findStack(layout, source.name, project.name);
  if (!stored) {
    throw new StateError(
      `${originOf(source)} is not in the backend ${withoutPassword(url)}: check its name with pulumi stack ls, ` +
        "or name the backend with PULUMI_BACKEND_URL.",
    );
  }
  return { url, cwd: source.cwd, stored };
}

/**
 * The recorded stacks, in the order given: at most `parallel` read at once; `onRead` is told how
 * many are done. With `backends`, a stack in a file or PostgreSQL backend is read from it directly
 * (every such stack of a backend in one read); without, and for any other stack, with pulumi
 * stack export (a pulumi process each, its whole text in memory until it is read).
 */
export async function readSources(
  sources: StateSource[],
  env: Environment,
  parallel = defaultParallel(),
  onRead?: (done: number) => void,
  backends?: DirectBackends,
): Promise<SourceRead[]> {
  const places = await mapBounded(sources, parallel, (source) =>
    source.kind === "stack" && backends ? storedPlaceOf(source, env, backends) : Promise.resolve(undefined),
  );
  const bytes = new Map<string, Map<string, Buffer>>();
  if (backends) {
    const byBackend = new Map<string, StoredPlace[]>();
    for (const place of places)
      if (place) byBackend.set(place.url, [...(byBackend.get(place.url) ?? []), place]);
    for (const [url, held] of byBackend) {
      const read = await backends.readMany(url, held[0]!.cwd, [...new Set(held.map((p) => p.stored.key))]);
      bytes.set(url, read);
    }
  }
  return mapBounded(
    sources,
    parallel,
    async (source, index): Promise<SourceRead> => {
      if (source.kind === "file") return { ...(await readStateFile(source)), via: "state file" };
      const place = places[index];
      if (!place || !backends) return readWithPulumi(source, env);
      const origin = storedOrigin(place.stored.fullName, place.url);
      const held = bytes.get(place.url)?.get(place.stored.key);
      // Gone between the listing and the read (a stack removed meanwhile): as pulumi would say.
      if (held === undefined) throw new StateError(`${origin} is no longer in its backend: run drift again.`);
      // Only its own map entry holds the bytes: dropped once read, so memory follows the stacks in flight.
      bytes.get(place.url)?.delete(place.stored.key);
      const folder = source.listedBackendWide ? undefined : resolve(source.cwd);
      const read = await readStoredStack(held, origin, source.name, folder, backends.secrets);
      if (read === "pulumi") return readWithPulumi(source, env);
      return { ...read, via: viaOfKind[directKindOf(place.url) as DirectBackendKind] };
    },
    onRead,
  );
}
