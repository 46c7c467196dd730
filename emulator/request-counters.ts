/**
 * How many requests each API route received, and how many of them the throttle refused, for
 * tests and benchmarks that count round trips.
 */
export class RequestCounters {
  private counts = new Map<string, number>();
  private refused = new Map<string, number>();
  private span: { firstAt: number; lastAt: number } | undefined;

  record(key: string, at: number): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (this.span) this.span.lastAt = at;
    else this.span = { firstAt: at, lastAt: at };
  }

  recordThrottled(key: string): void {
    this.refused.set(key, (this.refused.get(key) ?? 0) + 1);
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  throttledSnapshot(): Record<string, number> {
    return Object.fromEntries(this.refused);
  }

  /** When the first and the last counted request arrived, in milliseconds since the epoch. */
  spanSnapshot(): { firstAt: number; lastAt: number } | undefined {
    return this.span && { ...this.span };
  }

  reset(): void {
    this.counts = new Map();
    this.refused = new Map();
    this.span = undefined;
  }
}
