// The domain model every caller of the sdk works with. It is camelCase and uses real booleans and
// lists; how these travel over HTTP (snake_case, 0/1 codes, newline lists) is wire.ts's business only.
import type { Dispatcher } from "undici";

export type Privacy = "public" | "private" | "password";

export interface Website {
  id: number;
  domain: string;
  privacy: Privacy;
  email: boolean;
  excludeBots: boolean;
  excludeIps: string[];
  /** Whether a password is set; the server never returns the password itself. */
  hasPassword: boolean;
  favorite: boolean;
  /** ISO-8601 in UTC without fractions ("2024-05-01T12:30:00Z"), or null. */
  favoritedAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  // excludeParams is absent on purpose: the server accepts it but never returns it.
}

export interface WebsiteCreateInput {
  domain: string;
  privacy?: Privacy;
  /** Only takes effect when privacy is "password"; then it is required. */
  password?: string;
  email?: boolean;
  excludeBots?: boolean;
  excludeParams?: string[];
  excludeIps?: string[];
}

export interface WebsiteUpdateInput {
  privacy?: Privacy;
  password?: string;
  email?: boolean;
  excludeBots?: boolean;
  /** An empty list clears the stored list. */
  excludeParams?: string[];
  /** An empty list clears the stored list. */
  excludeIps?: string[];
  favorite?: boolean;
}

export type PerPage = 10 | 25 | 50 | 100;

export interface ListWebsitesParams {
  /** Substring match on the domain, as the server does it. */
  search?: string;
  favorite?: boolean;
  sortBy?: "id" | "domain";
  sort?: "asc" | "desc";
  perPage?: PerPage;
  page?: number;
}

export interface Page<T> {
  data: T[];
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}

export interface PlanFeatures {
  pageviews: number;
  /** -1 means unlimited. */
  websites: number;
  emailReports: boolean;
  dataExport: boolean;
  api: boolean;
}

export interface Plan {
  id: number;
  name: string;
  features: PlanFeatures;
}

export interface Account {
  id: number;
  name: string;
  email: string;
  avatarUrl: string | null;
  locale: string | null;
  timezone: string | null;
  plan: Plan | null;
  createdAt: string | null;
}

export interface WebstatsClientOptions {
  /** The installation root, e.g. https://stats.example.com. Falls back to WEBSTATS_BASE_URL. */
  baseUrl?: string;
  /** Falls back to WEBSTATS_API_KEY. */
  apiKey?: string;
  /** Limit for one attempt (connect, headers and body). Falls back to WEBSTATS_TIMEOUT_MS; default 30000. */
  timeoutMs?: number;
  /** Retries after the first attempt. Default 4. */
  maxRetries?: number;
  /** No retry starts later than this after the call began. Default 120000. */
  retryDeadlineMs?: number;
  /**
   * Fixed client-side spacing for every client of the same origin. Default 0: only follow the
   * server's X-RateLimit-* and Retry-After headers. Falls back to WEBSTATS_REQUESTS_PER_MINUTE.
   */
  requestsPerMinute?: number;
  /** Replaces the shared keep-alive pool, e.g. with a MockAgent in tests. */
  dispatcher?: Dispatcher;
  /** Appended to the User-Agent after "pulumi-webstats/<version>". */
  userAgent?: string;
}
