// The rules as the policies of a CrossGuard policy pack: each rule becomes a policy with its name,
// description, enforcement level and the JSON schema of its settings; a website rule checks (and,
// where it has a safe fix, remediates) every Website of this package, whichever host serves it;
// the stack rule counts them. The shapes are those of `@pulumi/policy` (written here
// structurally, so that this package does not depend on it; policy-pack/ hands them to its
// PolicyPack, which the compiler holds to the real types).
//
// What the engine hands a policy is a proxy that throws on a value not known during a preview;
// values are read one by one, and one not known is passed on as the engine's placeholder, which
// the provider's check lets through and the rules treat as not known. Secret arguments (the
// password, the connection and its key) are never read, and a remediation writes only the
// settings it fixes, so the engine keeps every secret as it was.
import { unknownValue } from "../core/unknown-values";
import { secretFields, websiteFields } from "../core/website-fields";
import { configSchemaOf } from "./config-schema";
import { websiteFromInputs } from "./policy-website";
import { PolicyConfigError } from "./policy-config";
import type { PolicyRule, StackRule, WebsiteRule } from "./rules";
import { policyRules } from "./rules";
import { websiteHost } from "./website-resources";

/** What a policy receives about one resource (`ResourceValidationArgs` of @pulumi/policy). */
export interface PolicyResourceArgs {
  type: string;
  props: Record<string, unknown>;
  urn: string;
  name: string;
  getConfig<T extends object>(): T;
}

/** What a stack policy receives (`StackValidationArgs` of @pulumi/policy). */
export interface PolicyStackArgs {
  resources: { type: string; props: Record<string, unknown>; urn: string; name: string }[];
  getConfig<T extends object>(): T;
}

type ReportViolation = (message: string, urn?: string) => void;

export interface PackResourcePolicy {
  name: string;
  description: string;
  enforcementLevel: "advisory" | "mandatory" | "disabled";
  configSchema: { properties: Record<string, object>; required?: string[] };
  validateResource: (args: PolicyResourceArgs, reportViolation: ReportViolation) => void;
  remediateResource?: (args: PolicyResourceArgs) => Record<string, unknown> | undefined;
}

export interface PackStackPolicy {
  name: string;
  description: string;
  enforcementLevel: "advisory" | "mandatory" | "disabled";
  configSchema: { properties: Record<string, object>; required?: string[] };
  validateStack: (args: PolicyStackArgs, reportViolation: ReportViolation) => void;
}

/** The name of the pack as the engine shows it. */
export const policyPackName = "webstats";

/** A value read through the engine's proxy, with the placeholder wherever it is not known yet. */
function plainValue(read: () => unknown): unknown {
  let value: unknown;
  try {
    value = read();
  } catch {
    return unknownValue;
  }
  if (Array.isArray(value)) {
    const list = value as unknown[];
    return Array.from({ length: list.length }, (_, index) => plainValue(() => list[index]));
  }
  if (typeof value === "object" && value !== null) {
    const object = value as Record<string, unknown>;
    return Object.fromEntries(Object.keys(object).map((key) => [key, plainValue(() => object[key])]));
  }
  return value;
}

/** The arguments a rule reads, as plain values: never a secret one. */
const readableArguments = Object.keys(websiteFields).filter((name) => !secretFields.includes(name as never));

function readArguments(props: Record<string, unknown>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const name of readableArguments) {
    const value = plainValue(() => props[name]);
    if (value !== undefined) plain[name] = value;
  }
  return plain;
}

const isWebsite = (args: { type: string; props: Record<string, unknown> }): boolean =>
  websiteHost(args.type, () => args.props.__provider) !== undefined;

/** The rule's settings as the engine hands them, checked as a config file's are. */
function settingsOf(rule: PolicyRule, args: { getConfig<T extends object>(): T }): Record<string, unknown> {
  const parsed = rule.settings.safeParse(args.getConfig<Record<string, unknown>>() ?? {});
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const problems = parsed.error.issues.map((issue) =>
    issue.code === "unrecognized_keys"
      ? `"${issue.keys.join('", "')}" is not a setting of this rule.`
      : issue.message,
  );
  throw new PolicyConfigError(`The configuration of ${rule.name} cannot be used: ${problems.join(" ")}`);
}

function websitePolicy(rule: WebsiteRule): PackResourcePolicy {
  const policy: PackResourcePolicy = {
    name: rule.name,
    description: rule.description,
    enforcementLevel: rule.defaultLevel,
    configSchema: configSchemaOf(rule),
    validateResource: (args, reportViolation) => {
      const settings = settingsOf(rule, args);
      if (!isWebsite(args)) return;
      const violation = rule.check(websiteFromInputs(readArguments(args.props)), settings);
      if (violation) reportViolation(violation.message);
    },
  };
  const { fix } = rule;
  if (fix) {
    policy.remediateResource = (args) => {
      const settings = settingsOf(rule, args);
      if (!isWebsite(args)) return undefined;
      const changes = fix(websiteFromInputs(readArguments(args.props)), settings);
      if (!changes) return undefined;
      // Written into the engine's own object: every other value, secrets included, stays as it was.
      for (const [key, value] of Object.entries(changes)) args.props[key] = value;
      return args.props;
    };
  }
  return policy;
}

function stackPolicy(rule: StackRule): PackStackPolicy {
  return {
    name: rule.name,
    description: rule.description,
    enforcementLevel: rule.defaultLevel,
    configSchema: configSchemaOf(rule),
    validateStack: (args, reportViolation) => {
      const settings = settingsOf(rule, args);
      const websites = args.resources.filter(isWebsite);
      const stack = websites[0]?.urn.split("::")[0]?.replace(/^urn:pulumi:/, "") ?? "";
      const violation = rule.check({ name: stack, websites: websites.length }, settings);
      if (violation) reportViolation(violation.message);
    },
  };
}

/** Every rule as a policy of the pack. */
export function packPolicies(): (PackResourcePolicy | PackStackPolicy)[] {
  return policyRules.map((rule) => (rule.kind === "website" ? websitePolicy(rule) : stackPolicy(rule)));
}
