// drift's option for the policy pack's rules: --policy-pack-config FILE runs them over every
// website the run reads (drift/compare/policy-check.ts). The file is read and checked when the command
// runs, before any stack is read; here only the line is checked.
import type { OptionTable, ParsedLine } from "../command";
import type { OptionHelp } from "../help";
import { UsageError } from "../usage-error";

export const policyOptions: OptionTable = {
  "policy-pack-config": { type: "string" },
};

export const policyOptionsHelp: OptionHelp[] = [
  {
    option: "--policy-pack-config FILE",
    text: "also check the policy pack's rules, set by FILE; mandatory: exit 3",
  },
];

/** The policy check asked for, if any; `failOnPolicy` is what --fail-on said of policy. */
export function policyChoice(
  { values }: ParsedLine,
  failOnPolicy: boolean | undefined,
): { policy?: { file: string; failOn: boolean } } {
  const file = values["policy-pack-config"] as string | undefined;
  if (file === undefined) {
    if (failOnPolicy)
      throw new UsageError("--fail-on policy needs --policy-pack-config FILE: the rules to check.");
    return {};
  }
  if (file.trim() === "") throw new UsageError("--policy-pack-config needs a file name.");
  return { policy: { file, failOn: failOnPolicy ?? true } };
}
