// Where a JSON text goes wrong, said without quoting it (core/json-text.ts): the scanner agrees
// with JSON.parse on what is JSON, places the fault by line and column, and bounds the nesting.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonTextProblem } from "../../../core/json-text";

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe("jsonTextProblem", () => {
  it("places a fault by line and column, in words", () => {
    expect(jsonTextProblem('{"a": 1}')).toBeUndefined();
    expect(jsonTextProblem(' [1, "x", {"b": [true, false, null, -1.5e3]}] \n')).toBeUndefined();
    expect(jsonTextProblem('{"a": s3cret}')).toEqual({
      line: 1,
      column: 7,
      reason: "a value should come here",
      tooDeep: false,
    });
    expect(jsonTextProblem('{\n  "a": [1, 2,]\n}')).toMatchObject({ line: 2, column: 14 });
    expect(jsonTextProblem('{"a" 1}')?.reason).toBe("a colon should follow the property name");
    expect(jsonTextProblem('{"a": "x')?.reason).toBe("a string is not closed");
    expect(jsonTextProblem('"a\\qb"')?.reason).toBe("a string has an escape that JSON does not have");
    expect(jsonTextProblem('"a\nb"')?.reason).toBe("a string holds a control character or a line break");
    expect(jsonTextProblem("[1] 2")?.reason).toBe("more text follows the JSON value");
    expect(jsonTextProblem("[1")?.reason).toBe("the text ends before the JSON value does");
    expect(jsonTextProblem("")?.reason).toBe("the text ends before the JSON value does");
  });

  it("bounds the nesting, without recursion", () => {
    const deep = `${"[".repeat(60_000)}${"]".repeat(60_000)}`;
    expect(jsonTextProblem(deep)).toBeUndefined();
    expect(jsonTextProblem(deep, 64)).toEqual({
      line: 1,
      column: 65,
      reason: "arrays and objects nest deeper than 64 levels here",
      tooDeep: true,
    });
    expect(jsonTextProblem(`${"[".repeat(64)}${"]".repeat(64)}`, 64)).toBeUndefined();
  });

  it("agrees with JSON.parse on JSON texts and on texts cut or changed anywhere", () => {
    const alphabet = fc.constantFrom(...'{}[]:,"\\ \n0123456789-+.eEtrufalsn\tu/x');
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.string({ unit: alphabet, maxLength: 3 }), (text, at, insert) => {
        expect(jsonTextProblem(text)).toBeUndefined();
        const cut = at % (text.length + 1);
        const changed = text.slice(0, cut) + insert + text.slice(cut + (at % 2));
        expect(jsonTextProblem(changed) === undefined, changed).toBe(parses(changed));
      }),
      { numRuns: 5000 },
    );
  });
});
