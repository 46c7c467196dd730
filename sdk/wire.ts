// The one module that knows how the API spells things besides the Website's field table
// (website-fields.ts) and the value spellings (wire-values.ts): response envelopes, the account's
// and the statistics' records, error bodies, query strings and forms. Everything else in the sdk
// speaks the domain model of types.ts. Decoding is deliberately tolerant of what real installations
// send (docs/server-behaviour.md): the same field arrives as 1, "1" or true depending on the
// endpoint and framework version, omitted create fields come back null, and unknown fields are
// ignored.
import { z } from "zod";
import { decodeWith, integer, nullableText, timestamp, type Decoded } from "./lenient-schemas";
import type {
  Account,
  ListWebsitesParams,
  Page,
  StatName,
  StatRow,
  StatsQuery,
  Website,
  WebsiteCreateInput,
  WebsiteUpdateInput,
} from "./types";
import { bit, flag } from "./wire-values";
import {
  apiFieldEntries,
  decoderOf,
  encodeValue,
  isReturned,
  isSentOn,
  wireNameOf,
  type ApiFieldName,
} from "./website-fields";

/** Show/create/update wrap the record in {"data": ...}; a bare record is accepted too. */
function enveloped<T>(record: z.ZodType<T>): (body: unknown) => Decoded<T> {
  const wrapped = z.object({ data: record }).transform((body) => body.data);
  return (body) =>
    decodeWith(body !== null && typeof body === "object" && "data" in body ? wrapped : record, body);
}

// ---- responses -----------------------------------------------------------------------------

// Each field the answer carries, under its wire name; the model's names are the table's keys (a
// test holds the table to the Website type).
const returnedFields = apiFieldEntries
  .filter(([, field]) => isReturned(field))
  .map(([name, field]) => ({ name, wire: wireNameOf(name), decode: decoderOf(field) }));

const websiteRecord = z
  .object(Object.fromEntries(returnedFields.map(({ wire, decode }) => [wire, decode])))
  .transform(
    (record) =>
      Object.fromEntries(returnedFields.map(({ name, wire }) => [name, record[wire]])) as unknown as Website,
  );

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

// Field errors are keyed by wire names; callers read them by the model's names.
const DOMAIN_FIELD_BY_WIRE: Record<string, string> = {
  ...Object.fromEntries(
    apiFieldEntries
      .filter(([, field]) => isSentOn(field, "create") || isSentOn(field, "update"))
      .map(([name]) => [wireNameOf(name), name]),
  ),
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

const formFields = apiFieldEntries.map(([name, field]) => ({ name, field, wire: wireNameOf(name) }));
const secretWireNames = formFields.filter(({ field }) => field.secret).map(({ wire }) => wire);

/** The values of a request body that are secrets: hidden in whatever the server answers. */
export const secretFormValues = (form: URLSearchParams | undefined): string[] =>
  form ? secretWireNames.flatMap((wire) => form.getAll(wire)) : [];

/** The fields the request sends, in the table's order: only those given (or defaulted) are sent. */
function encodeFields(
  request: "create" | "update",
  input: Partial<Record<ApiFieldName, unknown>>,
): URLSearchParams {
  const form = new URLSearchParams();
  for (const { name, field, wire } of formFields) {
    if (!isSentOn(field, request)) continue;
    // A create sends the server's defaults: the server stores null for omitted fields, not them.
    const value = input[name] ?? (request === "create" ? field.default : undefined);
    if (value !== undefined) form.set(wire, encodeValue(field, value));
  }
  return form;
}

export const encodeCreateForm = (input: WebsiteCreateInput): URLSearchParams => encodeFields("create", input);

export const encodeUpdateForm = (patch: WebsiteUpdateInput): URLSearchParams => encodeFields("update", patch);

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
