// The glob languages (core/glob.ts): domain globs, shared by the ignore file and the policy pack,
// and stack-name globs beside them. What each matches, what each refuses with the glob named, a
// property test against the obvious regular-expression translation (right, but exponential on
// some globs), and the cost bound: the matcher's own count of states visited stays within the
// glob's length times the text's length, on the globs that made the old matchers hang. No clock
// is read: the suite runs beside other work.
import fc from "fast-check";
import { Minimatch } from "minimatch";
import { describe, expect, it } from "vitest";
import { domainGlob, domainGlobProblem, globBounds, stackGlob, stackGlobProblem } from "../../../core/glob";

/** The ignore file's old matcher: a backtracking regular expression, fine on short inputs. */
function oldIgnoreRegex(glob: string): RegExp {
  const source = glob.replace(/[.*?-]/g, (c) => (c === "*" ? ".*" : c === "?" ? "." : `\\${c}`));
  return new RegExp(`^${source}$`);
}

/** Every brace-free glob a glob stands for (exponential: only for short globs). */
function expand(glob: string): string[] {
  const open = glob.indexOf("{");
  if (open < 0) return [glob];
  let depth = 0;
  let start = open + 1;
  const options: string[] = [];
  for (let i = open; i < glob.length; i++) {
    if (glob[i] === "{") depth++;
    else if (glob[i] === "}" && --depth === 0) {
      options.push(glob.slice(start, i));
      const rest = glob.slice(i + 1);
      return options.flatMap((o) => expand(glob.slice(0, open) + o + rest));
    } else if (glob[i] === "," && depth === 1) {
      options.push(glob.slice(start, i));
      start = i + 1;
    }
  }
  throw new Error(`unbalanced ${glob}`);
}

const reference = (glob: string, domain: string): boolean =>
  expand(glob).some((g) => oldIgnoreRegex(g).test(domain.toLowerCase().replace(/\.$/, "")));

/** The bound the matcher promises: states visited within a small multiple of |glob| x |text|. */
const bound = (glob: string, text: string) => 4 * (glob.length + 2) * (text.length + 1);

describe("domain globs", () => {
  it("* any characters (dots too), ? one, {a,b} alternatives; the whole domain, any case, final dot or not", () => {
    const clients = domainGlob("*.clients.example.net");
    expect(clients.matches("a.clients.example.net")).toBe(true);
    expect(clients.matches("A.B.Clients.Example.NET.")).toBe(true);
    expect(clients.matches("clients.example.net")).toBe(false);
    expect(clients.matches("a.clients.example.net.evil.com")).toBe(false);
    expect(domainGlob("old-?.example.org").matches("old-1.example.org")).toBe(true);
    expect(domainGlob("old-?.example.org").matches("old-12.example.org")).toBe(false);
    const stages = domainGlob("{staging,preview}.{example.com,*.example.org}");
    expect(["staging.example.com", "preview.a.b.example.org"].map(stages.matches)).toEqual([true, true]);
    expect(["test.example.com", "staging.example.org"].map(stages.matches)).toEqual([false, false]);
    expect(domainGlob("{,www.}example.com").matches("example.com")).toBe(true);
    expect(domainGlob("{,www.}example.com").matches("www.example.com")).toBe(true);
    expect(domainGlob("STAGING.*").matches("staging.example.com")).toBe(true);
  });

  it("refuses what no domain has, URLs, empty parts, unbalanced braces, deep nesting and long globs, naming the glob", () => {
    expect(domainGlobProblem("*.example.com")).toBeUndefined();
    expect(domainGlobProblem("")).toBe("domain is empty: give a domain or a glob such as *.example.com.");
    expect(domainGlobProblem("https://a.example.com")).toBe(
      'domain "https://a.example.com" is a URL: give only the host name, such as shop.example.com.',
    );
    expect(domainGlobProblem("[ab].example.com")).toMatch(
      /^domain "\[ab\]\.example\.com" has "\[", "\]", which no domain has/,
    );
    expect(domainGlobProblem("a..example.com")).toMatch(/has an empty part/);
    expect(domainGlobProblem("{a,b.example.com")).toBe(
      'domain "{a,b.example.com" has a "{" without its "}": write alternatives as {a,b}.',
    );
    expect(domainGlobProblem("a}.example.com")).toMatch(/has a "}" without its "{"/);
    expect(domainGlobProblem("a,b.example.com")).toMatch(/has a "," outside braces/);
    const deep = `${"{a,".repeat(globBounds.nesting + 1)}b${"}".repeat(globBounds.nesting + 1)}.com`;
    expect(domainGlobProblem(deep)).toMatch(/nests braces more than 5 deep/);
    const nested = `${"{a,".repeat(globBounds.nesting)}b${"}".repeat(globBounds.nesting)}.com`;
    expect(domainGlobProblem(nested)).toBeUndefined();
    const long = `${"a".repeat(globBounds.length)}.com`;
    expect(domainGlobProblem(long)).toBe(
      `domain "${"a".repeat(40)}..." is 1,004 characters long: a domain glob has at most 1,000.`,
    );
    expect(domainGlobProblem("x_y.com", '"x_y.com" is not a domain glob: it')).toMatch(
      /^"x_y\.com" is not a domain glob: it has "_", which no domain has/,
    );
    expect(() => domainGlob("a,b")).toThrow(
      'The domain glob "a,b" cannot be used: it has a "," outside braces',
    );
  });

  it("agrees with the regular-expression translation on short globs and domains", () => {
    const glob = fc
      .array(fc.constantFrom("a", "b", ".", "-", "*", "?", "{a,b}", "{,a.}", "{*b,a?}", "{a,{b,.}}"), {
        maxLength: 7,
      })
      .map((parts) => parts.join(""))
      .filter((g) => domainGlobProblem(g) === undefined);
    const domain = fc
      .array(fc.constantFrom("a", "b", "A", ".", "-"), { maxLength: 12 })
      .map((c) => c.join(""));
    fc.assert(
      fc.property(glob, domain, (g, d) => {
        expect(domainGlob(g).matches(d)).toBe(reference(g, d));
      }),
      { numRuns: 3000 },
    );
  });

  it("costs at most the glob's length times the domain's, on globs that made the old matchers hang", () => {
    const domain = `${"a".repeat(60)}.com`;
    const cases: [string, string, boolean][] = [
      // The old matcher did not finish this in 5 minutes; minimatch took 100 s on fewer stars.
      ["*a*a*a*a*a*a*a*a*a*a*b", domain, false],
      [`${"*a".repeat(30)}*`, domain, true],
      [`${"*a".repeat(500)}`, `${"a".repeat(2000)}`, true],
      [`${"*a".repeat(499)}*b`, `${"a".repeat(2000)}`, false],
      ["*".repeat(1000), domain, true],
      [`${"*".repeat(990)}.com`, domain, true],
      // 2^20 alternatives, were they expanded: minimatch's expansion cost hundreds of MB.
      [`${"{a,b}".repeat(20)}.com`, `${"ab".repeat(10)}.com`, true],
      [`${"{a,b}".repeat(20)}.com`, `${"ab".repeat(10)}x.com`, false],
      [`${"{*a,*b}".repeat(20)}c`, `${"ab".repeat(40)}`, false],
    ];
    for (const [glob, text, matched] of cases) {
      const result = domainGlob(glob).run(text);
      expect({ glob: glob.slice(0, 30), matched: result.matched }).toEqual({
        glob: glob.slice(0, 30),
        matched,
      });
      expect(result.steps).toBeLessThanOrEqual(bound(glob, text));
    }
  });

  it("refuses past its bounds, whatever the matcher would cost", () => {
    expect(domainGlobProblem("*".repeat(1001))).toMatch(
      /is 1,001 characters long: a domain glob has at most 1,000/,
    );
    expect(domainGlobProblem(`${"{a,".repeat(20)}b${"}".repeat(20)}`)).toMatch(
      /nests braces more than 5 deep/,
    );
  });
});

describe("stack-name globs", () => {
  const name = "organization/shop/acme-prod";
  it("* and ? stay within a part, ** crosses slashes, [...] classes, {a,b} alternatives, case as written", () => {
    expect(stackGlob("*/shop/acme-*").matches(name)).toBe(true);
    expect(stackGlob("*/acme-prod").matches(name)).toBe(false);
    expect(stackGlob("**/acme-prod").matches(name)).toBe(true);
    expect(stackGlob("organization/shop/acme-pro?").matches(name)).toBe(true);
    expect(stackGlob("organization?shop/acme-prod").matches(name)).toBe(false);
    expect(stackGlob("*/[rs]hop/*").matches(name)).toBe(true);
    expect(stackGlob("*/[!s]hop/*").matches(name)).toBe(false);
    expect(stackGlob("*/sho[a-z]/*").matches(name)).toBe(true);
    expect(stackGlob("*/{blog,shop}/*").matches(name)).toBe(true);
    expect(stackGlob("*/SHOP/*").matches(name)).toBe(false);
    expect(stackGlob("*/[/]/*").matches("a///b")).toBe(false);
  });

  it.each([
    ["a final /** crosses every slash below", "organization/**", true],
    ["a lone ** crosses every slash", "**", true],
    ["a final ** inside a part stays in it", "organization/sh**", false],
    ["a final ** inside a part matches within it", "organization/shop/acme**", true],
    ["**/ takes whole parts", "organization/**/acme-prod", true],
    ["**/ may take none", "organization/shop/**/acme-prod", true],
    ["a leading ** inside a part stays in it", "**shop/acme-prod", false],
  ])("** crosses slashes only as a whole part: %s", (_, glob, matches) => {
    expect(stackGlob(glob).matches(name)).toBe(matches);
  });

  it("refuses unbalanced braces and brackets, deep nesting and long globs", () => {
    expect(stackGlobProblem("org/[ab]?/{x,y}_1.2")).toBeUndefined();
    expect(stackGlobProblem("acme-[ab")).toBe(
      'has a "[" without its "]": write a class such as [ab] or [0-9].',
    );
    expect(stackGlobProblem("acme-[b-a]")).toBe("has the range [b-a], which is backwards.");
    expect(stackGlobProblem("{a,b")).toMatch(/has a "{" without its "}"/);
    expect(stackGlobProblem("a,b")).toMatch(/has a "," outside braces/);
    expect(stackGlobProblem("*".repeat(1001))).toMatch(/is 1,001 characters long/);
    expect(() => stackGlob("{a")).toThrow('The glob "{a" has a "{" without its "}"');
  });

  it("agrees with minimatch on the globs both read alike", () => {
    const glob = fc
      .array(fc.constantFrom("a", "b", "-", "/", "*", "**", "?", "[ab]", "[!a]", "{a,b}", "{a-,*b}"), {
        maxLength: 7,
      })
      .map((parts) => parts.join(""))
      // --stack-filter refuses a doubled slash: no stack name has an empty part.
      .filter((g) => !g.includes("//"));
    const part = fc
      .array(fc.constantFrom("a", "b", "-"), { minLength: 1, maxLength: 4 })
      .map((c) => c.join(""));
    const stack = fc.oneof(
      part,
      fc.tuple(part, part, part).map((parts) => parts.join("/")),
    );
    fc.assert(
      fc.property(glob, stack, (g, s) => {
        const minimatch = new Minimatch(g, { dot: true, nonegate: true, nocomment: true });
        expect(stackGlob(g).matches(s)).toBe(minimatch.match(s));
      }),
      { numRuns: 5000 },
    );
  });

  it("costs at most the glob's length times the name's", () => {
    const text = `organization/${"a".repeat(60)}/prod`;
    for (const glob of [
      "*a*a*a*a*a*a*a*a*a*a*b",
      `${"{a,b}".repeat(20)}`,
      `${"**a".repeat(300)}`,
      "*".repeat(1000),
    ]) {
      const result = stackGlob(glob).run(text);
      expect(result.steps).toBeLessThanOrEqual(bound(glob, text));
    }
  });
});
