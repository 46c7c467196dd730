// The glob languages of the product, in one place and with one matcher: domain globs (the ignore
// file's rules and the policy pack's non-public-domains patterns) and, beside them, stack-name
// globs (drift's --stack-filter). docs/drift-reference.md ("Domain globs") states the domain
// language.
//
// A glob is parsed once into a small automaton (one state per glob character, and one per group
// of alternatives) and matched by following every state it can be in at once (Thompson's
// construction): each character of the text visits each state at most once, so a match costs at
// most in proportion to the glob's length times the text's length, whatever the glob. There is no
// backtracking and no brace expansion: `*a*a*a*a*a*a*a*a*a*a*b` or `{a,b}` twenty times over costs
// what any glob of its length costs. The length and the nesting of braces are bounded too, so a
// glob's automaton stays small.

/** The bounds of a glob, whichever language: longer or deeper ones are refused. */
export const globBounds = {
  /** Characters in one glob. */
  length: 1000,
  /** Braces inside braces: `{a,{b,c}}` nests 2 deep. */
  nesting: 5,
} as const;

/** A glob compiled once: `matches` is safe to call for every website or stack of a run. */
export interface CompiledGlob {
  readonly glob: string;
  readonly matches: (text: string) => boolean;
  /** The match and the work it took (states visited), for tests of the cost bound. */
  readonly run: (text: string) => { matched: boolean; steps: number };
}

interface Syntax {
  /** `[...]` classes (`[abc]`, `[a-z]`, `[!a]`); otherwise `[` is an ordinary character. */
  classes: boolean;
  /** A character `*`, `?` and classes never match; `**` matches it too. */
  separator?: string;
}

type Node =
  | { kind: "char"; char: string }
  | { kind: "any" }
  | { kind: "class"; negated: boolean; members: string[]; ranges: [number, number][] }
  | { kind: "star"; crossing: boolean }
  | { kind: "group"; options: Node[][] };

const count = (n: number): string => n.toLocaleString("en-US");

/** The glob as messages quote it: whole when short, its start otherwise. */
export const quotedGlob = (glob: string): string =>
  JSON.stringify(glob.length > 60 ? `${Array.from(glob).slice(0, 40).join("")}...` : glob);

/** The glob parsed, or why it cannot be (said after the glob's name: "has a ..."). */
function parse(glob: string, syntax: Syntax): Node[] | { reason: string } {
  const chars = Array.from(glob);
  if (chars.length > globBounds.length) {
    return {
      reason: `is ${count(chars.length)} characters long: a glob has at most ${count(globBounds.length)}.`,
    };
  }
  const root: Node[] = [];
  const open: { group: Extract<Node, { kind: "group" }>; outer: Node[] }[] = [];
  let sequence = root;
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (char === "*") {
      const first = i;
      while (chars[i + 1] === "*") i++;
      const separator = syntax.separator;
      // With a separator, exactly `**` as a whole part (between separators or the ends) crosses them:
      // `**/` is any number of whole parts, a final `/**` anything below; elsewhere `**` is `*`.
      const whole =
        separator !== undefined &&
        i === first + 1 &&
        (first === 0 || chars[first - 1] === separator) &&
        (i + 1 === chars.length || chars[i + 1] === separator);
      if (whole && chars[i + 1] === separator) {
        sequence.push({
          kind: "group",
          options: [
            [],
            [
              { kind: "star", crossing: true },
              { kind: "char", char: separator },
            ],
          ],
        });
        i++;
        continue;
      }
      const crossing = separator === undefined || whole;
      const last = sequence.at(-1);
      if (last?.kind === "star") last.crossing ||= crossing;
      else sequence.push({ kind: "star", crossing });
    } else if (char === "?") sequence.push({ kind: "any" });
    else if (char === "[" && syntax.classes) {
      const end = chars.indexOf("]", i + (chars[i + 1] === "!" || chars[i + 1] === "^" ? 3 : 2));
      if (end < 0) return { reason: 'has a "[" without its "]": write a class such as [ab] or [0-9].' };
      const negated = chars[i + 1] === "!" || chars[i + 1] === "^";
      const body = chars.slice(i + (negated ? 2 : 1), end);
      const members: string[] = [];
      const ranges: [number, number][] = [];
      for (let j = 0; j < body.length; j++) {
        if (body[j + 1] === "-" && j + 2 < body.length) {
          const [from, to] = [body[j]!.codePointAt(0)!, body[j + 2]!.codePointAt(0)!];
          if (from > to) return { reason: `has the range [${body[j]}-${body[j + 2]}], which is backwards.` };
          ranges.push([from, to]);
          j += 2;
        } else members.push(body[j]!);
      }
      sequence.push({ kind: "class", negated, members, ranges });
      i = end;
    } else if (char === "{") {
      if (open.length >= globBounds.nesting) {
        return { reason: `nests braces more than ${globBounds.nesting} deep: write the alternatives out.` };
      }
      const group: Extract<Node, { kind: "group" }> = { kind: "group", options: [[]] };
      sequence.push(group);
      open.push({ group, outer: sequence });
      sequence = group.options[0]!;
    } else if (char === ",") {
      const top = open.at(-1);
      if (!top) return { reason: 'has a "," outside braces: write alternatives as {a,b}.' };
      sequence = [];
      top.group.options.push(sequence);
    } else if (char === "}") {
      const top = open.pop();
      if (!top) return { reason: 'has a "}" without its "{": write alternatives as {a,b}.' };
      sequence = top.outer;
    } else sequence.push({ kind: "char", char });
  }
  if (open.length > 0) return { reason: 'has a "{" without its "}": write alternatives as {a,b}.' };
  return root;
}

// The automaton: states in parallel arrays, each with what it consumes and where it goes next.
const CHAR = 0;
const ANY = 1;
const CLASS = 2;
const STAR = 3;
const SPLIT = 4;
const MATCH = 5;

class Automaton {
  readonly kinds: number[] = [];
  readonly chars: (string | undefined)[] = [];
  readonly classes: (Extract<Node, { kind: "class" }> | undefined)[] = [];
  readonly crossing: boolean[] = [];
  readonly next: number[] = [];
  readonly outs: number[][] = [];
  readonly start: number;

  constructor(
    nodes: Node[],
    private readonly separator: string | undefined,
  ) {
    this.start = this.sequence(nodes, this.add(MATCH, -1));
  }

  private add(kind: number, next: number, node?: Node, outs: number[] = []): number {
    this.kinds.push(kind);
    this.chars.push(node?.kind === "char" ? node.char : undefined);
    this.classes.push(node?.kind === "class" ? node : undefined);
    this.crossing.push(node?.kind === "star" ? node.crossing : false);
    this.next.push(next);
    this.outs.push(outs);
    return this.kinds.length - 1;
  }

  /** The states of a sequence, built from its end; recursion only as deep as braces nest. */
  private sequence(nodes: Node[], next: number): number {
    for (let i = nodes.length - 1; i >= 0; i--) {
      const node = nodes[i]!;
      if (node.kind === "group") {
        next = this.add(
          SPLIT,
          -1,
          node,
          node.options.map((option) => this.sequence(option, next)),
        );
      } else {
        next = this.add({ char: CHAR, any: ANY, class: CLASS, star: STAR }[node.kind], next, node);
      }
    }
    return next;
  }

  private inClass(state: number, char: string): boolean {
    const set = this.classes[state]!;
    const code = char.codePointAt(0)!;
    const member = set.members.includes(char) || set.ranges.some(([from, to]) => from <= code && code <= to);
    return member !== set.negated;
  }

  run(text: string): { matched: boolean; steps: number } {
    const seen = new Int32Array(this.kinds.length).fill(-1);
    let steps = 0;
    let generation = 0;
    let current: number[] = [];
    const pending: number[] = [];
    // Adds a state and every state reachable from it without a character, each once per step.
    const reach = (from: number, into: number[]) => {
      pending.push(from);
      while (pending.length > 0) {
        const state = pending.pop()!;
        steps++;
        if (seen[state] === generation) continue;
        seen[state] = generation;
        const kind = this.kinds[state]!;
        if (kind === SPLIT) pending.push(...this.outs[state]!);
        else {
          into.push(state);
          if (kind === STAR) pending.push(this.next[state]!);
        }
      }
    };
    reach(this.start, current);
    for (const char of text) {
      if (current.length === 0) break;
      generation++;
      const following: number[] = [];
      const other = char !== this.separator;
      for (const state of current) {
        steps++;
        const kind = this.kinds[state]!;
        if (
          kind === CHAR
            ? this.chars[state] === char
            : kind === ANY
              ? other
              : kind === CLASS && other && this.inClass(state, char)
        ) {
          reach(this.next[state]!, following);
        } else if (kind === STAR && (other || this.crossing[state])) reach(state, following);
      }
      current = following;
    }
    return { matched: current.some((state) => this.kinds[state] === MATCH), steps };
  }
}

function compile(glob: string, syntax: Syntax, prepare: (text: string) => string): CompiledGlob {
  const nodes = parse(glob, syntax);
  if (!Array.isArray(nodes)) throw new Error(`The glob ${quotedGlob(glob)} ${nodes.reason}`);
  const automaton = new Automaton(nodes, syntax.separator);
  const run = (text: string) => automaton.run(prepare(text));
  return { glob, run, matches: (text) => run(text).matched };
}

// Domain globs ------------------------------------------------------------------------------

const domainSyntax: Syntax = { classes: false };

/**
 * Why `glob` cannot be a domain glob, or undefined when it is a good one. The message starts with
 * `subject` (by default `domain "GLOB"`, or `domain` when it is empty).
 */
export function domainGlobProblem(glob: string, subject?: string): string | undefined {
  const lower = glob.toLowerCase();
  const say = (reason: string) => `${subject ?? `domain ${quotedGlob(glob)}`} ${reason}`;
  if (glob === "") return `${subject ?? "domain"} is empty: give a domain or a glob such as *.example.com.`;
  if (Array.from(glob).length > globBounds.length) {
    return say(
      `is ${count(Array.from(glob).length)} characters long: a domain glob has at most ${count(globBounds.length)}.`,
    );
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(lower) || lower.includes("/")) {
    return say("is a URL: give only the host name, such as shop.example.com.");
  }
  const wrong = [...new Set(lower.replace(/[a-z0-9.*?{},-]/g, ""))];
  if (wrong.length > 0) {
    return say(
      `has ${wrong.map((c) => JSON.stringify(c)).join(", ")}, which no domain has: ` +
        "a domain glob is letters, digits, dots and hyphens, with * for any characters and ? for one.",
    );
  }
  if (/\.\.|^\./.test(lower)) return say("has an empty part: remove the leading or doubled dot.");
  const parsed = parse(lower, domainSyntax);
  return Array.isArray(parsed) ? undefined : say(parsed.reason);
}

/**
 * A domain glob compiled (throws when domainGlobProblem finds a problem): `*` any characters (dots
 * too), `?` one, `{a,b}` either alternative, the rest literally; the whole domain matches, without
 * letter case and without a final dot.
 */
export function domainGlob(glob: string): CompiledGlob {
  const problem = domainGlobProblem(glob, "it");
  if (problem) throw new Error(`The domain glob ${quotedGlob(glob)} cannot be used: ${problem}`);
  return compile(glob.toLowerCase(), domainSyntax, (domain) => domain.toLowerCase().replace(/\.$/, ""));
}

// Stack-name globs --------------------------------------------------------------------------

const stackSyntax: Syntax = { classes: true, separator: "/" };

/**
 * Why `glob` cannot be a glob of stack names, said after the glob ("has a ..."), or undefined.
 * Which characters a stack name may hold is the caller's to check.
 */
export function stackGlobProblem(glob: string): string | undefined {
  const parsed = parse(glob, stackSyntax);
  return Array.isArray(parsed) ? undefined : parsed.reason;
}

/**
 * A glob of stack names compiled (throws when stackGlobProblem finds a problem): `*` any
 * characters but `/`, `**` any characters, `?` one character but `/`, `[...]` one of a class
 * (`[ab]`, `[a-z]`, `[!a]`), `{a,b}` either alternative, the rest literally, letter case as written.
 */
export function stackGlob(glob: string): CompiledGlob {
  return compile(glob, stackSyntax, (name) => name);
}
