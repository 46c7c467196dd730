// The one module that knows how the API spells things: snake_case field names, 0/1/2 codes,
// newline-separated lists, response envelopes. Everything else in the sdk speaks the domain model
// of types.ts. Decoding is deliberately tolerant of what real installations send
// (docs/server-behaviour.md): the same field arrives as 1, "1" or true depending on the endpoint
// and framework version, omitted create fields come back null, and unknown fields are ignored.
import { z } from "zod";
import { decodeWith, integer, nullableText, timestamp, withDefault, type Decoded } from "./lenient-schemas";
import type {
  Account,
  ListWebsitesParams,
  Page,
  Privacy,
  StatName,
  StatRow,
  StatsQuery,
  Website,
  WebsiteCreateInput,
  WebsiteUpdateInput,
} from "./types";

// ---- codes and lists ---------------------------------------------------------------------

const flag = z
  .literal([true, false, 0, 1, "0", "1"])
  .transform((value) => value === true || value === 1 || value === "1");

const PRIVACY_BY_CODE: Record<string, Privacy> = { "0": "public", "1": "private", "2": "password" };
const CODE_BY_PRIVACY: Record<Privacy, string> = { public: "0", private: "1", password: "2" };
const privacy = z.literal([0, 1, 2, "0", "1", "2"]).transform((code) => PRIVACY_BY_CODE[String(code)]!);

/** The server stores lists as one text, entries separated by CR and/or LF; blank lines mean nothing. */
export function splitLines(text: string): string[] {
  return text
    .split(/[\r\n]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

const lineList = z
  .union([z.string(), z.array(z.string())])
  .nullish()
  .transform((value) => (value == null ? [] : splitLines(Array.isArray(value) ? value.join("\n") : value)));

/** `password` reports whether one is set; tolerate it arriving as text and never keep the text. */
const passwordIsSet = z
  .union([flag, z.string()])
  .nullish()
  .transform((value) => (typeof value === "string" ? value !== "" && value !== "0" : value === true));

/** Show/create/update wrap the record in {"data": ...}; a bare record is accepted too. */
function enveloped<T>(record: z.ZodType<T>): (body: unknown) => Decoded<T> {
  const wrapped = z.object({ data: record }).transform((body) => body.data);
  return (body) =>
    decodeWith(body !== null && typeof body === "object" && "data" in body ? wrapped : record, body);
}

// ---- responses -----------------------------------------------------------------------------

const websiteRecord = z
  .object({
    id: integer,
    domain: z.string(),
    privacy: withDefault(privacy, "public"),
    email: withDefault(flag, false),
    exclude_bots: withDefault(flag, true),
    exclude_ips: lineList,
    password: passwordIsSet,
    favorite: withDefault(flag, false),
    favorited_at: timestamp,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .transform((w): Website => ({
    id: w.id,
    domain: w.domain,
    privacy: w.privacy,
    email: w.email,
    excludeBots: w.exclude_bots,
    excludeIps: w.exclude_ips,
    hasPassword: w.password,
    favorite: w.favorite,
    favoritedAt: w.favorited_at,
    createdAt: w.created_at,
    updatedAt: w.updated_at,
  }));

const websitePage = z
  .object({
    data: z.array(websiteRecord),
    // Older framework versions send these as numeric strings.
    meta: z
      .object({ current_page: integer, last_page: integer, per_page: integer, total: integer })
      .optional(),
  })
  .transform(({ data, meta }): Page<Website> => ({
    data,
    // Without pagination metadata the answer is taken as the whole, single page.
    currentPage: meta?.current_page ?? 1,
    lastPage: meta?.last_page ?? 1,
    perPage: meta?.per_page ?? data.length,
    total: meta?.total ?? data.length,
  }));

const accountRecord = z
  .object({
    id: integer,
    name: z.string(),
    email: z.string(),
    avatar_url: nullableText,
    locale: nullableText,
    timezone: nullableText,
    plan: z
      .object({
        id: integer,
        name: z.string(),
        features: z.object({
          pageviews: integer,
          websites: integer,
          email_reports: flag,
          data_export: flag,
          api: flag,
        }),
      })
      .nullish(),
    created_at: timestamp,
  })
  .transform((a): Account => ({
    id: a.id,
    name: a.name,
    email: a.email,
    avatarUrl: a.avatar_url,
    locale: a.locale,
    timezone: a.timezone,
    plan: a.plan
      ? {
          id: a.plan.id,
          name: a.plan.name,
          features: {
            pageviews: a.plan.features.pageviews,
            websites: a.plan.features.websites,
            emailReports: a.plan.features.email_reports,
            dataExport: a.plan.features.data_export,
            api: a.plan.features.api,
          },
        }
      : null,
    createdAt: a.created_at,
  }));

// The statistics answer is the framework's paginator itself: the rows under `data`, the page
// numbers beside them at the top level (not under `meta` as in the website listing).
const statRow = z
  .object({
    // The column is text; a number or null is taken as what it would print.
    value: z
      .union([z.string(), z.number().transform(String)])
      .nullish()
      .transform((value) => value ?? ""),
    // A SUM() that database drivers may hand over as a numeric string.
    count: integer,
  })
  .transform((row): StatRow => ({ value: row.value, count: row.count }));

const statPage = z
  .object({
    data: z.array(statRow),
    current_page: integer.optional(),
    last_page: integer.optional(),
    per_page: integer.optional(),
    total: integer.optional(),
  })
  .transform((body): Page<StatRow> => ({
    data: body.data,
    currentPage: body.current_page ?? 1,
    lastPage: body.last_page ?? 1,
    perPage: body.per_page ?? body.data.length,
    total: body.total ?? body.data.length,
  }));

export type { Decoded };

export const decodeWebsite = enveloped(websiteRecord);
export const decodeWebsitePage = (body: unknown) => decodeWith(websitePage, body);
export const decodeAccount = enveloped(accountRecord);
export const decodeStatPage = (body: unknown) => decodeWith(statPage, body);

// ---- error bodies --------------------------------------------------------------------------

const DOMAIN_FIELD_BY_WIRE: Record<string, string> = {
  exclude_bots: "excludeBots",
  exclude_params: "excludeParams",
  exclude_ips: "excludeIps",
  sort_by: "sortBy",
  per_page: "perPage",
  search_by: "searchBy",
};

const messages = z.union([z.string(), z.array(z.string())]).transform((m) => (Array.isArray(m) ? m : [m]));
const messagesByField = z.record(z.string(), messages);

// This server puts field errors in `message` as an object; stock Laravel uses `errors` with a
// summary string in `message`. Both are understood.
const errorBody = z.object({
  message: z.union([z.string(), messagesByField]).optional().catch(undefined),
  errors: messagesByField.optional().catch(undefined),
});

export interface ErrorBodySummary {
  message: string | undefined;
  fieldErrors: Record<string, string[]>;
}

export function decodeErrorBody(body: unknown): ErrorBodySummary {
  const parsed = errorBody.safeParse(body);
  if (!parsed.success) return { message: undefined, fieldErrors: {} };
  const { message, errors } = parsed.data;
  const byWireField = errors ?? (typeof message === "object" ? message : {});
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, texts] of Object.entries(byWireField)) {
    fieldErrors[DOMAIN_FIELD_BY_WIRE[field] ?? field] = texts;
  }
  return { message: typeof message === "string" ? message : undefined, fieldErrors };
}

// ---- requests ------------------------------------------------------------------------------

const bit = (value: boolean) => (value ? "1" : "0");
const lines = (entries: string[]) => entries.join("\n");

/** The values of a request body that are secrets: hidden in whatever the server answers. */
export const secretFormValues = (form: URLSearchParams | undefined): string[] =>
  form?.getAll("password") ?? [];

/** Shared by create and update: only fields that were given are sent. */
function encodeSettings(form: URLSearchParams, input: WebsiteUpdateInput): URLSearchParams {
  if (input.privacy !== undefined) form.set("privacy", CODE_BY_PRIVACY[input.privacy]);
  if (input.password !== undefined) form.set("password", input.password);
  if (input.email !== undefined) form.set("email", bit(input.email));
  if (input.excludeBots !== undefined) form.set("exclude_bots", bit(input.excludeBots));
  // An empty list becomes "", which the server stores as null: that is how a list is cleared.
  if (input.excludeParams !== undefined) form.set("exclude_params", lines(input.excludeParams));
  if (input.excludeIps !== undefined) form.set("exclude_ips", lines(input.excludeIps));
  if (input.favorite !== undefined) form.set("favorite", bit(input.favorite));
  return form;
}

/**
 * privacy, email and exclude_bots are always sent: the server stores null for omitted ones, not
 * the documented defaults.
 */
export function encodeCreateForm(input: WebsiteCreateInput): URLSearchParams {
  const form = new URLSearchParams({ domain: input.domain });
  return encodeSettings(form, {
    ...input,
    privacy: input.privacy ?? "public",
    email: input.email ?? false,
    excludeBots: input.excludeBots ?? true,
  });
}

export function encodeUpdateForm(patch: WebsiteUpdateInput): URLSearchParams {
  return encodeSettings(new URLSearchParams(), patch);
}

export function encodeListQuery(params: ListWebsitesParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.search !== undefined) query.set("search", params.search);
  // The server filters on favorite only when it is numeric.
  if (params.favorite !== undefined) query.set("favorite", bit(params.favorite));
  if (params.sortBy !== undefined) query.set("sort_by", params.sortBy);
  if (params.sort !== undefined) query.set("sort", params.sort);
  if (params.perPage !== undefined) query.set("per_page", String(params.perPage));
  if (params.page !== undefined) query.set("page", String(params.page));
  return query;
}

const WIRE_STAT_NAMES: Record<StatName, string> = {
  browser: "browser",
  campaign: "campaign",
  city: "city",
  continent: "continent",
  country: "country",
  device: "device",
  event: "event",
  landingPage: "landing_page",
  language: "language",
  os: "os",
  page: "page",
  pageviews: "pageviews",
  pageviewsHour: "pageviews_hour",
  referrer: "referrer",
  resolution: "resolution",
  visitors: "visitors",
  visitorsHour: "visitors_hour",
};

/** Every statistic's name, as the domain model spells it. */
export const STAT_NAMES = Object.freeze(Object.keys(WIRE_STAT_NAMES) as StatName[]);

/** The query of GET /stats/{id}; the query itself has been checked by the caller. */
export function encodeStatsQuery(query: StatsQuery): URLSearchParams {
  const wire = new URLSearchParams({ name: WIRE_STAT_NAMES[query.name], from: query.from, to: query.to });
  if (query.search !== undefined) wire.set("search", query.search);
  if (query.sortBy !== undefined) wire.set("sort_by", query.sortBy);
  if (query.sort !== undefined) wire.set("sort", query.sort);
  if (query.perPage !== undefined) wire.set("per_page", String(query.perPage));
  if (query.page !== undefined) wire.set("page", String(query.page));
  return wire;
}
