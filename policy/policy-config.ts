// A policy pack configuration, the JSON file `pulumi preview --policy-pack-config` takes: keyed by
// rule name, each value an enforcement level or an object of `enforcementLevel` and the rule's
// settings; `all` sets the level of every rule. The engine checks only the levels and the JSON
// types, and silently ignores a name that is no rule; here everything is checked, each problem
// naming the rule and the key, before any website is.
import { readFileSync } from "node:fs";
import { closestName } from "../core/closest-name";
import { levelsOf, policyRules, ruleNames } from "./rules";
import type { EnforcementLevel, PolicyRule } from "./rules";

/** A rule as configured: its level and its settings, defaults applied. */
export interface ConfiguredRule {
  rule: PolicyRule;
  level: EnforcementLevel;
  settings: Record<string, unknown>;
}

/** A configuration that cannot be used: every problem, each naming its rule and key. */
export class PolicyConfigError extends Error {
  override name = "PolicyConfigError";
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const spoken = (values: readonly string[]): string =>
  values.length === 1
    ? `"${values[0]}"`
    : `${values
        .slice(0, -1)
        .map((v) => `"${v}"`)
        .join(", ")} or "${values.at(-1)}"`;

function levelProblem(rule: PolicyRule | undefined, value: unknown): string | undefined {
  const allowed = rule ? levelsOf(rule) : (["advisory", "mandatory", "disabled"] as EnforcementLevel[]);
  if (typeof value === "string" && (allowed as string[]).includes(value)) return undefined;
  const remediation =
    value === "remediate"
      ? ` (${rule ? `${rule.name} has no safe fix` : "all cannot set it: only some rules can fix what they find"})`
      : "";
  return `enforcementLevel must be ${spoken(allowed)}, not ${JSON.stringify(value)}${remediation}.`;
}

function unknownRule(name: string): string {
  const near = closestName(name, ruleNames);
  return `"${name}" is not a rule of the webstats policy pack${near ? ` (did you mean ${near}?)` : ""}; the rules are ${ruleNames.join(", ")}.`;
}

/** One rule's entry checked: its level and settings, or its problems. */
function configureRule(
  rule: PolicyRule,
  entry: unknown,
  allLevel: EnforcementLevel | undefined,
  problems: string[],
): ConfiguredRule {
  const say = (text: string) => problems.push(`${rule.name}: ${text}`);
  let level: EnforcementLevel = allLevel ?? rule.defaultLevel;
  let given: Record<string, unknown> = {};
  if (typeof entry === "string") {
    const problem = levelProblem(rule, entry);
    if (problem) say(problem);
    else level = entry as EnforcementLevel;
  } else if (isObject(entry)) {
    const { enforcementLevel, ...settings } = entry;
    if (enforcementLevel !== undefined) {
      const problem = levelProblem(rule, enforcementLevel);
      if (problem) say(problem);
      else level = enforcementLevel as EnforcementLevel;
    }
    given = settings;
  } else if (entry !== undefined) {
    say(
      `must be an enforcement level or an object of enforcementLevel and the rule's settings, not ${JSON.stringify(entry)}.`,
    );
  }
  const parsed = rule.settings.safeParse(given);
  if (parsed.success) return { rule, level, settings: parsed.data as Record<string, unknown> };
  const keys = Object.keys((rule.settings as unknown as { shape: Record<string, unknown> }).shape);
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const near = closestName(key, keys);
        say(
          `"${key}" is not a setting of this rule${near ? ` (did you mean ${near}?)` : ""}; ` +
            (keys.length === 0
              ? "it has none besides enforcementLevel."
              : `its settings are ${keys.join(", ")}.`),
        );
      }
    } else say(issue.message);
  }
  return { rule, level, settings: {} };
}

/**
 * Every rule as `config` (the parsed JSON) sets it, defaults for those it does not name; throws a
 * PolicyConfigError listing every problem. `source` names the file in the message.
 */
export function parsePolicyConfig(config: unknown, source: string): ConfiguredRule[] {
  const problems: string[] = [];
  if (!isObject(config)) {
    throw new PolicyConfigError(
      `The policy configuration ${source} must be a JSON object keyed by rule name (e.g. {"bots-excluded": "mandatory"}).`,
    );
  }
  for (const name of Object.keys(config))
    if (name !== "all" && !ruleNames.includes(name)) problems.push(unknownRule(name));
  let allLevel: EnforcementLevel | undefined;
  if (config.all !== undefined) {
    const level = isObject(config.all) ? config.all.enforcementLevel : config.all;
    const extra = isObject(config.all) ? Object.keys(config.all).filter((k) => k !== "enforcementLevel") : [];
    const problem = levelProblem(undefined, level);
    if (problem) problems.push(`all: ${problem}`);
    else allLevel = level as EnforcementLevel;
    for (const key of extra)
      problems.push(`all: "${key}" cannot be set for every rule; only enforcementLevel can.`);
  }
  const configured = policyRules.map((rule) => configureRule(rule, config[rule.name], allLevel, problems));
  if (problems.length > 0) {
    throw new PolicyConfigError(
      `The policy configuration ${source} cannot be used:\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
  }
  return configured;
}

/** Reads and checks a configuration file (JSON, as `--policy-pack-config` takes it). */
export function readPolicyConfig(file: string): ConfiguredRule[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new PolicyConfigError(
      `The policy configuration ${file} cannot be read (${code ?? (error as Error).message}).`,
    );
  }
  let parsed: unknown;
  try {
    parsed = text.trim() === "" ? {} : JSON.parse(text);
  } catch (error) {
    throw new PolicyConfigError(`The policy configuration ${file} is not JSON: ${(error as Error).message}.`);
  }
  return parsePolicyConfig(parsed, file);
}

/** The rules a run applies: all but the disabled ones. */
export const activeRules = (configured: readonly ConfiguredRule[]): ConfiguredRule[] =>
  configured.filter((c) => c.level !== "disabled");
