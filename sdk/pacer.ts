// Client-side pacing. The server counts requests per client address across all accounts (60 a
// minute on a stock installation), so every client of one origin in this process shares one pacer:
// a large operation then runs at the server's limit instead of bouncing off it.
//
// Two mechanisms:
// - the server's window (server-window.ts): spend each window's budget at full speed, learn when
//   the window ends, and start again the moment it does;
// - fixed, opt-in: with requestsPerMinute > 0, start requests at least 60000/rpm ms apart, in call
//   order (for servers shared with other clients, where our count of the budget is not the truth).
import { systemClock, type Clock } from "./clock";
import { readRateLimitSignals, type ResponseHeaders } from "./rate-limit-headers";
import type { PacingCause } from "./request-events";
import { ServerWindow } from "./server-window";

export type { PacingCause };

/** One admitted request; hand it back through `answered` or `abandoned`. */
export interface PacerTicket {
  readonly admittedAt: number;
  /** How long it was held before it was admitted (0: at once), for a log of what the client did. */
  readonly waitedMs: number;
  /** What held it longest, when it was held. */
  readonly heldBy?: PacingCause;
}

export class RequestPacer {
  private readonly clock: Clock;
  private readonly window = new ServerWindow();
  private intervalMs = 0;
  private nextSlotAt = 0;
  private answerWaiters: (() => void)[] = [];

  constructor(clock: Clock = systemClock, requestsPerMinute = 0) {
    this.clock = clock;
    this.limitTo(requestsPerMinute);
  }

  /** Clients of one origin may ask for different rates; the slowest wins, to stay safe. */
  limitTo(requestsPerMinute: number): void {
    if (requestsPerMinute > 0) this.intervalMs = Math.max(this.intervalMs, 60_000 / requestsPerMinute);
  }

  /** Resolves when a request may start. */
  async acquire(): Promise<PacerTicket> {
    const askedAt = this.clock.now();
    // Each cause's share of the wait, so the ticket can say which held the request longest.
    const held = new Map<PacingCause, number>();
    const waitFor = async (cause: PacingCause, wait: () => Promise<void>) => {
      const from = this.clock.now();
      await wait();
      held.set(cause, (held.get(cause) ?? 0) + this.clock.now() - from);
    };
    if (this.intervalMs > 0) {
      // Reserve the slot now, before waiting, so concurrent callers queue in order.
      const slot = Math.max(this.clock.now(), this.nextSlotAt);
      this.nextSlotAt = slot + this.intervalMs;
      await waitFor("spacing", () => this.sleepUntil(slot));
    }
    for (;;) {
      const now = this.clock.now();
      const admission = this.window.admit(now);
      if (admission.kind === "go") return ticketOf(now, now - askedAt, held);
      if (admission.kind === "wait-until") await waitFor("window", () => this.sleepUntil(admission.at));
      else await waitFor("answers", () => new Promise<void>((resolve) => this.answerWaiters.push(resolve)));
    }
  }

  /** Feed every answer's status and headers here. */
  answered(ticket: PacerTicket, status: number, headers: ResponseHeaders): void {
    const now = this.clock.now();
    this.window.answered(ticket.admittedAt, now, status, readRateLimitSignals(headers, now));
    this.wakeAnswerWaiters();
  }

  /** The request ended without an answer. */
  abandoned(): void {
    this.window.abandoned();
    this.wakeAnswerWaiters();
  }

  private wakeAnswerWaiters(): void {
    const waiters = this.answerWaiters;
    this.answerWaiters = [];
    for (const wake of waiters) wake();
  }

  private async sleepUntil(time: number): Promise<void> {
    const wait = time - this.clock.now();
    if (wait > 0) await this.clock.sleep(wait);
  }
}

function ticketOf(admittedAt: number, waitedMs: number, held: Map<PacingCause, number>): PacerTicket {
  const longest = [...held].filter(([, ms]) => ms > 0).sort((a, b) => b[1] - a[1])[0];
  return longest ? { admittedAt, waitedMs, heldBy: longest[0] } : { admittedAt, waitedMs };
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
