// What the functions return, in the package schema's terms: the account with its plan, a
// website as the service reports it, and a website's statistics over a range of dates. The
// shapes are the typed client's (sdk/types.ts); a test holds these property lists to the
// client's answers. A website's properties come from the Website's field table: the arguments
// the API reports and the outputs only the API knows.
import { apiOnlyOutputs, fieldEntries, isNullable } from "./website-fields";
import type { SchemaType } from "./website-fields";

/** One property of an object type: its type, what it means, and whether it is always there. */
interface ResultProperty {
  schema: SchemaType;
  description: string;
  /** Always present and never null. */
  required?: true;
}

export type ResultType = { description: string; properties: Record<string, ResultProperty> };

/** A website as the API reports it: its id, every argument it reports, and what only it knows. */
function websiteInfo(): ResultType {
  const { websiteId, ...apiOnly } = apiOnlyOutputs;
  const properties: Record<string, ResultProperty> = {
    id: { schema: websiteId.schema, required: true, description: "The website's id in the service." },
  };
  for (const [name, spec] of fieldEntries) {
    // The API reports these in every answer.
    if (spec.read) properties[name] = { schema: spec.schema, required: true, description: spec.description };
  }
  for (const [name, output] of Object.entries(apiOnly)) {
    properties[name] = {
      schema: output.schema,
      description: output.description,
      ...(isNullable(output.value) ? {} : { required: true as const }),
    };
  }
  return { description: "A website as the service reports it.", properties };
}

const integer = { type: "integer" } as const;
const string = { type: "string" } as const;
const boolean = { type: "boolean" } as const;

export const resultTypes = {
  PlanFeatures: {
    description: "What an account's plan allows.",
    properties: {
      pageviews: {
        schema: integer,
        required: true,
        description: "The plan's pageview allowance; -1 means unlimited.",
      },
      websites: {
        schema: integer,
        required: true,
        description: "How many websites the plan allows; -1 means unlimited.",
      },
      emailReports: { schema: boolean, required: true, description: "Whether email reports are available." },
      dataExport: { schema: boolean, required: true, description: "Whether statistics can be exported." },
      api: { schema: boolean, required: true, description: "Whether the API may be used." },
    },
  },
  Plan: {
    description: "The plan an account is on.",
    properties: {
      id: { schema: integer, required: true, description: "The plan's id in the service." },
      name: { schema: string, required: true, description: "The plan's display name." },
      features: {
        schema: { $ref: "#/types/webstats:index:PlanFeatures" },
        required: true,
        description: "What the plan allows.",
      },
    },
  },
  Account: {
    description: "The account that owns the API key.",
    properties: {
      id: { schema: integer, required: true, description: "The account's id in the service." },
      name: { schema: string, required: true, description: "The account holder's name." },
      email: { schema: string, required: true, description: "The account's email address." },
      avatarUrl: { schema: string, description: "URL of the account's picture, or null." },
      locale: { schema: string, description: "The account's language, e.g. `en`, or null." },
      timezone: { schema: string, description: "The account's time zone, e.g. `Europe/Berlin`, or null." },
      plan: {
        schema: { $ref: "#/types/webstats:index:Plan" },
        description: "The plan, or null when the service reports none.",
      },
      createdAt: { schema: string, description: "When the account was created, ISO-8601 in UTC, or null." },
    },
  },
  WebsiteInfo: websiteInfo(),
  StatRow: {
    description: "One value of a statistic and how often it was counted over the dates.",
    properties: {
      value: {
        schema: string,
        required: true,
        description:
          "What was counted: a page's path, a referrer's host, a browser's name, a date, an hour, ...",
      },
      count: { schema: integer, required: true, description: "How often, over the dates." },
    },
  },
  WebsiteStats: {
    description:
      "A website's pageviews and visitors over a range of dates, and a statistic's most counted values.",
    properties: {
      pageviews: {
        schema: integer,
        required: true,
        description: "Pageviews over the dates: the sum of the `pageviews` statistic's count of each date.",
      },
      visitors: {
        schema: integer,
        required: true,
        description: "Visitors over the dates: the sum of the `visitors` statistic's count of each date.",
      },
      top: {
        // As written (not widened to string): its TypeScript type (ResultOf) follows the reference.
        schema: { type: "array", items: { $ref: "#/types/webstats:index:StatRow" } } as const,
        description: "With `top` only: the statistic's most counted values, the most counted first.",
      },
    },
  },
  TrackingCode: {
    description:
      "An installation's tracking code: the `<script>` element every page of its websites carries, and its parts.",
    properties: {
      trackingCode: {
        schema: string,
        required: true,
        description:
          "The `<script>` element, exactly as the installation's web interface shows it, to put into each page's `<head>` or `<body>`.",
      },
      host: {
        schema: string,
        required: true,
        description:
          "The installation's root URL (`data-host`): the script posts each hit to its `/api/event`.",
      },
      scriptUrl: {
        schema: string,
        required: true,
        description:
          "Where pages load the script from (`src`): `trackingScriptUrl` when set, else the installation's `js/script.js`.",
      },
      doNotTrack: {
        schema: boolean,
        required: true,
        description:
          "Whether the script skips browsers that send Do Not Track (`data-dnt`): the `trackingDoNotTrack` setting.",
      },
    },
  },
} satisfies Record<string, ResultType>;

type ResultTypes = typeof resultTypes;
export type ResultTypeName = keyof ResultTypes;

/** A schema type's TypeScript value: a `$ref` to one of the table's types is that type. */
type SchemaValue<S> = S extends { type: "integer" | "number" }
  ? number
  : S extends { type: "string" }
    ? string
    : S extends { type: "boolean" }
      ? boolean
      : S extends { type: "array"; items: infer I }
        ? SchemaValue<I>[]
        : S extends { $ref: `#/types/webstats:index:${infer R extends ResultTypeName}` }
          ? ResultOf<R>
          : unknown;

type Properties<N extends ResultTypeName> = ResultTypes[N]["properties"];
type RequiredKeys<P> = { [K in keyof P]: P[K] extends { required: true } ? K : never }[keyof P];
type SchemaOf<P> = P extends { schema: infer S } ? S : never;

/**
 * A result type of the table as TypeScript writes it: each property of its schema type, those
 * marked `required` always there, the others optional. The functions return these types, so a
 * property changed in the table changes what they are checked to return.
 */
export type ResultOf<N extends ResultTypeName> = {
  -readonly [K in RequiredKeys<Properties<N>>]: SchemaValue<SchemaOf<Properties<N>[K]>>;
} & {
  -readonly [K in Exclude<keyof Properties<N>, RequiredKeys<Properties<N>>>]?: SchemaValue<
    SchemaOf<Properties<N>[K]>
  >;
} extends infer T
  ? { [K in keyof T]: T[K] }
  : never;
