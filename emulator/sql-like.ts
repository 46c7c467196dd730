// The list endpoint's `search`: the term goes into an SQL LIKE '%term%' unescaped, so `%` and `_`
// act as wildcards and a backslash makes the next character literal. Matching ignores case, like
// the database collation.
//
// The match walks the pattern once per position with a single backtrack point, so its cost is at
// most the product of the two lengths. A regular expression built from the term backtracks
// exponentially on terms such as "%a%a%a%a%a%a!", which let one request stall the whole server.

type LikeToken = { kind: "literal"; character: string } | { kind: "one" } | { kind: "many" };

/** A predicate telling whether a text contains `term`, read as a LIKE pattern. */
export function likeMatcher(term: string): (text: string) => boolean {
  const tokens: LikeToken[] = [{ kind: "many" }, ...likeTokens(term), { kind: "many" }];
  return (text) => matchesTokens(tokens, text);
}

function likeTokens(term: string): LikeToken[] {
  const tokens: LikeToken[] = [];
  for (let index = 0; index < term.length; index += 1) {
    const character = term.charAt(index);
    if (character === "\\" && index + 1 < term.length) {
      index += 1;
      tokens.push({ kind: "literal", character: foldCase(term.charAt(index)) });
    } else if (character === "%") {
      // Runs of % mean the same as one; collapsing them keeps the walk short.
      if (tokens[tokens.length - 1]?.kind !== "many") tokens.push({ kind: "many" });
    } else if (character === "_") tokens.push({ kind: "one" });
    else tokens.push({ kind: "literal", character: foldCase(character) });
  }
  return tokens;
}

/**
 * Glob matching with one remembered `%`: on a mismatch, the last `%` seen swallows one more
 * character and matching resumes after it. Earlier `%`s never need revisiting, because a later
 * one can absorb anything they could have.
 */
function matchesTokens(tokens: readonly LikeToken[], text: string): boolean {
  let tokenIndex = 0;
  let textIndex = 0;
  let lastMany = -1;
  let resumeAt = 0;
  while (textIndex < text.length) {
    const token = tokens[tokenIndex];
    if (token?.kind === "many") {
      lastMany = tokenIndex;
      resumeAt = textIndex;
      tokenIndex += 1;
    } else if (
      token !== undefined &&
      (token.kind === "one" || token.character === foldCase(text.charAt(textIndex)))
    ) {
      tokenIndex += 1;
      textIndex += 1;
    } else if (lastMany !== -1) {
      tokenIndex = lastMany + 1;
      resumeAt += 1;
      textIndex = resumeAt;
    } else {
      return false;
    }
  }
  while (tokens[tokenIndex]?.kind === "many") tokenIndex += 1;
  return tokenIndex === tokens.length;
}

/** One UTF-16 unit in upper case when that stays one unit, as a case-insensitive regex compares. */
function foldCase(character: string): string {
  const upper = character.toUpperCase();
  return upper.length === 1 ? upper : character;
}
