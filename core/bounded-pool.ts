// A bound on how much runs at once, shared by every command: drift's and generate's `pulumi`
// processes (stack listings and exports), drift's page reads and --fix cloud's stacks. Each
// export is a process of its own that holds a whole export in memory until it is read, so fifty
// stacks side by side would load fifty of them at once on a 2-core runner.
import { availableParallelism } from "node:os";

export const MAX_PARALLEL = 32;

/**
 * Twice the cores, from 2 to 8: an export is mostly waiting on the backend (a file, a bucket, the
 * Pulumi Cloud) with a short burst of CPU to start and decrypt, so two per core keep a 2-core
 * runner busy without holding more exports in memory than it can use.
 */
export function defaultParallel(cores = availableParallelism()): number {
  return Math.min(8, Math.max(2, 2 * cores));
}

/**
 * `work` over `items`, at most `limit` at once, results in the items' order; `onDone` is told
 * how many have finished. After a failure no new item starts; the first failure is thrown once
 * the items already started have settled, so no process is left running behind the error.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
  onDone: (done: number) => void = () => {},
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let done = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T, index);
        onDone(++done);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw failure.error;
  return results;
}

/**
 * `work` over what `items` yields, at most `limit` at once: the next item is pulled only when
 * there is room, so a stream of large items (a backend's states) is held `limit` at a time.
 * After a failure no new item is pulled (the stream is let go of); the first failure is thrown
 * once the items already started have settled.
 */
export async function forEachBounded<T>(
  items: AsyncIterable<T>,
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  for await (const item of items) {
    const task: Promise<void> = work(item).then(
      () => void running.delete(task),
      (error: unknown) => {
        running.delete(task);
        failure ??= { error };
      },
    );
    running.add(task);
    while (running.size >= Math.max(1, limit) && failure === undefined) await Promise.race(running);
    if (failure) break;
  }
  await Promise.all(running);
  if (failure) throw failure.error;
}
