// The file backend (`file://PATH`, `pulumi login --local`) as a StateStore: the bucket is the
// folder, each key a path under it. Stack states are read with their folders' listing, never
// followed outside `.pulumi/stacks/`.
import { opendir, readFile, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { BackendError } from "./state-store";
import type { StateStore, StoredObject } from "./state-store";

const STACKS = ".pulumi/stacks";

/**
 * The folder of a `file://` backend URL as the CLI takes it: `~` is the home folder, a query
 * (`?no_tmp_dir=true`) is the bucket's options, and a relative path is the folder pulumi runs in.
 */
export function fileBackendFolder(url: string, cwd: string): string {
  let path = url.slice("file://".length);
  const query = path.indexOf("?");
  if (query >= 0) path = path.slice(0, query);
  path = decodeURIComponent(path);
  if (path === "~" || path.startsWith("~/")) path = join(homedir(), path.slice(1));
  return isAbsolute(path) ? path : resolve(cwd, path);
}

async function listFolder(root: string, folder: string, into: StoredObject[], depth: number): Promise<void> {
  let dir;
  try {
    dir = await opendir(join(root, folder));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for await (const entry of dir) {
    const key = `${folder}/${entry.name}`;
    // Stacks are one or two levels down (legacy, or per project); nothing deeper is a state.
    if (entry.isDirectory()) {
      if (depth < 1) await listFolder(root, key, into, depth + 1);
    } else if (entry.isFile()) {
      into.push({ key, modified: (await stat(join(root, key))).mtimeMs });
    }
  }
}

export function openFileStore(url: string, cwd: string): StateStore {
  const root = fileBackendFolder(url, cwd);
  const name = url;
  const failed = (what: string, error: unknown): BackendError =>
    new BackendError(
      `the file backend ${name} could not be read (${what}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): ` +
        "check the path and its permissions, or read the stacks with pulumi (--read-with pulumi).",
    );
  return {
    name,
    kind: "file",
    async meta() {
      try {
        return await readFile(join(root, ".pulumi", "meta.yaml"), "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw failed(".pulumi/meta.yaml", error);
      }
    },
    async listStacks() {
      const objects: StoredObject[] = [];
      try {
        await listFolder(root, STACKS, objects, 0);
      } catch (error) {
        throw failed(STACKS, error);
      }
      return objects;
    },
    async *readEach(keys) {
      for (const key of new Set(keys)) {
        let bytes: Buffer;
        try {
          bytes = await readFile(join(root, key));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
          throw failed(key, error);
        }
        yield [key, bytes];
      }
    },
    close: async () => {},
  };
}
