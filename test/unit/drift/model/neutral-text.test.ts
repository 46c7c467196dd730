// The edges of model/neutral-text.ts that the reports' hostile-text tests
// (test/unit/drift/report/output-neutral.test.ts) do not reach: Markdown text at the start of a line (only what
// opens a block there is escaped, and only there), code spans in and out of tables, an empty code
// span, characters outside the Basic Multilingual Plane (a surrogate pair is a character, only a
// lone surrogate is hidden), the $GITHUB_OUTPUT delimiter and the stop-commands token.
import { describe, expect, it } from "vitest";
import {
  githubOutputEntry,
  neutralJson,
  neutralText,
  valueText,
  xmlText,
  markdownCode,
  markdownText,
  markdownValue,
  withWorkflowCommandsStopped,
} from "../../../../drift/model/neutral-text";
import { markdownIt } from "../../../support/markdown-it";

describe("drift output: neutral text at its edges", () => {
  it("markdownCode of nothing is still a code span, of one space", () => {
    expect(markdownCode("")).toBe("` `");
    expect(markdownIt.render(`x ${markdownCode("")} y`)).toBe("<p>x <code> </code> y</p>\n");
  });

  it("githubOutputEntry refuses a delimiter with a line break, which would end the value early", () => {
    expect(() => githubOutputEntry("report", "value", () => "END\nx")).toThrow(
      '"END\\nx" cannot be an output delimiter.',
    );
    expect(() => githubOutputEntry("report", "value", () => "END\r")).toThrow(
      '"END\\r" cannot be an output delimiter.',
    );
  });

  it("at a line's start, escapes only a leading marker that opens a block", () => {
    const lineStart = { lineStart: true };
    expect(markdownText(" indented", lineStart)).toBe("&#32;indented");
    expect(markdownText("    code", lineStart)).toBe("&#32;   code");
    expect(markdownText("-x", lineStart)).toBe("\\-x");
    expect(markdownText("=x", lineStart)).toBe("\\=x");
    expect(markdownText("+x", lineStart)).toBe("\\+x");
    expect(markdownText("12. first", lineStart)).toBe("12\\. first");
    expect(markdownText("1) first", lineStart)).toBe("1\\) first");
    // Further in, the same characters open nothing and stay as they are.
    expect(markdownText("a-b+c=d", lineStart)).toBe("a-b+c=d");
    expect(markdownText("v1.2 and 3) x", lineStart)).toBe("v1.2 and 3) x");
    // Read back: a paragraph each, no code block, list or heading.
    for (const text of [" indented", "    code", "- x", "12. first", "1) first"])
      expect(markdownIt.render(markdownText(text, lineStart))).toMatch(/^<p>/);
  });

  it("markdownCode escapes | only in a table", () => {
    expect(markdownCode("a|b")).toBe("`a|b`");
    expect(markdownCode("a|b", { table: true })).toBe("`a\\|b`");
  });

  it("markdownText keeps the text around mentions and references, each in a code span of its own", () => {
    expect(markdownText("ask @octocat of owner/repo#12, *GH-3* and #4 now")).toBe(
      "ask `@octocat` of `owner/repo#12`, \\*`GH-3`\\* and `#4` now",
    );
  });

  it("markdownValue puts a value that neutralising changes into a code span, though its characters are plain", () => {
    expect(markdownValue("::error::x")).toBe("`\\u003a:error::x`");
    expect(markdownValue("error: x")).toBe("error: x");
  });

  it("githubOutputEntry compares its delimiter with the value case by case, as the runner does, and gives up after 10 tries", () => {
    const made = ["ABC", "", "abc"];
    expect(githubOutputEntry("x", "ABC-", () => made.shift() ?? "zzz")).toBe("x<<abc\nABC-\nabc\n");
    let tries = 0;
    expect(() =>
      githubOutputEntry("x", "END", () => {
        tries++;
        return "END";
      }),
    ).toThrow("No output delimiter that the text does not contain could be made.");
    expect(tries).toBe(10);
  });

  it("withWorkflowCommandsStopped ends the text with one line break, and refuses a token the runner would misread", () => {
    expect(withWorkflowCommandsStopped("", () => "t1")).toBe("::stop-commands::t1\n::t1::\n");
    expect(withWorkflowCommandsStopped("a\n", () => "t1")).toBe("::stop-commands::t1\na\n::t1::\n");
    expect(withWorkflowCommandsStopped("a", () => "t1")).toBe("::stop-commands::t1\na\n::t1::\n");
    for (const token of ["a:b", "a b", "a\tb", "PAUSE-LOGGING"])
      expect(() => withWorkflowCommandsStopped("x", () => token)).toThrow(
        `${JSON.stringify(token)} cannot be a stop-commands token.`,
      );
  });

  it("keeps a character outside the BMP (a surrogate pair) in every form, escaping only lone surrogates", () => {
    const text = "ü 😀 日本";
    expect(neutralText(text)).toBe(text);
    expect(valueText([text])).toBe("[ü 😀 日本]");
    expect(neutralJson({ text })).toBe('{"text":"ü 😀 日本"}');
    expect(xmlText(text)).toBe(text);
    expect(markdownValue("😀")).toBe("`😀`");
    expect(neutralText("a\udc00b\ud800")).toBe("a\\udc00b\\ud800");
    expect(neutralJson("a\udc00b")).toBe('"a\\udc00b"');
    expect(xmlText("a\udc00b\ud800")).toBe("a\ufffdb\ufffd");
  });

  it("valueText shows a list's items that are not strings as JSON", () => {
    expect(valueText([80, true, null, { a: 1 }])).toBe('[80, true, null, {"a":1}]');
  });
});
