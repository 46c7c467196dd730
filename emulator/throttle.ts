// The framework's request throttle (Laravel's RateLimiter on its default file cache), per client:
// - a fixed window opens with the first request after the previous window expired and admits
//   `limit` requests;
// - the window's end is kept as a whole Unix second (floor(opened) + window length), and the window
//   expires at that instant, so a window opened at 12.7 s with 60-second windows ends at 72.0 s;
// - the limit is checked before the request is counted: a refused request costs no quota;
// - a refusal says how long is left, in whole seconds measured the same way
//   (Retry-After = end - floor(now)), and when the window ends (X-RateLimit-Reset = end).

export interface ThrottleDecision {
  allowed: boolean;
  /** X-RateLimit-* (and, when refused, Retry-After) headers for the response. */
  headers: Record<string, string>;
}

interface Window {
  /** Unix seconds at which the window expires. */
  endsAtSecond: number;
  hits: number;
}

export const DEFAULT_WINDOW_SECONDS = 60;

export class ClientThrottle {
  private windows = new Map<string, Window>();
  private limit: number;
  private readonly windowSeconds: number;

  /** `requestsPerWindow` is what the real server calls requests per minute; windows last a minute there. */
  constructor(
    requestsPerWindow: number,
    private readonly now: () => number = Date.now,
    windowSeconds = DEFAULT_WINDOW_SECONDS,
  ) {
    this.limit = normalizeLimit(requestsPerWindow);
    if (!Number.isInteger(windowSeconds) || windowSeconds < 1) {
      throw new Error(`rateWindowSeconds must be a whole number of at least 1, got ${windowSeconds}`);
    }
    this.windowSeconds = windowSeconds;
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
    const nowSecond = Math.floor(this.now() / 1000);
    let window = this.windows.get(client);
    if (!window || nowSecond >= window.endsAtSecond) {
      window = { endsAtSecond: nowSecond + this.windowSeconds, hits: 0 };
      this.windows.set(client, window);
    }
    if (window.hits >= this.limit) {
      return {
        allowed: false,
        headers: {
          "x-ratelimit-limit": String(this.limit),
          "x-ratelimit-remaining": "0",
          "retry-after": String(window.endsAtSecond - nowSecond),
          "x-ratelimit-reset": String(window.endsAtSecond),
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
