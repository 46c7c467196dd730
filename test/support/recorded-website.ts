// A Website as a stack's state records it, for the tests of what reads a state back (the
// provider's diff, drift's comparison, its policy check and fixes): its outputs (id, domain,
// settings, what only the API knows) and, as drift reads a stack, the recorded website with the
// stack, resource and address it belongs to. The defaults are those of `liveWebsite`, so a
// recorded website and the live one of the same id and domain are in sync unless a test says
// otherwise.
import type { WebsiteOutputs } from "../../core/website-state";
import type { RecordedWebsite } from "../../drift/read/stack-export";
import { liveWebsite } from "./wire-records";

/**
 * Every argument's default, as check applies it to a Website declared by its domain alone, and as
 * the outputs of the website created from it record them.
 */
export const defaultArguments = {
  privacy: "public",
  email: false,
  excludeBots: true,
  favorite: false,
  excludeIps: [],
  adoptExisting: false,
} as const satisfies Partial<WebsiteOutputs>;

/**
 * The outputs a stack records for `liveWebsite`'s website, created with every default applied:
 * its id as `websiteId`, `adoptExisting` false, then `overrides`.
 */
export const recordedWebsite = (
  id: number,
  domain: string,
  overrides: Partial<WebsiteOutputs> = {},
): WebsiteOutputs => {
  const { id: websiteId, ...live } = liveWebsite(id, domain);
  return { websiteId, ...live, adoptExisting: false, ...overrides };
};

/** How drift names the key of a website whose provider takes it from the stack's configuration. */
export const stackConfiguration = { keySource: "the stack's configuration" } as const;

/**
 * Website `id` (`domain`) as drift reads it from a stack: recorded by `stack` (a/prod) under
 * `resource` (the domain's first label), its outputs `recordedWebsite`'s with `outputs`, its key
 * the stack's configuration unless `address` says otherwise.
 */
export const stackWebsite = (
  id: number,
  domain: string,
  more: Partial<Omit<RecordedWebsite, "outputs" | "id">> & { outputs?: Partial<WebsiteOutputs> } = {},
): RecordedWebsite => {
  const { outputs, stack = "a/prod", resource = domain.split(".")[0] ?? domain, ...rest } = more;
  return {
    stack,
    resource,
    id,
    outputs: recordedWebsite(id, domain, outputs),
    address: stackConfiguration,
    ...rest,
  };
};
