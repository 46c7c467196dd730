// The list endpoint's LIKE search: wildcards and escapes as the database reads them, and a cost
// that stays bounded whatever the term.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { likeMatcher } from "../../../emulator/sql-like";

/** The obvious translation to a regular expression: right, but exponential on some terms. */
function regexReference(term: string): RegExp {
  let source = "";
  for (let index = 0; index < term.length; index += 1) {
    const character = term.charAt(index);
    if (character === "\\" && index + 1 < term.length) {
      index += 1;
      source += escapeRegExp(term.charAt(index));
    } else if (character === "%") source += "[\\s\\S]*";
    else if (character === "_") source += "[\\s\\S]";
    else source += escapeRegExp(character);
  }
  return new RegExp(source, "i");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

describe("likeMatcher", () => {
  it.each([
    ["ex%le", "example.com", true],
    ["ex_mple", "example.com", true],
    ["ex\\_mple", "example.com", false],
    ["ex\\_mple", "ex_mple.com", true],
    ["a.c", "abc", false],
    ["EXAMPLE", "example.com", true],
    ["", "anything.example", true],
    ["%", "", true],
    ["_", "", false],
    ["com\\", "example.com\\", true],
    ["e%e%e", "ee.e", true],
    ["e%e%e", "ee", false],
  ])("%j in %j: %s", (term, text, expected) => {
    expect(likeMatcher(term)(text)).toBe(expected);
  });

  it("agrees with a regular-expression translation on short terms", () => {
    const alphabet = fc.constantFrom("a", "b", "A", ".", "%", "_", "\\", "-");
    const short = (maxLength: number) =>
      fc.array(alphabet, { maxLength }).map((characters) => characters.join(""));
    fc.assert(
      fc.property(short(8), short(16), (term, text) => {
        expect(likeMatcher(term)(text)).toBe(regexReference(term).test(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("decides a term full of wildcards against a long domain without backtracking", () => {
    // The regular-expression translation of this term does not finish in any useful time.
    const term = `${"%a".repeat(40)}!`;
    const domain = `${"a".repeat(63)}.${"a".repeat(63)}.${"a".repeat(63)}.example`;
    expect(likeMatcher(term)(domain)).toBe(false);
    expect(likeMatcher(`${"%a".repeat(40)}%.example`)(domain)).toBe(true);
  });
});
