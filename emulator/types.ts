// Public types of the emulator: its options, the records it stores and the control surface
// returned by startEmulator().

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
  /** Turn on the HTTP server's request log; default false. */
  logger?: boolean;
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

export interface EmulatorAccount {
  id: number;
  apiKey: string;
  name: string;
  email: string;
}

export interface CreateAccountOptions {
  name?: string;
  email?: string;
  /** Website limit of the account's plan; -1 = unlimited. Default: the emulator's `websiteLimit`. */
  websiteLimit?: number;
  /** false: every API call of the account answers 403, as for a plan without API access. */
  apiAccess?: boolean;
}

/** An account as stored, with its plan settings. */
export interface StoredAccount extends EmulatorAccount {
  websiteLimit: number;
  apiAccess: boolean;
  /** "Y-m-d H:i:s", UTC. */
  created_at: string;
}

/** A website row as the database would hold it: wire names, integers, write-only columns included. */
export interface StoredWebsite {
  id: number;
  account_id: number;
  domain: string;
  privacy: number | null;
  email: number | null;
  /** The password itself; the API only ever says whether one is set. */
  password: string | null;
  exclude_bots: number | null;
  /** Never returned by the API. */
  exclude_params: string | null;
  exclude_ips: string | null;
  favorite: boolean;
  /** "Y-m-d H:i:s", UTC, or null when not a favorite. */
  favorited_at: string | null;
  /** "Y-m-d H:i:s", UTC. */
  created_at: string;
  updated_at: string;
}

/** Out-of-band change to a website, as a person in the web interface would make it; wire values. */
export interface WebsitePatch {
  privacy?: 0 | 1 | 2;
  password?: string | null;
  email?: 0 | 1;
  exclude_bots?: 0 | 1;
  exclude_params?: string | null;
  exclude_ips?: string | null;
  favorite?: boolean;
}

export type FaultKind = "latency" | "status" | "reset" | "truncate" | "rate-limit";

export interface FaultSpec {
  /** "METHOD /api/v1/websites/:id" (route template), "* /api/v1/websites" or "*" (default). */
  route?: string;
  kind: FaultKind;
  /** For "status": the code of the HTML error page a proxy would send; default 502. */
  status?: 500 | 502 | 503 | 504;
  /** For "latency": delay before the request is handled (or, with phase "after", before it is answered). */
  latencyMs?: number;
  /** For "rate-limit": the Retry-After value; default 60. */
  retryAfterSeconds?: number;
  /** "before" (default): the fault replaces handling; "after": the request is handled, then its answer is lost. */
  phase?: "before" | "after";
  /** Apply to the next N matching requests; default unlimited. */
  count?: number;
  /** Probability (0..1) that a matching request is hit; default 1. */
  rate?: number;
}

export interface Emulator {
  /** Installation root, e.g. "http://127.0.0.1:4010"; the API lives under /api/v1. */
  readonly url: string;
  readonly adminToken: string;
  createAccount(options?: CreateAccountOptions): EmulatorAccount;
  /** Every account, oldest first (a data file may bring some along). */
  listAccounts(): EmulatorAccount[];
  /** Changes a website out of band; throws when it does not exist. */
  updateWebsite(id: number, patch: WebsitePatch): void;
  deleteWebsite(id: number): boolean;
  getWebsite(id: number): StoredWebsite | undefined;
  listWebsites(accountId?: number): StoredWebsite[];
  injectFault(fault: FaultSpec): string;
  clearFaults(): void;
  /** 0 or Infinity turns throttling off; any call starts a fresh window. */
  setRequestsPerMinute(rpm: number): void;
  /** Requests that reached the API, keyed "METHOD /api/v1/route/template", faulted and throttled ones included. */
  requestCounts(): Record<string, number>;
  /** Of those, the ones the throttle refused (429), keyed the same way; injected faults not included. */
  throttledRequestCounts(): Record<string, number>;
  /** When the first and the last counted request arrived (ms since the epoch); undefined before any. */
  requestSpan(): { firstAt: number; lastAt: number } | undefined;
  /** Zeroes the counters and the span. */
  resetRequestCounts(): void;
  close(): Promise<void>;
}
