// The Website's fields as the API has them, described once: each field's name in the client's
// model (types.ts) and on the wire, the kind of value it holds (which says its type and how it
// travels), whether answers carry it, which requests send it and the server's default. wire.ts
// decodes answers and encodes requests from this table; the core's field table
// (core/website-fields.ts) takes each field from here and adds what the resource makes of it.
// types.ts writes the types out for their doc comments; a test holds them to this table, and the
// emulator's records to its wire names (test/unit/core/website-field-checklist.test.ts).
import { z } from "zod";
import { integer, timestamp, withDefault } from "./lenient-schemas";
import {
  bit,
  flag,
  lineList,
  lines,
  passwordIsSet,
  privacy,
  privacyCode,
  privacyValues,
} from "./wire-values";

/**
 * Each kind of value: its type in the client's model (as a schema, which the core reads state
 * back with), how an answer carries it, and, for the kinds a request can carry, how a form does.
 */
export const fieldKinds = {
  id: { value: z.number(), decode: integer },
  text: { value: z.string(), decode: z.string(), encode: (value: string) => value },
  privacy: { value: z.enum(privacyValues), decode: privacy, encode: privacyCode },
  flag: { value: z.boolean(), decode: flag, encode: bit },
  lines: { value: z.array(z.string()), decode: lineList, encode: lines },
  timestamp: { value: z.string().nullable(), decode: timestamp },
};

export type FieldKind = keyof typeof fieldKinds;
type KindValue<K extends FieldKind> = z.output<(typeof fieldKinds)[K]["value"]>;
type SentKind = {
  [K in FieldKind]: (typeof fieldKinds)[K] extends { encode: unknown } ? K : never;
}[FieldKind];

/** Which requests carry a field. */
export type SentOn = "create" | "update" | "both";

type FieldOf<K extends FieldKind> = {
  kind: K;
  /** The API's name for it, when it is not the model's name in snake_case. */
  wire?: string;
  /** Absent from every answer: the server accepts it but never returns it. */
  returned?: false;
  /** How answers carry it, when not as its kind says. */
  decode?: z.ZodType<KindValue<K>>;
  /**
   * The server's default: what a null or missing value in an answer means, and what a create
   * sends when the caller gives none (the server stores null for an omitted field, not its
   * documented default).
   */
  default?: KindValue<K>;
  /** Hidden in whatever the server answers (errors quote request bodies). */
  secret?: true;
} & (K extends SentKind ? { sentOn?: SentOn } : { sentOn?: never });

/** One field of the table. */
export type ApiField = { [K in FieldKind]: FieldOf<K> }[FieldKind];

/**
 * The Website's fields, in the order answers are decoded and forms are written. A field the
 * server reports under another name than it is written with (the password) is two fields.
 */
export const websiteApiFields = {
  id: { kind: "id" },
  domain: { kind: "text", sentOn: "create" },
  privacy: { kind: "privacy", sentOn: "both", default: "public" },
  password: { kind: "text", sentOn: "both", returned: false, secret: true },
  email: { kind: "flag", sentOn: "both", default: false },
  excludeBots: { kind: "flag", sentOn: "both", default: true },
  excludeParams: { kind: "lines", sentOn: "both", returned: false },
  excludeIps: { kind: "lines", sentOn: "both" },
  hasPassword: { kind: "flag", wire: "password", decode: passwordIsSet },
  favorite: { kind: "flag", sentOn: "update", default: false },
  favoritedAt: { kind: "timestamp" },
  createdAt: { kind: "timestamp" },
  updatedAt: { kind: "timestamp" },
} as const satisfies Record<string, ApiField>;

type Table = typeof websiteApiFields;
export type ApiFieldName = keyof Table;
/** A field's value in the client's model. */
export type ApiFieldValue<K extends ApiFieldName> = KindValue<Table[K]["kind"]>;
/** The fields answers carry. */
export type ReturnedField = {
  [K in ApiFieldName]: Table[K] extends { returned: false } ? never : K;
}[ApiFieldName];
/** The fields a create (or an update) sends. */
export type SentField<On extends "create" | "update"> = {
  [K in ApiFieldName]: Table[K] extends { sentOn: On | "both" } ? K : never;
}[ApiFieldName];
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;
/** A field's name on the wire. */
export type WireName<K extends ApiFieldName> = Table[K] extends { wire: infer W extends string }
  ? W
  : SnakeCase<K>;

/** The fields in the table's order, typed loosely for the loops that derive the wire from them. */
export const apiFieldEntries = Object.entries(websiteApiFields) as [ApiFieldName, ApiField][];

/** A field's name on the wire: its own, or the model's name in snake_case. */
export const wireNameOf = (name: ApiFieldName): string =>
  (websiteApiFields[name] as ApiField).wire ?? name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Whether answers carry the field. */
export const isReturned = (field: ApiField): boolean => field.returned !== false;

/** Whether the request (create or update) sends the field. */
export const isSentOn = (field: ApiField, request: "create" | "update"): boolean =>
  field.sentOn === request || field.sentOn === "both";

/** How an answer carries the field: its kind's reading, with the server's default for null. */
export function decoderOf(field: ApiField): z.ZodType {
  const decode: z.ZodType = field.decode ?? fieldKinds[field.kind].decode;
  return field.default === undefined ? decode : withDefault(decode, field.default);
}

/** How a form carries the field's value. */
export function encodeValue(field: ApiField, value: unknown): string {
  const kind = fieldKinds[field.kind];
  if (!("encode" in kind)) throw new TypeError(`a ${field.kind} is never sent`);
  // The table's types hold each field's value to its kind.
  return (kind.encode as (value: unknown) => string)(value);
}
