// The values a rule looks at: a website's settings as the provider will send them (domain
// normalised, defaults applied, lists cleaned), read either from a resource's inputs (the policy
// pack, at preview) or from the server (drift). Secret arguments (the password, the connection
// and its key) never reach a rule: they are dropped before anything is read.
import type { Privacy, Website } from "../sdk";
import { checkWebsiteInputs } from "../core/website-check";
import { secretFields, websiteFields } from "../core/website-fields";
import { containsUnknown } from "../core/unknown-values";

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
  const known = <T>(name: string): T | undefined =>
    refused.has(name) || containsUnknown(inputs[name]) ? undefined : (inputs[name] as T);
  return {
    domain: known<string>("domain"),
    privacy: known<Privacy>("privacy"),
    excludeBots: known<boolean>("excludeBots"),
    excludeIps: known<string[]>("excludeIps"),
    excludeParams:
      refused.has("excludeParams") || containsUnknown(inputs.excludeParams)
        ? undefined
        : ((inputs.excludeParams as string[] | undefined) ?? null),
  };
}

/**
 * A website as the server holds it. `applied` is the excludeParams list its stack last applied
 * (the server never returns it): `null` when the stack leaves it unmanaged, undefined when no
 * stack records the website.
 */
export function websiteFromServer(website: Website, applied?: string[] | null): PolicyWebsite {
  return {
    domain: website.domain,
    privacy: website.privacy,
    excludeBots: website.excludeBots,
    excludeIps: website.excludeIps,
    excludeParams: applied,
  };
}
