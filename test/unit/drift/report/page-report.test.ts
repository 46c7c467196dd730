// What --check-pages adds to the reports' view (drift/report/view/page-view.ts), piece by piece:
// the line of counts for one page and for several, which websites' pages are worth a line (not
// right, or right on a silent website whose cause is told), each page's detail (a website without
// a page saying nothing); and the SARIF rules and results of the pages that need a look, whole
// (drift/report/formats/sarif.ts).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pageDetail, pageNoted, pageSummaryText } from "../../../../drift/report/view/page-view";
import { reportView } from "../../../../drift/report/view/report-view";
import { pageSarif } from "../../../../drift/report/formats/sarif";
import { entry } from "../../../support/drift-entries";

const present = { status: "present", url: "https://a.example.com/" } as const;

describe("pageSummaryText", () => {
  it.each([
    [
      "counts one page read in the singular, and leaves out a website whose page was not checked",
      [entry("a.example.com", "in-sync", { page: present }), entry("b.example.com", "in-sync")],
      "Pages: 1 present, 0 missing, 0 wrong, 0 unreachable (1 home page read, one GET each).",
    ],
    [
      "counts several pages in the plural",
      [
        entry("a.example.com", "in-sync", { page: present }),
        entry("b.example.com", "in-sync", { page: { status: "missing" } }),
      ],
      "Pages: 1 present, 1 missing, 0 wrong, 0 unreachable (2 home pages read, one GET each).",
    ],
  ])("%s", (_what, websites, sentence) => {
    expect(pageSummaryText(websites)).toBe(sentence);
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
    ["a page right on a silent website, no cause told", { silent: true, page: present }, false],
    ["a page missing on a website hits reach", { silent: false, page: { status: "missing" as const } }, true],
    ["no page checked", { silent: true }, false],
  ])("%s: %s", (_what, more, noted) => {
    expect(pageNoted(entry("a.example.com", "in-sync", more))).toBe(noted);
  });
});

describe("pageDetail", () => {
  it.each([
    ["says nothing of a website whose page was not checked", {}, ""],
    [
      "says the status, reason, address and cause of a page",
      {
        page: {
          status: "missing" as const,
          url: "https://a.example.com/",
          reason: "no tracking code",
          cause: "silent",
        },
      },
      "page missing: no tracking code (https://a.example.com/); silent",
    ],
    [
      "says a page's status, address and cause, and no reason when it has none",
      { silent: true, page: { ...present, cause: "silent although the tracking code is there" } },
      "page present (https://a.example.com/); silent although the tracking code is there",
    ],
  ])("%s", (_what, more, detail) => {
    expect(pageDetail(entry("a.example.com", "in-sync", more))).toBe(detail);
  });
});

describe("pageSarif", () => {
  it("gives a warning rule per status that needs a look, and a located, fingerprinted warning per such page", () => {
    const websites = [
      entry("a.example.com", "in-sync", { page: present }),
      entry("bb.example.com", "changed", {
        page: { status: "unreachable", url: "https://bb.example.com/", reason: "refused" },
      }),
      entry("ccc.example.com", "in-sync"),
    ];
    const fingerprint = createHash("sha256")
      .update(JSON.stringify(["https://stats.example.com", 7, "bb.example.com", "unreachable"]))
      .digest("hex");
    const { rows } = reportView({ stacks: [], websites, accounts: [] });
    expect(pageSarif(rows, 4, (e) => ({ at: e.domain }))).toEqual({
      rules: [
        {
          id: "page/missing",
          name: "TrackingCodeMissing",
          shortDescription: {
            text: "A website's home page does not carry the installation's tracking code.",
          },
          fullDescription: { text: "A website's home page does not carry the installation's tracking code." },
          help: {
            text: "Put the Website's trackingCode output (or getTrackingCode's) into the site's pages; see docs/tracking-code.md.",
          },
          defaultConfiguration: { level: "warning" },
        },
        {
          id: "page/wrong",
          name: "TrackingCodeWrong",
          shortDescription: {
            text: "A website's home page carries a tracking code of another installation, or a broken one.",
          },
          fullDescription: {
            text: "A website's home page carries a tracking code of another installation, or a broken one.",
          },
          help: {
            text: "Replace the snippet in the site's pages with the Website's trackingCode output; see docs/tracking-code.md.",
          },
          defaultConfiguration: { level: "warning" },
        },
        {
          id: "page/unreachable",
          name: "HomePageUnreachable",
          shortDescription: {
            text: "A website's home page could not be read, so its tracking code could not be checked.",
          },
          fullDescription: {
            text: "A website's home page could not be read, so its tracking code could not be checked.",
          },
          help: {
            text: "Check that the website answers at its domain (the reason says what failed), or check it from a network that reaches it.",
          },
          defaultConfiguration: { level: "warning" },
        },
      ],
      results: [
        {
          ruleId: "page/unreachable",
          ruleIndex: 6,
          level: "warning",
          message: {
            text: "bb.example.com (14) on the account team@example.com: page unreachable: refused (https://bb.example.com/).",
          },
          locations: [{ at: "bb.example.com" }],
          partialFingerprints: { "webstatsPage/v1": fingerprint },
        },
      ],
    });
  });
});
