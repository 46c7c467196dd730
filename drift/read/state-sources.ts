// Where recorded states come from: a stack of a file or PostgreSQL backend, read from the backend
// itself (backend/: every such stack of a backend in one read, passphrase secrets decrypted
// here); any other stack, read with the user's own `pulumi stack export --show-secrets` (their
// backend, their passphrase or secrets provider); or a file written by `pulumi stack export`.
// Decrypted states stay in this process's memory, and only until their websites are read out.
import { readFile } from "node:fs/promises";
import { basename, resolve } from "node:path";
import type { Environment } from "../../core/settings";
import { defaultParallel, forEachBounded, mapBounded } from "../../core/bounded-pool";
import { PulumiCommandError, environmentBackend, runPulumi } from "../../core/pulumi-command";
import { StateError, readStackExport } from "./stack-export";
import type { RecordedStack } from "./stack-export";
import { backendOf, directKindOf, withoutPassword } from "./backend/backend-url";
import type { DirectBackendKind } from "./backend/backend-url";
import { readStoredStack, storedOrigin, viaOfKind } from "./backend/direct-read";
import type { DirectBackends, StackVia } from "./backend/direct-read";
import { findStack } from "./backend/layout";
import type { StoredStack } from "./backend/layout";

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

/** A line of --verbose's log (core/verbose-log.ts). */
type Say = (line: string) => void;

/** --verbose's line for a stack read: where it is, how it was read, what it records. */
const readLine = (origin: string, via: StackVia, websites: number): string =>
  `${origin}: read ${via === "state file" ? "from the file" : via === "pulumi stack export" ? "with pulumi stack export" : `from the ${via} directly`}, ${websites} recorded website${websites === 1 ? "" : "s"}`;

/** A stack as read, with how it was read. */
interface SourceRead extends RecordedStack {
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
  const project = source.listedBackendWide ? {} : await backends.projectOf(source.cwd);
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
 * The stacks of one backend, read as its store gives their states (one read for all, states in
 * flight at most `parallel`): each index of `sources` whose stack it is gets its reading in
 * `into`, or "pulumi" when pulumi must read it (another secrets manager).
 */
async function readStored(
  url: string,
  held: readonly { index: number; place: StoredPlace }[],
  sources: readonly StateSource[],
  backends: DirectBackends,
  parallel: number,
  into: (SourceRead | "pulumi" | undefined)[],
  onRead: () => void,
  say?: Say,
): Promise<void> {
  const byKey = new Map<string, number[]>();
  const placeOf = new Map<number, StoredPlace>();
  for (const { index, place } of held) {
    byKey.set(place.stored.key, [...(byKey.get(place.stored.key) ?? []), index]);
    placeOf.set(index, place);
  }
  const via = viaOfKind[directKindOf(url) as DirectBackendKind];
  const readOne = async (index: number, bytes: Buffer) => {
    const source = sources[index] as StateSource & { kind: "stack" };
    const { stored } = placeOf.get(index) as StoredPlace;
    const folder = source.listedBackendWide ? undefined : resolve(source.cwd);
    const read = await readStoredStack(
      bytes,
      storedOrigin(stored.fullName, url),
      source.name,
      folder,
      backends.secrets,
    );
    into[index] = read === "pulumi" ? read : { ...read, via };
    const origin = storedOrigin(stored.fullName, url);
    say?.(
      read === "pulumi"
        ? `${origin}: its secrets are not the passphrase's: left to pulumi stack export`
        : readLine(origin, via, read.websites.length),
    );
    if (read !== "pulumi") onRead();
  };
  // A state is pulled from the store only when there is room: memory holds the states in flight.
  const states = backends.readEach(url, held[0]!.place.cwd, [...byKey.keys()]);
  await forEachBounded(states, parallel, async ([key, bytes]) => {
    await Promise.all((byKey.get(key) ?? []).map((index) => readOne(index, bytes)));
  });
  for (const { index, place } of held) {
    // Gone between the listing and the read (a stack removed meanwhile).
    if (into[index] === undefined)
      throw new StateError(
        `${storedOrigin(place.stored.fullName, url)} is no longer in its backend: run drift again.`,
      );
  }
}

/**
 * The recorded stacks, in the order given; `onRead` is told how many are done, `say` (--verbose)
 * each stack and how it was read. With `backends`,
 * a stack in a file or PostgreSQL backend is read from it directly (every such stack of a
 * backend in one read, at most `parallel` states in memory at once); without, and for any other
 * stack, with pulumi stack export, at most `parallel` at once (a pulumi process each, its whole
 * text in memory until it is read).
 */
export async function readSources(
  sources: StateSource[],
  env: Environment,
  parallel = defaultParallel(),
  onRead?: (done: number) => void,
  backends?: DirectBackends,
  say?: Say,
): Promise<SourceRead[]> {
  const places = await mapBounded(sources, parallel, (source) =>
    source.kind === "stack" && backends ? storedPlaceOf(source, env, backends) : Promise.resolve(undefined),
  );
  let done = 0;
  const readDirectly = new Array<SourceRead | "pulumi" | undefined>(sources.length);
  if (backends) {
    const byBackend = new Map<string, { index: number; place: StoredPlace }[]>();
    places.forEach((place, index) => {
      if (place) byBackend.set(place.url, [...(byBackend.get(place.url) ?? []), { index, place }]);
    });
    for (const [url, held] of byBackend)
      await readStored(url, held, sources, backends, parallel, readDirectly, () => onRead?.(++done), say);
  }
  // The rest: state files, and the stacks pulumi reads.
  const rest = sources.flatMap((source, index) => {
    const direct = readDirectly[index];
    return direct === undefined || direct === "pulumi" ? [{ source, index }] : [];
  });
  const readRest = await mapBounded(
    rest,
    parallel,
    async ({ source }): Promise<SourceRead> => {
      const read =
        source.kind === "file"
          ? { ...(await readStateFile(source)), via: "state file" as const }
          : await readWithPulumi(source, env);
      const origin = source.kind === "file" ? `state file ${source.path}` : originOf(source);
      say?.(readLine(origin, read.via, read.websites.length));

      return read;
    },
    () => onRead?.(++done),
  );
  rest.forEach(({ index }, i) => (readDirectly[index] = readRest[i]));
  return readDirectly as SourceRead[];
}
