// Public types of the emulator: its options, the records it stores and the control surface
// returned by startEmulator().

/** How `startEmulator` sets the emulator up; every field is optional. */
export interface EmulatorOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on; default "127.0.0.1". */
  host?: string;
  /** Guards the /_emulator admin routes; default: a random token. */
  adminToken?: string;
  /**
   * Requests per window per client IP, as the real server's throttle ("per minute" there, where a
   * window lasts a minute); default 60; 0 or Infinity turns it off.
   */
  requestsPerMinute?: number;
  /**
   * Length of a throttle window in whole seconds; default 60, as on a real installation. Shorter
   * windows let tests and benchmarks of paced operations run in seconds instead of minutes.
   */
  rateWindowSeconds?: number;
  /** Behaviours of the real server that are surprising; every one defaults to on except `stringPerPage`. */
  quirks?: Partial<EmulatorQuirks>;
  /** Website limit of the plan given to new accounts; -1 (the default) means unlimited. */
  websiteLimit?: number;
  /** JSON file holding accounts and websites: loaded on start when present, rewritten after changes. */
  dataFile?: string;
  /**
   * Serve HTTPS with this certificate instead of plain HTTP, so that clients' certificate checks,
   * private authorities and proxy tunnels can be tested; `url` then starts with https://.
   */
  tls?: {
    /** The server's private key, PEM. */
    key: string;
    /** The server's certificate, PEM; may be followed by the certificates that issued it. */
    cert: string;
  };
  /** Turn on the HTTP server's request log (JSON lines on stdout, or on the given stream); default false. */
  logger?:
    | boolean
    | {
        /** Where the JSON lines go instead of stdout. */
        stream: NodeJS.WritableStream;
      };
}

/** Behaviours observed on the real server; each can be switched off to get the tidy variant. */
export interface EmulatorQuirks {
  /** Create and update responses echo the submitted values with their request types ("1" from a form). */
  createEchoesRequestTypes: boolean;
  /** Create stores privacy and email as null when they are omitted; off: 0. */
  createStoresNullForOmitted: boolean;
  /** PUT/PATCH on a missing website answers 500; off: 404. */
  updateMissingReturns500: boolean;
  /** An unauthenticated request without `Accept: application/json` is redirected to /login; off: 401. */
  redirectWithoutAcceptJson: boolean;
  /** The 422 `message` is an object of field to messages; off: a string plus an `errors` object. */
  objectValidationMessages: boolean;
  /** `meta.per_page` is a string, as older framework versions send it. Defaults to off. */
  stringPerPage: boolean;
  /** `favorited_at` is ISO-8601 with microseconds in update responses that set it; GET keeps "Y-m-d H:i:s". */
  isoFavoritedAtOnUpdate: boolean;
}

/** An account of the emulator and the API key that reaches it. */
export interface EmulatorAccount {
  /** The account's numeric id. */
  id: number;
  /** The account's 64-character API key. */
  apiKey: string;
  /** The account holder's name. */
  name: string;
  /** The account's e-mail address. */
  email: string;
}

/** Settings of a new emulator account; unset ones are generated. */
export interface CreateAccountOptions {
  /** The account holder's name; default: a generated one. */
  name?: string;
  /** The account's e-mail address; default: a generated one. */
  email?: string;
  /** Website limit of the account's plan; -1 = unlimited. Default: the emulator's `websiteLimit`. */
  websiteLimit?: number;
  /** false: every API call of the account answers 403, as for a plan without API access. */
  apiAccess?: boolean;
  /**
   * Pageviews a month the account's plan allows; -1 (the default) = unlimited. Once this month's
   * pageviews of all its websites reach it, POST /api/event refuses the account's hits (403).
   */
  pageviewLimit?: number;
}

/** An account as stored, with its plan settings. */
export interface StoredAccount extends EmulatorAccount {
  /** Website limit of the account's plan; -1 = unlimited. */
  websiteLimit: number;
  /** false: every API call of the account answers 403. */
  apiAccess: boolean;
  /** Pageviews a month the plan allows; -1 or absent = unlimited. */
  pageviewLimit?: number;
  /** "Y-m-d H:i:s", UTC. */
  created_at: string;
}

/** A website row as the database would hold it: wire names, integers, write-only columns included. */
export interface StoredWebsite {
  /** The website's numeric id. */
  id: number;
  /** The id of the owning account. */
  account_id: number;
  /** The normalised domain. */
  domain: string;
  /** 0 public, 1 private, 2 password; null when created without it. */
  privacy: number | null;
  /** 1 when e-mail reports are on; null when created without it. */
  email: number | null;
  /** The password itself; the API only ever says whether one is set. */
  password: string | null;
  /** 1 when bots are excluded. */
  exclude_bots: number | null;
  /** Newline-separated parameter names. Never returned by the API. */
  exclude_params: string | null;
  /** Newline-separated IP addresses and CIDR ranges. */
  exclude_ips: string | null;
  /** Whether the website is a favourite. */
  favorite: boolean;
  /** "Y-m-d H:i:s", UTC, or null when not a favorite. */
  favorited_at: string | null;
  /** "Y-m-d H:i:s", UTC. */
  created_at: string;
  /** "Y-m-d H:i:s", UTC. */
  updated_at: string;
}

/** A counter of the statistics table: how often a value of a statistic was recorded on a date. */
export interface StoredStat {
  /** The website it counts for. */
  website_id: number;
  /** The statistic as the server names it: "pageviews", "pageviews_hour", "page", ... */
  name: string;
  /** What was counted: the date, the hour, the page path, the referrer's host, ... */
  value: string;
  /** "Y-m-d", UTC. */
  date: string;
  /** How often. */
  count: number;
}

/** Out-of-band change to a website, as a person in the web interface would make it; wire values. */
export interface WebsitePatch {
  /** 0 public, 1 private, 2 password. */
  privacy?: 0 | 1 | 2;
  /** The new password; null removes it. */
  password?: string | null;
  /** 1 turns e-mail reports on, 0 off. */
  email?: 0 | 1;
  /** 1 excludes bots, 0 counts them. */
  exclude_bots?: 0 | 1;
  /** Newline-separated parameter names; null clears them. */
  exclude_params?: string | null;
  /** Newline-separated IP addresses and CIDR ranges; null clears them. */
  exclude_ips?: string | null;
  /** Marks (and sets favorited_at to now) or unmarks as favourite. */
  favorite?: boolean;
}

/**
 * What an injected fault does: delay the request, answer with a proxy's HTML error page, reset
 * the connection, cut the body short, answer 429 as the throttle would, answer 200 with an HTML
 * page instead of JSON, or redirect to the login page.
 */
export type FaultKind =
  "latency" | "status" | "reset" | "truncate" | "rate-limit" | "html" | "login-redirect";

/** Which requests a fault hits, and how. */
export interface FaultSpec {
  /** "METHOD /api/v1/websites/:id" (route template), "* /api/v1/websites" or "*" (default). */
  route?: string;
  /** What the fault does. */
  kind: FaultKind;
  /** For "status": the code of the HTML error page a proxy would send; default 502. */
  status?: 500 | 502 | 503 | 504;
  /** For "latency": delay before the request is handled (or, with phase "after", before it is answered). */
  latencyMs?: number;
  /** For "rate-limit": the Retry-After value; default 60; null sends no Retry-After and no X-RateLimit-Reset. */
  retryAfterSeconds?: number | null;
  /** "before" (default): the fault replaces handling; "after": the request is handled, then its answer is lost. */
  phase?: "before" | "after";
  /** Apply to the next N matching requests; default unlimited. */
  count?: number;
  /** Probability (0..1) that a matching request is hit; default 1. */
  rate?: number;
}

/** A running emulator: where it listens, and controls for tests. */
export interface Emulator {
  /** Installation root, e.g. "http://127.0.0.1:4010" (https:// with `tls`); the API lives under /api/v1. */
  readonly url: string;
  /** Bearer token of the /_emulator admin routes. */
  readonly adminToken: string;
  /** Adds an account and returns it with its API key. */
  createAccount(options?: CreateAccountOptions): EmulatorAccount;
  /** Every account, oldest first (a data file may bring some along). */
  listAccounts(): EmulatorAccount[];
  /** Changes a website out of band; throws when it does not exist. */
  updateWebsite(id: number, patch: WebsitePatch): void;
  /** Deletes a website out of band; false when it did not exist. */
  deleteWebsite(id: number): boolean;
  /** A copy of the stored row, or undefined. */
  getWebsite(id: number): StoredWebsite | undefined;
  /** Copies of the stored rows, of one account or of all. */
  listWebsites(accountId?: number): StoredWebsite[];
  /** Starts injecting a fault; returns its id. */
  injectFault(fault: FaultSpec): string;
  /** Removes every injected fault. */
  clearFaults(): void;
  /** 0 or Infinity turns throttling off; any call starts a fresh window. */
  setRequestsPerMinute(rpm: number): void;
  /** Requests that reached the API, keyed "METHOD /api/v1/route/template", faulted and throttled ones included. */
  requestCounts(): Record<string, number>;
  /** Of those, the ones the throttle refused (429), keyed the same way; injected faults not included. */
  throttledRequestCounts(): Record<string, number>;
  /** When the first and the last counted request arrived (ms since the epoch); undefined before any. */
  requestSpan():
    | {
        /** When the first counted request arrived. */
        firstAt: number;
        /** When the last counted request arrived. */
        lastAt: number;
      }
    | undefined;
  /** Zeroes the counters and the span. */
  resetRequestCounts(): void;
  /** Stops the server (and writes the data file, when there is one). */
  close(): Promise<void>;
}
