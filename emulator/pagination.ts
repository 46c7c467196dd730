// The framework's paginated resource collection: data, links, meta (with its page-link list)
// and the application's own status field; and the paginator itself as it turns into JSON when it
// is not wrapped in a resource collection (the statistics endpoint answers with that).

export interface PageRequest {
  items: unknown[];
  total: number;
  currentPage: number;
  perPage: number;
  /** Absolute URL of the listing without query string. */
  path: string;
  /** Query parameters kept in every page link, in order; the page number is added last. */
  keptQuery: [string, string][];
  /** Older framework versions pass the per-page value through as the string they were given. */
  perPageAsString: boolean;
}

interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

export interface PaginatedEnvelope {
  data: unknown[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    links: PageLink[];
    path: string;
    per_page: number | string;
    to: number | null;
    total: number;
  };
  status: 200;
}

export function paginatedEnvelope(request: PageRequest): PaginatedEnvelope {
  const { items, total, currentPage, perPage } = request;
  const lastPage = Math.max(Math.ceil(total / perPage), 1);
  const pageUrl = (page: number): string => buildPageUrl(request, page);
  const from = items.length > 0 ? (currentPage - 1) * perPage + 1 : null;
  return {
    data: items,
    links: {
      first: pageUrl(1),
      last: pageUrl(lastPage),
      prev: currentPage > 1 ? pageUrl(currentPage - 1) : null,
      next: currentPage < lastPage ? pageUrl(currentPage + 1) : null,
    },
    meta: {
      current_page: currentPage,
      from,
      last_page: lastPage,
      links: pageLinks(currentPage, lastPage, pageUrl),
      path: request.path,
      per_page: request.perPageAsString ? String(perPage) : perPage,
      to: from === null ? null : from + items.length - 1,
      total,
    },
    status: 200,
  };
}

export interface PaginatorJson {
  current_page: number;
  data: unknown[];
  first_page_url: string;
  from: number | null;
  last_page: number;
  last_page_url: string;
  links: PageLink[];
  next_page_url: string | null;
  path: string;
  per_page: number | string;
  prev_page_url: string | null;
  to: number | null;
  total: number;
}

/** The length-aware paginator's own array form: the page fields at the top level beside `data`. */
export function paginatorJson(request: PageRequest): PaginatorJson {
  const { items, total, currentPage, perPage } = request;
  const lastPage = Math.max(Math.ceil(total / perPage), 1);
  const pageUrl = (page: number): string => buildPageUrl(request, page);
  const from = items.length > 0 ? (currentPage - 1) * perPage + 1 : null;
  return {
    current_page: currentPage,
    data: items,
    first_page_url: pageUrl(1),
    from,
    last_page: lastPage,
    last_page_url: pageUrl(lastPage),
    links: pageLinks(currentPage, lastPage, pageUrl),
    next_page_url: currentPage < lastPage ? pageUrl(currentPage + 1) : null,
    path: request.path,
    per_page: request.perPageAsString ? String(perPage) : perPage,
    prev_page_url: currentPage > 1 ? pageUrl(currentPage - 1) : null,
    to: from === null ? null : from + items.length - 1,
    total,
  };
}

function buildPageUrl(request: PageRequest, page: number): string {
  const parameters: [string, string][] = [...request.keptQuery, ["page", String(Math.max(page, 1))]];
  const query = parameters.map(([key, value]) => `${rawUrlEncode(key)}=${rawUrlEncode(value)}`).join("&");
  return `${request.path}?${query}`;
}

/** Percent-encoding of RFC 3986, stricter than encodeURIComponent about !'()*. */
function rawUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const PAGES_EACH_SIDE = 3;

/** "Previous", the page numbers (with "..." gaps for long listings), "Next". */
function pageLinks(currentPage: number, lastPage: number, pageUrl: (page: number) => string): PageLink[] {
  const links: PageLink[] = [
    { url: currentPage > 1 ? pageUrl(currentPage - 1) : null, label: "&laquo; Previous", active: false },
  ];
  for (const element of pageWindow(currentPage, lastPage)) {
    if (element === "...") links.push({ url: null, label: "...", active: false });
    else links.push({ url: pageUrl(element), label: String(element), active: element === currentPage });
  }
  links.push({
    url: currentPage < lastPage ? pageUrl(currentPage + 1) : null,
    label: "Next &raquo;",
    active: false,
  });
  return links;
}

/** Which page numbers a long listing shows: both ends and the neighbourhood of the current page. */
export function pageWindow(currentPage: number, lastPage: number): (number | "...")[] {
  const range = (start: number, end: number): number[] =>
    Array.from({ length: Math.max(end - start + 1, 0) }, (_, index) => start + index);
  if (lastPage < PAGES_EACH_SIDE * 2 + 8) return range(1, lastPage);
  const window = PAGES_EACH_SIDE + 4;
  if (currentPage <= window)
    return [...range(1, window + PAGES_EACH_SIDE), "...", ...range(lastPage - 1, lastPage)];
  if (currentPage > lastPage - window) {
    return [...range(1, 2), "...", ...range(lastPage - (window + PAGES_EACH_SIDE - 1), lastPage)];
  }
  return [
    ...range(1, 2),
    "...",
    ...range(currentPage - PAGES_EACH_SIDE, currentPage + PAGES_EACH_SIDE),
    "...",
    ...range(lastPage - 1, lastPage),
  ];
}
