// --stack-filter: which of the listed stacks a glob keeps. A glob without a slash is matched
// against a stack's own name (the part after its last slash), so `acme-*` works on every form
// pulumi prints; a glob with a slash is matched against the full name (`org/project/stack` with
// --backend-wide). The glob language is core/glob.ts's stack-name globs, beside the domain globs:
// case-sensitive as stack names are, bounded in length, matched without backtracking.
import { quotedGlob, stackGlob, stackGlobProblem } from "../../core/glob";
import { StateError } from "./stack-export";

interface StackFilter {
  glob: string;
  matches: (fullName: string) => boolean;
}

/** What a stack name may hold, and what a glob adds to it (`*`, `?`, `[...]`, `{a,b}`, `!` in a class). */
const globCharacters = /^[A-Za-z0-9_.\-/*?[\]{},!]+$/;

/** Why `glob` cannot be a glob of stack names (characters no stack name or glob has), if it cannot. */
export function globProblem(glob: string): string | undefined {
  if (!globCharacters.test(glob) || glob.includes("//")) {
    return (
      "--stack-filter takes a glob of stack names: stack names hold letters, digits, -, _ and ., " +
      "full names (org/project/stack) single slashes; a glob adds *, **, ?, [...] and {a,b}."
    );
  }
  const problem = stackGlobProblem(glob);
  return problem ? `--stack-filter ${quotedGlob(glob)} ${problem}` : undefined;
}

/** The filter of one glob (checked with globProblem first). */
export function stackFilter(glob: string): StackFilter {
  const matcher = stackGlob(glob);
  const whole = glob.includes("/");
  return {
    glob,
    matches: (fullName) => matcher.matches(whole ? fullName : fullName.slice(fullName.lastIndexOf("/") + 1)),
  };
}

/**
 * The names any filter keeps, in their order (all of them without filters). Every filter must
 * keep at least one stack: a glob that matches nothing is a mistake, said with the names listed.
 */
export function filterStacks<T extends { fullName: string }>(
  stacks: T[],
  filters: StackFilter[],
  where: string,
): T[] {
  if (filters.length === 0) return stacks;
  const unmatched = filters.filter((f) => !stacks.some((s) => f.matches(s.fullName)));
  if (unmatched.length > 0) {
    const shown = stacks.slice(0, 10).map((s) => s.fullName);
    const listed =
      stacks.length === 0
        ? "it lists no stack"
        : `it lists ${stacks.length}: ${shown.join(", ")}${stacks.length > shown.length ? ", ..." : ""}`;
    throw new StateError(
      `--stack-filter ${unmatched.map((f) => JSON.stringify(f.glob)).join(", ")} matches no stack of ${where} (${listed}). ` +
        "A glob without a slash matches a stack's own name; with a slash, its full name as listed.",
    );
  }
  return stacks.filter((s) => filters.some((f) => f.matches(s.fullName)));
}
