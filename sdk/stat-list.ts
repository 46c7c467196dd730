// The result of stats.list(): the rows of a statistic across its pages, streamed with `for await`
// or collected with `await`, as websites.list() does for websites.
import type { Page, StatRow } from "./types";

/**
 * All rows of a statistic across its pages, fetched lazily: `for await` streams them page by page,
 * `await` collects them into an array. The server groups rows by value, so a value names a row;
 * a row that moves to the next page while the walk runs (its count grew) is yielded once.
 */
export class StatList implements AsyncIterable<StatRow>, PromiseLike<StatRow[]> {
  private readonly fetchPage: (page: number) => Promise<Page<StatRow>>;
  private readonly firstPage: number;
  private collected: Promise<StatRow[]> | undefined;

  /** @internal Created by `stats.list()`. */
  constructor(fetchPage: (page: number) => Promise<Page<StatRow>>, firstPage = 1) {
    this.fetchPage = fetchPage;
    this.firstPage = firstPage;
  }

  /** Yields the rows page by page, each page fetched when the previous one is used up. */
  async *[Symbol.asyncIterator](): AsyncIterator<StatRow> {
    const seen = new Set<string>();
    for (let pageNumber = this.firstPage; ; pageNumber += 1) {
      const page = await this.fetchPage(pageNumber);
      for (const row of page.data) {
        if (seen.has(row.value)) continue;
        seen.add(row.value);
        yield row;
      }
      if (page.data.length === 0 || pageNumber >= page.lastPage) return;
    }
  }

  /** Makes the list awaitable: resolves with every row of every page (fetched once per list). */
  then<TResult1 = StatRow[], TResult2 = never>(
    onfulfilled?: ((value: StatRow[]) => TResult1 | PromiseLike<TResult1>) | null,
    onrejected?: ((reason: unknown) => TResult2 | PromiseLike<TResult2>) | null,
  ): PromiseLike<TResult1 | TResult2> {
    this.collected ??= this.collectAll();
    return this.collected.then(onfulfilled, onrejected);
  }

  private async collectAll(): Promise<StatRow[]> {
    const rows: StatRow[] = [];
    for await (const row of this) rows.push(row);
    return rows;
  }
}
