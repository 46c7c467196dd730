// The accounts a set of recorded websites lives on: each website's installation and key (from its
// state, else the command's baseUrl and apiKey settings for that installation only), one client
// per installation and key, reached as the command's settings say (proxy, authorities), and one
// GET /account per key to tell accounts apart (two keys of one account are one account, listed
// once) and to learn each account's plan. Keys stay in memory: no message names one.
import type { Plan, WebstatsClient } from "../../sdk";
import { installationOf } from "../../core/argument-schemas";
import { ClientRegistry } from "../../core/clients";
import { settingSpecs } from "../../core/settings";
import type { ProviderSettings } from "../../core/settings";
import type { VerboseLog } from "../../core/verbose-log";
import { networkUsedText } from "./network-settings";
import type { RecordedSettings } from "./network-settings";
import { encrypted } from "./stack-export";
import type { RecordedWebsite } from "./stack-export";
import type { AccountName } from "../model/entries";

export interface DriftAccount {
  name: AccountName;
  client: WebstatsClient;
  /** The account's plan as GET /account reports it, or null when it reports none. */
  plan: Plan | null;
  /** The recorded websites on this account. */
  websites: RecordedWebsite[];
}

/** An account that cannot be reached: the message names it and says how to supply its key. */
class AccountError extends Error {
  override name = "AccountError";
}

interface Credentials {
  url: string;
  apiKey: string;
}

const ENV_BASE_URL = settingSpecs.baseUrl.env;
const ENV_API_KEY = settingSpecs.apiKey.env;

/** The installation a recorded website is on: its state's, else the command's baseUrl setting. */
export const installationOfRecorded = (
  website: RecordedWebsite,
  settings: ProviderSettings,
): string | undefined => installationOf(website.address.baseUrl) ?? settings.baseUrl?.value;

/** The installation and key a recorded website is read with, or a message saying why there is none. */
export function credentialsOf(website: RecordedWebsite, settings: ProviderSettings): Credentials | string {
  const where = `website ${website.resource} of stack ${website.stack}`;
  const url = installationOfRecorded(website, settings);
  if (!url) {
    return `${where} names no installation (state written before pulumi-webstats recorded it): set ${ENV_BASE_URL}.`;
  }
  const recorded = website.address.apiKey;
  if (typeof recorded === "string") return { url, apiKey: recorded };
  // The command's key is sent only to the installation the command names.
  const ownKey = settings.apiKey?.value;
  if (ownKey && settings.baseUrl?.value === url) return { url, apiKey: ownKey };
  const why =
    recorded === encrypted
      ? `the key (from ${website.address.keySource}) is encrypted in the export`
      : `the state holds no key (from ${website.address.keySource})`;
  return (
    `No API key for the account of ${where} at ${url}: ${why}. Read the stack with --stack, or export it ` +
    `with pulumi stack export --show-secrets, or set ${ENV_BASE_URL}=${url} and ${ENV_API_KEY}.`
  );
}

/**
 * The accounts of these websites, each with its websites; fails naming every website whose
 * account has no usable key, or whose key the installation refuses. `verbose` is told every request.
 */
export async function accountsOf(
  websites: RecordedWebsite[],
  recorded: RecordedSettings,
  verbose?: VerboseLog,
): Promise<DriftAccount[]> {
  const problems = new Set<string>();
  const byKey = new Map<
    string,
    { credentials: Credentials; settings: ProviderSettings; websites: RecordedWebsite[] }
  >();
  // Each recorded network (a provider's, mostly) is told apart by a number of its own.
  const networks = new Map<unknown, number>();
  for (const website of websites) {
    let settings: ProviderSettings;
    try {
      settings = recorded.of(website.address.network);
    } catch (error) {
      // The message names the setting, and the stack whose setting it is.
      problems.add((error as Error).message);
      continue;
    }
    const credentials = credentialsOf(website, settings);
    if (typeof credentials === "string") {
      problems.add(credentials);
      continue;
    }
    const network = website.address.network;
    if (!networks.has(network)) networks.set(network, networks.size);
    const key = JSON.stringify([credentials.url, credentials.apiKey, networks.get(network)]);
    const group = byKey.get(key) ?? { credentials, settings, websites: [] };
    group.websites.push(website);
    byKey.set(key, group);
  }
  if (problems.size > 0) throw new AccountError([...problems].join("\n"));

  const registry = new ClientRegistry(undefined, verbose?.onRequest);
  const identified = await Promise.all(
    [...byKey.values()].map(async ({ credentials, settings, websites: own }) => {
      const client = registry.clientFor({ baseUrl: credentials.url, apiKey: credentials.apiKey }, settings);
      try {
        const account = await client.account.get();
        return {
          name: { url: credentials.url, id: account.id, email: account.email },
          client,
          plan: account.plan,
          websites: own,
        };
      } catch (error) {
        const first = own[0];
        throw new AccountError(
          `The account of website ${first?.resource} of stack ${first?.stack} at ${credentials.url} could not be ` +
            `read (key from ${first?.address.keySource}): ${(error as Error).message}${networkUsedText(error, settings)}`,
          { cause: error },
        );
      }
    }),
  );
  const accounts = new Map<string, DriftAccount>();
  for (const found of identified) {
    const key = `${found.name.url} ${found.name.id}`;
    const account = accounts.get(key);
    if (account) account.websites.push(...found.websites);
    else accounts.set(key, found);
  }
  return [...accounts.values()];
}
