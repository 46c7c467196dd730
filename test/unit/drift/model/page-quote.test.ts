// Page text a reason quotes is cut at PAGE_TEXT_QUOTED_AT_MOST characters with its full length
// said, so that no report carries megabytes a website wrote; through judgeHtml, the data-host of
// a tracking snippet and the id of a stray script.
import { describe, expect, it } from "vitest";
import { PAGE_TEXT_QUOTED_AT_MOST, quotePageText } from "../../../../drift/model/page-quote";
import { judgeHtml } from "../../../../drift/compare/page-html";
import { TRACKING_SCRIPT_ID, TRACKING_SCRIPT_PATH } from "../../../../core/tracking-code";

describe("quotePageText", () => {
  it.each([
    ["an empty text", "", 3, ""],
    ["a text at the bound", "abc", 3, "abc"],
    ["a text over it", "abcd", 3, "abc… (4 characters)"],
    [
      "a long one, its length in groups of three digits",
      "x".repeat(2_097_152),
      2,
      "xx… (2,097,152 characters)",
    ],
    ["surrogate pairs, each one character", "😀😀😀", 3, "😀😀😀"],
    ["a pair at the cut, kept whole", "a😀😀b", 2, "a😀… (4 characters)"],
    // Halves of pairs alone (a page's text is any UTF-16) are a character each, never joined with
    // their neighbour: counted and cut one code unit at a time.
    [
      "lone low surrogates after letters",
      "a\udc00".repeat(150),
      200,
      `${"a\udc00".repeat(100)}… (300 characters)`,
    ],
    [
      "lone high surrogates before letters",
      "\ud800a".repeat(150),
      200,
      `${"\ud800a".repeat(100)}… (300 characters)`,
    ],
    [
      "high surrogates before characters past the surrogates",
      "\ud800\ue000".repeat(150),
      200,
      `${"\ud800\ue000".repeat(100)}… (300 characters)`,
    ],
  ])("%s", (_name, text, atMost, quoted) => {
    expect(quotePageText(text, atMost)).toBe(quoted);
  });

  it("cuts at PAGE_TEXT_QUOTED_AT_MOST characters by default", () => {
    expect(quotePageText("y".repeat(PAGE_TEXT_QUOTED_AT_MOST))).toBe("y".repeat(PAGE_TEXT_QUOTED_AT_MOST));
    expect(quotePageText("y".repeat(PAGE_TEXT_QUOTED_AT_MOST + 1))).toBe(
      `${"y".repeat(PAGE_TEXT_QUOTED_AT_MOST)}… (${PAGE_TEXT_QUOTED_AT_MOST + 1} characters)`,
    );
  });
});

describe("judgeHtml quotes page text cut", () => {
  const installation = "https://stats.example.com";
  const src = `src="${installation}${TRACKING_SCRIPT_PATH}"`;
  const head = "y".repeat(PAGE_TEXT_QUOTED_AT_MOST);

  it("a data-host of 2 MB", () => {
    const dataHost = `https://${"y".repeat(2 * 1024 * 1024 - 8)}`;
    const page = `<script id="${TRACKING_SCRIPT_ID}" data-host="${dataHost}" ${src}></script>`;
    expect(judgeHtml(page, installation)).toEqual({
      status: "wrong",
      reason: `the tracking code sends its hits to another installation: ${dataHost.slice(0, PAGE_TEXT_QUOTED_AT_MOST)}… (2,097,152 characters) instead of ${installation}`,
    });
  });

  it("a data-host that is 2 MB of slashes, judged in one pass", () => {
    const dataHost = `${"/".repeat(2 * 1024 * 1024)}x`;
    const page = `<script id="${TRACKING_SCRIPT_ID}" data-host="${dataHost}" ${src}></script>`;
    expect(judgeHtml(page, installation).reason).toContain("… (2,097,153 characters) instead of");
  });

  it("the id of a stray script", () => {
    const page = `<script id="${"y".repeat(300)}" ${src}></script>`;
    expect(judgeHtml(page, installation).reason).toBe(
      `a tracking script is there with the id "${head}… (300 characters)" instead of "${TRACKING_SCRIPT_ID}": it cannot find itself and sends nothing`,
    );
  });
});
