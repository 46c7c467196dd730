/**
 * A typed client for the Website Statistics Service API, with retries, pacing and an error class
 * per kind of failure. Knows nothing of Pulumi.
 * @module pulumi-webstats/sdk
 */
export { WebstatsClient } from "./client";
export type { WebsitesApi } from "./websites";
export type { AccountApi } from "./account";
export type { StatsApi } from "./stats";
export { STAT_NAMES } from "./wire";
export type { PaginatedList } from "./paginated-list";
export type {
  Account,
  ListWebsitesParams,
  Page,
  PerPage,
  Plan,
  PlanFeatures,
  Privacy,
  StatName,
  StatRow,
  StatsQuery,
  Website,
  WebsiteCreateInput,
  WebsiteUpdateInput,
  WebstatsClientOptions,
  ProxyChoice,
} from "./types";
export {
  ApiError,
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnexpectedResponseError,
  ValidationError,
  WebstatsError,
  type ApiErrorDetails,
} from "./errors";
export type {
  HttpMethod,
  PacingCause,
  RequestEvent,
  RequestNamed,
  RequestObserver,
  RetryableOutcome,
} from "./request-events";
export { serverMayHaveActed } from "./server-acted";
export { normalizeDomain } from "./domain";
export { SDK_VERSION } from "./version";
