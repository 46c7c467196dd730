// The framework's request throttle: a fixed window per client that opens with the first request
// and lasts a minute. Refused requests do not count towards the limit.

export interface ThrottleDecision {
  allowed: boolean;
  /** X-RateLimit-* (and, when refused, Retry-After) headers for the response. */
  headers: Record<string, string>;
}

interface Window {
  openedAt: number;
  hits: number;
}

const WINDOW_MS = 60_000;

export class ClientThrottle {
  private windows = new Map<string, Window>();
  private limit: number;

  constructor(
    requestsPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.limit = normalizeLimit(requestsPerMinute);
  }

  get requestsPerMinute(): number {
    return this.limit;
  }

  get enabled(): boolean {
    return this.limit > 0;
  }

  /** A new limit also forgets every open window. */
  setRequestsPerMinute(requestsPerMinute: number): void {
    this.limit = normalizeLimit(requestsPerMinute);
    this.windows = new Map();
  }

  /** Counts one request; undefined when throttling is off. */
  hit(client: string): ThrottleDecision | undefined {
    if (!this.enabled) return undefined;
    const now = this.now();
    let window = this.windows.get(client);
    if (!window || now >= window.openedAt + WINDOW_MS) {
      window = { openedAt: now, hits: 0 };
      this.windows.set(client, window);
    }
    if (window.hits >= this.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.openedAt + WINDOW_MS - now) / 1000));
      return {
        allowed: false,
        headers: {
          "x-ratelimit-limit": String(this.limit),
          "x-ratelimit-remaining": "0",
          "retry-after": String(retryAfter),
          "x-ratelimit-reset": String(Math.floor(now / 1000) + retryAfter),
        },
      };
    }
    window.hits += 1;
    return {
      allowed: true,
      headers: {
        "x-ratelimit-limit": String(this.limit),
        "x-ratelimit-remaining": String(this.limit - window.hits),
      },
    };
  }
}

/** 0, negative, Infinity or NaN mean "no throttle". */
function normalizeLimit(requestsPerMinute: number): number {
  if (!Number.isFinite(requestsPerMinute) || requestsPerMinute <= 0) return 0;
  return Math.floor(requestsPerMinute);
}
