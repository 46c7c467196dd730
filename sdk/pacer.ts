// Client-side pacing. The server counts requests per client address across all accounts (60 a
// minute on a stock installation), so every client of one origin in this process shares one pacer:
// a large operation then runs at the server's pace instead of bouncing off 429s.
//
// Two mechanisms, both optional in effect:
// - adaptive: remember X-RateLimit-Remaining / -Reset and Retry-After from answers, and hold new
//   requests while the server has said the budget is spent;
// - fixed: with requestsPerMinute > 0, start requests at least 60000/rpm ms apart, in call order.
import { systemClock, type Clock } from "./clock";
import { readRateLimitSignals, type ResponseHeaders } from "./rate-limit-headers";

export class RequestPacer {
  private readonly clock: Clock;
  private intervalMs = 0;
  private nextSlotAt = 0;
  private blockedUntil = 0;
  private remaining: number | undefined;
  private windowResetAt: number | undefined;

  constructor(clock: Clock = systemClock, requestsPerMinute = 0) {
    this.clock = clock;
    this.limitTo(requestsPerMinute);
  }

  /** Clients of one origin may ask for different rates; the slowest wins, to stay safe. */
  limitTo(requestsPerMinute: number): void {
    if (requestsPerMinute > 0) this.intervalMs = Math.max(this.intervalMs, 60_000 / requestsPerMinute);
  }

  /** Resolves when a request may start. */
  async acquire(): Promise<void> {
    if (this.intervalMs > 0) {
      // Reserve the slot now, before waiting, so concurrent callers queue in order.
      const slot = Math.max(this.clock.now(), this.nextSlotAt);
      this.nextSlotAt = slot + this.intervalMs;
      await this.sleepUntil(slot);
    }
    // Re-check after each wait: an answer that arrived meanwhile may have moved the limit.
    for (let until = this.adaptiveHoldUntil(); until > this.clock.now(); until = this.adaptiveHoldUntil()) {
      await this.sleepUntil(until);
    }
    if (this.remaining !== undefined) this.remaining -= 1;
  }

  /** Feed every answer's headers here. */
  observe(status: number, headers: ResponseHeaders): void {
    const now = this.clock.now();
    const signals = readRateLimitSignals(headers, now);
    if (signals.remaining !== undefined) this.remaining = signals.remaining;
    if (signals.resetAtMs !== undefined) this.windowResetAt = signals.resetAtMs;
    if ((status === 429 || status === 503) && signals.retryAfterMs !== undefined) {
      this.blockedUntil = Math.max(this.blockedUntil, now + signals.retryAfterMs);
    }
  }

  private adaptiveHoldUntil(): number {
    const budgetSpent = this.remaining !== undefined && this.remaining <= 0;
    // Without a known reset time a spent budget cannot be waited out; the next request then
    // learns the wait from the 429's Retry-After.
    const windowEnd = budgetSpent && this.windowResetAt !== undefined ? this.windowResetAt : 0;
    return Math.max(this.blockedUntil, windowEnd);
  }

  private async sleepUntil(time: number): Promise<void> {
    const wait = time - this.clock.now();
    if (wait > 0) await this.clock.sleep(wait);
  }
}

const pacersByOrigin = new Map<string, RequestPacer>();

/** The process-wide pacer of an origin such as https://stats.example.com. */
export function pacerForOrigin(origin: string, requestsPerMinute: number): RequestPacer {
  let pacer = pacersByOrigin.get(origin);
  if (!pacer) {
    pacer = new RequestPacer(systemClock);
    pacersByOrigin.set(origin, pacer);
  }
  pacer.limitTo(requestsPerMinute);
  return pacer;
}
