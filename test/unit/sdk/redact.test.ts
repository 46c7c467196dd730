// makeRedactor, table-driven by spelling: a secret echoed as it is, JSON- or script-escaped
// (PHP's `\/`, `\u00e9`), HTML-escaped (named, decimal, hexadecimal, with leading zeros, mixed
// with JSON escapes), percent-encoded in either case or as a form writes it, is hidden; text that
// only looks like one is kept. test/unit/sdk/errors.test.ts proves the same spellings through the
// client's errors; test/unit/drift/model/linear-text.test.ts its cost on 1 MB bodies.
import { describe, expect, it } from "vitest";
import { excerptOf, makeRedactor, REDACTED } from "../../../sdk/redact";
import { NAMED_REFERENCES } from "../../../sdk/escaped-spellings";

const PASSWORD = `S3cret pass+word/"é&<'>`;

/** Every spelling of PASSWORD the redactor must hide, by its kind. */
export const passwordSpellings: [string, string][] = [
  ["as it is", PASSWORD],
  ["JSON-escaped", JSON.stringify(PASSWORD).slice(1, -1)],
  ["PHP-escaped JSON (\\/ and \\u)", `S3cret pass+word\\/\\"\\u00e9&<'>`],
  ["JSON with upper-case \\u", `S3cret pass+word/\\"\\u00E9&<'>`],
  ["a script string (\\x, \\')", `S3cret pass+word\\/"\\xe9&<\\'>`],
  ["HTML-escaped, named", `S3cret pass+word/&quot;é&amp;&lt;&apos;&gt;`],
  ["HTML-escaped, PHP's htmlspecialchars (&#039;)", `S3cret pass+word/&quot;é&amp;&lt;&#039;&gt;`],
  ["HTML-escaped, decimal", `S3cret pass+word/&#34;&#233;&#38;&#60;&#39;&#62;`],
  ["HTML-escaped, hexadecimal", `S3cret pass+word/&#x22;&#xE9;&#x26;&#x3c;&#X27;&#x3E;`],
  ["HTML-escaped, leading zeros", `S3cret pass+word/&#00034;é&#x0026;&lt;'>`],
  ["htmlentities (&eacute;, &sol;, &plus;)", `S3cret pass&plus;word&sol;&quot;&eacute;&amp;&lt;&apos;&gt;`],
  ["JSON inside HTML", `S3cret pass+word\\/\\&quot;é&amp;&lt;'>`],
  ["percent-encoded, upper case", encodeURIComponent(PASSWORD)],
  [
    "percent-encoded, lower case",
    encodeURIComponent(PASSWORD).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
  ],
  ["a form body (+ for a space)", new URLSearchParams({ p: PASSWORD }).toString().slice(2)],
  [
    "a form body, lower case",
    new URLSearchParams({ p: PASSWORD })
      .toString()
      .slice(2)
      .replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
  ],
  ["every character percent-encoded", [...Buffer.from(PASSWORD)].map((b) => `%${b.toString(16)}`).join("")],
  ["JSON-escaped inside a URL", encodeURIComponent(`S3cret pass+word\\/\\"é&<'>`)],
];

describe("makeRedactor hides a password in every spelling", () => {
  const redact = makeRedactor(PASSWORD);

  it.each(passwordSpellings)("%s", (_kind, spelling) => {
    const echoed = `<p>could not store ${spelling} for you</p>`;
    expect(redact(echoed)).toBe(`<p>could not store ${REDACTED} for you</p>`);
  });

  it.each(passwordSpellings)("%s, twice in one text, each hidden", (_kind, spelling) => {
    expect(redact(`${spelling}|${spelling}`)).toBe(`${REDACTED}|${REDACTED}`);
  });
});

describe("makeRedactor keeps what only looks like a secret", () => {
  it.each([
    [
      "an escape that reads as something else",
      makeRedactor("a/b"),
      "a%2Gb a&sol b a&#xZZ;b",
      "a%2Gb a&sol b a&#xZZ;b",
    ],
    [
      "a reference that names no character",
      makeRedactor("a/b"),
      "a&bogus;b a&#x110000;b",
      "a&bogus;b a&#x110000;b",
    ],
    ["a broken UTF-8 sequence", makeRedactor("é!"), "%c3! %e9!", "%c3! %e9!"],
    ["a short secret inside a word", makeRedactor("e&"), "the& e&amp;", `the& ${REDACTED}`],
    ["a short secret as a word, escaped", makeRedactor("x/y"), "[x\\/y] ax\\/y", `[${REDACTED}] ax\\/y`],
    ["no secret", makeRedactor(), "&amp; %2f \\/", "&amp; %2f \\/"],
    ["an empty secret", makeRedactor(""), "anything", "anything"],
  ])("%s", (_name, redact, text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it("hides overlapping spellings of two secrets as one stretch", () => {
    const redact = makeRedactor("secret-one", "one-and-two");
    expect(redact("x secret-one-and-two y")).toBe(`x ${REDACTED} y`);
  });
});

describe("the named references read back", () => {
  it.each([
    ["nbsp", "\u00a0"],
    ["copy", "©"],
    ["eacute", "é"],
    ["times", "×"],
    ["divide", "÷"],
    ["yuml", "ÿ"],
    ["sol", "/"],
    ["bsol", "\\"],
  ])("&%s; is %s", (name, character) => {
    expect(NAMED_REFERENCES.get(name)).toBe(character);
  });
});

describe("excerptOf", () => {
  it("quotes a body only after redaction, folded to one line and cut", () => {
    const redact = makeRedactor(PASSWORD);
    const lowerCase = encodeURIComponent(PASSWORD).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
    const body = `<pre>\n  password=${lowerCase}\n</pre>${"x".repeat(5000)}`;
    const excerpt = excerptOf(body, redact, 100);
    expect(excerpt).toBe(`<pre> password=${REDACTED} </pre>${"x".repeat(100 - 1 - 32)}…`);
    expect(excerpt).toHaveLength(100);
  });

  it("hides a secret that folding the white space joins", () => {
    expect(excerptOf("pass\n\n  word", makeRedactor("pass word"))).toBe(REDACTED);
  });

  it("never cuts a surrogate pair in two", () => {
    const excerpt = excerptOf(`${"x".repeat(8)}😀😀`, makeRedactor(), 10);
    expect(excerpt).toBe(`${"x".repeat(8)}…`);
  });
});
