// "Did you mean …?" for keys a fleet file does not know: the known key nearest in spelling,
// compared without case, hyphens and underscores so that `exclude_bots` (the API's wire
// name) and `ExcludeBots` both point at `excludeBots`.
import { closest, distance } from "fastest-levenshtein";

const comparable = (key: string): string => key.toLowerCase().replace(/[-_\s]/g, "");

/** The known key that `key` most likely meant, or undefined when none is close. */
export function closestName(key: string, known: readonly string[]): string | undefined {
  if (known.length === 0) return undefined;
  const wanted = comparable(key);
  const byComparable = new Map(known.map((k) => [comparable(k), k]));
  const nearest = closest(wanted, [...byComparable.keys()]);
  // Allow about one typo per three letters: further than that, a suggestion is a guess.
  const tolerance = Math.max(2, Math.floor(wanted.length / 3));
  return distance(wanted, nearest) <= tolerance ? byComparable.get(nearest) : undefined;
}
