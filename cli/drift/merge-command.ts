// `pulumi-webstats drift merge FILE...`: the reports of a run split with drift --shard, from its
// shard files. Its options are drift's report options (their tables and help rows reused); the
// checks (--check-tracking, --check-pages) are the shards': the merge asks no server. The work is
// readShards and runMerge (drift/).
import { readShards, runMerge } from "../../drift";
import type { MergeOptions } from "../../drift";
import type { CliCommand, ParsedLine } from "../command";
import { exitCodeHelp } from "../exit-codes";
import { commonOptionsHelp, docsLine, optionSections } from "../help";
import { UsageError } from "../usage-error";
import { driftExits } from "./exit-codes";
import { baselineChoice, baselineOptions, baselineOptionsHelp } from "./baseline-options";
import { historyChoice, historyOptions, historyOptionsHelp } from "./history-options";
import { policyChoice, policyOptions, policyOptionsHelp } from "./policy-options";
import { failOnOf, failOnPolicyOf, reportOptions, reportOptionsHelp, reportsOf } from "./report-options";

/** The page with the whole story of a split run. */
const DOCS = "docs/drift-scale.md#merging-the-shards";

/** drift's report options the merge takes; the checks' options are the shards' alone. */
const mergedReportOptions = ["format", "output", "fail-on"] as const;

interface MergeCommandOptions extends Omit<MergeOptions, "failOn"> {
  files: string[];
  /** --fail-on as given: its default depends on whether the shards checked tracking. */
  failOnValues?: string[];
}

/** drift's codes: an error is also shards refused. */
const exits = driftExits("shards refused");

const usage = () => `Usage: pulumi-webstats drift merge FILE... [options]

Writes the reports of a run split over CI machines with drift --shard I/N --shard-file FILE, from
every shard's file, as one run over all the stacks would: each account is compared with the
websites every shard's stacks recorded, so a website is unmanaged or duplicate over the whole run.
The checks' reads come from the shards; nothing is asked of a server. Give the report options
the shards were given (--fail-on, --baseline, the ignore file, --policy-pack-config); the default
of --fail-on adds silent when the shards checked tracking.
Refuses, naming the files, before writing anything: a shard missing or given twice, shards of
another run, split, listing, options or pulumi-webstats version, a shard that could not read
everything, a file that is not a shard file.

${optionSections([
  [
    "Report",
    [
      ...reportOptionsHelp.filter((row) =>
        mergedReportOptions.some((name) => row.option.startsWith(`--${name} `)),
      ),
      ...baselineOptionsHelp,
      ...historyOptionsHelp,
      ...policyOptionsHelp,
    ],
  ],
  ["", commonOptionsHelp],
])}

${exitCodeHelp(exits)}

${docsLine(DOCS)}`;

function parse(line: ParsedLine): MergeCommandOptions {
  const files = line.positionals;
  if (files.length === 0 || files.some((f) => f.trim() === "")) {
    throw new UsageError(
      "drift merge takes the shard files: drift merge FILE... (each written by drift --shard-file).",
    );
  }
  const { format, outputs } = reportsOf(line);
  const failOnValues = line.values["fail-on"] as string[] | undefined;
  // --fail-on's names are checked now; its default, and silent, once the shards say whether they checked tracking.
  failOnOf(failOnValues, true);
  return {
    files,
    format,
    ...(outputs.length > 0 ? { outputs } : {}),
    ...(failOnValues !== undefined ? { failOnValues } : {}),
    ...policyChoice(line, failOnPolicyOf(failOnValues).failOnPolicy),
    ...baselineChoice(line, outputs),
    ...historyChoice(line, { outputs, ...baselineChoice(line, outputs) }),
  };
}

export const driftMergeCommand: CliCommand<MergeCommandOptions> = {
  name: "drift merge",
  summary: "write the reports of a run split with drift --shard, from its shard files",
  usage,
  docs: DOCS,
  options: {
    ...Object.fromEntries(mergedReportOptions.map((name) => [name, reportOptions[name]!])),
    ...baselineOptions,
    ...historyOptions,
    ...policyOptions,
  },
  exits,
  parse,
  run: async ({ files, failOnValues, ...options }, _env, io) => {
    const shards = await readShards(files);
    const failOn = failOnOf(failOnValues, shards.options.tracking !== null);
    return runMerge(shards, { ...options, failOn }, io);
  },
};
