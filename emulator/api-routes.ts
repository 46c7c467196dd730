// The API's route table. Matching follows the server's router: a known path with another
// method is refused with 405, and unknown paths fall through to a GET-only catch-all, so other
// methods there are refused with 405 too. The tracker's /api/event sits beside /api/v1, outside
// its authentication.

export type ApiAction =
  | "listWebsites"
  | "createWebsite"
  | "showWebsite"
  | "updateWebsite"
  | "deleteWebsite"
  | "showAccount"
  | "showStats"
  | "recordEvent"
  | "unknownRoute";

export const API_PREFIX = "/api/v1";
export const EVENT_PATH = "/api/event";
export const FALLBACK_TEMPLATE = `${API_PREFIX}/*`;

export interface RouteDefinition {
  template: string;
  pattern: RegExp;
  actions: Partial<Record<string, ApiAction>>;
}

/** Exported so that tests can check they cover every route. */
export const ROUTES: readonly RouteDefinition[] = [
  {
    template: `${API_PREFIX}/websites`,
    pattern: /^\/api\/v1\/websites$/,
    actions: { GET: "listWebsites", POST: "createWebsite" },
  },
  {
    template: `${API_PREFIX}/websites/:id`,
    pattern: /^\/api\/v1\/websites\/([^/]+)$/,
    actions: { GET: "showWebsite", PUT: "updateWebsite", PATCH: "updateWebsite", DELETE: "deleteWebsite" },
  },
  { template: `${API_PREFIX}/account`, pattern: /^\/api\/v1\/account$/, actions: { GET: "showAccount" } },
  {
    template: `${API_PREFIX}/stats/:id`,
    pattern: /^\/api\/v1\/stats\/([^/]+)$/,
    actions: { GET: "showStats" },
  },
];

/** Routes without an API key: the tracker's. Not under /api/v1, so not its catch-all either. */
export const PUBLIC_ROUTES: readonly RouteDefinition[] = [
  { template: EVENT_PATH, pattern: /^\/api\/event$/, actions: { POST: "recordEvent" } },
];

const FALLBACK: RouteDefinition = {
  template: FALLBACK_TEMPLATE,
  pattern: /^/,
  actions: { GET: "unknownRoute" },
};

export type RouteMatch =
  | { kind: "action"; action: ApiAction; template: string; id: string | undefined }
  | { kind: "method-not-allowed"; template: string; allowed: string[] }
  | { kind: "options"; template: string; allowed: string[] };

/** `path` without query string. HEAD is served by the GET route, as the server does. */
export function matchApiRoute(method: string, path: string): RouteMatch {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  let route = FALLBACK;
  let id: string | undefined;
  for (const candidate of [...ROUTES, ...PUBLIC_ROUTES]) {
    const found = candidate.pattern.exec(trimmed);
    if (found) {
      route = candidate;
      id = found[1] === undefined ? undefined : safeDecode(found[1]);
      break;
    }
  }
  const allowed = allowedMethods(route);
  if (method === "OPTIONS") return { kind: "options", template: route.template, allowed };
  const action = route.actions[method === "HEAD" ? "GET" : method];
  if (!action) return { kind: "method-not-allowed", template: route.template, allowed };
  return { kind: "action", action, template: route.template, id };
}

function allowedMethods(route: RouteDefinition): string[] {
  const methods = Object.keys(route.actions);
  if (methods.includes("GET")) methods.splice(methods.indexOf("GET") + 1, 0, "HEAD");
  return methods;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
