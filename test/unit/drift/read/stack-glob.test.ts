// --stack-filter's globs (drift/read/stack-glob.ts): the whole message of a glob the glob language
// refuses, and of a glob that matches none of the stacks listed, when none is listed and when more
// are listed than the message shows.
import { describe, expect, it } from "vitest";
import { StateError } from "../../../../drift/read/stack-export";
import { filterStacks, globProblem, stackFilter } from "../../../../drift/read/stack-glob";

const hint = "A glob without a slash matches a stack's own name; with a slash, its full name as listed.";

describe("--stack-filter globs", () => {
  it("names a glob the glob language refuses, with why", () => {
    expect(globProblem("acme-[")).toBe(
      '--stack-filter "acme-[" has a "[" without its "]": write a class such as [ab] or [0-9].',
    );
    expect(globProblem("a b")).toBe(
      "--stack-filter takes a glob of stack names: stack names hold letters, digits, -, _ and ., " +
        "full names (org/project/stack) single slashes; a glob adds *, **, ?, [...] and {a,b}.",
    );
    expect(globProblem("{a,b")).toBe(
      '--stack-filter "{a,b" has a "{" without its "}": write alternatives as {a,b}.',
    );
  });

  it("says when a filter meets no stack at all", () => {
    expect(() => filterStacks([], [stackFilter("prod")], "the backend")).toThrow(
      new StateError(`--stack-filter "prod" matches no stack of the backend (it lists no stack). ${hint}`),
    );
  });

  it("names every filter that matches nothing", () => {
    const listed = [{ fullName: "prod" }];
    expect(() =>
      filterStacks(listed, [stackFilter("dev"), stackFilter("prod"), stackFilter("beta")], "the backend"),
    ).toThrow(
      new StateError(
        `--stack-filter "dev", "beta" matches no stack of the backend (it lists 1: prod). ${hint}`,
      ),
    );
  });

  it("shows the first ten stacks listed, and that there are more", () => {
    const listed = Array.from({ length: 11 }, (_, i) => ({ fullName: `s${i}` }));
    const shown = listed.slice(0, 10).map((s) => s.fullName);
    expect(() => filterStacks(listed, [stackFilter("prod")], "the backend")).toThrow(
      new StateError(
        `--stack-filter "prod" matches no stack of the backend (it lists 11: ${shown.join(", ")}, ...). ${hint}`,
      ),
    );
    expect(() => filterStacks(listed.slice(0, 10), [stackFilter("prod")], "the backend")).toThrow(
      new StateError(
        `--stack-filter "prod" matches no stack of the backend (it lists 10: ${shown.join(", ")}). ${hint}`,
      ),
    );
  });
});
