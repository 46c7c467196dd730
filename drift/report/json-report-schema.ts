// The JSON report's schema (`drift --format json`, and `drift merge`, which writes the same
// report): the one description of its fields, from which z.toJSONSchema makes the JSON Schema the
// package ships (dist/drift-report.schema.json) and the docs link (docs/drift-report.schema.json),
// both written by tools/build/drift-report-schema.mjs. The compiler holds it to drift's own types
// both ways (below: the report, and the history's findings and counts), so the model cannot gain
// a field the schema lacks; every object is closed (no
// other key), so a test that validates a report fails when the renderer writes a field the schema
// does not name. docs/versioning.md says when `schemaVersion` changes.
import { z } from "zod";
import { driftStatuses, failOnNames } from "../model/entries";
import type { PageStatus } from "../model/entries";
import { stackVias } from "../model/report";
import type { DriftReport } from "../model/report";
import { historyStatuses } from "../history/history-line";
import type { HistoryCounts, HistoryFinding } from "../history/history-line";

/**
 * `MAJOR.MINOR`: the minor rises when a release adds a field, the major when one is removed or
 * renamed, or changes its type or meaning. A program reading the report checks the major.
 */
export const DRIFT_REPORT_SCHEMA_VERSION = "1.1";

const count = z.int().nonnegative();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A time in UTC as drift writes it: `2026-12-01T02:00:00.000Z` (a pattern, which every validator reads). */
const time = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const status = z.enum(driftStatuses);
const level = z.enum(["advisory", "mandatory"]);

const accountName = {
  url: z.string().describe("The installation's root URL."),
  id: z.int().describe("The account's id on that installation."),
  email: z.string().describe("The account's e-mail address, as the server reports it."),
};

const pageStatus = z.enum(["present", "missing", "wrong", "unreachable"] satisfies PageStatus[]);

const website = z
  .object({
    domain: z.string(),
    id: z.int().describe("The website's id on its installation."),
    status,
    stacks: z
      .array(z.string())
      .describe("The stacks that record the website (`project/stack`); none when unmanaged."),
    resources: z.array(z.string()).describe("The resources that record it, as `project/stack:name`."),
    account: z.object(accountName),
    changes: z
      .array(z.object({ field: z.string(), recorded: z.unknown(), live: z.unknown() }))
      .optional()
      .describe("For `changed`: each field that differs, with the recorded and the live value."),
    silent: z
      .boolean()
      .optional()
      .describe("With --check-tracking, for a website on the server: no pageview in the window."),
    pageviews: z
      .array(count)
      .optional()
      .describe(
        "With --check-tracking: the pageviews of the window's last dates (100 at most), oldest first.",
      ),
    page: z
      .object({
        status: pageStatus,
        url: z.string().optional().describe("The address the page was finally read from."),
        reason: z.string().optional(),
        cause: z
          .string()
          .optional()
          .describe("With --check-tracking: what silence and the page say together."),
      })
      .optional()
      .describe("With --check-pages: what the website's home page says of its tracking code."),
    accepted: z
      .object({ firstSeen: date, line: z.int() })
      .optional()
      .describe("The baseline entry that accepts all of this website's drift."),
    ignored: z
      .array(z.object({ rule: z.string(), reason: z.string() }))
      .optional()
      .describe("The ignore rules (`file:line`) that cover all of this website's drift."),
    excusedParts: z
      .array(
        z.discriminatedUnion("by", [
          z.object({
            finding: z.enum(failOnNames),
            field: z.string().optional(),
            by: z.literal("ignore"),
            rule: z.string(),
            reason: z.string(),
          }),
          z.object({
            finding: z.enum(failOnNames),
            field: z.string().optional(),
            by: z.literal("baseline"),
            line: z.int(),
            firstSeen: date,
          }),
        ]),
      )
      .optional()
      .describe(
        "The parts of its drift a baseline entry or an ignore rule covers, when not one of them covers all.",
      ),
  })
  .describe("A website of an account a stack uses, with its status.");

const staleBaselineEntry = z.object({
  status,
  domain: z.string(),
  installation: z.string(),
  account: z.int(),
  fields: z.array(z.string()).optional(),
  silent: z.boolean().optional(),
  firstSeen: date,
  file: z.string(),
  line: z.int(),
});

const staleIgnoreRule = z.object({
  domain: z.string(),
  status: z.enum(failOnNames).optional(),
  field: z.string().optional(),
  reason: z.string(),
  at: z.string(),
  file: z.string(),
  line: z.int(),
});

const policyFinding = z.union([
  z.object({
    rule: z.string(),
    level,
    message: z.string(),
    domain: z.string(),
    websiteId: z.int(),
    status,
    account: z.object(accountName),
    stacks: z.array(z.string()),
  }),
  z.object({ rule: z.string(), level, message: z.string(), stack: z.string().optional() }),
]);

const policy = z
  .object({
    file: z.string(),
    rules: z.array(z.object({ name: z.string(), description: z.string(), level })),
    findings: z.array(policyFinding),
  })
  .describe("With --policy-pack-config: the rules applied and what they found.");

const historyCounts = z
  .object({ new: count, open: count, accepted: count, fixed: count })
  .describe("The findings of a run by status, and those fixed since the run before it.");

/** What a finding is about, the same from run to run (drift/history/history-line.ts). */
const historyIdentity = {
  finding: z
    .enum([...failOnNames, "policy"])
    .describe("The kind of finding: a --fail-on name, or `policy` for a policy rule's finding."),
  installation: z.string().optional().describe("The website's installation (its root URL)."),
  account: z.int().optional().describe("The website's account id on that installation."),
  website: z.int().optional().describe("The website's id."),
  domain: z.string().optional(),
  field: z.string().optional().describe("For `changed`: the field that differs (a finding per field)."),
  rule: z.string().optional().describe("For `policy`: the rule."),
  stack: z.string().optional().describe("For `policy`: the stack a stack's finding is about."),
};

const historyFindingFields = {
  ...historyIdentity,
  stacks: z
    .array(z.string())
    .describe(
      "The stacks that record the website (for one no stack records, those that record a website of its account), or the policy finding's stack.",
    ),
  firstSeen: time.describe("When a run of the history first had the finding."),
  ageDays: count.describe("Whole days from firstSeen to this run (for a fixed finding, to its fix)."),
};

const historyFinding = z.object({
  ...historyFindingFields,
  status: z
    .enum(historyStatuses)
    .describe("`new` since the last run, still `open`, or `accepted` (a baseline entry or an ignore rule)."),
  new: z
    .boolean()
    .describe("First seen in this run, with a run before it (an accepted finding may be new too)."),
});

const history = z
  .object({
    file: z.string().describe("The history file (--history)."),
    since: time
      .optional()
      .describe(
        "When the run compared with was made; absent on the history's first run or when the file could not be used.",
      ),
    at: time.describe("When this run was made."),
    headline: z.string().describe("What changed, in a sentence."),
    warning: z.string().optional().describe("Why the history could not be used, when it could not."),
    counts: historyCounts,
    findings: z.array(historyFinding).describe("This run's findings: new first, then open, then accepted."),
    fixed: z
      .array(z.object({ ...historyFindingFields, status: z.literal("fixed"), new: z.literal(false) }))
      .describe("The last run's findings this run no longer has."),
    trend: z
      .array(z.object({ at: time, counts: historyCounts }))
      .describe("The runs the history keeps, this one last, oldest first."),
  })
  .describe(
    "With --history: each finding against the history's last run, the findings fixed since, and the trend.",
  );

const summary = z
  .object({
    "in-sync": count,
    changed: count,
    gone: count,
    unmanaged: count,
    duplicate: count,
    silent: count.optional().describe("With --check-tracking."),
    accepted: count.optional().describe("With --baseline."),
    ignored: count.optional().describe("With an ignore file."),
    policy: count.optional().describe("With --policy-pack-config: the findings."),
    pagesPresent: count.optional().describe("With --check-pages."),
    pagesMissing: count.optional().describe("With --check-pages."),
    pagesWrong: count.optional().describe("With --check-pages."),
    pagesUnreachable: count.optional().describe("With --check-pages."),
  })
  .describe("The websites of each status, and of each check's marks.");

export const driftJsonReportSchema = z
  .object({
    schemaVersion: z.literal(DRIFT_REPORT_SCHEMA_VERSION),
    stacks: z.array(z.string()).describe("The stacks read, as `project/stack`."),
    read: z
      .array(z.object({ stack: z.string(), via: z.enum(stackVias) }))
      .optional()
      .describe("How each stack was read."),
    summary,
    tracking: z
      .object({ days: z.int().positive(), from: date, to: date, requests: count })
      .optional()
      .describe("With --check-tracking: the window of dates (UTC, both included) and the requests it took."),
    pages: z.object({ read: count }).optional().describe("With --check-pages: the home pages read."),
    baseline: z
      .object({ file: z.string(), stale: z.array(staleBaselineEntry) })
      .optional()
      .describe("With --baseline: its file, and its entries that match no website any more."),
    ignore: z
      .object({ file: z.string(), stale: z.array(staleIgnoreRule) })
      .optional()
      .describe("With an ignore file: its file, and its rules whose domain matches no website."),
    accounts: z
      .array(
        z.object({
          ...accountName,
          websites: count.describe("The websites the account holds."),
          plan: z
            .object({
              name: z.string(),
              websites: z.int().min(-1).describe("The plan's website limit; -1: no limit."),
            })
            .nullable(),
        }),
      )
      .describe("Every account the stacks use, with its websites against its plan's limit."),
    websites: z.array(website),
    policy: policy.optional(),
    history: history.optional(),
  })
  .meta({
    title: "pulumi-webstats drift report",
    description:
      "The report of `pulumi-webstats drift --format json` and `pulumi-webstats drift merge --format json`.",
  });

/** The JSON report as the renderer writes it (formats/json.ts). */
export type DriftJsonReport = z.infer<typeof driftJsonReportSchema>;

/** The policy part of the JSON report (formats/json.ts). */
export type DriftJsonPolicy = z.infer<typeof policy>;

/** The history part of the JSON report (formats/json.ts). */
export type DriftJsonHistory = z.infer<typeof history>;

// The compiler holds the schema to the report the stages make, both ways: every part but those
// the JSON report writes in a form of its own (its version, the summary's counts, the policy's
// findings without their entries) is the model's own shape, entries and accounts included.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _heldToModel: Same<
  Omit<DriftJsonReport, "schemaVersion" | "summary" | "policy" | "history">,
  Omit<DriftReport, "policy">
> = true;
// A history finding is the history file's, with its age and whether it is new; its counts too.
type JsonHistoryFinding = DriftJsonHistory["findings"][number];
const _historyHeldToModel: Same<Omit<JsonHistoryFinding, "ageDays" | "new">, HistoryFinding> = true;
const _countsHeldToModel: Same<DriftJsonHistory["counts"], HistoryCounts> = true;

/** The JSON Schema (draft 2020-12) of the report. */
export const driftReportJsonSchema = (): Record<string, unknown> => z.toJSONSchema(driftJsonReportSchema);
