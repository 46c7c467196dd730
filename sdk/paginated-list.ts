// The result of list(): iterate with `for await` to stream items page by page, or `await` it to
// collect everything. Pages are fetched lazily and only once per use.
import type { Page } from "./types";

/** Fetches one page by its 1-based number. */
export type PageFetcher<T> = (page: number) => Promise<Page<T>>;

/** What a listed item needs: an id that stays the same when the item moves between pages. */
export interface Identified {
  /** Identifies the item across pages. */
  id: number;
}

/**
 * All items of a listing across its pages, fetched lazily: `for await` streams them page by page,
 * `await` collects them into an array. An item that moves to the next page while the walk runs is
 * yielded once.
 */
export class PaginatedList<T extends Identified> implements AsyncIterable<T>, PromiseLike<T[]> {
  private readonly fetchPage: PageFetcher<T>;
  private readonly firstPage: number;
  private collected: Promise<T[]> | undefined;

  /** @internal Created by `websites.list()`. */
  constructor(fetchPage: PageFetcher<T>, firstPage = 1) {
    this.fetchPage = fetchPage;
    this.firstPage = firstPage;
  }

  /** Yields the items page by page, each page fetched when the previous one is used up. */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    // Items move between pages when websites are added or deleted during the walk; remembering ids
    // keeps an item that slid onto the next page from being yielded twice.
    const seen = new Set<number>();
    for (let pageNumber = this.firstPage; ; pageNumber += 1) {
      const page = await this.fetchPage(pageNumber);
      for (const item of page.data) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
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
