// `pulumi-webstats/policy`: the rules of the webstats policy pack, their settings, and the
// policies the pack (the `pulumi-webstats-policy` package) hands to the engine.
export { packPolicies, policyPackName } from "./pack-policies";
export type {
  PackResourcePolicy,
  PackStackPolicy,
  PolicyResourceArgs,
  PolicyStackArgs,
} from "./pack-policies";
export { PolicyConfigError, activeRules, parsePolicyConfig, readPolicyConfig } from "./policy-config";
export type { ConfiguredRule } from "./policy-config";
export { websiteFromInputs, websiteFromServer } from "./policy-website";
export type { PolicyWebsite } from "./policy-website";
export { enforcementLevels, policyRules, ruleNames } from "./rules";
export type { EnforcementLevel, PolicyRule, StackRule, Violation, WebsiteFix, WebsiteRule } from "./rules";
export { websiteHost } from "./website-resources";
