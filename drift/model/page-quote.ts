// Text a website wrote (an attribute of its tracking snippet, a script's id), quoted in a page's
// reason. A page may hold megabytes in one attribute: quoted whole, it would make every report as
// large (and the job summary past GitHub's 1 MiB), so a quotation stops at a fixed length and
// says how long the text was.

/** The characters of page text a reason quotes at most; the rest is cut, its length said. */
export const PAGE_TEXT_QUOTED_AT_MOST = 200;

/** The number of characters (code points: a surrogate pair is one) of `text`. */
function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const pairEnd = c >= 0xdc00 && c <= 0xdfff && i > 0 && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800;
    if (!pairEnd) count++;
  }
  return count;
}

/**
 * `text` as a page's reason quotes it: whole up to `atMost` characters, else its first `atMost`
 * characters, an ellipsis and its full length, as `abc… (2,097,152 characters)`. A surrogate pair
 * is never cut in two.
 */
export function quotePageText(text: string, atMost: number = PAGE_TEXT_QUOTED_AT_MOST): string {
  // A character is at most two code units: a text this short cannot be over the bound.
  if (text.length <= atMost) return text;
  const count = characterCount(text);
  if (count <= atMost) return text;
  let end = 0;
  for (let kept = 0; kept < atMost; kept++) {
    const c = text.charCodeAt(end);
    const pair = (c & 0xfc00) === 0xd800 && (text.charCodeAt(end + 1) & 0xfc00) === 0xdc00;
    end += pair ? 2 : 1;
  }
  return `${text.slice(0, end)}… (${count.toLocaleString("en-US")} characters)`;
}
