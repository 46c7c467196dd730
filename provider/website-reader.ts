// Reads for `pulumi refresh`. A real installation allows 60 requests a minute, and a
// refresh reads every website of the stack at once: reads that arrive together are served
// from one listing of the account (100 websites per request), fetched once and shared for
// the rest of the operation, instead of one GET per website. A lone read stays one GET.
import { NotFoundError } from "../sdk";
import type { WebstatsClient, Website } from "../sdk";

/** How long the first read waits for others before deciding between one GET and a listing. */
const gatherWindowMs = 25;

interface PendingRead {
  id: number;
  resolve: (website: Website | undefined) => void;
  reject: (error: unknown) => void;
}

export class WebsiteReader {
  private listing: Promise<Map<number, Website>> | undefined;
  private pending: PendingRead[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly client: WebstatsClient) {}

  /** The website as the API has it now, or undefined when it no longer exists. */
  read(id: number): Promise<Website | undefined> {
    if (this.listing) return this.fromListing(id);
    return new Promise((resolve, reject) => {
      this.pending.push({ id, resolve, reject });
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
      this.getOrUndefined(only.id).then(only.resolve, only.reject);
      return;
    }
    for (const read of batch) this.fromListing(read.id).then(read.resolve, read.reject);
  }

  private fetchListing(): Promise<Map<number, Website>> {
    if (!this.listing) {
      const listing = (async () => new Map((await this.client.websites.list()).map((w) => [w.id, w])))();
      // A failed listing is not kept: the next read tries again.
      listing.catch(() => {
        if (this.listing === listing) this.listing = undefined;
      });
      this.listing = listing;
    }
    return this.listing;
  }

  private async fromListing(id: number): Promise<Website | undefined> {
    const found = (await this.fetchListing()).get(id);
    // Absent from the listing: confirm with a GET before declaring it gone (it may have been
    // created after the listing, or the listing may have shifted under a concurrent delete).
    return found ?? this.getOrUndefined(id);
  }

  private async getOrUndefined(id: number): Promise<Website | undefined> {
    try {
      return await this.client.websites.get(id);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }
}

const readers = new WeakMap<WebstatsClient, WebsiteReader>();

/** One reader per client, so every resource of an account shares one listing. */
export function readerFor(client: WebstatsClient): WebsiteReader {
  let reader = readers.get(client);
  if (!reader) {
    reader = new WebsiteReader(client);
    readers.set(client, reader);
  }
  return reader;
}
