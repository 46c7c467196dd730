// The values a rule looks at: a website's settings as the provider will send them (domain
// normalised, defaults applied, lists cleaned), read either from a resource's inputs (the policy
// pack, at preview) or from the server (drift). Secret arguments (the password, the connection
// and its key) never reach a rule: they are dropped before anything is read.
import type { Privacy, Website } from "../sdk";
import { checkWebsiteInputs } from "../core/website-check";
import { fieldEntries, isWriteOnly, secretFields, websiteFields } from "../core/website-fields";
import type { FieldName, ValueOf } from "../core/website-fields";
import { containsUnknown } from "../core/unknown-values";

/**
 * The arguments the rules judge: the policy's choice among the table's fields (the compiler holds
 * each to it). Their values' types, and which of them the API never returns, come from the table.
 */
const ruleFields = [
  "domain",
  "privacy",
  "excludeBots",
  "excludeIps",
  "excludeParams",
] as const satisfies readonly FieldName[];
const specs = new Map(fieldEntries);
type RuleField = (typeof ruleFields)[number];

/**
 * A website's settings as the rules see them. `undefined` means not known: a value that depends
 * on another resource during a preview, or one the provider refuses anyway (its own check says
 * why). A rule that needs a value it does not know passes no verdict.
 */
export interface PolicyWebsite {
  domain: string | undefined;
  privacy: Privacy | undefined;
  excludeBots: boolean | undefined;
  excludeIps: string[] | undefined;
  /**
   * `null`: not managed (the argument is omitted, so the server keeps whatever list it holds).
   * The API never returns this list: for a website read from the server, only the list its
   * stack last applied is known.
   */
  excludeParams: string[] | null | undefined;
}

// The interface is written out so that the package's declaration of it stands alone (and keeps
// its doc comments); the compiler holds it to the table both ways: the fields the rules judge,
// each with the table's type, `null` (unmanaged) for an argument the API never returns.
type WriteOnly = {
  [K in RuleField]: (typeof websiteFields)[K] extends { sentOn: unknown; read: unknown } ? never : K;
}[RuleField];
type FromTable = { [K in RuleField]: ValueOf<K> | (K extends WriteOnly ? null : never) | undefined };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _heldToTable: Same<PolicyWebsite, FromTable> = true;

/** The arguments a rule may read: every Website argument but the secret ones. */
const readable = Object.keys(websiteFields).filter((name) => !secretFields.includes(name as never));

/**
 * A Website resource's inputs (as the engine hands them to a policy pack) as the rules see them:
 * checked and normalised by the provider's own check, so a rule judges what will be sent.
 */
export function websiteFromInputs(props: Readonly<Record<string, unknown>>): PolicyWebsite {
  const given: Record<string, unknown> = {};
  for (const name of readable) if (props[name] !== undefined) given[name] = props[name];
  const { inputs, failures } = checkWebsiteInputs(given);
  const refused = new Set(failures.map((f) => f.argument));
  return Object.fromEntries(
    ruleFields.map((name) => {
      const value: unknown = inputs[name];
      if (refused.has(name) || containsUnknown(value)) return [name, undefined];
      // Omitted, an argument the API never returns is not managed.
      return [name, value === undefined && isWriteOnly(specs.get(name)!) ? null : value];
    }),
  ) as FromTable;
}

/**
 * A website as the server holds it. `applied` is what its stack last applied for the arguments
 * the server never returns (excludeParams): `null` when the stack leaves them unmanaged,
 * undefined when no stack records the website.
 */
export function websiteFromServer(website: Website, applied?: string[] | null): PolicyWebsite {
  return Object.fromEntries(
    ruleFields.map((name) => {
      const read = specs.get(name)!.read;
      return [name, read ? read(website) : applied];
    }),
  ) as FromTable;
}
