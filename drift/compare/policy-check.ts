// `drift --policy-pack-config FILE`: the policy pack's rules (policy/) over the websites the run
// read from the server, managed and unmanaged, and over each stack read. The same checks the pack
// runs at preview, on what the server holds: a website made outside Pulumi is judged like any
// other. The server never returns excludeParams, so that rule judges a managed website by the list
// its stack last applied and passes no verdict on an unmanaged one. Pure functions of what the
// run read; no request of their own.
import type { Website } from "../../sdk";
import { websiteFromServer } from "../../policy/policy-website";
import { activeRules } from "../../policy/policy-config";
import type { ConfiguredRule } from "../../policy/policy-config";
import type { DriftEntry } from "../model/entries";
import { liveKey } from "../model/entries";
import type { RecordedStack, RecordedWebsite } from "../read/stack-export";
import type { FindingLevel, PolicyCheck, PolicyFinding } from "../model/report";

const levelOf = (configured: ConfiguredRule): FindingLevel =>
  configured.level === "advisory" ? "advisory" : "mandatory";

/** The websites each stack recorded, by `stack:resource` (how an entry names its resources). */
function recordedByResource(stacks: readonly RecordedStack[]): Map<string, RecordedWebsite> {
  return new Map(stacks.flatMap((s) => s.websites.map((w) => [`${w.stack}:${w.resource}`, w] as const)));
}

export function checkPolicies(
  file: string,
  configured: readonly ConfiguredRule[],
  input: {
    entries: readonly DriftEntry[];
    live: ReadonlyMap<string, Website>;
    stacks: readonly RecordedStack[];
  },
  failOn: boolean,
): PolicyCheck {
  const rules = activeRules(configured);
  const recorded = recordedByResource(input.stacks);
  const findings: PolicyFinding[] = [];
  for (const entry of input.entries) {
    const website = input.live.get(liveKey(entry.account, entry.id));
    if (!website) continue;
    const applied = entry.resources.length > 0 ? recorded.get(entry.resources[0] as string) : undefined;
    const values = websiteFromServer(website, applied ? (applied.outputs.excludeParams ?? null) : undefined);
    for (const c of rules) {
      if (c.rule.kind !== "website") continue;
      const violation = c.rule.check(values, c.settings);
      if (violation)
        findings.push({ rule: c.rule.name, level: levelOf(c), message: violation.message, entry });
    }
  }
  for (const stack of input.stacks) {
    for (const c of rules) {
      if (c.rule.kind !== "stack") continue;
      const violation = c.rule.check({ name: stack.name, websites: stack.websites.length }, c.settings);
      if (violation)
        findings.push({
          rule: c.rule.name,
          level: levelOf(c),
          message: violation.message,
          stack: stack.name,
        });
    }
  }
  return {
    file,
    rules: rules.map((c) => ({ name: c.rule.name, description: c.rule.description, level: levelOf(c) })),
    findings,
    failOn,
  };
}

/** Whether the policy findings fail the run: a mandatory one, when --fail-on names policy. */
export const policyFails = (check: PolicyCheck | undefined): boolean =>
  check?.failOn === true && check.findings.some((f) => f.level === "mandatory");

/** Where a finding is, in words: the website (and its account) or the stack. */
export const findingSubject = (f: PolicyFinding): string =>
  f.entry
    ? `${f.entry.domain} (${f.entry.id}) on the account ${f.entry.account.email} (${f.entry.account.id}) at ${f.entry.account.url}`
    : `stack ${f.stack}`;
