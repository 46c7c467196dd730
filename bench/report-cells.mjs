// The cells every section of the bench's markdown writes its figures in, one home for each.

export const x = (value) => (value === undefined || Number.isNaN(value) ? "n/a" : `${value.toFixed(2)}x`);
export const mib = (kb) => (kb === undefined ? "n/a" : (kb / 1024).toFixed(0));
export const requestsOf = (m) => (m.requests === undefined ? "n/a" : `${m.requests} (${m.refused})`);

/** Requests by route, in route order: "GET /api/v1/websites 6, GET /api/v1/account 2". */
export const routesOf = (byRoute) =>
  Object.entries(byRoute ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([route, n]) => `${route} ${n}`)
    .join(", ") || "none";

/** Counts by what they count, the zero ones left out: "20 in-sync, 1 unmanaged". */
export const countsOf = (counts) =>
  Object.entries(counts ?? {})
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${what}`)
    .join(", ") || "none";
