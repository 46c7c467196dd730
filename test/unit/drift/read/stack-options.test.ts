// drift's options for many stacks (--all, --backend-wide, --stack-filter, --parallel), parsed
// before anything runs; the glob filter on listed names; the bound on pulumi processes at once.
import { describe, expect, it } from "vitest";
import { parsedOptions } from "../../../support/run-cli";
import { UsageError } from "../../../../cli/usage-error";
import { defaultParallel, forEachBounded, mapBounded } from "../../../../core/bounded-pool";
import { StateError } from "../../../../drift/read/stack-export";
import { filterStacks, globProblem, stackFilter } from "../../../../drift/read/stack-glob";

const optionsOf = (argv: string[]) => parsedOptions(["drift", ...argv]);

const refusal = (argv: string[]): string => {
  try {
    optionsOf(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`${argv.join(" ")} was accepted`);
};

describe("drift --all and its companions", () => {
  it("--all lists the current folder's project, or each --cwd in order", () => {
    expect(optionsOf(["--all"])).toMatchObject({
      sources: [],
      all: { folders: ["."], backendWide: false, filters: [] },
    });
    expect(optionsOf(["--cwd", "a", "--all", "--cwd", "b"])).toMatchObject({
      all: { folders: ["a", "b"], backendWide: false, filters: [] },
    });
  });

  it("--backend-wide and --stack-filter (repeatable) go with --all; --state files still add", () => {
    expect(
      optionsOf([
        "--all",
        "--backend-wide",
        "--stack-filter",
        "acme-*",
        "--stack-filter=org/shop/*",
        "--state",
        "x.json",
      ]),
    ).toMatchObject({
      sources: [{ kind: "file", path: "x.json" }],
      all: { folders: ["."], backendWide: true, filters: ["acme-*", "org/shop/*"] },
    });
  });

  it("--parallel bounds the pulumi commands at once: twice the cores from 2 to 8 by default", () => {
    expect(optionsOf(["--all", "--parallel", "3"])).toMatchObject({ parallel: 3 });
    expect(optionsOf(["--stack", "prod"])).toMatchObject({ parallel: defaultParallel() });
    expect([1, 2, 4, 16].map((cores) => defaultParallel(cores))).toEqual([2, 4, 8, 8]);
  });

  it("refuses what cannot be meant, saying what to give instead", () => {
    expect(refusal(["--backend-wide", "--stack", "prod"])).toMatch(/--backend-wide goes with --all/);
    expect(refusal(["--stack-filter", "a*", "--stack", "prod"])).toMatch(/--stack-filter narrows --all/);
    expect(refusal(["--all", "--stack", "prod"])).toMatch(/drop --stack, or keep some with --stack-filter/);
    expect(refusal(["--all", "--stack-filter", ""])).toMatch(/needs a glob/);
    expect(refusal(["--all", "--stack-filter", "acme prod"])).toMatch(/takes a glob of stack names/);
    expect(refusal([])).toMatch(/--all/);
  });

  it("--parallel is a whole number from 1 to 32, and a wrong one is not echoed", () => {
    for (const wrong of ["0", "33", "2.5", "four", "-1"]) {
      const message = refusal(["--all", `--parallel=${wrong}`]);
      expect(message).toMatch(/--parallel is a whole number/);
      if (/[a-z.]/.test(wrong)) expect(message).not.toContain(wrong);
    }
  });
});

describe("--stack-filter on listed names", () => {
  const listed = [
    "organization/shop/acme-prod",
    "organization/shop/acme-dev",
    "organization/blog/acme-prod",
    "organization/blog/beta",
  ].map((fullName) => ({ fullName }));
  const kept = (...globs: string[]) =>
    filterStacks(listed, globs.map(stackFilter), "the backend").map((s) => s.fullName);

  it("a glob without a slash matches the stack's own name, in every project", () => {
    expect(kept("acme-*")).toEqual([
      "organization/shop/acme-prod",
      "organization/shop/acme-dev",
      "organization/blog/acme-prod",
    ]);
    expect(stackFilter("prod").matches("prod")).toBe(true);
    expect(stackFilter("*").matches("organization/blog/beta")).toBe(true);
  });

  it("a glob with a slash matches the full name; several globs keep what any keeps, in listed order", () => {
    expect(kept("organization/blog/*")).toEqual(["organization/blog/acme-prod", "organization/blog/beta"]);
    expect(kept("*/shop/*-dev", "beta")).toEqual(["organization/shop/acme-dev", "organization/blog/beta"]);
    expect(kept("*/{shop,blog}/acme-prod")).toEqual([
      "organization/shop/acme-prod",
      "organization/blog/acme-prod",
    ]);
    expect(stackFilter("shop/*").matches("organization/shop/acme-prod")).toBe(false);
  });

  it("without filters every stack is kept", () => {
    expect(filterStacks(listed, [], "x")).toBe(listed);
  });

  it("a glob that matches nothing is an error naming it and the stacks listed", () => {
    expect(() => filterStacks(listed, [stackFilter("acme-*"), stackFilter("gamma*")], "the backend")).toThrow(
      StateError,
    );
    expect(() => filterStacks(listed, [stackFilter("gamma*")], "the backend")).toThrow(
      /--stack-filter "gamma\*" matches no stack of the backend \(it lists 4: organization\/shop\/acme-prod, .*organization\/blog\/beta\)/,
    );
  });

  it("a glob is letters, digits, -, _, ., single slashes and glob characters", () => {
    expect(globProblem("acme-*")).toBeUndefined();
    expect(globProblem("org/[ab]?/{x,y}_1.2")).toBeUndefined();
    for (const wrong of ["a b", "a//b", "$(rm)", "a;b"]) expect(globProblem(wrong)).toBeDefined();
  });
});

describe("mapBounded: a bound on work at once", () => {
  const tick = () => new Promise((done) => setTimeout(done, 1));

  it("never runs more than the bound, keeps the items' order, reports each one done", async () => {
    let running = 0;
    let most = 0;
    const progress: number[] = [];
    const results = await mapBounded(
      Array.from({ length: 20 }, (_, i) => i),
      3,
      async (n) => {
        most = Math.max(most, ++running);
        await tick();
        running -= 1;
        return n * 2;
      },
      (done) => progress.push(done),
    );
    expect(most).toBe(3);
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
    expect(progress).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("after a failure starts nothing new, and throws it once the started ones settled", async () => {
    const started: number[] = [];
    let settled = 0;
    const run = mapBounded([0, 1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      await tick();
      settled += 1;
      if (n === 1) throw new Error("export 1 failed");
      return n;
    });
    await expect(run).rejects.toThrow("export 1 failed");
    expect(started.length).toBeLessThan(6);
    expect(settled).toBe(started.length);
  });
});

describe("forEachBounded: a stream held a bound at a time", () => {
  const tick = () => new Promise((done) => setTimeout(done, 1));

  /** A stream of 0..count-1 that says how many it has given. */
  function stream(count: number) {
    const given = { count: 0, closed: false };
    async function* items() {
      try {
        for (let i = 0; i < count; i++) {
          // Given at once (a microtask), while each item's work waits a timer: the bound, not the
          // stream, is what holds the items back.
          await Promise.resolve();
          given.count += 1;
          yield i;
        }
      } finally {
        given.closed = true;
      }
    }
    return { items: items(), given };
  }

  it("pulls the next item only when there is room, and works every one", async () => {
    const { items, given } = stream(20);
    let running = 0;
    let most = 0;
    let ahead = 0;
    const done: number[] = [];
    await forEachBounded(items, 3, async (n) => {
      most = Math.max(most, ++running);
      // Never more pulled than worked on: the stream is held, not read ahead.
      ahead = Math.max(ahead, given.count - done.length);
      await tick();
      running -= 1;
      done.push(n);
    });
    expect(most).toBe(3);
    expect(ahead).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("after a failure pulls nothing more, lets go of the stream, and throws once the started ones settled", async () => {
    const { items, given } = stream(10);
    let started = 0;
    let settled = 0;
    const run = forEachBounded(items, 2, async (n) => {
      started += 1;
      await tick();
      settled += 1;
      if (n === 1) throw new Error("state 1 is damaged");
    });
    await expect(run).rejects.toThrow("state 1 is damaged");
    expect(given.count).toBeLessThan(10);
    expect(given.closed).toBe(true);
    expect(settled).toBe(started);
  });
});
