// The data functions (getAccount, getWebsites, getWebsite, getWebsiteStats, getTrackingCode) as
// plain functions of plain values, with their arguments described once: checked here for every
// host, and written into the package schema from the same table.
import { z } from "zod";
import { NotFoundError, STAT_NAMES } from "../sdk";
import type { Account, ListWebsitesParams, StatName, StatRow, Website } from "../sdk";
import { dateProblem, dateRangeProblem, pageSizeFor, statNameProblem } from "../sdk/stats";
import { choice, connectionArgument, flag } from "./argument-schemas";
import type { ConnectionInputs } from "./argument-schemas";
import { closestName } from "./closest-name";
import { settingsOf } from "./website-lifecycle";
import { configKey, settingSpecs } from "./settings";
import type { CoreContext } from "./website-lifecycle";
import { WebsiteNotFoundError } from "./lookup-errors";
import { connectionSettings } from "./clients";
import { trackingCodeOf } from "./tracking-code";
import type { TrackingCode } from "./tracking-code";
import type { ResultOf, ResultType, resultTypes } from "./result-types";
import { schemaRefs } from "./website-fields";
import type { SchemaType } from "./website-fields";

/** One argument of a function: what users read, its schema type and how it is checked. */
interface ArgumentSpec {
  description: string;
  schema: SchemaType;
  check: z.ZodType;
  /** Said when the argument is missing; absent for optional arguments. */
  required?: string;
}

const connection = {
  description:
    "An installation and account to use instead of the provider's (stack configuration, then environment): `baseUrl` and `apiKey`, and how to reach it (`proxyUrl`, `caCertFile`, `skipTlsVerify`, `allowHttp`), setting by setting.",
  schema: { $ref: schemaRefs.connection },
  check: connectionArgument,
} satisfies ArgumentSpec;

const sortBy = ["id", "domain"] as const;
const sortOrder = ["asc", "desc"] as const;

const idMessage = "id must be a website id, a whole number such as 42.";
const websiteId = z.number({ error: idMessage }).int({ error: idMessage }).positive({ error: idMessage });

/** A value checked by one of the sdk's rules (sdk/stats.ts), which words what it finds: a `T` when it passes. */
function ruled<T>(problem: (value: unknown) => string | undefined) {
  return z.unknown().transform((value, ctx): T => {
    const found = problem(value);
    if (found === undefined) return value as T;
    ctx.addIssue({ code: "custom", message: found });
    return z.NEVER;
  });
}

/** The most entries `top` may ask for: one page of the server's largest. */
const TOP_COUNT_MAX = 100;
const countMessage = (input: unknown) =>
  `top.count must be a whole number from 1 to ${TOP_COUNT_MAX}, not ${JSON.stringify(input) ?? String(input)}.`;

/** The types of object arguments, in the schema's words: `top` of getWebsiteStats. */
export const argumentTypes = {
  StatsTop: {
    description: "Which statistic's most counted values a function returns, and how many.",
    properties: {
      name: {
        schema: { type: "string" },
        required: true,
        description: `The statistic's name, in camelCase: ${STAT_NAMES.map((name) => `\`${name}\``).join(", ")}.`,
      },
      count: {
        schema: { type: "integer" },
        required: true,
        description: `How many of its values, the most counted first: 1 to ${TOP_COUNT_MAX}.`,
      },
    },
  },
} satisfies Record<string, ResultType>;

const statsTop = z.strictObject(
  {
    name: ruled<StatName>((value) => statNameProblem("top.name", value)),
    count: z
      .number({ error: (issue) => countMessage(issue.input) })
      .int({ error: (issue) => countMessage(issue.input) })
      .min(1, { error: (issue) => countMessage(issue.input) })
      .max(TOP_COUNT_MAX, { error: (issue) => countMessage(issue.input) }),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `top takes name and count, not ${issue.keys.join(", ")}.`
        : `top must be an object with name and count, such as { name: "page", count: 10 }.`,
  },
);

/** Each function's description, arguments and result, in the schema's words. */
export const functionSpecs = {
  getAccount: {
    description: "The account that owns the API key, with its plan and limits.",
    arguments: { connection },
    /** The result: a type of result-types.ts, or the list of websites. */
    result: "Account",
  },
  getWebsites: {
    description: "Every website of the account (all pages), optionally filtered and ordered.",
    arguments: {
      search: {
        description: "Only websites whose domain contains this text.",
        schema: { type: "string" },
        check: z.string({ error: "search must be a string." }),
      },
      favorite: {
        description: "Only favorites (true) or only the others (false).",
        schema: { type: "boolean" },
        check: flag("favorite"),
      },
      sortBy: {
        description: "Order by creation (`id`, the default) or by `domain`.",
        schema: { type: "string" },
        check: choice("sortBy", sortBy),
      },
      sort: {
        description: "Direction of the order: `asc` or `desc` (the default).",
        schema: { type: "string" },
        check: choice("sort", sortOrder),
      },
      connection,
    },
    result: "websites",
  },
  getWebsite: {
    description:
      "One website of the account, by `id` or by `domain` (normalised like the server does), not both.",
    arguments: {
      id: {
        description: "The website's id in the service.",
        schema: { type: "integer" },
        check: websiteId,
      },
      domain: {
        description:
          "The domain, normalised like the server does (`https://www.Example.com` is `example.com`).",
        schema: { type: "string" },
        check: z.string({ error: "domain must be a string such as example.com." }),
      },
      connection,
    },
    result: "WebsiteInfo",
  },
  getWebsiteStats: {
    description:
      "A website's pageviews and visitors over a range of dates (both included), and optionally the most counted values of one statistic (pages, referrers, browsers, ...).",
    arguments: {
      id: {
        description: "The website's id in the service.",
        schema: { type: "integer" },
        check: websiteId,
        required: "id is required: the website's id, a whole number such as 42.",
      },
      from: {
        description: "The first date, `YYYY-MM-DD`, as the installation counts dates.",
        schema: { type: "string" },
        check: ruled<string>((value) => dateProblem("from", value)),
        required: "from is required: the first date, written YYYY-MM-DD.",
      },
      to: {
        description: "The last date, `YYYY-MM-DD`, not before `from`.",
        schema: { type: "string" },
        check: ruled<string>((value) => dateProblem("to", value)),
        required: "to is required: the last date, written YYYY-MM-DD.",
      },
      top: {
        description: `Also return the most counted values of one statistic over the dates: its \`name\` and how many (\`count\`, 1 to ${TOP_COUNT_MAX}).`,
        schema: { $ref: "#/types/webstats:index:StatsTop" },
        check: statsTop,
      },
      connection,
    },
    result: "WebsiteStats",
  },
  getTrackingCode: {
    description:
      "The installation's tracking code: the `<script>` element to put into every page of its websites, exactly as its web interface shows it (the same for every website), and its parts. Made from the installation's address and the provider's `trackingDoNotTrack` and `trackingScriptUrl` settings, which the API does not tell: no request is made and no API key is needed.",
    arguments: {
      connection: {
        ...connection,
        description:
          "Another installation than the provider's: only `baseUrl` matters here (the tracking code holds no key).",
      },
    },
    result: "TrackingCode",
  },
} satisfies Record<
  string,
  {
    description: string;
    arguments: Record<string, ArgumentSpec>;
    result: keyof typeof resultTypes | "websites";
  }
>;

export type FunctionName = keyof typeof functionSpecs;

type ArgumentSpecs<N extends FunctionName> = (typeof functionSpecs)[N]["arguments"];
type RequiredArguments<A> = { [K in keyof A]: A[K] extends { required: string } ? K : never }[keyof A];
type CheckedValue<S> = S extends { check: infer C extends z.ZodType } ? z.output<C> : never;

/**
 * A function's arguments as the table checks them: each of the type its check gives, those with
 * a `required` message always there, the others optional. What checkArguments returns.
 */
export type FunctionArguments<N extends FunctionName> = {
  [K in RequiredArguments<ArgumentSpecs<N>>]: CheckedValue<ArgumentSpecs<N>[K]>;
} & {
  [K in Exclude<keyof ArgumentSpecs<N>, RequiredArguments<ArgumentSpecs<N>>>]?: CheckedValue<
    ArgumentSpecs<N>[K]
  >;
} extends infer T
  ? { [K in keyof T]: T[K] }
  : never;

/** The most counted values of one statistic getWebsiteStats returns: which, and how many (its `top`). */
export type StatsTop = NonNullable<FunctionArguments<"getWebsiteStats">["top"]>;

/** What getWebsiteStats returns: the result table's WebsiteStats. */
export type WebsiteStats = ResultOf<"WebsiteStats">;

/**
 * A function's arguments, checked: unknown names and bad values are refused with a message
 * that names the function, the argument and the fix. Null counts as omitted.
 */
export function checkArguments<N extends FunctionName>(name: N, raw: unknown): FunctionArguments<N> {
  const specs: Record<string, ArgumentSpec> = functionSpecs[name].arguments;
  if (raw !== undefined && raw !== null && (typeof raw !== "object" || Array.isArray(raw))) {
    throw new Error(`${name} takes an object of arguments.`);
  }
  const problems: string[] = [];
  const checked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw ?? {})) {
    if (value === undefined || value === null) continue;
    const spec = Object.hasOwn(specs, key) ? specs[key] : undefined;
    if (!spec) {
      const near = closestName(key, Object.keys(specs));
      problems.push(`${key} is not an argument of ${name}${near ? ` (did you mean ${near}?)` : ""}`);
      continue;
    }
    const result = spec.check.safeParse(value);
    if (result.success) checked[key] = result.data;
    else problems.push(...result.error.issues.map((issue) => issue.message));
  }
  for (const [key, spec] of Object.entries(specs)) {
    const given = (raw as Record<string, unknown> | null | undefined)?.[key];
    if (spec.required && (given === undefined || given === null)) problems.push(spec.required);
  }
  if (problems.length > 0) throw new Error(`${name}: ${problems.join(" ")}`);
  return checked as FunctionArguments<N>;
}

const connectionOf = (args: { connection?: ConnectionInputs }) => args.connection;

/** The account that owns the API key. */
export async function getAccount(ctx: CoreContext, raw: unknown): Promise<Account> {
  const args = checkArguments("getAccount", raw);
  return await ctx.clients.clientFor(connectionOf(args), settingsOf(ctx)).account.get();
}

/** Every matching website, across all pages. */
export async function getWebsites(ctx: CoreContext, raw: unknown): Promise<{ websites: Website[] }> {
  const args = checkArguments("getWebsites", raw);
  // Every argument but the connection is a filter or order of the listing, under the same name.
  const { connection: _connection, ...params } = args as ListWebsitesParams & { connection?: unknown };
  const client = ctx.clients.clientFor(connectionOf(args), settingsOf(ctx));
  return { websites: await client.websites.list(params) };
}

/** One website by id or by domain; a WebsiteNotFoundError either way when there is none. */
export async function getWebsite(ctx: CoreContext, raw: unknown): Promise<Website> {
  const args = checkArguments("getWebsite", raw);
  const { id, domain } = args;
  if (id !== undefined && domain !== undefined) {
    throw new Error("getWebsite takes either id or domain, not both.");
  }
  if (id === undefined && domain === undefined) throw new Error("getWebsite needs an id or a domain.");
  const client = ctx.clients.clientFor(connectionOf(args), settingsOf(ctx));
  if (id !== undefined) {
    try {
      return await client.websites.get(id);
    } catch (error) {
      if (error instanceof NotFoundError) throw new WebsiteNotFoundError({ id }, { cause: error });
      throw error;
    }
  }
  const website = await client.websites.findByDomain(domain!);
  if (!website) throw new WebsiteNotFoundError({ domain: domain! });
  return website;
}

/**
 * A website's totals over a range of dates, and the most counted values of one statistic when
 * `top` is given. Arguments, the order of the dates included, are refused before any request by
 * the sdk's own rules; a website of another account (the server's 404) is a
 * WebsiteNotFoundError.
 */
export async function getWebsiteStats(ctx: CoreContext, raw: unknown): Promise<WebsiteStats> {
  const args = checkArguments("getWebsiteStats", raw);
  const { id, from, to, top } = args;
  const range = dateRangeProblem(from, to);
  if (range) throw new Error(`getWebsiteStats: ${range}`);
  const client = ctx.clients.clientFor(connectionOf(args), settingsOf(ctx));
  /** The sum of a per-date statistic's counts over the dates, across all its pages. */
  const total = async (name: "pageviews" | "visitors") => {
    let sum = 0;
    for await (const row of client.stats.list(id, { name, from, to })) sum += row.count;
    return sum;
  };
  try {
    // One after the other: a website that is not there costs one request.
    const pageviews = await total("pageviews");
    const visitors = await total("visitors");
    if (!top) return { pageviews, visitors };
    const rows: StatRow[] = [];
    const listed = client.stats.list(id, {
      name: top.name,
      from,
      to,
      sortBy: "count",
      sort: "desc",
      perPage: pageSizeFor(top.count),
    });
    for await (const row of listed) {
      rows.push({ value: row.value, count: row.count });
      if (rows.length >= top.count) break;
    }
    return { pageviews, visitors, top: rows };
  } catch (error) {
    if (error instanceof NotFoundError) throw new WebsiteNotFoundError({ id }, { cause: error });
    throw error;
  }
}

/**
 * The installation's tracking code, made from its address (the connection's, else the
 * provider's) and the tracking settings. No request: the API tells nothing of it, and a program
 * may want the snippet before it has a key. A failure rejects, like every function's.
 */
export const getTrackingCode = (ctx: CoreContext, raw: unknown): Promise<TrackingCode> =>
  Promise.resolve().then(() => {
    const args = checkArguments("getTrackingCode", raw);
    const settings = connectionSettings(connectionOf(args), settingsOf(ctx));
    if (!settings.baseUrl) {
      throw new Error(
        `getTrackingCode needs the installation's address: set ${configKey("baseUrl")} ` +
          `(or ${settingSpecs.baseUrl.env}), or connection.baseUrl.`,
      );
    }
    return trackingCodeOf(settings.baseUrl.value, settings);
  });
