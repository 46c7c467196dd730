// The ways a server or a proxy may spell text it echoes back: HTML character references (named,
// decimal or hexadecimal, with or without leading zeros: `&amp;`, `&#38;`, `&#x26;`, `&#038;`),
// JSON and script string escapes (`\"`, `\u00e9`, PHP's `\/`), percent-encoding in either case
// (`%2F`, `%2f`, a form's `+` for a space). Rather than listing every spelling of a secret (a
// password with several such characters has as many spellings as combinations), redact.ts reads
// a text's escapes back once per kind, here, and looks for the secret in what they say: a
// "reading" keeps, for each code unit it yields, the range of the text it came from.
//
// Each reading is one pass over the text, reading each character a bounded number of times.

/** A text read back: `text`, and for its code unit `i` the range `[from[i], to[i])` of the original. */
export interface Reading {
  text: string;
  from: Int32Array;
  to: Int32Array;
}

/** The text as it stands: each code unit from itself. */
export function asWritten(text: string): Reading {
  const from = new Int32Array(text.length);
  const to = new Int32Array(text.length);
  for (let i = 0; i < text.length; i++) {
    from[i] = i;
    to[i] = i + 1;
  }
  return { text, from, to };
}

/** Builds a reading: units appended with the range of the source they came from. */
class ReadingBuilder {
  private readonly parts: string[] = [];
  private from: number[] = [];
  private to: number[] = [];

  add(units: string, start: number, end: number): void {
    this.parts.push(units);
    for (let k = 0; k < units.length; k++) {
      this.from.push(start);
      this.to.push(end);
    }
  }

  done(): Reading {
    return { text: this.parts.join(""), from: Int32Array.from(this.from), to: Int32Array.from(this.to) };
  }
}

const hexValue = (c: number): number =>
  c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;
const isDecimal = (c: number): boolean => c >= 48 && c <= 57;
const isAsciiLetterOrDigit = (c: number): boolean =>
  isDecimal(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** The code point as a string, or undefined when it is none (a surrogate, or past U+10FFFF). */
const fromCodePoint = (point: number): string | undefined =>
  point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff) ? undefined : String.fromCodePoint(point);

/**
 * The named character references escapers write: HTML 4's (the ASCII markup characters and every
 * Latin-1 character, `&eacute;`), and HTML5's names of the other ASCII punctuation (`&sol;`,
 * `&excl;`...), which PHP's htmlentities writes.
 */
const latin1Names =
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn " +
  "sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave " +
  "Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml " +
  "ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN " +
  "szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute " +
  "icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml " +
  "yacute thorn yuml";
export const NAMED_REFERENCES: ReadonlyMap<string, string> = new Map([
  ...latin1Names.split(" ").map((name, i): [string, string] => [name, String.fromCharCode(0xa0 + i)]),
  ...Object.entries({
    amp: "&",
    AMP: "&",
    lt: "<",
    LT: "<",
    gt: ">",
    GT: ">",
    quot: '"',
    QUOT: '"',
    apos: "'",
    excl: "!",
    num: "#",
    dollar: "$",
    percnt: "%",
    lpar: "(",
    rpar: ")",
    ast: "*",
    midast: "*",
    plus: "+",
    comma: ",",
    period: ".",
    sol: "/",
    colon: ":",
    semi: ";",
    equals: "=",
    quest: "?",
    commat: "@",
    lsqb: "[",
    lbrack: "[",
    bsol: "\\",
    rsqb: "]",
    rbrack: "]",
    Hat: "^",
    lowbar: "_",
    UnderBar: "_",
    grave: "`",
    DiacriticalGrave: "`",
    lcub: "{",
    lbrace: "{",
    verbar: "|",
    vert: "|",
    VerticalLine: "|",
    rcub: "}",
    rbrace: "}",
    Tab: "\t",
    NewLine: "\n",
  }),
]);
/** The longest name above, and then some: a reference is read no further. */
const LONGEST_NAME = 32;
/** Leading zeros and digits a numeric reference may have that are still read. */
const LONGEST_NUMBER = 16;

/** The HTML character reference at `at` (an `&`): what it says and where it ends, or undefined. */
function characterReference(text: string, at: number): { units: string; end: number } | undefined {
  let i = at + 1;
  if (text.charCodeAt(i) === 35 /* # */) {
    i++;
    const hex = (text.charCodeAt(i) | 0x20) === 120; /* x or X */
    if (hex) i++;
    const start = i;
    let point = 0;
    for (; i - start < LONGEST_NUMBER; i++) {
      const c = text.charCodeAt(i);
      const digit = hex ? hexValue(c) : isDecimal(c) ? c - 48 : -1;
      if (digit < 0) break;
      point = point * (hex ? 16 : 10) + digit;
    }
    if (i === start || text.charCodeAt(i) !== 59 /* ; */) return undefined;
    const units = fromCodePoint(point);
    return units === undefined ? undefined : { units, end: i + 1 };
  }
  const start = i;
  while (i - start <= LONGEST_NAME && isAsciiLetterOrDigit(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 59) return undefined;
  const units = NAMED_REFERENCES.get(text.slice(start, i));
  return units === undefined ? undefined : { units, end: i + 1 };
}

const backslashEscapes: Record<string, string> = {
  '"': '"',
  "'": "'",
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

/** The JSON or script escape at `at` (a `\`): what it says and where it ends, or undefined. */
function backslashEscape(text: string, at: number): { units: string; end: number } | undefined {
  const letter = text[at + 1];
  if (letter === undefined) return undefined;
  const simple = backslashEscapes[letter];
  if (simple !== undefined) return { units: simple, end: at + 2 };
  const digits = letter === "u" ? 4 : letter === "x" ? 2 : 0;
  if (digits === 0) return undefined;
  let unit = 0;
  for (let k = 0; k < digits; k++) {
    const digit = hexValue(text.charCodeAt(at + 2 + k));
    if (digit < 0) return undefined;
    unit = unit * 16 + digit;
  }
  // One UTF-16 unit: a pair written as two `\u` escapes reads back as the pair.
  return { units: String.fromCharCode(unit), end: at + 2 + digits };
}

/** HTML character references and JSON/script backslash escapes read back (they can mix: `&amp;` inside `\"`). */
export function markupRead(text: string): Reading {
  const out = new ReadingBuilder();
  let plainFrom = 0;
  const flushPlain = (end: number) => {
    for (let k = plainFrom; k < end; k++) out.add(text[k]!, k, k + 1);
  };
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    const escape = c === 38 ? characterReference(text, i) : c === 92 ? backslashEscape(text, i) : undefined;
    if (escape === undefined) {
      i++;
      continue;
    }
    flushPlain(i);
    out.add(escape.units, i, escape.end);
    i = escape.end;
    plainFrom = i;
  }
  flushPlain(text.length);
  return out.done();
}

/** The byte of a `%XX` at `at` (either case), or -1. */
const percentByte = (text: string, at: number): number => {
  if (text.charCodeAt(at) !== 37) return -1;
  const high = hexValue(text.charCodeAt(at + 1));
  const low = hexValue(text.charCodeAt(at + 2));
  return high < 0 || low < 0 ? -1 : high * 16 + low;
};

/** The UTF-8 sequence of `%XX` escapes at `at`: the character and where it ends, or undefined. */
function percentCharacter(text: string, at: number): { units: string; end: number } | undefined {
  const lead = percentByte(text, at);
  if (lead < 0) return undefined;
  if (lead < 0x80) return { units: String.fromCharCode(lead), end: at + 3 };
  const more = lead >= 0xf0 && lead <= 0xf4 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc2 && lead <= 0xdf ? 1 : -1;
  if (more < 0) return undefined;
  let point = lead & (0x3f >> more);
  for (let k = 1; k <= more; k++) {
    const next = percentByte(text, at + 3 * k);
    if (next < 0x80 || next > 0xbf) return undefined;
    point = (point << 6) | (next & 0x3f);
  }
  const shortest = [0, 0x80, 0x800, 0x10000][more]!;
  const units = point < shortest ? undefined : fromCodePoint(point);
  return units === undefined ? undefined : { units, end: at + 3 * (more + 1) };
}

/** Percent-encoding read back, in either case, UTF-8 sequences as their characters, `+` as a space. */
export function percentRead(text: string): Reading {
  const out = new ReadingBuilder();
  for (let i = 0; i < text.length;) {
    const character = text[i] === "%" ? percentCharacter(text, i) : undefined;
    if (character !== undefined) {
      out.add(character.units, i, character.end);
      i = character.end;
    } else {
      out.add(text[i] === "+" ? " " : text[i]!, i, i + 1);
      i++;
    }
  }
  return out.done();
}

/** `outer` applied to what `first` read: its ranges taken back to the original text. */
export function readAgain(first: Reading, outer: (t: string) => Reading): Reading {
  const second = outer(first.text);
  const from = new Int32Array(second.text.length);
  const to = new Int32Array(second.text.length);
  for (let i = 0; i < second.text.length; i++) {
    from[i] = first.from[second.from[i]!]!;
    to[i] = first.to[second.to[i]! - 1]!;
  }
  return { text: second.text, from, to };
}
