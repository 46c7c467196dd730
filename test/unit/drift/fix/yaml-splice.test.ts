// `drift --fix code`'s edits to a user's YAML text, one at a time: each planned edit changes
// only its own span, and every other byte of the file (comments, blank lines, indentation,
// quoting, the spacing inside brackets, a missing last line break) is the user's as it was.
import { describe, expect, it } from "vitest";
import { Pair, Scalar, parseDocument } from "yaml";
import type { YAMLMap, YAMLSeq } from "yaml";
import { YamlSplice, pairOf, readPulumiYamlValue } from "../../../../drift/fix/yaml-splice";

/** The text, its top mapping, and a splice over it. */
const open = (text: string): { root: YAMLMap; splice: YamlSplice } => {
  const doc = parseDocument(text, { uniqueKeys: true });
  expect(doc.errors).toEqual([]);
  return { root: doc.contents as YAMLMap, splice: new YamlSplice(text) };
};

/** The text after setting the top-level `key` to `value`. */
const set = (text: string, key: string, value: unknown): string => {
  const { root, splice } = open(text);
  splice.setValue(pairOf(root, key) as Pair, value);
  return splice.result();
};

describe("YamlSplice.setValue: a value replaced in its own style", () => {
  it("keeps double and single quotes, escaping what each needs", () => {
    expect(set('a: "x"  # c\nb: 1\n', "a", 'say "hi"')).toBe('a: "say \\"hi\\""  # c\nb: 1\n');
    expect(set("a: 'x'  # c\nb: 1\n", "a", "it's")).toBe("a: 'it''s'  # c\nb: 1\n");
    expect(set("a: x  # c\n", "a", "y z")).toBe("a: y z  # c\n");
    // A quoted scalar given something other than text: written as YAML writes that value.
    expect(set('a: "true"\n', "a", true)).toBe("a: true\n");
    expect(set("a: 'x'\n", "a", ["p", "q"])).toBe("a: [p, q]\n");
    expect(set('a: "x"\n', "a", ["p", "q"])).toBe("a: [p, q]\n");
    // Text that would read as something else plain is quoted.
    expect(set("a: x\n", "a", "true")).toBe('a: "true"\n');
  });

  it("writes a long value on one line, never folded", () => {
    const long = Array.from({ length: 12 }, (_, i) => `10.0.0.${i + 100}`);
    expect(set("a: [10.0.0.1]\n", "a", long)).toBe(`a: [${long.join(", ")}]\n`);
    const words = "word ".repeat(30).trim();
    expect(set("a: x\n", "a", words)).toBe(`a: ${words}\n`);
  });

  it("keeps the spacing inside a flow list's brackets, spaces or tabs, when it has items", () => {
    expect(set("a: [ x ]  # c\n", "a", ["y", "z"])).toBe("a: [ y, z ]  # c\n");
    expect(set("a: [\tx\t]\n", "a", ["y"])).toBe("a: [ y ]\n");
    expect(set("a: [x]\n", "a", ["y", "z"])).toBe("a: [y, z]\n");
    // Spaces elsewhere than right after the bracket say nothing of the list's style.
    expect(set("a: [x ]\n", "a", ["y"])).toBe("a: [y]\n");
    expect(set("a:  [x]\n", "a", ["y"])).toBe("a:  [y]\n");
    expect(set("a: [x]\nb: [ y ]\n", "a", ["z"])).toBe("a: [z]\nb: [ y ]\n");
    // An empty list's spacing is no style: it is written tight.
    expect(set("a: [ ]\n", "a", ["y"])).toBe("a: [y]\n");
    expect(set("a: [ x ]\n", "a", [])).toBe("a: []\n");
  });

  it("keeps a block list a block list, one item a line at its indentation, the comments after it kept", () => {
    const text = "a:\n  - x   # first\n  - y   # last\nb: 1\n";
    expect(set(text, "a", ["p", "q", "r"])).toBe("a:\n  - p\n  - q\n  - r   # last\nb: 1\n");
    const nested = "top:\n  a:\n      - x\n  b: 1\n";
    const { root, splice } = open(nested);
    splice.setValue(pairOf(pairOf(root, "top")?.value as YAMLMap, "a") as Pair, ["p", "q"]);
    expect(splice.result()).toBe("top:\n  a:\n      - p\n      - q\n  b: 1\n");
  });

  it("puts an empty list, or a value replacing a block mapping, on the key's line", () => {
    expect(set("a:\n  - x\n  - y  # c\nb: 1\n", "a", [])).toBe("a: []  # c\nb: 1\n");
    expect(set("a  :\n  - x\n", "a", [])).toBe("a  : []\n");
    expect(set("a:\n  k: v\n  l: w\n", "a", "z")).toBe("a: z\n");
    expect(set("a:\n  k: v\n", "a", ["p", "q"])).toBe("a: [p, q]\n");
    // A key with a colon in its quoted name: the value goes after the key's own colon.
    expect(set('"a:b":\n  - x\n', "a:b", [])).toBe('"a:b": []\n');
  });

  it("refuses a node that has no place in the text", () => {
    const splice = new YamlSplice("a: 1\n");
    expect(() => splice.setValue(new Pair(new Scalar("a"), new Scalar(1)), 2)).toThrow(
      "a YAML node without a position",
    );
  });
});

describe("YamlSplice.addKey: a key added as the mapping's last", () => {
  const add = (text: string, path: string[], key: string, value: unknown): string => {
    const { root, splice } = open(text);
    const map = path.reduce((node, name) => pairOf(node, name)?.value as YAMLMap, root);
    splice.addKey(map, key, value);
    return splice.result();
  };

  it("adds a line at the first key's indentation, after the last value's line and its comment", () => {
    expect(add("m:\n   k: v  # c\n   l: w  # d\nn: 1\n", ["m"], "z", true)).toBe(
      "m:\n   k: v  # c\n   l: w  # d\n   z: true\nn: 1\n",
    );
    expect(add("m:\n  k: v\n  l: [a, b]\n", ["m"], "z", ["x", "y"])).toBe(
      "m:\n  k: v\n  l: [a, b]\n  z: [x, y]\n",
    );
  });

  it("goes after the deepest last value: a nested block mapping or list, a key with no value", () => {
    expect(add("m:\n  k:\n    n: 1  # deep\n\n# after\n", ["m"], "z", 1)).toBe(
      "m:\n  k:\n    n: 1  # deep\n  z: 1\n\n# after\n",
    );
    expect(add("m:\n  k:\n    - 1\n    - 2  # two\nn: 1\n", ["m"], "z", 1)).toBe(
      "m:\n  k:\n    - 1\n    - 2  # two\n  z: 1\nn: 1\n",
    );
    expect(add("m:\n  k:  # nothing\nn: 1\n", ["m"], "z", 1)).toBe("m:\n  k:  # nothing\n  z: 1\nn: 1\n");
    expect(add("m:\n  k: {a: 1}  # flow\nn: 1\n", ["m"], "z", 1)).toBe(
      "m:\n  k: {a: 1}  # flow\n  z: 1\nn: 1\n",
    );
  });

  it("adds at the end of a text without a last line break", () => {
    expect(add("m:\n  k: v", ["m"], "z", "w")).toBe("m:\n  k: v\n  z: w");
    expect(add("k: v  # c", [], "z", "w")).toBe("k: v  # c\nz: w");
  });

  it("adds inside a flow mapping's braces, with a comma when it has keys, the spacing inside kept", () => {
    expect(add("m: {k: v}  # c\n", ["m"], "z", 1)).toBe("m: {k: v, z: 1}  # c\n");
    expect(add("m: { k: v }\n", ["m"], "z", 1)).toBe("m: { k: v, z: 1 }\n");
    expect(add("m: {\tk: [1, 2]\t}\n", ["m"], "z", 1)).toBe("m: {\tk: [1, 2], z: 1\t}\n");
    expect(add("m: { k }\n", ["m"], "z", 1)).toBe("m: { k, z: 1 }\n");
    expect(add("m: {k: v,}\n", ["m"], "z", 1)).toBe("m: {k: v, z: 1,}\n");
    expect(add("m: {}\n", ["m"], "z", 1)).toBe("m: {z: 1}\n");
    expect(add("m: { }\n", ["m"], "z", 1)).toBe("m: { z: 1 }\n");
    expect(add("m: {k: '}'}\n", ["m"], "z", 1)).toBe("m: {k: '}', z: 1}\n");
  });

  it("adds after keys written explicitly (`? key`) at the column of their `?`", () => {
    expect(add("m:\n  ? k\n  : v\nn: 1\n", ["m"], "z", 1)).toBe("m:\n  ? k\n  : v\n  z: 1\nn: 1\n");
    expect(add("m:\n  ?   k\n", ["m"], "z", 1)).toBe("m:\n  ?   k\n  z: 1\n");
    expect(add("? k\n: v\n", [], "z", 1)).toBe("? k\n: v\nz: 1\n");
    // A key after a sequence's `- ` is no explicit key: its column is the key's own.
    const { root, splice } = open("l:\n  - a: 1\n");
    const item = (pairOf(root, "l")?.value as YAMLSeq).items[0] as YAMLMap;
    splice.addKey(item, "z", 2);
    expect(splice.result()).toBe("l:\n  - a: 1\n    z: 2\n");
  });
});

describe("YamlSplice.appendEntry: a mapping appended to a list", () => {
  const append = (text: string, entry: Record<string, unknown>): string => {
    const { root, splice } = open(text);
    const pair = pairOf(root, "l") as Pair;
    splice.appendEntry(pair, pair.value as YAMLSeq, entry);
    return splice.result();
  };

  it("appends block entries at the list's indentation, after the last entry and its comment", () => {
    expect(append("l:\n    - a: 1\n      b: 2  # c\n# end\n", { a: 3, b: [4, 5] })).toBe(
      "l:\n    - a: 1\n      b: 2  # c\n    - a: 3\n      b: [4, 5]\n# end\n",
    );
    expect(append("l:\n- a: 1\n", { a: 2 })).toBe("l:\n- a: 1\n- a: 2\n");
    // The first item's mapping on the line below its dash: the dash's column is the list's.
    expect(append("l:\n  -\n    a: 1\n", { a: 2 })).toBe("l:\n  -\n    a: 1\n  - a: 2\n");
  });

  it("appends into a flow list with items as a flow mapping", () => {
    expect(append("l: [{a: 1}]  # c\n", { a: 2, b: "x y" })).toBe("l: [{a: 1}, {a: 2, b: x y}]  # c\n");
  });

  it("turns an empty flow list into a block list under its key, two spaces in from the key", () => {
    expect(append("l: []  # none\nm: 1\n", { a: 1, b: 2 })).toBe("l:\n  - a: 1\n    b: 2  # none\nm: 1\n");
    expect(append("l  :  [ ]\n", { a: 1 })).toBe("l  :\n  - a: 1\n");
  });

  it("turns a nested empty flow list into a block list under its key", () => {
    const text = "top:\n   l: [] # x\n";
    const { root, splice } = open(text);
    const pair = pairOf(pairOf(root, "top")?.value as YAMLMap, "l") as Pair;
    splice.appendEntry(pair, pair.value as YAMLSeq, { a: 1 });
    expect(splice.result()).toBe("top:\n   l:\n     - a: 1 # x\n");
  });
});

describe("YamlSplice: planning, going back, and the order of edits", () => {
  it("forgets the edits planned since a mark, and keeps those before it", () => {
    const text = "a: 1\nb: 2\nc: 3\n";
    const { root, splice } = open(text);
    expect(splice.mark()).toBe(0);
    splice.setValue(pairOf(root, "a") as Pair, 10);
    const mark = splice.mark();
    expect(mark).toBe(1);
    splice.setValue(pairOf(root, "b") as Pair, 20);
    splice.addKey(root, "d", 4);
    expect(splice.mark()).toBe(3);
    splice.rollback(mark);
    expect(splice.mark()).toBe(1);
    expect(splice.result()).toBe("a: 10\nb: 2\nc: 3\n");
    splice.rollback(0);
    expect(splice.result()).toBe(text);
    expect(splice.text).toBe(text);
  });

  it("makes every edit wherever planned, keys added at one place in the order planned", () => {
    const { root, splice } = open("a: 1\nb: 2\n");
    splice.addKey(root, "x", 1);
    splice.setValue(pairOf(root, "b") as Pair, 3);
    splice.addKey(root, "y", 2);
    splice.setValue(pairOf(root, "a") as Pair, 4);
    splice.addKey(root, "z", 3);
    expect(splice.result()).toBe("a: 4\nb: 3\nx: 1\ny: 2\nz: 3\n");
  });
});

describe("pairOf and readPulumiYamlValue", () => {
  it("finds a pair by its plain key, never by a key that is not a scalar or is missing", () => {
    const { root } = open("? [a]\n: 1\n? \n: 2\n'a': 3\n");
    expect(pairOf(root, "a")?.value).toMatchObject({ value: 3 });
    expect(pairOf(root, "b")).toBeUndefined();
  });

  it("reads only scalars and lists of them as literals", () => {
    expect(readPulumiYamlValue(null)).toEqual({ literal: null });
    expect(readPulumiYamlValue(7)).toEqual({ literal: 7 });
    expect(readPulumiYamlValue(false)).toEqual({ literal: false });
    expect(readPulumiYamlValue([])).toEqual({ literal: [] });
    expect(readPulumiYamlValue(["a", 1, true])).toEqual({ literal: ["a", 1, true] });
    expect(readPulumiYamlValue(undefined)).toBeUndefined();
    expect(readPulumiYamlValue(["a", { b: 1 }])).toBeUndefined();
    expect(readPulumiYamlValue("$")).toEqual({ literal: "$" });
    expect(readPulumiYamlValue("a$$")).toEqual({ literal: "a$" });
    expect(readPulumiYamlValue("$$${")).toBeUndefined();
  });
});
