// Where a JSON text goes wrong, said without quoting it. V8's JSON.parse quotes the text around a
// fault ("Unexpected token 's', "{"key": s3cret}" is not valid JSON"), which would carry a piece
// of a secret or of a whole file into an error message; this scanner gives the line, the column
// and the fault in words instead. It also bounds how deep values nest, so that code walking the
// parsed value recursively cannot run out of stack. It reads the text once, without recursion.

/** Where a text stops being JSON (or nests too deep), in words: no character of the text. */
interface JsonTextProblem {
  line: number;
  column: number;
  reason: string;
  /** The text is JSON but nests deeper than the bound. */
  tooDeep: boolean;
}

const ARRAY = 0;
const OBJECT = 1;
const number = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const escapes = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const hex = /^[0-9a-fA-F]{4}$/;

/** `line L, column C` of a problem, for messages. */
export const placeOf = (problem: JsonTextProblem): string => `line ${problem.line}, column ${problem.column}`;

/**
 * Why a text that JSON.parse refused is not JSON, for a message in place of JSON.parse's own
 * (which quotes the text): `line L, column C: <fault>`.
 */
export function notJsonReason(text: string): string {
  const problem = jsonTextProblem(text);
  return problem ? `${placeOf(problem)}: ${problem.reason}` : "a syntax error";
}

/**
 * The first place where `text` is not JSON, or where its arrays and objects nest deeper than
 * `maxDepth`; undefined when it is JSON within the bound.
 */
export function jsonTextProblem(
  text: string,
  maxDepth = Number.POSITIVE_INFINITY,
): JsonTextProblem | undefined {
  const at = (index: number, reason: string, tooDeep = false): JsonTextProblem => {
    let line = 1;
    let start = 0;
    for (let k = text.indexOf("\n"); k >= 0 && k < index; k = text.indexOf("\n", k + 1)) {
      line++;
      start = k + 1;
    }
    return { line, column: index - start + 1, reason, tooDeep };
  };
  const containers: number[] = [];
  let expect: "value" | "value-or-]" | "key-or-}" | "key" | ":" | ",-or-close" | "end" = "value";
  let i = 0;
  /** The index after the string that starts at `i`, or a problem. */
  const string = (): number | JsonTextProblem => {
    for (let j = i + 1; j < text.length; j++) {
      const char = text[j]!;
      if (char === '"') return j + 1;
      if (char === "\\") {
        const escaped = text[j + 1];
        if (escaped === "u" && hex.test(text.slice(j + 2, j + 6))) j += 5;
        else if (escaped !== undefined && escapes.has(escaped)) j += 1;
        else return at(j, "a string has an escape that JSON does not have");
      } else if (char < " ") return at(j, "a string holds a control character or a line break");
    }
    return at(i, "a string is not closed");
  };
  for (;;) {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
    if (i >= text.length)
      return expect === "end" ? undefined : at(i, "the text ends before the JSON value does");
    const char = text[i]!;
    if (expect === "end") return at(i, "more text follows the JSON value");
    if (expect === ":") {
      if (char !== ":") return at(i, "a colon should follow the property name");
      i++;
      expect = "value";
      continue;
    }
    if (expect === ",-or-close") {
      const top = containers.at(-1);
      if (char === ",") {
        i++;
        expect = top === OBJECT ? "key" : "value";
      } else if ((char === "]" && top === ARRAY) || (char === "}" && top === OBJECT)) {
        i++;
        containers.pop();
        expect = containers.length > 0 ? ",-or-close" : "end";
      } else {
        return at(
          i,
          top === OBJECT
            ? "a comma or a closing brace should follow the property's value"
            : "a comma or a closing bracket should follow the array's element",
        );
      }
      continue;
    }
    if ((expect === "key-or-}" && char === "}") || (expect === "value-or-]" && char === "]")) {
      i++;
      containers.pop();
      expect = containers.length > 0 ? ",-or-close" : "end";
      continue;
    }
    if (expect === "key-or-}" || expect === "key") {
      if (char !== '"') return at(i, "a property name in double quotes should come here");
      const end = string();
      if (typeof end !== "number") return end;
      i = end;
      expect = ":";
      continue;
    }
    // A value.
    if (char === "{" || char === "[") {
      if (containers.length >= maxDepth)
        return at(i, `arrays and objects nest deeper than ${maxDepth} levels here`, true);
      containers.push(char === "{" ? OBJECT : ARRAY);
      i++;
      expect = char === "{" ? "key-or-}" : "value-or-]";
      continue;
    }
    if (char === '"') {
      const end = string();
      if (typeof end !== "number") return end;
      i = end;
    } else {
      const literal = ["true", "false", "null"].find((word) => text.startsWith(word, i));
      number.lastIndex = i;
      if (literal) i += literal.length;
      else if (number.test(text)) i = number.lastIndex;
      else return at(i, "a value should come here");
    }
    expect = containers.length > 0 ? ",-or-close" : "end";
  }
}
