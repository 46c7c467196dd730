import { timingSafeEqual } from "node:crypto";
import { secretDigest } from "./secret-digest";
import { StatTable } from "./stat-table";
import type { StoredAccount, StoredStat, StoredWebsite } from "./types";

/** Everything the emulator remembers, in a form that can be written to disk and read back. */
export interface StoreSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  nextAccountId: number;
  nextWebsiteId: number;
  accounts: StoredAccount[];
  websites: StoredWebsite[];
  /** Absent in files written before statistics were kept. */
  stats?: StoredStat[];
}

export const SNAPSHOT_FORMAT = "webstats-emulator/1";

export type NewWebsite = Omit<StoredWebsite, "id">;

/**
 * In-memory tables with the indexes the request path needs, so that every lookup by id, key or
 * domain is a map access and a listing only touches the caller's own websites.
 */
export class EmulatorStore {
  private readonly accounts = new Map<number, StoredAccount>();
  /**
   * Accounts by the SHA-256 digest of their API key. The map's own comparison only ever sees
   * digests, whose timing tells nothing about a key; the final check is constant-time.
   */
  private readonly accountsByKeyDigest = new Map<string, { account: StoredAccount; digest: Buffer }>();
  private readonly websites = new Map<number, StoredWebsite>();
  /** Website ids per account; a Set keeps insertion order, which is id order. */
  private readonly websiteIdsByAccount = new Map<number, Set<number>>();
  /** Domains are unique across the whole installation, not per account. */
  private readonly websiteIdsByDomain = new Map<string, number>();
  private nextAccountId = 1;
  private nextWebsiteId = 1;
  /** The statistics the tracker records, per website. */
  readonly stats: StatTable;

  constructor(private readonly onChange: () => void = () => {}) {
    this.stats = new StatTable(onChange);
  }

  static fromSnapshot(snapshot: StoreSnapshot, onChange?: () => void): EmulatorStore {
    const store = new EmulatorStore(onChange);
    for (const account of snapshot.accounts) store.indexAccount({ ...account });
    for (const website of snapshot.websites) store.indexWebsite({ ...website });
    store.stats.load(snapshot.stats ?? []);
    // Ids are never reused, even when the counters in the file are behind its rows.
    store.nextAccountId = Math.max(snapshot.nextAccountId, highestId(snapshot.accounts) + 1);
    store.nextWebsiteId = Math.max(snapshot.nextWebsiteId, highestId(snapshot.websites) + 1);
    return store;
  }

  snapshot(): StoreSnapshot {
    return {
      format: SNAPSHOT_FORMAT,
      nextAccountId: this.nextAccountId,
      nextWebsiteId: this.nextWebsiteId,
      accounts: [...this.accounts.values()],
      websites: [...this.websites.values()],
      stats: this.stats.all(),
    };
  }

  addAccount(fields: Omit<StoredAccount, "id">): StoredAccount {
    const account: StoredAccount = { id: this.nextAccountId, ...fields };
    this.nextAccountId += 1;
    this.indexAccount(account);
    this.onChange();
    return account;
  }

  getAccount(id: number): StoredAccount | undefined {
    return this.accounts.get(id);
  }

  findAccountByApiKey(apiKey: string): StoredAccount | undefined {
    const digest = secretDigest(apiKey);
    const entry = this.accountsByKeyDigest.get(digest.toString("base64"));
    return entry && timingSafeEqual(entry.digest, digest) ? entry.account : undefined;
  }

  allAccounts(): StoredAccount[] {
    return [...this.accounts.values()];
  }

  insertWebsite(fields: NewWebsite): StoredWebsite {
    const website: StoredWebsite = { id: this.nextWebsiteId, ...fields };
    this.nextWebsiteId += 1;
    this.indexWebsite(website);
    this.onChange();
    return website;
  }

  /** Stores a changed row; the domain and owner of a website never change. */
  saveWebsite(website: StoredWebsite): void {
    const current = this.websites.get(website.id);
    if (!current) throw new Error(`website ${website.id} does not exist`);
    this.websites.set(website.id, website);
    this.onChange();
  }

  deleteWebsite(id: number): boolean {
    const website = this.websites.get(id);
    if (!website) return false;
    this.websites.delete(id);
    this.websiteIdsByAccount.get(website.account_id)?.delete(id);
    this.websiteIdsByDomain.delete(website.domain);
    // The real server erases a deleted website's statistics with it.
    this.stats.deleteWebsite(id);
    this.onChange();
    return true;
  }

  getWebsite(id: number): StoredWebsite | undefined {
    return this.websites.get(id);
  }

  /**
   * The website with this domain. Stored domains are lower case and the database compares
   * without regard to case, so "Example.com" finds "example.com".
   */
  findWebsiteByDomain(domain: string): StoredWebsite | undefined {
    const id = this.websiteIdsByDomain.get(domain.toLowerCase());
    return id === undefined ? undefined : this.websites.get(id);
  }

  isDomainTaken(domain: string): boolean {
    return this.websiteIdsByDomain.has(domain);
  }

  countWebsites(accountId: number): number {
    return this.websiteIdsByAccount.get(accountId)?.size ?? 0;
  }

  websitesOf(accountId: number): StoredWebsite[] {
    const ids = this.websiteIdsByAccount.get(accountId);
    if (!ids) return [];
    const rows: StoredWebsite[] = [];
    for (const id of ids) {
      const website = this.websites.get(id);
      if (website) rows.push(website);
    }
    return rows;
  }

  allWebsites(): StoredWebsite[] {
    return [...this.websites.values()];
  }

  private indexAccount(account: StoredAccount): void {
    this.accounts.set(account.id, account);
    const digest = secretDigest(account.apiKey);
    this.accountsByKeyDigest.set(digest.toString("base64"), { account, digest });
  }

  private indexWebsite(website: StoredWebsite): void {
    this.websites.set(website.id, website);
    let ids = this.websiteIdsByAccount.get(website.account_id);
    if (!ids) {
      ids = new Set();
      this.websiteIdsByAccount.set(website.account_id, ids);
    }
    ids.add(website.id);
    this.websiteIdsByDomain.set(website.domain, website.id);
  }
}

function highestId(rows: readonly { id: number }[]): number {
  let highest = 0;
  for (const row of rows) highest = Math.max(highest, row.id);
  return highest;
}
