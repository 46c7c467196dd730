// The result of list(): iterate with `for await` to stream items page by page, or `await` it to
// collect everything. Pages are fetched lazily and only once per use.
import type { Page } from "./types";

/** Fetches one page by its 1-based number. */
export type PageFetcher<T> = (page: number) => Promise<Page<T>>;

/**
 * All items of a listing across its pages, fetched lazily: `for await` streams them page by page,
 * `await` collects them into an array. An item that moves to the next page while the walk runs is
 * yielded once: items are told apart by a key that stays the same across pages (a website's id, a
 * statistic row's value, which the server groups rows by).
 */
export class PaginatedList<T> implements AsyncIterable<T>, PromiseLike<T[]> {
  private readonly fetchPage: PageFetcher<T>;
  private readonly firstPage: number;
  private readonly keyOf: (item: T) => string | number;
  private collected: Promise<T[]> | undefined;

  /** @internal Created by `websites.list()` and `stats.list()`. */
  constructor(fetchPage: PageFetcher<T>, firstPage: number, keyOf: (item: T) => string | number) {
    this.fetchPage = fetchPage;
    this.firstPage = firstPage;
    this.keyOf = keyOf;
  }

  /** Yields the items page by page, each page fetched when the previous one is used up. */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    // Items move between pages when items are added or deleted (or counted) during the walk;
    // remembering keys keeps an item that slid onto the next page from being yielded twice.
    const seen = new Set<string | number>();
    for (let pageNumber = this.firstPage; ; pageNumber += 1) {
      const page = await this.fetchPage(pageNumber);
      for (const item of page.data) {
        const key = this.keyOf(item);
        if (seen.has(key)) continue;
        seen.add(key);
        yield item;
      }
      if (page.data.length === 0 || pageNumber >= page.lastPage) return;
    }
  }

  /** Makes the list awaitable: resolves with every item of every page (fetched once per list). */
  then<TResult1 = T[], TResult2 = never>(
    onfulfilled?: ((value: T[]) => TResult1 | PromiseLike<TResult1>) | null,
    onrejected?: ((reason: unknown) => TResult2 | PromiseLike<TResult2>) | null,
  ): PromiseLike<TResult1 | TResult2> {
    this.collected ??= this.collectAll();
    return this.collected.then(onfulfilled, onrejected);
  }

  private async collectAll(): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) items.push(item);
    return items;
  }
}
