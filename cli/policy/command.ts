// `pulumi-webstats policy check FILE`: checks a policy pack configuration before it is used. The
// engine ignores a rule name the pack does not have and checks only the JSON types; this checks
// everything (policy/policy-config.ts), so a pipeline can refuse a mistaken file before
// `pulumi preview --policy-pack-config FILE` quietly runs without it.
import { readPolicyConfig, rulesInForce } from "../../policy/policy-config";
import type { CliCommand } from "../command";
import { ERROR_MEANING, exitCodeHelp, exitCodes, usageDetail } from "../exit-codes";
import type { CommandExit } from "../exit-codes";
import { commonOptionsHelp, docsLine, optionLines } from "../help";
import { UsageError } from "../usage-error";

/** The page with the file's whole story. */
const DOCS = "docs/policy-pack.md#the-configuration-file";

const exits: readonly CommandExit[] = [
  { name: "success", meaning: "the file can be used" },
  { name: "error", meaning: ERROR_MEANING, detail: usageDetail("the file cannot be used") },
];

export const policyCheckCommand: CliCommand<{ file: string }> = {
  name: "policy check",
  summary: "check a policy pack configuration file (--policy-pack-config) rule by rule",
  usage: () => `Usage: pulumi-webstats policy check FILE

Checks FILE, the JSON configuration of the webstats policy pack that pulumi preview
--policy-pack-config and pulumi-webstats drift --policy-pack-config take: every key a rule of
the pack (or all), every enforcement level advisory, mandatory or disabled (remediate for the
rules that can fix), every setting of the right type, IP ranges the server can match, domain
globs. Prints each rule with its level and settings; a problem names the rule and the key.
${exitCodeHelp(exits)}

Options:
${optionLines(commonOptionsHelp)}

${docsLine(DOCS)}`,
  docs: DOCS,
  options: {},
  exits,
  parse: (line) => {
    const [file, ...extra] = line.positionals;
    if (file === undefined || file.trim() === "" || extra.length > 0) {
      throw new UsageError("policy check takes one argument: the configuration file.");
    }
    return { file };
  },
  run: ({ file }, _env, io) => {
    const rules = readPolicyConfig(file);
    io.out(`${file} can be used; the rules as it sets them:\n${rulesInForce(rules)}`);
    return Promise.resolve(exitCodes.success);
  },
};
