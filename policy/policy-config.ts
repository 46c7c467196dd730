// A policy pack configuration, the JSON file `pulumi preview --policy-pack-config` takes: keyed by
// rule name, each value an enforcement level or an object of `enforcementLevel` and the rule's
// settings; `all` sets the level of every rule. The engine checks only the levels and the JSON
// types, and silently ignores a name that is no rule; here everything is checked, each problem
// naming the rule and the key, before any website is.
import { closeSync, openSync, readSync } from "node:fs";
import { closestName } from "../core/closest-name";
import { jsonTextProblem, placeOf } from "../core/json-text";
import { levelsOf, policyRules, ruleNames } from "./rules";
import type { EnforcementLevel, PolicyRule } from "./rules";

/** A rule as configured: its level and its settings, defaults applied. */
export interface ConfiguredRule {
  rule: PolicyRule;
  level: EnforcementLevel;
  /** Where the level comes from: the rule's own key, `all`, or the rule's default (the file names neither). */
  levelFrom: "rule" | "all" | "default";
  settings: Record<string, unknown>;
}

/** A configuration that cannot be used: every problem, each naming its rule and key. */
export class PolicyConfigError extends Error {
  override name = "PolicyConfigError";
}

/**
 * The bounds of a configuration file: a few rules' settings fit in kilobytes and nest three
 * levels deep (rules, settings, lists), so a larger or deeper file is a mistake, refused before
 * it is parsed.
 */
export const policyConfigBounds = { bytes: 1024 * 1024, depth: 64 } as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A value as messages quote it: JSON, cut short past 60 characters. */
const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 50)}...` : text;
};

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
  return `enforcementLevel must be ${spoken(allowed)}, not ${shown(value)}${remediation}.`;
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
  let levelFrom: ConfiguredRule["levelFrom"] = allLevel ? "all" : "default";
  let given: Record<string, unknown> = {};
  if (typeof entry === "string") {
    const problem = levelProblem(rule, entry);
    if (problem) say(problem);
    else [level, levelFrom] = [entry as EnforcementLevel, "rule"];
  } else if (isObject(entry)) {
    const { enforcementLevel, ...settings } = entry;
    if (enforcementLevel !== undefined) {
      const problem = levelProblem(rule, enforcementLevel);
      if (problem) say(problem);
      else [level, levelFrom] = [enforcementLevel as EnforcementLevel, "rule"];
    }
    given = settings;
  } else if (entry !== undefined) {
    say(
      `must be an enforcement level or an object of enforcementLevel and the rule's settings, not ${shown(entry)}.`,
    );
  }
  const parsed = rule.settings.safeParse(given);
  if (parsed.success) return { rule, level, levelFrom, settings: parsed.data as Record<string, unknown> };
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
  return { rule, level, levelFrom, settings: {} };
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

/** The text of a configuration file, read no further than its bound. */
function readBounded(file: string): string {
  const buffer = Buffer.alloc(policyConfigBounds.bytes + 1);
  let length = 0;
  try {
    const fd = openSync(file, "r");
    try {
      for (let read = -1; read !== 0 && length < buffer.length; length += read) {
        read = readSync(fd, buffer, length, buffer.length - length, null);
      }
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new PolicyConfigError(
      `The policy configuration ${file} cannot be read (${code ?? (error as Error).message}).`,
    );
  }
  if (length > policyConfigBounds.bytes) {
    throw new PolicyConfigError(
      `The policy configuration ${file} is larger than ${policyConfigBounds.bytes / 1024 / 1024} MiB ` +
        `(${policyConfigBounds.bytes.toLocaleString("en-US")} bytes), the most that is read: a configuration is ` +
        "a few rules' settings. Check that it is the right file.",
    );
  }
  return buffer.toString("utf8", 0, length);
}

/**
 * Reads and checks a configuration file (JSON, as `--policy-pack-config` takes it), at most 1 MiB
 * nested at most 64 deep. No message quotes the file's text: only its line and column.
 */
export function readPolicyConfig(file: string): ConfiguredRule[] {
  const text = readBounded(file);
  if (text.trim() === "") return parsePolicyConfig({}, file);
  const problem = jsonTextProblem(text, policyConfigBounds.depth);
  if (problem?.tooDeep) {
    throw new PolicyConfigError(
      `The policy configuration ${file} nests arrays and objects deeper than ${policyConfigBounds.depth} levels ` +
        `(${placeOf(problem)}): a configuration is rules, their settings and lists of values.`,
    );
  }
  if (problem) {
    throw new PolicyConfigError(
      `The policy configuration ${file} is not JSON (${placeOf(problem)}: ${problem.reason}).`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The scanner and JSON.parse agree on what JSON is; V8's message quotes the text, never pass it on.
    throw new PolicyConfigError(`The policy configuration ${file} is not JSON.`);
  }
  return parsePolicyConfig(parsed, file);
}

/** The rules a run applies: all but the disabled ones. */
export const activeRules = (configured: readonly ConfiguredRule[]): ConfiguredRule[] =>
  configured.filter((c) => c.level !== "disabled");

/** Where each level comes from, as `policy check` says it after the rule. */
const levelOrigins = { rule: "", all: " (from all)", default: " (its default level: the file sets none)" };

/**
 * Every rule with its level and settings, a rule the file does not name marked as at its default
 * (it is still in force), then the rules by level: what `policy check` prints.
 */
export function rulesInForce(configured: readonly ConfiguredRule[]): string {
  const lines = configured.map(
    (c) =>
      `  ${c.rule.name}: ${c.level}${Object.keys(c.settings).length > 0 ? ` ${JSON.stringify(c.settings)}` : ""}` +
      levelOrigins[c.levelFrom],
  );
  const levels: EnforcementLevel[] = ["mandatory", "remediate", "advisory", "disabled"];
  const byLevel = levels.map((level) => {
    const names = configured.filter((c) => c.level === level).map((c) => c.rule.name);
    return `  ${level.padEnd(9)}  ${names.length > 0 ? names.join(", ") : "(none)"}`;
  });
  return (
    `${lines.join("\n")}\n` +
    "In force, by level (mandatory fails the preview or update, remediate fixes, advisory reports):\n" +
    `${byLevel.join("\n")}\n`
  );
}
