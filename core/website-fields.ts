// The Website resource described once. The API's fields come from the sdk's table
// (sdk/website-fields.ts): an argument the API carries takes its type, its schema type, when it is
// sent and whether the API returns it from there, under the same name. This table adds what the
// resource makes of each: what users read about it, how a program's value is checked, its
// default, whether it is secret, whether changing it needs a new website, and how two values
// compare; and the arguments that are the provider's own. Everything else is derived from it:
// check (website-check.ts), diff and the update patch (website-diff.ts), the outputs and the
// inputs a refresh records (website-state.ts), the package schema (package-schema.ts), the fleet
// file's keys and what `generate` declares; the TypeScript declarations and the README are held
// to it by tests.
import { z } from "zod";
import type { Website as ApiWebsite, WebsiteCreateInput, WebsiteUpdateInput } from "../sdk";
import { normalizeDomain } from "../sdk/domain";
import { ipProblem } from "../sdk/ip";
import { fieldKinds, isReturned, websiteApiFields } from "../sdk/website-fields";
import type {
  ApiField,
  ApiFieldName,
  ApiFieldValue,
  FieldKind,
  ReturnedField,
  SentField,
} from "../sdk/website-fields";
import { privacyValues } from "../sdk/wire-values";
import {
  choice,
  connectionArgument,
  connectionValue,
  domainArgument,
  entryList,
  flag,
  installationOf,
  queryParameterProblem,
  sameEntries,
} from "./argument-schemas";
import type { ConnectionInputs } from "./argument-schemas";
import { adoptExistingDefault, connectionSettingNames } from "./settings";
import type { ProviderSettings } from "./settings";

export { privacyValues };

/** The fields an API request can carry, create and update together. */
type ApiFields = Partial<WebsiteCreateInput> & WebsiteUpdateInput;

/** A property's type in the Pulumi package schema. */
export type SchemaType =
  | { type: "string" | "boolean" | "integer" | "number" }
  | { type: "array"; items: SchemaType }
  | { $ref: string };

/** Types the schema defines, referred to by fields. */
export const schemaRefs = {
  privacy: "#/types/webstats:index:Privacy",
  connection: "#/types/webstats:index:Connection",
} as const;

/** The schema type of each kind of the API's values. */
const schemaOfKind = {
  id: { type: "integer" },
  text: { type: "string" },
  privacy: { $ref: schemaRefs.privacy },
  flag: { type: "boolean" },
  lines: { type: "array", items: { type: "string" } },
  timestamp: { type: "string" },
} satisfies Record<FieldKind, SchemaType>;

export interface FieldSpec<V extends z.ZodType> {
  /** What users read: the schema's description, the TypeScript doc comment and the README row. */
  description: string;
  /** The type in the package schema. */
  schema: SchemaType;
  /** The checked value's type: how inputs and state are read back. */
  value: V;
  /** Checks and normalises a program's (known, present) value; messages name the argument and the fix. */
  argument: z.ZodType<z.output<V>>;
  /** Said when the argument is missing; absent for optional arguments. */
  required?: string;
  /**
   * Applied by check when the argument is omitted (a function of the stack's settings when it
   * comes from them); without one, an omitted argument stays omitted. An argument the API never
   * returns (no `read`) and has no default is unmanaged while omitted: never sent, never compared.
   */
  default?: z.output<V> | ((settings: ProviderSettings) => z.output<V>);
  /** How the documentation states a default that is not a plain value. */
  defaultText?: string;
  /** An empty string given is the argument omitted. */
  emptyIsOmitted?: true;
  /** It only matters when the website is created: changing it is never a change. */
  createOnly?: true;
  /** When it is sent to the API, and how it is put into a request (from the sdk's table). */
  sentOn?: "create" | "update" | "both";
  send?: (value: z.output<V>, request: ApiFields) => void;
  /** How the API reports it; absent when the API never returns it (the state keeps what was applied). */
  read?: (website: ApiWebsite) => z.output<V>;
  /** Encrypted in the state, never shown in messages. */
  secret?: true;
  /**
   * A change needs a new website, and so deletes the old one with its statistics. Only what the
   * API cannot change on an existing website may say so (the domain).
   */
  replaces?: true;
  /** Whether two checked values mean the same (either may be undefined); default: equal. */
  same?: (recorded: z.output<V> | undefined, wanted: z.output<V> | undefined) => boolean;
}

/** How a program's value is checked: a schema, or one made for the argument's name (its messages name it). */
type ArgumentCheck<T> = z.ZodType<T> | ((name: string) => z.ZodType<T>);

/** What this table states of an argument: the API's part (sentOn, send, read) comes from the sdk's. */
type Facts<V extends z.ZodType> = Omit<FieldSpec<V>, "argument" | "sentOn" | "send" | "read"> & {
  argument: ArgumentCheck<z.output<V>>;
};

/** What this table states of an argument the API carries: its type and schema type come from the sdk's too. */
type ApiFacts<T> = Omit<Facts<z.ZodType<T>>, "value" | "schema">;

/** The arguments the API carries: the fields some request sends. */
type ApiArgumentName = SentField<"create"> | SentField<"update">;
type ApiTable = typeof websiteApiFields;
type KindOf<K extends ApiFieldName> = ApiTable[K]["kind"];

/** What an argument takes from the API's field of the same name. */
type FromApi<K extends ApiArgumentName> = {
  schema: SchemaType;
  value: (typeof fieldKinds)[KindOf<K>]["value"];
  argument: z.ZodType<ApiFieldValue<K>>;
  sentOn: ApiTable[K]["sentOn"];
  send: (value: ApiFieldValue<K>, request: ApiFields) => void;
} & (K extends ReturnedField ? { read: (website: ApiWebsite) => ApiFieldValue<K> } : unknown);

type Named<T> = {
  [K in keyof T]: Omit<T[K], "argument"> & {
    argument: T[K] extends { argument: ArgumentCheck<infer U> } ? z.ZodType<U> : never;
  };
};

const checkFor = <T>(name: string, argument: ArgumentCheck<T>): z.ZodType<T> =>
  typeof argument === "function" ? argument(name) : argument;

/** The arguments the API carries, completed from the sdk's table: by name, with nothing restated. */
type ApiArgumentFacts = { [K in ApiArgumentName]?: ApiFacts<ApiFieldValue<K>> };

function fromApi<T extends ApiArgumentFacts>(
  facts: T,
): { [K in keyof T]: Omit<T[K], "argument"> & FromApi<K & ApiArgumentName> } {
  return Object.fromEntries(
    Object.entries(facts as Record<string, { argument: ArgumentCheck<unknown> }>).map(([name, spec]) => {
      const api: ApiField = websiteApiFields[name as ApiArgumentName];
      return [
        name,
        {
          ...spec,
          schema: schemaOfKind[api.kind],
          value: fieldKinds[api.kind].value,
          argument: checkFor(name, spec.argument),
          sentOn: api.sentOn,
          send: (value: unknown, request: Record<string, unknown>) => {
            request[name] = value;
          },
          ...(isReturned(api) ? { read: (website: ApiWebsite) => website[name as keyof ApiWebsite] } : {}),
        },
      ];
    }),
  ) as never;
}

/** The provider's own arguments, each check made for its name. */
function named<T extends Record<string, { argument: ArgumentCheck<unknown> }>>(facts: T): Named<T> {
  return Object.fromEntries(
    Object.entries(facts).map(([name, spec]) => [name, { ...spec, argument: checkFor(name, spec.argument) }]),
  ) as never;
}

const field = <V extends z.ZodType, const S extends Facts<V>>(spec: S & Facts<V>): S => spec;

/** The privacy that goes with a password: the statistics page is shown to whoever has it. */
export const protectedPrivacy = "password" satisfies (typeof privacyValues)[number];

/** Longest password the server stores. */
export const maxPasswordLength = 128;

/** The arguments the API carries, in the schema's order. */
const apiArguments = fromApi({
  domain: {
    description:
      "The tracked domain, normalised as the server does before any comparison: lowercased, `http://` / `https://` removed, and leading `www.` removed (`https://www.Example.com` is `example.com`, so respelling it is no change). Must be a host name (labels of at most 63 characters, last label not numeric) or an IPv4 address; `localhost`, ports and paths are refused at preview. **Changing it replaces the website**: the API cannot rename one, so the new one is created, then the old one deleted with all its statistics.",
    argument: domainArgument,
    required: `domain is required: the site's host name, e.g. "example.com".`,
    // Spellings the server stores alike are the same domain.
    same: (recorded, wanted) =>
      recorded === wanted ||
      (!!recorded && !!wanted && normalizeDomain(recorded) === normalizeDomain(wanted)),
    // The API cannot rename a website.
    replaces: true,
  },
  privacy: {
    description:
      "Who may see the statistics page: anyone (`public`), only the account (`private`) or whoever has its password (`password`).",
    argument: (name) => choice(name, privacyValues),
    default: "public",
  },
  password: {
    description:
      "The statistics page's password: 1 to 128 characters, only with privacy `password` (refused otherwise, since the server ignores it); a new website with that privacy needs one. Stored encrypted in the state; the API never returns it, so changes are detected against the last applied value. Omitted, the password the server holds is kept.",
    argument: (name) => {
      const error = `${name} must be a string of 1 to ${maxPasswordLength} characters.`;
      return z.string({ error }).max(maxPasswordLength, { error });
    },
    // An empty password is no password.
    emptyIsOmitted: true,
    secret: true,
  },
  email: {
    description: "Periodic email reports.",
    argument: flag,
    default: false,
  },
  excludeBots: {
    description: "Leave common bots out of the statistics.",
    argument: flag,
    default: true,
  },
  // Only an update can set it, and every update that sends it resets favoritedAt: the diff
  // sends it only when it changes.
  favorite: {
    description:
      "Pin the website to the dashboard. Sent only when it changes, because every update that sends it resets `favoritedAt`.",
    argument: flag,
    default: false,
  },
  excludeParams: {
    description:
      "Query parameter names to drop from tracked URLs; `&` drops every parameter. Entries are trimmed; empty entries and duplicates are refused; order is not a change. The API never returns this list: changes made outside Pulumi cannot be detected. Omitted, the list on the server is left as it is; `[]` clears it.",
    argument: (name) => entryList(name, queryParameterProblem, false),
    same: sameEntries(false),
  },
  excludeIps: {
    description:
      "IPv4 or IPv6 addresses and CIDR ranges whose visits are not tracked. Trimmed; empty entries, entries that can never match and duplicates are refused; order is not a change.",
    // IPv6 addresses are case-insensitive; query parameter names are not.
    argument: (name) => entryList(name, ipProblem, true),
    default: [] as string[],
    same: sameEntries(true),
  },
} satisfies ApiArgumentFacts);

/** The provider's own arguments: no field of the API. */
const ownArguments = named({
  adoptExisting: field({
    description:
      "When this account already has a website with the domain, take it over (send only the arguments that differ from it) instead of failing. It only matters when the website is created: changing it, or its default, is never a change.",
    schema: { type: "boolean" },
    value: z.boolean(),
    argument: flag,
    default: adoptExistingDefault,
    defaultText: "`webstats:adoptExisting`, else `false`",
    createOnly: true,
  }),
  connection: field({
    description:
      "Credentials for this website, for programs that manage several accounts or installations. Changing them never replaces the website: the next read or update checks that the new address still holds it.",
    schema: { $ref: schemaRefs.connection },
    value: connectionValue,
    argument: connectionArgument,
    defaultText: "stack config, then environment",
    secret: true,
    // How an installation is reached is no part of the website: a new address or key is an
    // update, never a replacement (which would delete the website and its statistics).
    same: (recorded?: ConnectionInputs, wanted?: ConnectionInputs) =>
      installationOf(recorded?.baseUrl) === installationOf(wanted?.baseUrl) &&
      connectionSettingNames
        .filter((name) => name !== "baseUrl")
        .every((name) => sameSetting(recorded?.[name], wanted?.[name])),
  }),
});

/** Every argument of the Website: the API's, then the provider's own. */
export const websiteFields = { ...apiArguments, ...ownArguments };

/** Two values of a connection setting: blank text and false count as unset. */
function sameSetting(a: string | boolean | undefined, b: string | boolean | undefined): boolean {
  const plain = (value: string | boolean | undefined) =>
    typeof value === "string" ? value.trim() || undefined : value || undefined;
  return plain(a) === plain(b);
}

export type WebsiteFields = typeof websiteFields;
export type FieldName = keyof WebsiteFields;
/** The checked value of an argument. */
export type ValueOf<K extends FieldName> = z.output<WebsiteFields[K]["value"]>;
// Whether a field's entry states P (a property that is only optional in FieldSpec does not count).
type States<K extends FieldName, P extends string> =
  WebsiteFields[K] extends Record<P, unknown> ? true : false;
/**
 * The argument that names a website, the one every website must give: the key of a fleet file's
 * entries and of the websites a program declares. The type holds it to the table's required one.
 */
export const keyField: Required = "domain";
/** Arguments the API reports that are settings of the website (see readableSettings). */
export type ReadableSetting = {
  [K in FieldName]: States<K, "read"> extends true
    ? States<K, "required"> extends true
      ? never
      : States<K, "createOnly"> extends true
        ? never
        : K
    : never;
}[FieldName];
/** Arguments a fleet file carries as they are (see plainSettings). */
export type PlainSetting = {
  [K in FieldName]: States<K, "required"> extends true ? never : States<K, "secret"> extends true ? never : K;
}[FieldName];
type WithDefault = { [K in FieldName]: WebsiteFields[K] extends { default: unknown } ? K : never }[FieldName];
type Required = { [K in FieldName]: WebsiteFields[K] extends { required: string } ? K : never }[FieldName];

/** Website arguments after check: defaults applied, domain normalised, lists cleaned. */
export type WebsiteInputs = { [K in WithDefault | Required]: ValueOf<K> } & {
  [K in Exclude<FieldName, WithDefault | Required>]?: ValueOf<K>;
};

type ApiOutputFacts = { description: string; from?: ReturnedField };
/** The field an output reads: the one it names, else the one of its own name. */
type ReadFrom<K, F> = F extends { from: infer N extends ReturnedField } ? N : K & ReturnedField;
type ApiOutput<N extends ReturnedField> = {
  description: string;
  /** The field of the API it reads. */
  from: N;
  schema: SchemaType;
  value: (typeof fieldKinds)[KindOf<N>]["value"];
  read: (website: ApiWebsite) => ApiFieldValue<N>;
};

/** Outputs only the API knows, completed from the sdk's table like the arguments. */
function apiOutputs<T extends Record<string, ApiOutputFacts>>(
  facts: T,
): { [K in keyof T]: ApiOutput<ReadFrom<K, T[K]>> } {
  return Object.fromEntries(
    Object.entries(facts).map(([name, { description, from }]) => {
      const field = (from ?? name) as ReturnedField;
      const { kind } = websiteApiFields[field];
      return [
        name,
        {
          description,
          from: field,
          schema: schemaOfKind[kind],
          value: fieldKinds[kind].value,
          read: (website: ApiWebsite) => website[field],
        },
      ];
    }),
  ) as never;
}

/** What only the API knows about a website; outputs that are not arguments. */
export const apiOnlyOutputs = apiOutputs({
  // The resource's id is the output's name; the API's field is the website's own id.
  websiteId: { description: "The website's id in the service; also the resource id.", from: "id" },
  hasPassword: { description: "Whether the service holds a password for the statistics page." },
  favoritedAt: { description: "When the website was marked as favorite, ISO-8601 in UTC, or null." },
  createdAt: { description: "When the website was added to the service, ISO-8601 in UTC, or null." },
  updatedAt: { description: "When the website last changed in the service, ISO-8601 in UTC, or null." },
});

/**
 * What the provider records itself: where it last reached the website (a website is known by
 * its id on one installation; when the address changes, this is what the new one is checked
 * against, and what messages name), and the tracking code of that installation.
 */
export const recordedOutputs = {
  installation: {
    description:
      "The root URL of the installation where the website was last read or changed (never a key). After a change of address, reads and updates first check that the website's id still names its domain there.",
    schema: { type: "string" },
    value: z.string(),
  },
  trackingCode: {
    description:
      "The tracking code to put into every page of the website, in its `<head>` or `<body>`: the installation's `<script>` element exactly as its web interface shows it (the same for every website of an installation). Its Do Not Track flag and script address come from the provider's `trackingDoNotTrack` and `trackingScriptUrl` settings, which the API does not tell; a change of those shows after the next refresh.",
    schema: { type: "string" },
    value: z.string(),
  },
} satisfies Record<string, { description: string; schema: SchemaType; value: z.ZodType }>;

export type WebsiteOutputs = Partial<WebsiteInputs> & {
  [K in keyof typeof apiOnlyOutputs]: ReturnType<(typeof apiOnlyOutputs)[K]["read"]>;
} & {
  // Absent from states written before it was recorded.
  [K in keyof typeof recordedOutputs]?: z.output<(typeof recordedOutputs)[K]["value"]>;
};

/** The fields in declaration order, typed loosely for the loops that derive behaviour from them. */
export const fieldEntries = Object.entries(websiteFields) as [FieldName, FieldSpec<z.ZodType>][];

/** The default of an argument under the stack's settings. */
export function defaultOf(spec: FieldSpec<z.ZodType>, settings: ProviderSettings): unknown {
  return typeof spec.default === "function"
    ? (spec.default as (settings: ProviderSettings) => unknown)(settings)
    : spec.default;
}

/** Sent to the API but never returned by it: while omitted, it is left as it is on the server. */
export const isWriteOnly = (spec: FieldSpec<z.ZodType>): boolean => spec.sentOn !== undefined && !spec.read;

/** Whether a value may be null: an output the API may leave empty. */
export const isNullable = (value: z.ZodType): boolean => value.safeParse(null).success;

/** Names of the secret arguments: encrypted in the state, never shown in a message. */
export const secretFields = fieldEntries.filter(([, spec]) => spec.secret).map(([name]) => name);

/**
 * Settings a website carries that the API reports: what `generate` declares for each website
 * and compares across websites. The domain is its key, not a setting; create-only arguments
 * are no setting of the website.
 */
export const readableSettings = fieldEntries
  .filter(([, spec]) => spec.read && !spec.required && !spec.createOnly)
  .map(([name]) => name) as ReadableSetting[];

/**
 * Arguments a fleet file carries as they are: all but the domain (each entry's key) and the
 * secret ones (a password is named by its configuration key; credentials belong to the program).
 */
export const plainSettings = fieldEntries
  .filter(([, spec]) => !spec.required && !spec.secret)
  .map(([name]) => name) as PlainSetting[];
