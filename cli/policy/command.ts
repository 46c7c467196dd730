// `pulumi-webstats policy check FILE`: checks a policy pack configuration before it is used. The
// engine ignores a rule name the pack does not have and checks only the JSON types; this checks
// everything (policy/policy-config.ts), so a pipeline can refuse a mistaken file before
// `pulumi preview --policy-pack-config FILE` quietly runs without it.
import { readPolicyConfig, rulesInForce } from "../../policy/policy-config";
import { printingCommand } from "../printing-command";
import { UsageError } from "../usage-error";

export const policyCheckCommand = printingCommand<{ file: string }>({
  name: "policy check",
  summary: "check a policy pack configuration file (--policy-pack-config) rule by rule",
  synopsis: "policy check FILE",
  about: `Checks FILE, the JSON configuration of the webstats policy pack that pulumi preview
--policy-pack-config and pulumi-webstats drift --policy-pack-config take: every key a rule of
the pack (or all), every enforcement level advisory, mandatory or disabled (remediate for the
rules that can fix), every setting of the right type, IP ranges the server can match, domain
globs. Prints each rule with its level and settings; a problem names the rule and the key.`,
  docs: "docs/policy-pack.md#the-configuration-file",
  done: "the file can be used",
  fails: "the file cannot be used",
  parse: (line) => {
    const [file, ...extra] = line.positionals;
    if (file === undefined || file.trim() === "" || extra.length > 0) {
      throw new UsageError("policy check takes one argument: the configuration file.");
    }
    return { file };
  },
  print: ({ file }) =>
    `${file} can be used; the rules as it sets them:\n${rulesInForce(readPolicyConfig(file))}`,
});
