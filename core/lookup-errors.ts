// The one error for a website that is not there, whichever way it was looked up.

/** How a website was looked up: by its id or by its domain. */
export type WebsiteLookup =
  | {
      /** The website's id in the service. */
      id: number;
    }
  | {
      /** The domain, as given. */
      domain: string;
    };

/**
 * No website of this account matches: by id (the id does not exist, or belongs to another
 * account) or by domain (compared as the server normalises it). `cause` keeps the client's
 * NotFoundError when the server answered 404.
 */
export class WebsiteNotFoundError extends Error {
  /** What was looked for. */
  readonly lookup: WebsiteLookup;

  /** Says what was looked for and that this account has no such website. */
  constructor(lookup: WebsiteLookup, options?: { cause?: unknown }) {
    const what = "id" in lookup ? `the id ${lookup.id}` : `the domain "${lookup.domain}"`;
    super(`No website with ${what} in this account.`, options);
    this.name = "WebsiteNotFoundError";
    this.lookup = lookup;
  }
}
