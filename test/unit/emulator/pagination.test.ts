import { describe, expect, it } from "vitest";
import { pageWindow, paginatedEnvelope } from "../../../emulator/pagination";
import { parseListQuery } from "../../../emulator/website-listing";

describe("pageWindow", () => {
  it("lists every page of a short listing", () => {
    expect(pageWindow(1, 13)).toEqual(Array.from({ length: 13 }, (_, index) => index + 1));
  });

  it("shows the start, a gap and the end near the beginning of a long listing", () => {
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, "...", 19, 20]);
  });

  it("shows both ends and the neighbourhood in the middle", () => {
    expect(pageWindow(10, 20)).toEqual([1, 2, "...", 7, 8, 9, 10, 11, 12, 13, "...", 19, 20]);
  });

  it("shows the start, a gap and the last ten pages near the end", () => {
    expect(pageWindow(18, 20)).toEqual([1, 2, "...", 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });
});

describe("paginatedEnvelope", () => {
  const base = {
    path: "http://h/api/v1/websites",
    keptQuery: [["search", "a b!"]] as [string, string][],
    perPageAsString: false,
  };

  it("reports an empty listing as one page without from and to", () => {
    const envelope = paginatedEnvelope({ ...base, items: [], total: 0, currentPage: 1, perPage: 10 });
    expect(envelope.meta).toMatchObject({ last_page: 1, from: null, to: null, total: 0 });
    expect(envelope.links.last).toBe("http://h/api/v1/websites?search=a%20b%21&page=1");
  });

  it("links the neighbours of a middle page", () => {
    const envelope = paginatedEnvelope({ ...base, items: [1, 2], total: 12, currentPage: 2, perPage: 5 });
    expect(envelope.meta).toMatchObject({ from: 6, to: 7, last_page: 3 });
    expect(envelope.links.prev).toMatch(/page=1$/);
    expect(envelope.links.next).toMatch(/page=3$/);
  });
});

describe("list query", () => {
  it("falls back to defaults for invalid values", () => {
    expect(
      parseListQuery({
        sort_by: "name",
        sort: "up",
        per_page: "20",
        page: "-3",
        favorite: "yes",
        search: null,
      }),
    ).toEqual({
      search: null,
      searchBy: "domain",
      favorite: null,
      sortBy: "id",
      sort: "desc",
      perPage: 10,
      page: 1,
    });
  });

  it("reads valid values", () => {
    expect(
      parseListQuery({ sort_by: "domain", sort: "asc", per_page: "100", page: "4", favorite: "0" }),
    ).toMatchObject({
      sortBy: "domain",
      sort: "asc",
      perPage: 100,
      page: 4,
      favorite: 0,
    });
  });
});
