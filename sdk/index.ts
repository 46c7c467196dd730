/**
 * A typed client for the Website Statistics Service API, with retries, pacing and an error class
 * per kind of failure. Knows nothing of Pulumi.
 * @module pulumi-webstats/sdk
 */
export { WebstatsClient } from "./client";
export type { WebsitesApi } from "./websites";
export type { AccountApi } from "./account";
export type { Identified, PaginatedList } from "./paginated-list";
export type {
  Account,
  ListWebsitesParams,
  Page,
  PerPage,
  Plan,
  PlanFeatures,
  Privacy,
  Website,
  WebsiteCreateInput,
  WebsiteUpdateInput,
  WebstatsClientOptions,
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
export {
  installationRoot,
  resolveClientSettings,
  ENV_API_KEY,
  ENV_BASE_URL,
  ENV_REQUESTS_PER_MINUTE,
  type ClientSettings,
  type Environment,
} from "./settings";
export { normalizeDomain, domainProblem } from "./domain";
export { ipProblem } from "./ip";
export { SDK_VERSION } from "./version";
