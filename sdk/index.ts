// Public surface of pulumi-webstats/sdk: a typed client for the Website Statistics Service API.
export { WebstatsClient } from "./client";
export type { WebsitesApi } from "./websites";
export type { AccountApi } from "./account";
export type { PaginatedList } from "./paginated-list";
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
} from "./errors";
export { serverMayHaveActed } from "./server-acted";
export { ENV_API_KEY, ENV_BASE_URL, ENV_REQUESTS_PER_MINUTE, ENV_TIMEOUT_MS } from "./settings";
export { normalizeDomain } from "./domain";
export { SDK_VERSION } from "./version";
