// The domain model every caller of the sdk works with. It is camelCase and uses real booleans and
// lists; how these travel over HTTP (snake_case, 0/1 codes, newline lists) is the wire modules'
// business only. The Website's types are written out for their doc comments; the field table
// (website-fields.ts) is what the wire derives from, and a test holds the two together.
import type { Dispatcher } from "undici";
import type { RequestObserver } from "./request-events";

/** Who may see a website's statistics page: anyone, only the account, or whoever has its password. */
export type Privacy = "public" | "private" | "password";

/** A tracked website as the server reports it. */
export interface Website {
  /** The server's numeric id. */
  id: number;
  /** The hostname as the server stored it (lowercased, without scheme or leading `www.`). */
  domain: string;
  /** Who may see the statistics page. */
  privacy: Privacy;
  /** Whether periodic e-mail reports are sent. */
  email: boolean;
  /** Whether visits by known bots are left out of the statistics. */
  excludeBots: boolean;
  /** IP addresses and CIDR ranges whose visits are left out. */
  excludeIps: string[];
  /** Whether a password is set; the server never returns the password itself. */
  hasPassword: boolean;
  /** Whether the website is marked as a favourite in the dashboard. */
  favorite: boolean;
  /** ISO-8601 in UTC without fractions ("2024-05-01T12:30:00Z"), or null. */
  favoritedAt: string | null;
  /** When the website was added, ISO-8601 in UTC, or null when the server did not say. */
  createdAt: string | null;
  /** When the website last changed, ISO-8601 in UTC, or null when the server did not say. */
  updatedAt: string | null;
  // excludeParams is absent on purpose: the server accepts it but never returns it.
}

/** What `websites.create` sends; omitted settings get the documented defaults. */
export interface WebsiteCreateInput {
  /** Hostname or IPv4 address; a scheme and a leading `www.` are removed by the server. */
  domain: string;
  /** Default "public". */
  privacy?: Privacy;
  /** Only takes effect when privacy is "password"; then it is required. */
  password?: string;
  /** Send periodic e-mail reports. Default false. */
  email?: boolean;
  /** Leave visits by known bots out. Default true. */
  excludeBots?: boolean;
  /** Query parameter names dropped from recorded URLs; `&` drops them all. */
  excludeParams?: string[];
  /** IP addresses and CIDR ranges whose visits are left out. */
  excludeIps?: string[];
}

/** What `websites.update` sends: only the fields present change. The domain cannot change. */
export interface WebsiteUpdateInput {
  /** Who may see the statistics page. */
  privacy?: Privacy;
  /** The statistics page's password; needed when switching privacy to "password". */
  password?: string;
  /** Send periodic e-mail reports. */
  email?: boolean;
  /** Leave visits by known bots out. */
  excludeBots?: boolean;
  /** An empty list clears the stored list. */
  excludeParams?: string[];
  /** An empty list clears the stored list. */
  excludeIps?: string[];
  /** Mark or unmark as favourite; marking again moves favoritedAt to now. */
  favorite?: boolean;
}

/** Page sizes the server accepts; anything else silently falls back to its default. */
export type PerPage = 10 | 25 | 50 | 100;

/** Filters, order and page of a website listing. */
export interface ListWebsitesParams {
  /** Substring match on the domain, as the server does it. */
  search?: string;
  /** Only favourites (true) or only the others (false). */
  favorite?: boolean;
  /** Field to order by. Default "id". */
  sortBy?: "id" | "domain";
  /** Direction of the order. Default "desc". */
  sort?: "asc" | "desc";
  /** Websites per page. */
  perPage?: PerPage;
  /** 1-based page number. */
  page?: number;
}

/** One page of a listing and where it sits among the others. */
export interface Page<T> {
  /** The items on this page. */
  data: T[];
  /** This page's 1-based number. */
  currentPage: number;
  /** The number of the last page. */
  lastPage: number;
  /** Items per page the server used. */
  perPage: number;
  /** Items on all pages together. */
  total: number;
}

/**
 * The statistics the server keeps for each website and day. `pageviews` and `visitors` count per
 * date (the value is the date, `YYYY-MM-DD`), `pageviewsHour` and `visitorsHour` per hour of the
 * day (`00` to `23`); the others count per page, referrer, browser and so on. Visitors, landing
 * pages and the visitor's browser, country etc. are counted only for visits that come from
 * outside the website.
 */
export type StatName =
  | "browser"
  | "campaign"
  | "city"
  | "continent"
  | "country"
  | "device"
  | "event"
  | "landingPage"
  | "language"
  | "os"
  | "page"
  | "pageviews"
  | "pageviewsHour"
  | "referrer"
  | "resolution"
  | "visitors"
  | "visitorsHour";

/** One value of a statistic and how often it was counted in the chosen dates. */
export interface StatRow {
  /** What was counted: a date, an hour, a page path, a referrer's host, a browser's name, ... */
  value: string;
  /** How often, summed over the dates of the query. */
  count: number;
}

/** Which statistic of a website, over which dates, in which order and page. */
export interface StatsQuery {
  /** The statistic. */
  name: StatName;
  /** First date, `YYYY-MM-DD`, included. */
  from: string;
  /** Last date, `YYYY-MM-DD`, included; not before `from`. */
  to: string;
  /** Substring match on the value, as the server does it (SQL LIKE, `%` and `_` are wildcards). */
  search?: string;
  /** What to order by. Default "count". */
  sortBy?: "count" | "value";
  /** Direction of the order. Default "desc". */
  sort?: "asc" | "desc";
  /** Rows per page. */
  perPage?: PerPage;
  /** 1-based page number. */
  page?: number;
}

/** What an account's plan allows. */
export interface PlanFeatures {
  /** The plan's pageview allowance as the server reports it; -1 means unlimited. */
  pageviews: number;
  /** -1 means unlimited. */
  websites: number;
  /** Whether e-mail reports are available. */
  emailReports: boolean;
  /** Whether statistics can be exported. */
  dataExport: boolean;
  /** Whether the API may be used (without it every call answers 403). */
  api: boolean;
}

/** The plan an account is on. */
export interface Plan {
  /** The server's numeric id of the plan. */
  id: number;
  /** The plan's display name. */
  name: string;
  /** What the plan allows. */
  features: PlanFeatures;
}

/** The account that owns the API key. */
export interface Account {
  /** The server's numeric id of the account. */
  id: number;
  /** The account holder's name. */
  name: string;
  /** The account's e-mail address. */
  email: string;
  /** URL of the account's picture, or null. */
  avatarUrl: string | null;
  /** The account's language, e.g. "en", or null. */
  locale: string | null;
  /** The account's time zone, e.g. "Europe/Berlin", or null. */
  timezone: string | null;
  /** The plan, or null when the server reports none. */
  plan: Plan | null;
  /** When the account was created, ISO-8601 in UTC, or null. */
  createdAt: string | null;
}

/**
 * The proxy that requests go through: one proxy for every request, or the standard environment
 * variables' values (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`), applied by undici's own rules.
 */
export type ProxyChoice =
  | {
      /** The proxy's address; a user name and password in it are sent as Basic credentials. */
      url: string;
    }
  | {
      /** The proxy for https:// installations (none when not given, as Go and curl do). */
      httpsProxy?: string;
      /** The proxy for http:// installations. */
      httpProxy?: string;
      /** Hosts reached directly: a comma list of names, `.suffixes`, `host:port` entries, or `*`. */
      noProxy?: string;
    };

/**
 * How a `WebstatsClient` reaches the server. Every value is explicit: the client reads no
 * environment variable (`clientFromEnvironment` of `pulumi-webstats/settings` does).
 */
export interface WebstatsClientOptions {
  /** The installation root, e.g. https://stats.example.com (a trailing `/` or `/api/v1` is accepted). */
  baseUrl: string;
  /** The account's API key. */
  apiKey: string;
  /** Limit for one attempt (connect, headers and body). Default 30000. */
  timeoutMs?: number;
  /** Retries after the first attempt. Default 4. */
  maxRetries?: number;
  /** No retry starts later than this after the call began. Default 120000. */
  retryDeadlineMs?: number;
  /**
   * Fixed client-side spacing for every client of the same origin. Default 0: only follow the
   * server's X-RateLimit-* and Retry-After headers.
   */
  requestsPerMinute?: number;
  /** Where requests go through; default: straight to the installation. */
  proxy?: ProxyChoice;
  /** PEM certificates of authorities trusted for this installation, besides the system's. */
  caCertificates?: string;
  /** Accept any certificate (no verification at all). Default false. */
  skipTlsVerify?: boolean;
  /** Send the API key over plain http:// to a host other than this machine. Default false. */
  allowHttp?: boolean;
  /** Replaces the shared keep-alive pool, e.g. with a MockAgent in tests. */
  dispatcher?: Dispatcher;
  /** Appended to the User-Agent after "pulumi-webstats/<version>". */
  userAgent?: string;
  /**
   * Told each attempt, retry and pacing wait as it happens (redacted), for a log of a run:
   * `pulumi-webstats --verbose` prints them.
   */
  onRequest?: RequestObserver;
}
