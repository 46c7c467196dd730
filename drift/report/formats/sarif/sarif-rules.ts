// The SARIF report's rules, as code-scanning services show them beside each alert: one per kind
// of finding (each status but in-sync, and silent), one per page status that needs a look
// (--check-pages; `present` needs none), and one per policy rule applied, named after it.
import type { FailOnName, PageStatus } from "../../../model/entries";
import type { PolicyCheck } from "../../../model/report";

interface RuleText {
  name: string;
  short: string;
  full: string;
  help: string;
}

export const findingRules: Record<FailOnName, RuleText> = {
  changed: {
    name: "WebsiteChanged",
    short: "A website's settings differ from what its stack recorded.",
    full: "The server holds other values than the stack recorded for fields a refresh reads; the next pulumi up would set them back.",
    help: "Run pulumi up to set the recorded values back, or keep the live ones: pulumi-webstats drift --fix code writes them into a fleet file or Pulumi YAML program (a program in another language is changed by hand), then pulumi up --refresh records them. To accept the change without acting, add it to the baseline (--write-baseline) or the ignore file (.webstats-drift.yaml, by domain, status and field).",
  },
  gone: {
    name: "WebsiteGone",
    short: "A website a stack records is not on the server.",
    full: "The stack records the website, but its account no longer holds it; the next pulumi up would create it again.",
    help: "Run pulumi up to create the website again (its statistics are gone with it), or remove its declaration and run pulumi refresh so that the stack forgets it.",
  },
  unmanaged: {
    name: "WebsiteUnmanaged",
    short: "A website on the server is in none of the stacks read.",
    full: "The account holds a website that no stack given to drift declares.",
    help: "Declare the website so that a stack manages it: pulumi-webstats drift --fix code --adopt-unmanaged appends it to the fleet file of its account's stacks, or pulumi-webstats generate --only-unmanaged writes a project for it. Websites managed by hand on purpose go in the ignore file with status unmanaged.",
  },
  duplicate: {
    name: "WebsiteDuplicate",
    short: "A website is recorded by more than one resource.",
    full: "Two or more resources record the same website, and each would change or delete it.",
    help: "Keep one declaration of the website: remove it from the other programs or stacks (pulumi state delete, or remove the declaration and refresh), since each resource would change or delete it.",
  },
  silent: {
    name: "WebsiteSilent",
    short: "A website had no pageview in the window checked.",
    full: "With --check-tracking: the website on the server recorded no pageview in the last days, so its tracking may be broken.",
    help: "Check that the website's pages still carry the tracking code and that excludeIps or excludeBots do not drop every visit; a website silent on purpose goes in the ignore file with status silent.",
  },
};

export type PageRuleStatus = Exclude<PageStatus, "present">;

const pageRules: Record<PageRuleStatus, Omit<RuleText, "full">> = {
  missing: {
    name: "TrackingCodeMissing",
    short: "A website's home page does not carry the installation's tracking code.",
    help: "Put the Website's trackingCode output (or getTrackingCode's) into the site's pages; see docs/tracking-code.md.",
  },
  wrong: {
    name: "TrackingCodeWrong",
    short: "A website's home page carries a tracking code of another installation, or a broken one.",
    help: "Replace the snippet in the site's pages with the Website's trackingCode output; see docs/tracking-code.md.",
  },
  unreachable: {
    name: "HomePageUnreachable",
    short: "A website's home page could not be read, so its tracking code could not be checked.",
    help: "Check that the website answers at its domain (the reason says what failed), or check it from a network that reaches it.",
  },
};

export const pageRuleIds = Object.keys(pageRules) as PageRuleStatus[];
export const pageRuleId = (status: PageRuleStatus): string => `page/${status}`;

/** The id of a policy rule: beside drift's own rules, never one of them. */
export const policyRuleId = (rule: string): string => `policy/${rule}`;

/** drift's own rules, each an error by default. */
export const findingRuleEntries = (ids: readonly FailOnName[]) =>
  ids.map((id) => ({
    id,
    name: findingRules[id].name,
    shortDescription: { text: findingRules[id].short },
    fullDescription: { text: findingRules[id].full },
    help: { text: findingRules[id].help },
    defaultConfiguration: { level: "error" },
  }));

/** The page check's rules: warnings, since pages have no --fail-on value. */
export const pageRuleEntries = () =>
  pageRuleIds.map((status) => ({
    id: pageRuleId(status),
    name: pageRules[status].name,
    shortDescription: { text: pageRules[status].short },
    fullDescription: { text: pageRules[status].short },
    help: { text: pageRules[status].help },
    defaultConfiguration: { level: "warning" },
  }));

/** A rule per policy rule applied, at its enforcement level. */
export const policyRuleEntries = (check: PolicyCheck) =>
  check.rules.map((r) => ({
    id: policyRuleId(r.name),
    name: `Policy${r.name.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase())}`,
    shortDescription: { text: r.description },
    fullDescription: { text: `${r.description} Enforcement level: ${r.level} (${check.file}).` },
    help: { text: `${r.description} Configure or disable it in ${check.file}; see docs/policy-pack.md.` },
    defaultConfiguration: { level: r.level === "mandatory" ? "error" : "warning" },
  }));
