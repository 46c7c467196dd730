// The website resource: list, read, create, update, delete, and lookup by domain.
import { normalizeDomain } from "./domain";
import { NotFoundError, ServerError } from "./errors";
import { PaginatedList } from "./paginated-list";
import type { Requester } from "./requester";
import type { ListWebsitesParams, Page, Website, WebsiteCreateInput, WebsiteUpdateInput } from "./types";
import {
  decodeWebsite,
  decodeWebsitePage,
  encodeCreateForm,
  encodeListQuery,
  encodeUpdateForm,
} from "./wire";

/** The largest page the server allows: fewest requests against a 60-a-minute limit. */
const LISTING_PAGE_SIZE = 100;

function websitePath(id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new TypeError(`A website id is a positive whole number, got ${String(id)}.`);
  }
  return `/websites/${id}`;
}

/** The website endpoints, reached through `client.websites`. */
export class WebsitesApi {
  private readonly requester: Requester;

  /** @internal Created by WebstatsClient. */
  constructor(requester: Requester) {
    this.requester = requester;
  }

  /**
   * Every website of every page (100 per page unless perPage is given), starting at params.page or
   * 1. Use `for await` to stream, or `await` to collect.
   */
  list(params: ListWebsitesParams = {}): PaginatedList<Website> {
    const { page: firstPage = 1, ...filters } = params;
    const perPage = filters.perPage ?? LISTING_PAGE_SIZE;
    return new PaginatedList(
      (page) => this.listPage({ ...filters, perPage, page }),
      firstPage,
      (website) => website.id,
    );
  }

  /** One page as the server returns it (its default page size is 10). */
  async listPage(params: ListWebsitesParams = {}): Promise<Page<Website>> {
    const answer = await this.requester.send({
      method: "GET",
      path: "/websites",
      query: encodeListQuery(params),
    });
    return this.requester.decode(answer, decodeWebsitePage);
  }

  /** One website by id; a NotFoundError when it does not exist or belongs to another account. */
  async get(id: number): Promise<Website> {
    const answer = await this.requester.send({ method: "GET", path: websitePath(id) });
    return this.requester.decode(answer, decodeWebsite);
  }

  /**
   * The website whose domain equals this one after the server's normalisation. The server's
   * search is a substring match ("example.com" also finds "myexample.com"), so the exact
   * comparison happens here.
   */
  async findByDomain(domain: string): Promise<Website | undefined> {
    const wanted = normalizeDomain(domain);
    for await (const website of this.list({ search: wanted })) {
      if (normalizeDomain(website.domain) === wanted) return website;
    }
    return undefined;
  }

  /** Adds a website; a ValidationError when the server rejects a field (e.g. the domain is taken). */
  async create(input: WebsiteCreateInput): Promise<Website> {
    const answer = await this.requester.send({
      method: "POST",
      path: "/websites",
      form: encodeCreateForm(input),
    });
    return this.requester.decode(answer, decodeWebsite);
  }

  /** Changes only the given fields. */
  async update(id: number, patch: WebsiteUpdateInput): Promise<Website> {
    const path = websitePath(id);
    try {
      const answer = await this.requester.send({ method: "PATCH", path, form: encodeUpdateForm(patch) });
      return this.requester.decode(answer, decodeWebsite);
    } catch (error) {
      throw await this.explainUpdateFailure(id, error);
    }
  }

  /** Deleting also erases the website's statistics. Resolves when the website is gone. */
  async delete(id: number): Promise<void> {
    // A 404 on a repeated attempt resolves too: the requester reports it as already gone.
    await this.requester.send({ method: "DELETE", path: websitePath(id) });
  }

  /**
   * The server answers 500 instead of 404 when updating a website that does not exist (or belongs
   * to another account). A follow-up GET tells the two apart, so callers can rely on NotFoundError.
   */
  private async explainUpdateFailure(id: number, error: unknown): Promise<unknown> {
    if (!(error instanceof ServerError) || error.status !== 500) return error;
    try {
      await this.get(id);
    } catch (probeError) {
      if (probeError instanceof NotFoundError) {
        return new NotFoundError({
          status: 404,
          method: error.method,
          path: error.path,
          body: error.body,
          detail: "Resource not found. (The server answered 500; a follow-up GET found no such website.)",
        });
      }
    }
    return error;
  }
}
