// The shard file: what one shard of a split drift run read and was told by the server, for `drift
// merge` to make the reports one run over all the stacks would make. Versioned JSON, documented
// in docs/drift-scale.md; read strictly (an unknown key anywhere is an error, as in a fleet file),
// since a file of another version or tool read loosely would make a report that looks right and
// is not. Its strings are data from another machine: the report formats escape them as they
// escape what a server answers.
//
// What it never holds: an API key, a website's password, a connection. A recorded website keeps
// only the outputs a comparison reads that are neither secret nor create-only (the field table
// says which), where it was declared, and the account it is on.
import { z } from "zod";
import type { Website } from "../../sdk";
import { apiFieldEntries, isReturned } from "../../sdk/website-fields";
import type { FieldKind } from "../../sdk/website-fields";
import { fieldEntries, privacyValues } from "../../core/website-fields";
import { failOnNames } from "../model/entries";
import { stackVias } from "../model/report";
import { RUN_ID_PATTERN } from "./ci-environment";
import { MAX_SHARDS } from "./split";

export const SHARD_FORMAT = "pulumi-webstats-drift-shard";
export const SHARD_FORMAT_VERSION = 1;

/** The outputs of a recorded website a shard file keeps: compared, and neither secret nor create-only. */
export const keptOutputs = fieldEntries.filter(([, spec]) => !spec.secret && !spec.createOnly);

const count = z.number().int().min(0);
const text = z.string().max(10_000);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, { error: "a SHA-256 in lower-case hexadecimal" });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "a date YYYY-MM-DD" });

const shardSchema = z
  .strictObject({ index: z.number().int().min(1), total: z.number().int().min(1).max(MAX_SHARDS) })
  .refine((s) => s.index <= s.total, { error: "index is one of the total's shards" });

const header = {
  format: z.literal(SHARD_FORMAT),
  version: z.literal(SHARD_FORMAT_VERSION),
  /** The pulumi-webstats that wrote it. */
  packageVersion: z.string().regex(/^[\w.+-]{1,64}$/),
  runId: z.string().regex(RUN_ID_PATTERN).nullable(),
  shard: shardSchema,
};

/** What changes a run's results: the same in every shard of a run, and in the merge's own options. */
const optionsSchema = z.strictObject({
  failOn: z.array(z.enum(failOnNames)),
  policy: z.strictObject({ sha256, failOn: z.boolean() }).nullable(),
  baseline: z.strictObject({ sha256 }).nullable(),
  ignore: z.strictObject({ sha256 }).nullable(),
  tracking: z.strictObject({ days: z.number().int().min(1) }).nullable(),
  pages: z
    .strictObject({
      parallel: count,
      timeoutMs: count,
      runTimeoutMs: count,
      allowPrivate: z.boolean(),
    })
    .nullable(),
  selection: z.strictObject({ all: z.boolean(), backendWide: z.boolean(), filters: z.array(text) }),
});

/** A listed website's fields by their kind, as a shard holds them: bounded, since another machine wrote them. */
const shardValueOfKind = {
  id: count,
  text,
  privacy: z.enum(privacyValues),
  flag: z.boolean(),
  lines: z.array(text),
  timestamp: text.nullable(),
} satisfies Record<FieldKind, z.ZodType>;

// Every field a website's answer carries (the sdk's table), under the client's names.
const websiteSchema = z.strictObject(
  Object.fromEntries(
    apiFieldEntries
      .filter(([, field]) => isReturned(field))
      .map(([name, field]) => [name, shardValueOfKind[field.kind]]),
  ),
) as unknown as z.ZodType<Website>;

const outputsSchema = z.strictObject(
  Object.fromEntries(keptOutputs.map(([name, spec]) => [name, spec.value.optional()])),
);

const positionsSchema = z.array(text);
const originSchema = z.strictObject({
  type: text,
  positions: positionsSchema,
  fleet: z.strictObject({ name: text, file: text.optional(), positions: positionsSchema }).optional(),
  /** The project folder: relative to the folder the shard ran in when inside it. */
  folder: text.optional(),
});

const accountRefSchema = z.strictObject({ url: text, id: count });

const recordedSchema = z.strictObject({
  resource: text,
  id: count,
  account: accountRefSchema,
  outputs: outputsSchema,
  origin: originSchema.optional(),
});

const stackSchema = z.strictObject({
  /** Its place in the listing of every stack, which the report keeps. */
  position: count,
  /** The name the split hashes (split.ts). */
  source: text,
  /** `project/stack`. */
  name: text,
  /** How the shard read it (the report counts the ways). */
  via: z.enum(stackVias),
  websites: z.array(recordedSchema),
});

const pageSchema = z.strictObject({
  status: z.enum(["present", "missing", "wrong", "unreachable"]),
  url: text.optional(),
  reason: text.optional(),
});

const accountSchema = z.strictObject({
  url: text,
  id: count,
  email: text,
  plan: z.strictObject({ name: text, websites: z.number().int().min(-1) }).nullable(),
  /** The account's listing. */
  listed: z.array(websiteSchema),
  /** A GET's answer for each recorded website the listing lacked (null: not found). */
  confirmed: z.array(z.strictObject({ id: count, website: websiteSchema.nullable() })),
  /** With --check-tracking: each website on the server's read (null: deleted since the listing). */
  tracking: z
    .array(
      z.strictObject({
        id: count,
        read: z.strictObject({ silent: z.boolean(), daily: z.array(count) }).nullable(),
      }),
    )
    .optional(),
  /** With --check-pages: each website on the server's home page. */
  pages: z.array(z.strictObject({ id: count, page: pageSchema })).optional(),
});

const completeSchema = z.strictObject({
  ...header,
  outcome: z.literal("complete"),
  options: optionsSchema,
  /** The stacks listed and filtered before the split: how many, and a hash of their names in order. */
  listing: z.strictObject({ stacks: count, sha256 }),
  stacks: z.array(stackSchema),
  accounts: z.array(accountSchema),
  /** With --check-tracking: the dates whose pageviews were read. */
  trackingWindow: z.strictObject({ days: z.number().int().min(1), from: isoDate, to: isoDate }).nullable(),
});

/** A shard that could not read everything: the merge refuses it, since its stacks would be missing. */
const failedSchema = z.strictObject({
  ...header,
  outcome: z.literal("failed"),
  problem: text,
});

export const shardFileSchema = z.discriminatedUnion("outcome", [completeSchema, failedSchema]);

export type ShardFile = z.infer<typeof shardFileSchema>;
export type CompleteShard = z.infer<typeof completeSchema>;
export type ShardOptions = z.infer<typeof optionsSchema>;
export type ShardStack = z.infer<typeof stackSchema>;
export type ShardAccount = z.infer<typeof accountSchema>;
export type ShardRecordedWebsite = z.infer<typeof recordedSchema>;
