// The scan of Markdown's mentions and references (neutral-text.ts referenceSpans), written by hand
// because the expression it replaces backtracks on long words: it finds exactly what that
// expression finds, and reads a 1 MB value in a bounded number of steps per character.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { referenceSpans } from "../../../../drift/model/neutral-text";
import { MB } from "../../../support/linear-transforms";

/** The expression the scan replaces, the statement of what it finds. */
const referenceExpression =
  /(?<![A-Za-z0-9_])@[A-Za-z0-9][A-Za-z0-9-]*(?:\/[A-Za-z0-9_-]+)?|(?:[\w.-]+\/)?[\w.-]*#\d+|(?<![A-Za-z0-9_])GH-\d+/gi;

describe("referenceSpans", () => {
  it("finds exactly what the expression finds, on texts made of the characters it turns on", () => {
    const alphabet = fc.constantFrom(..."aZ0_.-/#@1 gGhH-é,".split(""));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (characters) => {
        const text = characters.join("");
        const expected = [...text.matchAll(referenceExpression)].map((m) => ({
          start: m.index,
          end: m.index + m[0].length,
        }));
        expect(referenceSpans(text)).toEqual(expected);
      }),
      { numRuns: 5_000 },
    );
  });

  it.each([
    ["a run of word characters", "a".repeat(MB)],
    ["owner/ pairs", "a/".repeat(MB / 2)],
    ["a run ending in #", `${"a".repeat(MB - 1)}#`],
    ["mentions", "@a".repeat(MB / 2)],
    ["GH- without digits", "GH-".repeat(MB / 3)],
    ["references", "a#1".repeat(MB / 3)],
  ])("reads a 1 MB value of %s in a few steps per character", (_name, text) => {
    const counter = { steps: 0 };
    referenceSpans(text, counter);
    expect(counter.steps).toBeLessThanOrEqual(8 * text.length);
  });
});
