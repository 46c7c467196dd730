/**
 * How many requests each API route received, and how many of them the throttle refused, for
 * tests and benchmarks that count round trips.
 */
export class RequestCounters {
  private counts = new Map<string, number>();
  private refused = new Map<string, number>();

  record(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
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

  reset(): void {
    this.counts = new Map();
    this.refused = new Map();
  }
}
