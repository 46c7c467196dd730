// The lock two drift runs writing one history take turns with (history-file.ts): FILE.lock,
// created exclusively (O_EXCL: of two runs, one makes it), holding only who holds it. It is not
// data and is never written through the atomic writer: a torn lock is waited out like any other.
// A lock left by a run on this machine whose process is gone (killed) is taken over.
import { constants } from "node:fs";
import { open, readFile, unlink } from "node:fs/promises";
import { hostname } from "node:os";

const LOCK_POLL_MS = 100;

function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** Who holds a lock, as it says; undefined for a lock torn or gone (waited out as any other). */
async function lockHolder(lock: string): Promise<{ pid?: unknown; host?: unknown } | undefined> {
  try {
    const holder: unknown = JSON.parse(await readFile(lock, "utf8"));
    return typeof holder === "object" && holder !== null ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Takes FILE.lock; resolves with its release, or undefined when another run held it the whole wait. */
export async function takeLock(lock: string, waitMs: number): Promise<(() => Promise<void>) | undefined> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      const handle = await open(lock, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o644);
      await handle.writeFile(
        JSON.stringify({ pid: process.pid, host: hostname(), at: new Date().toISOString() }),
      );
      await handle.close();
      return () => unlink(lock).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    // A lock left by a run on this machine whose process is gone (killed) is taken over.
    const holder = await lockHolder(lock);
    if (holder && holder.host === hostname() && typeof holder.pid === "number" && processGone(holder.pid)) {
      await unlink(lock).catch(() => undefined);
      continue;
    }
    if (Date.now() >= until) return undefined;
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}
