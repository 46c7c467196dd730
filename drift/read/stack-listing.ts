// `--all`: the stacks to read, as the user's own `pulumi stack ls --json` lists them; a file or
// PostgreSQL backend is listed by drift itself (backend/layout.ts), with the same names. Without
// --backend-wide, the stacks of the project in each folder (run there, names as pulumi prints
// them in that project). With --backend-wide, every stack of the backend that folder uses
// (`pulumi stack ls --all --json`), listed from an empty folder of its own: inside a project
// pulumi shortens that project's names, outside one it prints each as `org/project/stack`, and a
// full name is what a filter needs and what `pulumi stack export --stack` takes from anywhere.
// The folder's project may name its backend (`backend.url` in Pulumi.yaml): that URL is then
// given to pulumi as PULUMI_BACKEND_URL, unless the environment sets one, which pulumi prefers.
import { statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Environment } from "../../core/settings";
import { notJsonReason } from "../../core/json-text";
import { mapBounded } from "../../core/bounded-pool";
import { PulumiCommandError, environmentBackend, runPulumi } from "../../core/pulumi-command";
import { StateError } from "./stack-export";
import { filterStacks, stackFilter } from "./stack-glob";
import { findProjectFile, projectBackendUrl } from "./project-file";
import { backendOf, directKindOf } from "./backend/backend-url";
import type { DirectBackends } from "./backend/direct-read";

export interface StackSelection {
  /** The folders whose stacks are listed: each --cwd given, else the current folder. */
  folders: string[];
  /** List every stack of the backend, not only the folder's project's. */
  backendWide: boolean;
  /** --stack-filter globs; a stack any of them matches is read (every stack without any). */
  filters: string[];
}

/** A stack to export: `name` as `pulumi stack export --stack` takes it when run in `cwd`. */
export interface ListedStack {
  name: string;
  /** The name filters match: `org/project/stack` with --backend-wide, else as listed. */
  fullName: string;
  cwd: string;
  /** PULUMI_BACKEND_URL for pulumi, when the folder's project names its backend. */
  backendUrl?: string;
}

/** Checks every folder before anything runs: it exists, and without --backend-wide holds a project. */
function checkFolders(selection: StackSelection): void {
  for (const folder of selection.folders) {
    let isFolder = false;
    try {
      isFolder = statSync(folder).isDirectory();
    } catch {
      // reported below
    }
    if (!isFolder) {
      throw new StateError(`--cwd ${folder} is not a folder: give the folder of a Pulumi project.`);
    }
    if (!selection.backendWide && findProjectFile(folder) === undefined) {
      throw new StateError(
        `--all reads the stacks of the Pulumi project in ${folder}, but there is no Pulumi.yaml there or above: ` +
          "give --cwd the project's folder, or add --backend-wide to read every stack of the backend you are logged in to.",
      );
    }
  }
}

interface StackSummary {
  name: string;
}

async function stackLs(
  args: string[],
  cwd: string,
  env: Environment,
  where: string,
  backendUrl?: string,
): Promise<StackSummary[]> {
  let printed: string;
  try {
    printed = await runPulumi(["stack", "ls", ...args, "--json", "--non-interactive"], {
      cwd,
      env,
      ...(backendUrl ? { backendUrl } : {}),
    });
  } catch (error) {
    if (!(error instanceof PulumiCommandError)) throw error;
    throw new StateError(`the stacks of ${where} could not be listed with pulumi stack ls: ${error.reason}`);
  }
  let listed: unknown;
  try {
    listed = JSON.parse(printed);
  } catch {
    // JSON.parse's message quotes what pulumi printed: only the place is said.
    throw new StateError(
      `pulumi stack ls of ${where} printed no list of stacks (${notJsonReason(printed)}).`,
    );
  }
  if (!Array.isArray(listed)) {
    throw new StateError(`pulumi stack ls of ${where} printed no list of stacks (not a list).`);
  }
  const named = (s: unknown): s is StackSummary => {
    const name = (s as Partial<StackSummary> | null)?.name;
    return typeof name === "string" && name !== "";
  };
  return (listed as unknown[]).filter(named);
}

/**
 * A folder's stacks from its self-managed backend's own listing, named as `pulumi stack ls` names
 * them (in the project: the project's stacks by their short names, and every stack of a legacy
 * backend, which records no projects; --backend-wide: every stack by its full name); undefined
 * when the folder's backend is not read directly.
 */
async function listStored(
  folder: string,
  selection: StackSelection,
  env: Environment,
  backends: DirectBackends,
): Promise<ListedStack[] | undefined> {
  const project = await backends.projectOf(folder);
  const url = await backendOf(env, project.backendUrl);
  if (url === undefined || directKindOf(url) === undefined) return undefined;
  const layout = await backends.layout(url, folder);
  // A listed stack carries its backend: the export of one that falls back to pulumi names it too.
  const backendUrl = environmentBackend(env) ? {} : { backendUrl: url };
  if (selection.backendWide) {
    return layout.stacks.map((s) => ({ name: s.fullName, fullName: s.fullName, cwd: folder, ...backendUrl }));
  }
  return layout.stacks
    .filter((s) => s.project === undefined || s.project === project.name)
    .map((s) => ({ name: s.stack, fullName: s.stack, cwd: folder, ...backendUrl }));
}

/** A folder's stacks: its project's, or with --backend-wide its backend's, from `neutral`. */
async function listFolder(
  folder: string,
  selection: StackSelection,
  env: Environment,
  neutral: () => Promise<string>,
  backends: DirectBackends | undefined,
): Promise<ListedStack[]> {
  const stored = backends ? await listStored(folder, selection, env, backends) : undefined;
  if (stored) return stored;
  if (!selection.backendWide) {
    const listed = await stackLs([], folder, env, `the project in ${folder}`);
    return listed.map((s) => ({ name: s.name, fullName: s.name, cwd: folder }));
  }
  const backendUrl = environmentBackend(env) ? undefined : await projectBackendUrl(findProjectFile(folder));
  const cwd = await neutral();
  const listed = await stackLs(["--all"], cwd, env, `the backend used in ${folder}`, backendUrl);
  return listed.map((s) => ({ name: s.name, fullName: s.name, cwd, ...(backendUrl ? { backendUrl } : {}) }));
}

export interface StackListing {
  stacks: ListedStack[];
  /** Removes the empty folder --backend-wide lists and exports from. */
  cleanup: () => Promise<void>;
}

/**
 * The stacks `selection` names, listed at most `parallel` at once, filtered; a stack listed
 * twice (two folders of one project or one backend) is read once. Every folder is checked before
 * pulumi runs, and a filter that matches nothing is refused before any export.
 */
export async function listStacks(
  selection: StackSelection,
  env: Environment,
  parallel: number,
  backends?: DirectBackends,
): Promise<StackListing> {
  checkFolders(selection);
  let neutralFolder: Promise<string> | undefined;
  const neutral = () => (neutralFolder ??= mkdtemp(join(tmpdir(), "webstats-drift-")));
  const cleanup = async () => {
    if (neutralFolder) await rm(await neutralFolder, { recursive: true, force: true });
  };
  try {
    const perFolder = await mapBounded(selection.folders, parallel, (folder) =>
      listFolder(folder, selection, env, neutral, backends),
    );
    const seen = new Set<string>();
    const unique = perFolder.flat().filter((stack) => {
      // A stack is its backend's (undefined: the one pulumi is logged in to), or its project's.
      const key = JSON.stringify([
        selection.backendWide ? stack.backendUrl : resolve(findProjectFile(stack.cwd) ?? stack.cwd),
        stack.fullName,
      ]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const where = selection.backendWide
      ? "the backend"
      : selection.folders.length === 1
        ? `the project in ${selection.folders[0]}`
        : "the projects given";
    if (unique.length === 0) {
      throw new StateError(
        `--all found no stack in ${where}: create one with pulumi stack init, or check which backend pulumi is logged in to (pulumi whoami -v).`,
      );
    }
    return { stacks: filterStacks(unique, selection.filters.map(stackFilter), where), cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
