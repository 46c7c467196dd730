// `pulumi-webstats drift`: its usage, and the option groups it is made of (the stacks to read,
// the report); the work is drift/run.ts.
import { resolveSettings, settingSpecs } from "../../core/settings";
import { runDrift } from "../../drift";
import type { DriftOptions } from "../../drift";
import type { CliCommand, ParsedLine } from "../command";
import { environmentHelp } from "../environment-help";
import { refuseExtraWords } from "../parse-line";
import { stateOptions, stateOptionsHelp, stateSources } from "../state-options";
import { UsageError } from "../usage-error";
import { baselineChoice, baselineOptions, baselineOptionsHelp } from "./baseline-options";
import { fixChoice, fixExitCodes, fixOptions, fixOptionsHelp } from "./fix-options";
import { policyChoice, policyOptions, policyOptionsHelp } from "./policy-options";
import { pageChoice, pageOptions, pageOptionsHelp } from "./page-options";
import { reportChoice, reportOptions, reportOptionsHelp } from "./report-options";
import { stackOptions, stackOptionsHelp, stackReadingOf } from "./stack-options";

const usage = () => `Usage: pulumi-webstats drift [--cwd DIR] --stack NAME... [--state FILE...]
       pulumi-webstats drift [--cwd DIR...] --all [--backend-wide] [--stack-filter GLOB...]
                             [--parallel N]
                             [--format text|json|markdown|sarif|junit|html [--output FILE]]...
                             [--fail-on STATUS,...] [--baseline FILE] [--write-baseline FILE]
                             [--ignore FILE]
                             [--check-tracking [--silent-days N]]
                             [--policy-pack-config FILE]
                             [--check-pages [--page-parallel N] [--page-timeout S]
                                            [--page-run-timeout S] [--page-allow-private]]
                             [--fix code [--adopt-unmanaged [--adopt-into FILE]] [--force]]
                             [--fix cloud [--yes]]

Compares what stacks recorded with what their accounts hold, and gives every website of
every account those stacks use one status: in-sync, changed (each field that differs, as a
refresh would see it), gone (recorded, not on the server), unmanaged (in no stack given) or
duplicate (recorded twice). With --check-tracking, a website on the server that had no
pageview in the last days is also silent, whatever its status. With --check-pages, each
website's home page says whether it carries the installation's tracking code (and, with
--check-tracking, the likely cause of a silence). The report shows each
account's websites against its plan's limit. It only reads from the server (--fix code
writes files, never the server; --fix cloud changes websites through pulumi up alone): GET
/account per key, a listing of each account and a GET for a website the listing lacks.
Installations, keys and network settings (CA file, proxy) are the stacks' own
(configuration, providers, connection arguments), the environment's variables applying to
what a stack does not set, as for pulumi up; a key the state does not hold comes from
${settingSpecs.apiKey.env} for the installation ${settingSpecs.baseUrl.env} names.

Options:
${stateOptionsHelp}
${stackOptionsHelp}
${reportOptionsHelp}
${pageOptionsHelp}
${baselineOptionsHelp}
${policyOptionsHelp}
${fixOptionsHelp}
  -h, --help       show this help
Exit code: 0 in sync, 2 drift found, 3 a mandatory policy violation (whatever the drift),
1 error (a wrong option included).
${fixExitCodes}

${environmentHelp(true)}`;

function parse(line: ParsedLine): DriftOptions {
  refuseExtraWords(line, "drift");
  const sources = stateSources(line);
  const stacks = stackReadingOf(line, sources);
  if (sources.length === 0 && !stacks.all) {
    throw new UsageError(
      "drift needs the stacks to compare: --stack NAME (in the project folder, or --cwd DIR), --all, or --state FILE.",
    );
  }
  const { failOnPolicy, ...report } = reportChoice(line);
  return {
    sources,
    ...stacks,
    ...report,
    ...policyChoice(line, failOnPolicy),
    ...pageChoice(line),
    ...baselineChoice(line, report.outputs),
    ...fixChoice(line, report.format, sources),
  };
}

export const driftCommand: CliCommand<DriftOptions> = {
  name: "drift",
  summary:
    "compare what stacks recorded with what their accounts hold; --fix code writes the live values into fleet files, --fix cloud puts the declared ones back",
  usage,
  options: {
    ...stateOptions,
    ...stackOptions,
    ...reportOptions,
    ...pageOptions,
    ...baselineOptions,
    ...policyOptions,
    ...fixOptions,
  },
  // 2 means drift found: a pipeline must not take a mistyped option for it.
  usageExitCode: 1,
  parse,
  // The command runs outside any stack: its settings come from the environment alone.
  run: (options, env, io) =>
    runDrift(
      options,
      env,
      resolveSettings(() => undefined, env),
      io,
    ),
};
