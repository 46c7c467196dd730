// The rules of the webstats policy pack, described once: name, what users read, the enforcement
// level it has unless configured, its settings, the check (a pure function of a website's values
// and the settings) and, where the fix is safe, the fix. The policy pack (policy-pack/) serves
// them to the engine at every preview; `pulumi-webstats drift --policy-pack-config` runs them over
// the websites on the server. Neither has a copy of a rule's logic.
import { z } from "zod";
import { privacyValues, protectedPrivacy } from "../core/website-fields";
import { uncoveredRanges } from "./ip-cover";
import type { PolicyWebsite } from "./policy-website";
import {
  checkedList,
  domainGlobProblem,
  domainSuffixProblem,
  ipRangeProblem,
  domainGlobs,
  parameterProblem,
  suffixOf,
} from "./rule-settings";

/** What a configuration may set a rule to; `remediate` only for rules that fix what they find. */
export const enforcementLevels = ["advisory", "mandatory", "remediate", "disabled"] as const;
export type EnforcementLevel = (typeof enforcementLevels)[number];

/** What a rule finds wrong with one website or stack: the problem and how to fix it. */
export interface Violation {
  message: string;
}

/** The settings a fix changes: the values to send instead of those the program gave. */
export type WebsiteFix = Partial<Pick<PolicyWebsite, "excludeBots">> & {
  excludeIps?: string[];
  excludeParams?: string[];
};

interface RuleBase<S extends z.ZodType> {
  name: string;
  description: string;
  /** The level a configuration that says nothing of the rule leaves it at. */
  defaultLevel: Exclude<EnforcementLevel, "remediate">;
  /** Its settings, each key with its default (a rule without settings has an empty object). */
  settings: S;
}

export interface WebsiteRule<S extends z.ZodType = z.ZodType> extends RuleBase<S> {
  kind: "website";
  /** The violation of one website, or undefined when it complies or a value it needs is not known. */
  check: (website: PolicyWebsite, settings: z.output<S>) => Violation | undefined;
  /** The values that make the website comply; only rules whose fix is always safe have one. */
  fix?: (website: PolicyWebsite, settings: z.output<S>) => WebsiteFix | undefined;
}

export interface StackRule<S extends z.ZodType = z.ZodType> extends RuleBase<S> {
  kind: "stack";
  /** The violation of a stack with `websites` websites, or undefined. */
  check: (stack: { name: string; websites: number }, settings: z.output<S>) => Violation | undefined;
}

export type PolicyRule = WebsiteRule | StackRule;

const website = <S extends z.ZodType>(rule: Omit<WebsiteRule<S>, "kind">): WebsiteRule<S> => ({
  kind: "website",
  ...rule,
});

const listed = (entries: readonly string[]): string => entries.map((e) => JSON.stringify(e)).join(", ");

const requiredIps = website({
  name: "required-excluded-ips",
  description:
    "Every website excludes the given IP addresses and ranges (the office, monitoring), so their visits are never counted.",
  defaultLevel: "advisory",
  settings: z.strictObject({
    ranges: checkedList(
      "ranges",
      'a list of IP addresses or CIDR ranges, such as ["203.0.113.0/24"]',
      ipRangeProblem,
    ).default([]),
  }),
  check: (site, { ranges }) => {
    if (site.excludeIps === undefined || site.domain === undefined) return undefined;
    const missing = uncoveredRanges(site.excludeIps, ranges);
    if (missing.length === 0) return undefined;
    return {
      message: `Website ${site.domain} does not exclude ${listed(missing)} (excludeIps holds ${site.excludeIps.length === 0 ? "nothing" : listed(site.excludeIps)}). Fix: add ${listed(missing)} to its excludeIps.`,
    };
  },
  fix: (site, { ranges }) => {
    if (site.excludeIps === undefined) return undefined;
    const missing = uncoveredRanges(site.excludeIps, ranges);
    return missing.length === 0 ? undefined : { excludeIps: [...site.excludeIps, ...missing] };
  },
});

const botsExcluded = website({
  name: "bots-excluded",
  description: "Every website leaves known bots out of its statistics (excludeBots: true).",
  defaultLevel: "mandatory",
  settings: z.strictObject({}),
  check: (site) =>
    site.excludeBots === false && site.domain !== undefined
      ? {
          message: `Website ${site.domain} counts bots (excludeBots is false). Fix: set excludeBots to true, or leave it out (true is its default).`,
        }
      : undefined,
  fix: (site) => (site.excludeBots === false ? { excludeBots: true } : undefined),
});

const requiredParams = website({
  name: "required-excluded-params",
  description:
    "Every website drops the query parameters that carry personal data (email, token, session...) from the URLs it tracks; `&` (every parameter) satisfies any list.",
  defaultLevel: "mandatory",
  settings: z.strictObject({
    parameters: checkedList(
      "parameters",
      'a list of query parameter names, such as ["email", "token"]',
      parameterProblem,
    ).default(["email", "token", "session"]),
  }),
  check: (site, { parameters }) => {
    if (site.excludeParams === undefined || site.domain === undefined || parameters.length === 0)
      return undefined;
    if (site.excludeParams === null) {
      return {
        message: `Website ${site.domain} leaves excludeParams unset, so the server keeps whatever list it holds and Pulumi cannot show it. Fix: set excludeParams to a list that holds ${listed(parameters)}.`,
      };
    }
    if (site.excludeParams.includes("&")) return undefined;
    const missing = parameters.filter((p) => !site.excludeParams?.includes(p));
    if (missing.length === 0) return undefined;
    return {
      message: `Website ${site.domain} keeps the query parameters ${listed(missing)} in the URLs it tracks. Fix: add ${listed(missing)} to its excludeParams.`,
    };
  },
  fix: (site, { parameters }) => {
    if (site.excludeParams === undefined || site.excludeParams?.includes("&")) return undefined;
    const current = site.excludeParams ?? [];
    const missing = parameters.filter((p) => !current.includes(p));
    return missing.length === 0 && site.excludeParams !== null
      ? undefined
      : { excludeParams: [...current, ...missing] };
  },
});

const closedPrivacy = privacyValues.filter((p) => p !== "public") as ["private", "password"];

const nonPublicDomains = website({
  name: "non-public-domains",
  description:
    "Websites whose domain matches one of the patterns (staging and preview sites) never have a public statistics page; with privacy [password], they must be password-protected.",
  defaultLevel: "mandatory",
  settings: z.strictObject({
    patterns: checkedList(
      "patterns",
      'a list of domain globs, such as ["staging.*", "*.preview.example.com"]',
      (glob) => {
        const problem = domainGlobProblem(glob);
        return problem ? `is refused: ${problem}` : undefined;
      },
    ).default(["staging.*", "*.staging.*", "preview.*", "*.preview.*"]),
    privacy: z
      .array(z.enum(closedPrivacy, { error: 'privacy must list "private", "password" or both.' }), {
        error: 'privacy must list "private", "password" or both.',
      })
      .min(1, { error: 'privacy must list "private", "password" or both.' })
      .default([...closedPrivacy]),
  }),
  check: (site, { patterns, privacy }) => {
    if (site.domain === undefined || site.privacy === undefined) return undefined;
    const pattern = domainGlobs(patterns).find((glob) => glob.matches(site.domain as string))?.glob;
    if (pattern === undefined || privacy.includes(site.privacy as "private" | "password")) return undefined;
    const wanted = privacy.map((p) => `"${p}"`).join(" or ");
    return {
      message: `Website ${site.domain} matches ${JSON.stringify(pattern)} but its statistics page is ${site.privacy}. Fix: set privacy to ${wanted}${privacy.includes(protectedPrivacy) ? " (with a password)" : ""}.`,
    };
  },
});

const allowedSuffixes = website({
  name: "allowed-domain-suffixes",
  description:
    "Only domains under an approved suffix are tracked at all (the suffix itself or any name below it); an empty list allows every domain.",
  defaultLevel: "mandatory",
  settings: z.strictObject({
    suffixes: checkedList(
      "suffixes",
      'a list of domain suffixes, such as ["example.com"]',
      domainSuffixProblem,
    ).default([]),
  }),
  check: (site, { suffixes }) => {
    if (site.domain === undefined || suffixes.length === 0) return undefined;
    const domain = site.domain.replace(/\.$/, "");
    const allowed = suffixes
      .map(suffixOf)
      .some((suffix) => domain === suffix || domain.endsWith(`.${suffix}`));
    if (allowed) return undefined;
    return {
      message: `Website ${site.domain} is under none of the approved suffixes ${listed(suffixes.map(suffixOf))}. Fix: track it under an approved domain, or add its suffix to the rule's suffixes.`,
    };
  },
});

const websitesPerStack: StackRule<z.ZodObject<{ maximum: z.ZodDefault<z.ZodNumber> }>> = {
  kind: "stack",
  name: "websites-per-stack",
  description: "A stack holds at most the given number of websites, so one mistake cannot reach them all.",
  defaultLevel: "advisory",
  settings: z.strictObject({
    maximum: z
      .number({ error: "maximum must be a whole number of websites, 0 or more." })
      .int({ error: "maximum must be a whole number of websites, 0 or more." })
      .min(0, { error: "maximum must be a whole number of websites, 0 or more." })
      .default(100),
  }),
  check: (stack, { maximum }) =>
    stack.websites > maximum
      ? {
          message: `Stack ${stack.name} holds ${stack.websites} websites, more than the ${maximum} allowed. Fix: move some into another stack, or raise the rule's maximum.`,
        }
      : undefined,
};

/** Every rule, in the order reports list them. */
export const policyRules: readonly PolicyRule[] = [
  requiredIps,
  botsExcluded,
  requiredParams,
  nonPublicDomains,
  allowedSuffixes,
  websitesPerStack,
] as PolicyRule[];

export const ruleNames = policyRules.map((rule) => rule.name);

/** The rule of that name, or undefined. */
export const ruleNamed = (name: string): PolicyRule | undefined =>
  policyRules.find((rule) => rule.name === name);

/** The levels a rule may be set to. */
export const levelsOf = (rule: PolicyRule): EnforcementLevel[] =>
  enforcementLevels.filter(
    (level) => level !== "remediate" || (rule.kind === "website" && rule.fix !== undefined),
  );
