// What --check-pages adds to the reports (drift/report/page-report.ts), piece by piece: the line
// of counts for one page and for several, which websites' pages are worth a line (not right, or
// right on a silent website whose cause is told), and a website without a page saying nothing.
import { describe, expect, it } from "vitest";
import { pageDetail, pageNoted, pageSummaryText } from "../../drift/report/page-report";
import { entry } from "../support/drift-entries";

const present = { status: "present", url: "https://a.example.com/" } as const;

describe("pageSummaryText", () => {
  it("counts one page read in the singular, and leaves out a website whose page was not checked", () => {
    expect(
      pageSummaryText([
        entry("a.example.com", "in-sync", { page: present }),
        entry("b.example.com", "in-sync"),
      ]),
    ).toBe("Pages: 1 present, 0 missing, 0 wrong, 0 unreachable (1 home page read, one GET each).");
  });

  it("counts several pages in the plural", () => {
    expect(
      pageSummaryText([
        entry("a.example.com", "in-sync", { page: present }),
        entry("b.example.com", "in-sync", { page: { status: "missing" } }),
      ]),
    ).toBe("Pages: 1 present, 1 missing, 0 wrong, 0 unreachable (2 home pages read, one GET each).");
  });
});

describe("pageNoted", () => {
  const cause = "silent although the tracking code is there: likely no visitors";
  it.each([
    ["a page right on a silent website, with its cause", { silent: true, page: { ...present, cause } }, true],
    [
      "a page right on a website hits reach, with its cause",
      { silent: false, page: { ...present, cause } },
      false,
    ],
    ["a page right, its tracking not checked", { page: present }, false],
    ["a page missing on a website hits reach", { silent: false, page: { status: "missing" as const } }, true],
    ["no page checked", { silent: true }, false],
  ])("%s: %s", (_what, more, noted) => {
    expect(pageNoted(entry("a.example.com", "in-sync", more))).toBe(noted);
  });
});

describe("pageDetail", () => {
  it("says nothing of a website whose page was not checked", () => {
    expect(pageDetail(entry("a.example.com", "in-sync"))).toBe("");
  });

  it("says the status, reason, address and cause of a page", () => {
    expect(
      pageDetail(
        entry("a.example.com", "in-sync", {
          page: {
            status: "missing",
            url: "https://a.example.com/",
            reason: "no tracking code",
            cause: "silent",
          },
        }),
      ),
    ).toBe("page missing: no tracking code (https://a.example.com/); silent");
  });
});
