// `pulumi-webstats drift`: its usage, and the option groups it is made of (the stacks to read,
// the report); the work is runDrift (drift/).
import { resolveSettings } from "../../core/settings";
import type { Environment } from "../../core/settings";
import { runDrift } from "../../drift";
import type { DriftOptions } from "../../drift";
import type { CliCommand, ParsedLine } from "../command";
import { environmentHelp } from "../environment-help";
import { commonOptionsHelp, docsLine, optionSections } from "../help";
import { refuseExtraWords } from "../parse-line";
import { stateOptions, stateOptionsHelp, stateSources } from "../state-options";
import { UsageError } from "../usage-error";
import { driftCommandExits, driftExitHelp } from "./exit-codes";
import { baselineChoice, baselineOptions, baselineOptionsHelp } from "./baseline-options";
import { historyChoice, historyOptions, historyOptionsHelp } from "./history-options";
import { fixChoice, fixOptions, fixOptionsHelp } from "./fix-options";
import { policyChoice, policyOptions, policyOptionsHelp } from "./policy-options";
import { pageChoice, pageOptions, pageOptionsHelp } from "./page-options";
import { reportChoice, reportOptions, reportOptionsHelp } from "./report-options";
import { stackOptions, stackOptionsHelp, stackReadingOf } from "./stack-options";
import { shardChoice, shardOptions, shardOptionsHelp, shardingOf } from "./shard-options";
import type { ShardingRequest } from "./shard-options";

/** The page with every option's whole story. */
const DOCS = "docs/drift-reference.md";
/** The page on splitting a run over CI machines. */
const SHARDS_DOCS = "docs/drift-scale.md";

/** drift's options, with the split a run asks for until the environment is read. */
type DriftCommandOptions = DriftOptions & { sharding?: ShardingRequest };

const usage = () => `Usage: pulumi-webstats drift [--cwd DIR] --stack NAME... [--state FILE...] [options]
       pulumi-webstats drift [--cwd DIR...] --all [--backend-wide] [--stack-filter GLOB...] [options]

Compares what stacks recorded with what their accounts hold: each website is in-sync, changed,
gone, unmanaged or duplicate (and silent, with --check-tracking). It only reads from the server
(--fix code writes files; --fix cloud runs pulumi up). Each stack's installation, key and network
settings are its own, as its pulumi up has them; the environment's apply to what it does not set.

${optionSections([
  ["Stacks", [...stateOptionsHelp, ...stackOptionsHelp]],
  ["Report", [...reportOptionsHelp, ...baselineOptionsHelp, ...historyOptionsHelp]],
  ["Checks", [...pageOptionsHelp, ...policyOptionsHelp]],
  ["Fixes", fixOptionsHelp],
  [`Shards (one run over many CI machines; then drift merge; ${SHARDS_DOCS})`, shardOptionsHelp],
  ["", commonOptionsHelp],
])}

${driftExitHelp}

${environmentHelp(true)}
${docsLine(DOCS)}`;

function parse(line: ParsedLine): DriftCommandOptions {
  refuseExtraWords(line, "drift");
  const sources = stateSources(line);
  const stacks = stackReadingOf(line, sources);
  if (sources.length === 0 && !stacks.all) {
    throw new UsageError(
      "drift needs the stacks to compare: --stack NAME (in the project folder, or --cwd DIR), --all, or --state FILE.",
    );
  }
  const { failOnPolicy, ...report } = reportChoice(line);
  const baseline = baselineChoice(line, report.outputs);
  const history = historyChoice(line, { ...report, ...baseline });
  const fixes = fixChoice(line, report.format, sources);
  return {
    sources,
    ...stacks,
    ...report,
    ...policyChoice(line, failOnPolicy),
    ...pageChoice(line),
    ...baseline,
    ...history,
    ...fixes,
    ...shardChoice(line, {
      outputs: report.outputs !== undefined,
      fix: fixes.fix !== undefined,
      fixCloud: fixes.fixCloud !== undefined,
      writeBaseline: baseline.writeBaseline !== undefined,
      history: history.history !== undefined,
    }),
  };
}

/** The options of the run: a split run's shard and run id from the line, else from the CI's variables. */
function runOptions({ sharding, ...options }: DriftCommandOptions, env: Environment): DriftOptions {
  return sharding ? { ...options, ...shardingOf(sharding, env) } : options;
}

export const driftCommand: CliCommand<DriftCommandOptions> = {
  name: "drift",
  summary:
    "compare what stacks recorded with what their accounts hold; --fix code writes the live values into fleet files, --fix cloud puts the declared ones back",
  usage,
  docs: DOCS,
  options: {
    ...stateOptions,
    ...stackOptions,
    ...reportOptions,
    ...pageOptions,
    ...baselineOptions,
    ...historyOptions,
    ...policyOptions,
    ...fixOptions,
    ...shardOptions,
  },
  exits: driftCommandExits,
  parse,
  // The command runs outside any stack: its settings come from the environment alone. The
  // console goes to the run whole: its verbose log with it.
  run: (options, env, io) =>
    runDrift(
      runOptions(options, env),
      env,
      resolveSettings(() => undefined, env),
      io,
    ),
};
