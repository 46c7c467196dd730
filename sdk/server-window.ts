// What the client knows about the server's current rate-limit window, and whether one more
// request may start now. Pure bookkeeping: the caller supplies the time and does the waiting.
//
// The server (Laravel's throttle) counts requests per client address in fixed windows: a window
// opens with the first request after the previous one expired and admits `limit` requests; every
// answer says how many are left (X-RateLimit-Remaining); only a refusal (429) says when the window
// ends (X-RateLimit-Reset, Retry-After); a refusal costs no quota. So:
// - the budget left is the smallest Remaining reported in this window, less the requests still
//   in flight (the server may count them after the one that reported it): never more than the
//   server has left, so no request is refused for lack of budget while we can count;
// - once the budget is spent and nothing is in flight, exactly one request goes ahead to ask when
//   the window ends. It is refused (costing nothing but its round trip, while everyone would be
//   waiting anyway) and its 429 names the end; or the window had already ended and it just
//   succeeds. That is why a paced operation sees about one 429 per window it fills;
// - every request waits until that end, then the next window's budget is the full limit;
// - until the first answer arrives nothing is known, not even whether there is a limit: one
//   request goes alone and its answer says. (Otherwise every request of a parallel start would
//   go at once, and all but the first `limit` of them would be refused.)
import { waitEndsAt, type RateLimitSignals } from "./rate-limit-headers";

export type Admission =
  | { kind: "go" }
  | { kind: "wait-until"; at: number }
  /** Requests in flight will report what is left; ask again after the next answer. */
  | { kind: "wait-for-answer" };

/** A 429 whose wait has already passed (server clock ahead of ours, or an end not kept in whole
 * seconds) is asked about again after this pause instead of at once. */
export const RECHECK_AFTER_MS = 100;
/** A refusal that names no wait at all. */
export const UNSPECIFIED_WAIT_MS = 1_000;

export class ServerWindow {
  private limit: number | undefined;
  /** Smallest X-RateLimit-Remaining reported in the current window. */
  private remaining: number | undefined;
  /** When that report arrived: earlier-sent answers arriving later cannot raise it. */
  private remainingReportedAt = Number.NEGATIVE_INFINITY;
  /** Until when the server asked us to hold every request (its window's end). */
  private holdUntil: number | undefined;
  private inFlight = 0;
  /** Whether any answer has arrived yet: before one, the server's limit is unknown. */
  private heardFromServer = false;

  /** Whether a request may start at `now`; "go" counts it as in flight until `answered`. */
  admit(now: number): Admission {
    if (!this.heardFromServer && this.inFlight > 0) return { kind: "wait-for-answer" };
    if (this.holdUntil !== undefined) {
      if (now < this.holdUntil) return { kind: "wait-until", at: this.holdUntil };
      // The window has ended: the next one admits the full limit. Requests still in flight
      // from before may be counted in it, and are subtracted below.
      this.holdUntil = undefined;
      this.remaining = undefined;
      this.remainingReportedAt = now;
    }
    const budget = (this.remaining ?? this.limit ?? Number.POSITIVE_INFINITY) - this.inFlight;
    if (budget <= 0 && this.inFlight > 0) return { kind: "wait-for-answer" };
    // budget <= 0 with nothing in flight: this request goes to learn when the window ends.
    this.inFlight += 1;
    return { kind: "go" };
  }

  /** An admitted request got an answer (`sentAt`: when it was admitted). */
  answered(sentAt: number, now: number, status: number, signals: RateLimitSignals): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.heardFromServer = true;
    if (signals.limit !== undefined) this.limit = signals.limit;
    // A proxy's 503 may ask for a pause too; it says nothing about the window.
    const end = status === 429 || status === 503 ? waitEndsAt(signals, now) : undefined;
    if (status === 429) {
      this.hold(now, end ?? now + UNSPECIFIED_WAIT_MS);
      this.remaining = 0;
      this.remainingReportedAt = now;
      return;
    }
    if (end !== undefined) this.hold(now, end);
    const reported = signals.remaining;
    if (reported === undefined) return;
    // Within a window Remaining only falls. A higher figure from a request sent after the last
    // report means a new window has opened; from one sent before, it is just an older answer.
    const fresh = sentAt >= this.remainingReportedAt;
    if (this.remaining === undefined || reported < this.remaining || fresh) {
      this.remaining = reported;
      this.remainingReportedAt = now;
    }
  }

  /** An admitted request ended without an answer (connection error, timeout). */
  abandoned(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
  }

  private hold(now: number, until: number): void {
    const end = until > now ? until : now + RECHECK_AFTER_MS;
    this.holdUntil = Math.max(this.holdUntil ?? 0, end);
  }
}
