// The control surface of a running emulator: accounts, out-of-band website changes, faults,
// throttle and counters. The HTTP server and the admin routes both go through it.
import { createAccountSchema, websitePatchSchema } from "./admin-schemas";
import type { FaultRegistry } from "./faults";
import { API_KEY_LENGTH, randomAlphanumeric } from "./random-tokens";
import type { RequestCounters } from "./request-counters";
import type { EmulatorStore } from "./store";
import type { ClientThrottle } from "./throttle";
import { toDatabaseTime } from "./timestamps";
import type { CreateAccountOptions, Emulator, EmulatorAccount, StoredWebsite, WebsitePatch } from "./types";
import { applyWebsitePatch } from "./website-writes";

export interface ControlDependencies {
  store: EmulatorStore;
  throttle: ClientThrottle;
  faults: FaultRegistry;
  counters: RequestCounters;
  defaultWebsiteLimit: number;
  now: () => Date;
}

export type EmulatorControls = Omit<Emulator, "url" | "adminToken" | "close">;

export function createControls(deps: ControlDependencies): EmulatorControls {
  const { store, throttle, faults, counters } = deps;
  return {
    createAccount(options: CreateAccountOptions = {}): EmulatorAccount {
      const parsed = createAccountSchema.parse(options);
      const account = store.addAccount({
        apiKey: uniqueApiKey(store),
        name: parsed.name ?? "Webstats User",
        email: parsed.email ?? `user-${randomAlphanumeric(10).toLowerCase()}@example.com`,
        websiteLimit: parsed.websiteLimit ?? deps.defaultWebsiteLimit,
        apiAccess: parsed.apiAccess ?? true,
        pageviewLimit: parsed.pageviewLimit ?? -1,
        created_at: toDatabaseTime(deps.now()),
      });
      return publicAccount(account);
    },
    listAccounts: (): EmulatorAccount[] =>
      store
        .allAccounts()
        .map(publicAccount)
        .sort((a, b) => a.id - b.id),
    updateWebsite(id: number, patch: WebsitePatch): void {
      const current = store.getWebsite(id);
      if (!current) throw new Error(`website ${id} does not exist`);
      store.saveWebsite(applyWebsitePatch(current, websitePatchSchema.parse(patch), deps.now()));
    },
    deleteWebsite: (id: number): boolean => store.deleteWebsite(id),
    getWebsite(id: number): StoredWebsite | undefined {
      const website = store.getWebsite(id);
      return website && { ...website };
    },
    listWebsites(accountId?: number): StoredWebsite[] {
      const rows = accountId === undefined ? store.allWebsites() : store.websitesOf(accountId);
      return rows.map((row) => ({ ...row })).sort((a, b) => a.id - b.id);
    },
    injectFault: (fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    setRequestsPerMinute: (rpm: number) => throttle.setRequestsPerMinute(rpm),
    requestCounts: () => counters.snapshot(),
    throttledRequestCounts: () => counters.throttledSnapshot(),
    requestSpan: () => counters.spanSnapshot(),
    resetRequestCounts: () => counters.reset(),
  };
}

function publicAccount(account: EmulatorAccount): EmulatorAccount {
  return { id: account.id, apiKey: account.apiKey, name: account.name, email: account.email };
}

function uniqueApiKey(store: EmulatorStore): string {
  for (;;) {
    const key = randomAlphanumeric(API_KEY_LENGTH);
    if (!store.findAccountByApiKey(key)) return key;
  }
}
