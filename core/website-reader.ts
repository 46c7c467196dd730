// Reads for `pulumi refresh` and look-ups for adoption. A real installation allows 60 requests a
// minute, and a refresh (or the first `up` of a project that adopts a fleet) reads every website of
// the stack: every read is served from one listing of the account (100 websites per request),
// walked once and shared for the rest of the operation (a host serves an operation from one
// process, which holds one reader per account), instead of one request per website.
//
// What reads cost depends on which websites they want, never on when they arrive: the walk goes
// only as far as the wanted websites need (a read of a website on the first page costs that page;
// a domain the account lacks costs every page), and a read that arrives after the walk went past
// its website is served from what was walked. A busy machine, which spreads reads out, therefore
// sends the same requests as a quiet one, which bunches them.
import { NotFoundError } from "../sdk";
import { normalizeDomain } from "../sdk/domain";
import type { WebstatsClient, Website } from "../sdk";

/** A website wanted by id (a refresh) or by domain (an adoption). */
type Wanted = { id: number } | { domain: string };

/** The account's listing, walked page by page as far as the reads need it. */
class Listing {
  readonly byId = new Map<number, Website>();
  readonly byDomain = new Map<string, Website>();
  /** Every page has been walked. */
  complete = false;
  private readonly walk: AsyncIterator<Website>;
  private step: Promise<void> | undefined;

  constructor(client: WebstatsClient) {
    // The client's listing: pages of 100, a website that slides onto the next page seen once.
    this.walk = client.websites.list()[Symbol.asyncIterator]();
  }

  /** The website wanted, walking on until it is found or every page has been seen. */
  async find(wanted: Wanted): Promise<Website | undefined> {
    for (;;) {
      const found = "id" in wanted ? this.byId.get(wanted.id) : this.byDomain.get(wanted.domain);
      if (found || this.complete) return found;
      await this.advance();
    }
  }

  /** One more website of the walk; reads waiting at once share it. */
  private advance(): Promise<void> {
    this.step ??= this.walk.next().then(
      (next) => {
        this.step = undefined;
        if (next.done) {
          this.complete = true;
          return;
        }
        this.byId.set(next.value.id, next.value);
        this.byDomain.set(normalizeDomain(next.value.domain), next.value);
      },
      (error: unknown) => {
        this.step = undefined;
        throw error;
      },
    );
    return this.step;
  }
}

export class WebsiteReader {
  private listing: Listing | undefined;
  /** Websites this process created, changed or deleted: the listing may show them as they were. */
  private readonly changedIds = new Set<number>();
  private readonly changedDomains = new Set<string>();

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

  /**
   * Says that this process created, changed or deleted a website (by id, by domain, or both):
   * later reads of it ask the server, since the listing may hold it as it was. Other reads keep
   * the listing.
   */
  changed(website: { id?: number; domain?: string }): void {
    if (website.id !== undefined) this.changedIds.add(website.id);
    if (website.domain !== undefined) this.changedDomains.add(normalizeDomain(website.domain));
  }

  private isChanged(website: Website | Wanted): boolean {
    if ("id" in website && this.changedIds.has(website.id)) return true;
    return "domain" in website && this.changedDomains.has(normalizeDomain(website.domain));
  }

  private async lookUp(wanted: Wanted): Promise<Website | undefined> {
    if (this.isChanged(wanted)) return this.direct(wanted);
    const listing = (this.listing ??= new Listing(this.client));
    let found: Website | undefined;
    try {
      found = await listing.find(wanted);
    } catch (error) {
      // A failed listing is not kept: the next read walks a new one.
      if (this.listing === listing) this.listing = undefined;
      throw error;
    }
    // Changed by this process while the read waited for the listing, or known by its other key.
    if (found && this.isChanged(found)) return this.direct(wanted);
    if (found || "domain" in wanted) return found;
    // Absent from the listing: confirm with a GET before declaring it gone (it may have been
    // created after the listing, or the listing may have shifted under a concurrent delete).
    return this.direct(wanted);
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
