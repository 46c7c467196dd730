// The `stats` table: one counter per website, statistic, value and date. The tracker inserts a
// row with count 1 or adds 1 to the row that has the same key, and the key's value compares as
// the database's case-insensitive collation does ("/About" and "/about" are one row, spelled as
// first recorded).
import type { StoredStat } from "./types";

/**
 * How the database collation (utf8mb4_unicode_ci) compares values, reduced to what matters for
 * paths and names: case is ignored, and so are trailing spaces.
 */
export function collationKey(value: string): string {
  return value.toLowerCase().replace(/ +$/, "");
}

function rowKey(websiteId: number, name: string, value: string, date: string): string {
  return JSON.stringify([websiteId, name, collationKey(value), date]);
}

export class StatTable {
  private readonly rows = new Map<string, StoredStat>();
  private readonly keysByWebsite = new Map<number, Set<string>>();

  constructor(private readonly onChange: () => void = () => {}) {}

  /** Adds 1 to the counter, creating it at 1. */
  count(websiteId: number, name: string, value: string, date: string): void {
    const key = rowKey(websiteId, name, value, date);
    const row = this.rows.get(key);
    if (row) row.count += 1;
    else this.insert(key, { website_id: websiteId, name, value, date, count: 1 });
    this.onChange();
  }

  /** One statistic's rows of a website with dates from `from` to `to` included, oldest row first. */
  rowsOf(websiteId: number, name: string, from: string, to: string): StoredStat[] {
    const selected: StoredStat[] = [];
    for (const key of this.keysByWebsite.get(websiteId) ?? []) {
      const row = this.rows.get(key);
      if (row && row.name === name && row.date >= from && row.date <= to) selected.push(row);
    }
    return selected;
  }

  /** The sum of one statistic's counters over the given websites and dates. */
  total(websiteIds: readonly number[], name: string, from: string, to: string): number {
    let sum = 0;
    for (const id of websiteIds) for (const row of this.rowsOf(id, name, from, to)) sum += row.count;
    return sum;
  }

  /** Deleting a website erases its statistics. */
  deleteWebsite(websiteId: number): void {
    const keys = this.keysByWebsite.get(websiteId);
    if (!keys) return;
    for (const key of keys) this.rows.delete(key);
    this.keysByWebsite.delete(websiteId);
    this.onChange();
  }

  /** Copies of every row, for the data file. */
  all(): StoredStat[] {
    return [...this.rows.values()].map((row) => ({ ...row }));
  }

  /** Rows from a data file. */
  load(rows: readonly StoredStat[]): void {
    for (const row of rows) {
      const key = rowKey(row.website_id, row.name, row.value, row.date);
      const existing = this.rows.get(key);
      if (existing) existing.count += row.count;
      else this.insert(key, { ...row });
    }
  }

  private insert(key: string, row: StoredStat): void {
    this.rows.set(key, row);
    let keys = this.keysByWebsite.get(row.website_id);
    if (!keys) {
      keys = new Set();
      this.keysByWebsite.set(row.website_id, keys);
    }
    keys.add(key);
  }
}
