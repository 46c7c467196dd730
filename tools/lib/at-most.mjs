// @ts-check
// A few of a tool's slow steps at once (npm scripts side by side, downloads): the tools run before
// the build, so they cannot use the package's own pool (core/bounded-pool.ts); this is theirs.

/**
 * Runs `work` over `items` in the order given, at most `limit` at once; rejects with the first
 * failure as soon as it comes, while the other workers go on through the items left.
 * @template T
 * @param {readonly T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<void>} work
 * @returns {Promise<void>}
 */
export async function forEachAtMost(items, limit, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(/** @type {T} */ (items[next++]));
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
