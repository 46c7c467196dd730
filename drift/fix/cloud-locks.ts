// A stack another update holds, seen before any stack is changed. `pulumi up` refuses a locked
// stack itself, but only when its turn comes: in a run over several stacks, the ones before it
// would already be put back. On a file backend a lock is a file in the stack's folder under the
// backend's `.pulumi/locks/`, so every stack's folder is looked at while the stacks are planned,
// and one lock refuses the whole run. The backend is the one pulumi itself resolves in the
// stack's project folder (`pulumi whoami --verbose --json`: the project's backend, the
// environment's, or the login), so the look and the up agree on where the stack lives. Pulumi
// Cloud and cloud-storage backends cannot be looked at without their own clients: there, pulumi
// up's own refusal stands, and the summary names the stacks already put back.
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";

/**
 * A URL path with its %XX escapes decoded; one that is no valid escape (a folder spelled `50%off`
 * in the URL the user gave) is read as written instead of failing the run.
 */
function percentDecoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The folder a file backend's URL names (`file://~`, `file:///abs`, `file://relative`), or undefined. */
export function fileBackendFolder(url: string, cwd: string): string | undefined {
  if (!url.startsWith("file://")) return undefined;
  const path = percentDecoded(url.slice("file://".length));
  if (path === "~" || path.startsWith("~/")) return join(homedir(), path.slice(1));
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/** Where a file backend keeps the locks of stack `project/stack` (its project-scoped layout). */
export function stackLockFolder(backendFolder: string, stack: string): string {
  const slash = stack.lastIndexOf("/");
  const project = stack.slice(0, slash);
  const name = stack.slice(slash + 1);
  return join(backendFolder, ".pulumi", "locks", "organization", project, name);
}

/** The lock files another update holds on the stack, as paths; none when it is free. */
export function heldLocks(backendFolder: string, stack: string): string[] {
  const folder = stackLockFolder(backendFolder, stack);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => join(folder, name));
}

/** The backend URL out of `pulumi whoami --verbose --json`, or undefined when it says none. */
export function whoamiBackend(output: string): string | undefined {
  try {
    const parsed = JSON.parse(output) as { url?: unknown };
    return typeof parsed.url === "string" ? parsed.url : undefined;
  } catch {
    return undefined;
  }
}

/** The refusal of a stack with a lock held, naming the lock file and what to do. */
export const lockedText = (stack: string, reason: string): string =>
  `stack ${stack} is locked by another update (${reason}): wait for it to finish, ` +
  "or, if it was interrupted, release the lock with pulumi cancel; then run drift again.";
