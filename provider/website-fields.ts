// The Website resource described once. Each argument states how a program's value is checked,
// its default, how it travels to the API (under the same name in the client's model; the client's
// wire module spells it for the server), whether the API returns it, whether it is secret, whether
// changing it needs a new website, and how two values compare. Everything else is derived from
// this table: the resource's property list (website.ts), check (website-check.ts), diff and the
// update patch (website-diff.ts), the outputs and the inputs a refresh records (website-state.ts).
import { z } from "zod";
import type { Website as ApiWebsite, WebsiteCreateInput, WebsiteUpdateInput } from "../sdk";
import { normalizeDomain } from "../sdk/domain";
import { ipProblem } from "../sdk/ip";
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
import { adoptExistingDefault } from "./connection";

/** The fields an API request can carry, create and update together. */
type ApiFields = Partial<WebsiteCreateInput> & WebsiteUpdateInput;

export interface FieldSpec<V extends z.ZodType> {
  /** The checked value's type: how inputs and state are read back. */
  value: V;
  /** Checks and normalises a program's (known, present) value; messages name the argument and the fix. */
  argument: z.ZodType<z.output<V>>;
  /** Said when the argument is missing; absent for optional arguments. */
  required?: string;
  /**
   * Applied by check when the argument is omitted (a function when it comes from the stack's
   * settings); without one, an omitted argument stays omitted. An argument the API never returns
   * (no `read`) and has no default is unmanaged while omitted: never sent, never compared.
   */
  default?: z.output<V> | (() => z.output<V>);
  /** It only matters when the website is created: changing it is never a change. */
  createOnly?: true;
  /** When it is sent to the API, and how it is put into a request. */
  sentOn?: "create" | "update" | "both";
  send?: (value: z.output<V>, request: ApiFields) => void;
  /** How the API reports it; absent when the API never returns it (the state keeps what was applied). */
  read?: (website: ApiWebsite) => z.output<V>;
  /** Encrypted in the state, never shown in messages. */
  secret?: true;
  /**
   * A change needs a new website: always, or only for some changes. Either value may be
   * undefined (omitted) or hold the engine's placeholder for a value not known yet.
   */
  replaces?: true | ((recorded: z.output<V> | undefined, wanted: z.output<V> | undefined) => boolean);
  /** Whether two checked values mean the same (either may be undefined); default: equal. */
  same?: (recorded: z.output<V> | undefined, wanted: z.output<V> | undefined) => boolean;
}

const field = <V extends z.ZodType, const S extends FieldSpec<V>>(spec: S & FieldSpec<V>): S => spec;

export const privacyValues = ["public", "private", "password"] as const;

/** Longest password the server stores. */
export const maxPasswordLength = 128;

export const websiteFields = {
  domain: field({
    value: z.string(),
    argument: domainArgument,
    required: `domain is required: the site's host name, e.g. "example.com".`,
    sentOn: "create",
    send: (value, request) => (request.domain = value),
    read: (website) => website.domain,
    // Spellings the server stores alike are the same domain.
    same: (recorded, wanted) =>
      recorded === wanted ||
      (!!recorded && !!wanted && normalizeDomain(recorded) === normalizeDomain(wanted)),
    // The API cannot rename a website.
    replaces: true,
  }),
  privacy: field({
    value: z.enum(privacyValues),
    argument: choice("privacy", privacyValues),
    default: "public",
    sentOn: "both",
    send: (value, request) => (request.privacy = value),
    read: (website) => website.privacy,
  }),
  password: field({
    value: z.string(),
    argument: z
      .string({ error: `password must be a string of 1 to ${maxPasswordLength} characters.` })
      .max(maxPasswordLength, {
        error: `password must be a string of 1 to ${maxPasswordLength} characters.`,
      }),
    sentOn: "both",
    send: (value, request) => (request.password = value),
    secret: true,
  }),
  email: field({
    value: z.boolean(),
    argument: flag("email"),
    default: false,
    sentOn: "both",
    send: (value, request) => (request.email = value),
    read: (website) => website.email,
  }),
  excludeBots: field({
    value: z.boolean(),
    argument: flag("excludeBots"),
    default: true,
    sentOn: "both",
    send: (value, request) => (request.excludeBots = value),
    read: (website) => website.excludeBots,
  }),
  favorite: field({
    value: z.boolean(),
    argument: flag("favorite"),
    default: false,
    // Only an update can set it; every update that sends it resets favoritedAt, so it is sent
    // only when it changes.
    sentOn: "update",
    send: (value, request) => (request.favorite = value),
    read: (website) => website.favorite,
  }),
  excludeParams: field({
    value: z.array(z.string()),
    argument: entryList("excludeParams", queryParameterProblem, false),
    sentOn: "both",
    send: (value, request) => (request.excludeParams = value),
    same: sameEntries(false),
  }),
  excludeIps: field({
    value: z.array(z.string()),
    // IPv6 addresses are case-insensitive; query parameter names are not.
    argument: entryList("excludeIps", ipProblem, true),
    default: [],
    sentOn: "both",
    send: (value, request) => (request.excludeIps = value),
    read: (website) => website.excludeIps,
    same: sameEntries(true),
  }),
  adoptExisting: field({
    value: z.boolean(),
    argument: flag("adoptExisting"),
    default: () => adoptExistingDefault(),
    createOnly: true,
  }),
  connection: field({
    value: connectionValue,
    argument: connectionArgument,
    secret: true,
    // Another installation is another website; another key for the same one is not.
    replaces: (recorded?: ConnectionInputs, wanted?: ConnectionInputs) =>
      installationOf(recorded?.baseUrl) !== installationOf(wanted?.baseUrl),
    same: (recorded?: ConnectionInputs, wanted?: ConnectionInputs) =>
      installationOf(recorded?.baseUrl) === installationOf(wanted?.baseUrl) &&
      (recorded?.apiKey?.trim() || undefined) === (wanted?.apiKey?.trim() || undefined),
  }),
};

export type WebsiteFields = typeof websiteFields;
export type FieldName = keyof WebsiteFields;
type ValueOf<K extends FieldName> = z.output<WebsiteFields[K]["value"]>;
type WithDefault = { [K in FieldName]: WebsiteFields[K] extends { default: unknown } ? K : never }[FieldName];
type Required = { [K in FieldName]: WebsiteFields[K] extends { required: string } ? K : never }[FieldName];

/** Website arguments after check: defaults applied, domain normalised, lists cleaned. */
export type WebsiteInputs = { [K in WithDefault | Required]: ValueOf<K> } & {
  [K in Exclude<FieldName, WithDefault | Required>]?: ValueOf<K>;
};

/** What only the API knows about a website; outputs that are not arguments. */
export const apiOnlyOutputs = {
  websiteId: { value: z.number(), read: (website: ApiWebsite) => website.id },
  hasPassword: { value: z.boolean(), read: (website: ApiWebsite) => website.hasPassword },
  favoritedAt: { value: z.string().nullable(), read: (website: ApiWebsite) => website.favoritedAt },
  createdAt: { value: z.string().nullable(), read: (website: ApiWebsite) => website.createdAt },
  updatedAt: { value: z.string().nullable(), read: (website: ApiWebsite) => website.updatedAt },
};

export type WebsiteOutputs = Partial<WebsiteInputs> & {
  [K in keyof typeof apiOnlyOutputs]: ReturnType<(typeof apiOnlyOutputs)[K]["read"]>;
};

export type { ConnectionInputs };

/** The fields in declaration order, typed loosely for the loops that derive behaviour from them. */
export const fieldEntries = Object.entries(websiteFields) as [FieldName, FieldSpec<z.ZodType>][];

/** The default of an argument, resolved now. */
export function defaultOf(spec: FieldSpec<z.ZodType>): unknown {
  return typeof spec.default === "function" ? (spec.default as () => unknown)() : spec.default;
}

/** Sent to the API but never returned by it: while omitted, it is left as it is on the server. */
export const isWriteOnly = (spec: FieldSpec<z.ZodType>): boolean => spec.sentOn !== undefined && !spec.read;

/** Names of the secret arguments: encrypted in the state, never shown in a message. */
export const secretFields = fieldEntries.filter(([, spec]) => spec.secret).map(([name]) => name);
