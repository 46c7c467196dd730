// The result of list(): iterate with `for await` to stream items page by page, or `await` it to
// collect everything. Pages are fetched lazily and only once per use.
import type { Page } from "./types";

export type PageFetcher<T> = (page: number) => Promise<Page<T>>;

export class PaginatedList<T extends { id: number }> implements AsyncIterable<T>, PromiseLike<T[]> {
  private readonly fetchPage: PageFetcher<T>;
  private readonly firstPage: number;
  private collected: Promise<T[]> | undefined;

  constructor(fetchPage: PageFetcher<T>, firstPage = 1) {
    this.fetchPage = fetchPage;
    this.firstPage = firstPage;
  }

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
