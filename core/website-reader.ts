// Reads for `pulumi refresh` and look-ups for adoption. A real installation allows 60 requests a
// minute, and a refresh (or the first `up` of a project that adopts a fleet) reads every website of
// the stack at once: reads that arrive together are served from one listing of the account (100
// websites per request), fetched once and shared for the rest of the operation, instead of one
// request per website. A lone read stays one request.
import { NotFoundError } from "../sdk";
import { normalizeDomain } from "../sdk/domain";
import type { WebstatsClient, Website } from "../sdk";

/** How long the first read waits for others before deciding between one GET and a listing. */
const gatherWindowMs = 25;

/** A website wanted by id (a refresh) or by domain (an adoption). */
type Wanted = { id: number } | { domain: string };

interface PendingRead {
  wanted: Wanted;
  resolve: (website: Website | undefined) => void;
  reject: (error: unknown) => void;
}

interface Listing {
  byId: Map<number, Website>;
  byDomain: Map<string, Website>;
}

export class WebsiteReader {
  private listing: Promise<Listing> | undefined;
  private pending: PendingRead[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly client: WebstatsClient) {}

  /** The website as the API has it now, or undefined when it no longer exists. */
  read(id: number): Promise<Website | undefined> {
    return this.lookUp({ id });
  }

  /**
   * This account's website for the domain (compared as the server normalises it), or undefined.
   * From a listing, a domain that is absent is not confirmed: a create that follows finds out
   * that the domain was taken meanwhile, and says so.
   */
  findByDomain(domain: string): Promise<Website | undefined> {
    return this.lookUp({ domain: normalizeDomain(domain) });
  }

  private lookUp(wanted: Wanted): Promise<Website | undefined> {
    if (this.listing) return this.fromListing(wanted);
    return new Promise((resolve, reject) => {
      this.pending.push({ wanted, resolve, reject });
      this.timer ??= setTimeout(() => this.flush(), gatherWindowMs);
    });
  }

  /** Forgets the listing after this process changed a website, so later reads see the change. */
  invalidate(): void {
    this.listing = undefined;
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    this.timer = undefined;
    const only = batch.length === 1 && !this.listing ? batch[0] : undefined;
    if (only) {
      this.direct(only.wanted).then(only.resolve, only.reject);
      return;
    }
    for (const read of batch) this.fromListing(read.wanted).then(read.resolve, read.reject);
  }

  private fetchListing(): Promise<Listing> {
    if (!this.listing) {
      const listing = (async () => {
        const websites = await this.client.websites.list();
        return {
          byId: new Map(websites.map((w) => [w.id, w])),
          byDomain: new Map(websites.map((w) => [normalizeDomain(w.domain), w])),
        };
      })();
      // A failed listing is not kept: the next read tries again.
      listing.catch(() => {
        if (this.listing === listing) this.listing = undefined;
      });
      this.listing = listing;
    }
    return this.listing;
  }

  private async fromListing(wanted: Wanted): Promise<Website | undefined> {
    const listing = await this.fetchListing();
    if ("domain" in wanted) return listing.byDomain.get(wanted.domain);
    // Absent from the listing: confirm with a GET before declaring it gone (it may have been
    // created after the listing, or the listing may have shifted under a concurrent delete).
    return listing.byId.get(wanted.id) ?? this.direct(wanted);
  }

  /** One request for one website. */
  private async direct(wanted: Wanted): Promise<Website | undefined> {
    if ("domain" in wanted) return this.client.websites.findByDomain(wanted.domain);
    try {
      return await this.client.websites.get(wanted.id);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }
}
