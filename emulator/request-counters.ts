/** How many requests each API route received, for tests and benchmarks that count round trips. */
export class RequestCounters {
  private counts = new Map<string, number>();

  record(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  reset(): void {
    this.counts = new Map();
  }
}
