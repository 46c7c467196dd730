// drift --all's listing of stacks (drift/read/stack-listing.ts), in-process against a stand-in
// for pulumi (PULUMI_COMMAND) that records each call (its words, folder and backend) and answers
// `pulumi stack ls --json` as the test says for the folder it runs in: which folders are refused
// before pulumi runs, which folder each listing runs in and with which backend, what is kept of
// each answer (hostile ones included), how stacks listed twice are read once, and the messages of
// each failure, whole.
import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { notJsonReason } from "../../../../core/json-text";
import { StateError } from "../../../../drift/read/stack-export";
import { listStacks } from "../../../../drift/read/stack-listing";
import type { StackSelection } from "../../../../drift/read/stack-listing";
import { recordingPulumi } from "../../../support/recording-pulumi";

interface PulumiCall {
  args: string[];
  cwd: string;
  backend: string | null;
}

/** What the stand-in answers `stack ls` with: JSON of `out`, or `text` as is, or fails with `fail`. */
type LsAnswer = { out: unknown } | { text: string } | { fail: string };

// Records its call, then answers `stack ls` with the answer for its folder (or "*"): prints it,
// or writes the failure to standard error and exits with 1.
const standIn = String.raw`const fs = require("node:fs");
const args = process.argv.slice(2);
const call = { args, cwd: process.cwd(), backend: process.env.PULUMI_BACKEND_URL ?? null };
fs.appendFileSync(process.env.PULUMI_STAND_IN_CALLS, JSON.stringify(call) + "\n");
const answers = JSON.parse(process.env.PULUMI_STAND_IN_ANSWERS);
const answer = answers[process.cwd()] ?? answers["*"];
if ("fail" in answer) {
  process.stderr.write(answer.fail);
  process.exit(1);
}
process.stdout.write(answer.text);
`;

/** A stand-in pulumi answering `stack ls` per folder (its real path, or "*" for any other). */
function pulumiListing(answers: Record<string, LsAnswer>, more: Record<string, string> = {}) {
  const pulumi = recordingPulumi(standIn);
  const texts = Object.fromEntries(
    Object.entries(answers).map(([folder, answer]) => [
      folder,
      "out" in answer ? { text: JSON.stringify(answer.out) } : answer,
    ]),
  );
  return {
    env: {
      PATH: process.env.PATH,
      PULUMI_COMMAND: pulumi.command,
      PULUMI_STAND_IN_CALLS: pulumi.callsFile,
      PULUMI_STAND_IN_ANSWERS: JSON.stringify(texts),
      ...more,
    },
    calls: () => pulumi.calls<PulumiCall>(),
  };
}

/** A fresh folder (its real path, as pulumi sees it as its working folder). */
const folder = (): string => realpathSync(mkdtempSync(join(tmpdir(), "drift-listing-")));

/** A project folder: its Pulumi.yaml (or `fileName`) holds `text`. */
function project(text = "name: sites\nruntime: nodejs\n", fileName = "Pulumi.yaml"): string {
  const dir = folder();
  writeFileSync(join(dir, fileName), text);
  return dir;
}

const withBackend = (url: string) => `name: sites\nruntime: nodejs\nbackend:\n  url: ${url}\n`;

const selection = (folders: string[], more: Partial<StackSelection> = {}): StackSelection => ({
  folders,
  backendWide: false,
  filters: [],
  ...more,
});

const lsArgs = ["stack", "ls", "--json", "--non-interactive"];
const lsAllArgs = ["stack", "ls", "--all", "--json", "--non-interactive"];
const tmp = realpathSync(tmpdir());

describe("drift --all lists the stacks of the project in each folder", () => {
  it("runs pulumi stack ls in the folder and keeps the names it prints, leaving the project's backend to pulumi", async () => {
    const dir = project(withBackend("file:///srv/states"));
    const pulumi = pulumiListing({ [dir]: { out: [{ name: "dev" }, { name: "prod", current: true }] } });
    const listing = await listStacks(selection([dir]), pulumi.env, 2);
    expect(listing.stacks).toEqual([
      { name: "dev", fullName: "dev", cwd: dir },
      { name: "prod", fullName: "prod", cwd: dir },
    ]);
    expect(pulumi.calls()).toEqual([{ args: lsArgs, cwd: dir, backend: null }]);
    // No neutral folder was made: there is nothing to remove.
    await expect(listing.cleanup()).resolves.toBeUndefined();
  });

  it("finds the project in a folder above, and in a Pulumi.yml", async () => {
    const above = project();
    const below = join(above, "app", "src");
    mkdirSync(below, { recursive: true });
    const yml = project("name: sites\nruntime: nodejs\n", "Pulumi.yml");
    const pulumi = pulumiListing({ "*": { out: [{ name: "dev" }] } });
    const listing = await listStacks(selection([below, yml]), pulumi.env, 1);
    expect(listing.stacks).toEqual([
      { name: "dev", fullName: "dev", cwd: below },
      { name: "dev", fullName: "dev", cwd: yml },
    ]);
    expect(pulumi.calls()).toEqual([
      { args: lsArgs, cwd: below, backend: null },
      { args: lsArgs, cwd: yml, backend: null },
    ]);
  });

  it("reads a stack listed from two folders of one project once, and same-named stacks of two projects each", async () => {
    const shop = project();
    const shopApp = join(shop, "app");
    mkdirSync(shopApp);
    const blog = project();
    const pulumi = pulumiListing({ "*": { out: [{ name: "dev" }, { name: "prod" }] } });
    const listing = await listStacks(selection([shop, shopApp, blog]), pulumi.env, 3);
    expect(listing.stacks).toEqual([
      { name: "dev", fullName: "dev", cwd: shop },
      { name: "prod", fullName: "prod", cwd: shop },
      { name: "dev", fullName: "dev", cwd: blog },
      { name: "prod", fullName: "prod", cwd: blog },
    ]);
    expect(
      pulumi
        .calls()
        .map((c) => c.cwd)
        .sort(),
    ).toEqual([shop, shopApp, blog].sort());
  });

  it("refuses a folder with no Pulumi.yaml there or above before pulumi runs", async () => {
    const project1 = project();
    const none = folder();
    // A Pulumi.yaml that is a folder is no project file.
    const fake = folder();
    mkdirSync(join(fake, "Pulumi.yaml"));
    for (const dir of [none, fake]) {
      const pulumi = pulumiListing({ "*": { out: [{ name: "dev" }] } });
      const listing = listStacks(selection([project1, dir]), pulumi.env, 2);
      await expect(listing).rejects.toThrow(
        new StateError(
          `--all reads the stacks of the Pulumi project in ${dir}, but there is no Pulumi.yaml there or above: ` +
            "give --cwd the project's folder, or add --backend-wide to read every stack of the backend you are logged in to.",
        ),
      );
      await expect(listing).rejects.toBeInstanceOf(StateError);
      expect(pulumi.calls()).toEqual([]);
    }
  });

  it("refuses a --cwd that is no folder, with or without --backend-wide, before pulumi runs", async () => {
    const missing = join(folder(), "no-such-folder");
    const file = join(project(), "Pulumi.yaml");
    for (const backendWide of [false, true]) {
      for (const dir of [missing, file]) {
        const pulumi = pulumiListing({ "*": { out: [{ name: "dev" }] } });
        const listing = listStacks(selection([project(), dir], { backendWide }), pulumi.env, 2);
        await expect(listing).rejects.toThrow(
          new StateError(`--cwd ${dir} is not a folder: give the folder of a Pulumi project.`),
        );
        await expect(listing).rejects.toBeInstanceOf(StateError);
        expect(pulumi.calls()).toEqual([]);
      }
    }
  });

  it("says when pulumi stack ls fails, with pulumi's error line", async () => {
    const dir = project();
    const pulumi = pulumiListing({ [dir]: { fail: "some detail\nerror: no credentials\n" } });
    const listing = listStacks(selection([dir]), pulumi.env, 1);
    await expect(listing).rejects.toThrow(
      new StateError(
        `the stacks of the project in ${dir} could not be listed with pulumi stack ls: no credentials`,
      ),
    );
    await expect(listing).rejects.toBeInstanceOf(StateError);
  });

  it("passes on an error that is not pulumi's as it is", async () => {
    const dir = project();
    // No process can be started with a NUL byte in its environment: Node.js refuses the call.
    const pulumi = pulumiListing({ "*": { out: [{ name: "dev" }] } }, { BROKEN: "a\0b" });
    const listing = listStacks(selection([dir]), pulumi.env, 1);
    await expect(listing).rejects.toMatchObject({ code: "ERR_INVALID_ARG_VALUE" });
    await expect(listing).rejects.toBeInstanceOf(TypeError);
  });

  it("refuses an answer that is not JSON, saying where without quoting it", async () => {
    const dir = project();
    const text = '[{"name": s3cret}]';
    const pulumi = pulumiListing({ [dir]: { text } });
    expect(notJsonReason(text)).toBe("line 1, column 11: a value should come here");
    const listing = listStacks(selection([dir]), pulumi.env, 1);
    await expect(listing).rejects.toThrow(
      new StateError(
        `pulumi stack ls of the project in ${dir} printed no list of stacks (line 1, column 11: a value should come here).`,
      ),
    );
    await expect(listing).rejects.toBeInstanceOf(StateError);
  });

  it("refuses JSON that is not a list", async () => {
    for (const out of [{ name: "dev" }, null, "dev"]) {
      const dir = project();
      const pulumi = pulumiListing({ [dir]: { out } });
      const listing = listStacks(selection([dir]), pulumi.env, 1);
      await expect(listing).rejects.toThrow(
        new StateError(`pulumi stack ls of the project in ${dir} printed no list of stacks (not a list).`),
      );
      await expect(listing).rejects.toBeInstanceOf(StateError);
    }
  });

  it("keeps only the entries that name a stack", async () => {
    const dir = project();
    const out = [null, 7, "dev", [], {}, { name: "" }, { name: 3 }, { current: true }, { name: "prod" }];
    const pulumi = pulumiListing({ [dir]: { out } });
    const listing = await listStacks(selection([dir]), pulumi.env, 1);
    expect(listing.stacks).toEqual([{ name: "prod", fullName: "prod", cwd: dir }]);
  });

  it("says when the project or the projects given have no stack", async () => {
    const one = project();
    const pulumi = pulumiListing({ "*": { out: [{ name: "" }, null] } });
    const single = listStacks(selection([one]), pulumi.env, 1);
    await expect(single).rejects.toThrow(
      new StateError(
        `--all found no stack in the project in ${one}: create one with pulumi stack init, or check which backend pulumi is logged in to (pulumi whoami -v).`,
      ),
    );
    await expect(single).rejects.toBeInstanceOf(StateError);
    const several = listStacks(selection([one, project()]), pulumi.env, 2);
    await expect(several).rejects.toThrow(
      new StateError(
        "--all found no stack in the projects given: create one with pulumi stack init, or check which backend pulumi is logged in to (pulumi whoami -v).",
      ),
    );
  });

  it("keeps the stacks a --stack-filter matches, and refuses one that matches none, naming the project", async () => {
    const dir = project();
    const pulumi = pulumiListing({
      [dir]: { out: [{ name: "acme-dev" }, { name: "acme-prod" }, { name: "test" }] },
    });
    const kept = await listStacks(selection([dir], { filters: ["acme-*"] }), pulumi.env, 1);
    expect(kept.stacks.map((s) => s.name)).toEqual(["acme-dev", "acme-prod"]);
    const none = listStacks(selection([dir], { filters: ["beta"] }), pulumi.env, 1);
    await expect(none).rejects.toThrow(
      new StateError(
        `--stack-filter "beta" matches no stack of the project in ${dir} (it lists 3: acme-dev, acme-prod, test). ` +
          "A glob without a slash matches a stack's own name; with a slash, its full name as listed.",
      ),
    );
  });
});

describe("drift --all --backend-wide lists every stack of the backend from a neutral folder", () => {
  it("lists with --all from an empty folder of its own, with the project's backend (trimmed), and removes that folder", async () => {
    const dir = project(withBackend("'  file:///srv/states  '"));
    const pulumi = pulumiListing({ "*": { out: [{ name: "acme/shop/prod" }, { name: "acme/blog/dev" }] } });
    const listing = await listStacks(selection([dir], { backendWide: true }), pulumi.env, 1);
    const [call, ...more] = pulumi.calls();
    expect(more).toEqual([]);
    const neutral = call!.cwd;
    expect(call).toEqual({ args: lsAllArgs, cwd: neutral, backend: "file:///srv/states" });
    expect(dirname(neutral)).toBe(tmp);
    expect(basename(neutral)).toMatch(/^webstats-drift-.{6}$/);
    expect(listing.stacks).toEqual([
      { name: "acme/shop/prod", fullName: "acme/shop/prod", cwd: neutral, backendUrl: "file:///srv/states" },
      { name: "acme/blog/dev", fullName: "acme/blog/dev", cwd: neutral, backendUrl: "file:///srv/states" },
    ]);
    expect(existsSync(neutral)).toBe(true);
    await listing.cleanup();
    expect(existsSync(neutral)).toBe(false);
    // Removing it again (or after something else did) is no failure.
    await expect(listing.cleanup()).resolves.toBeUndefined();
  });

  it("lists from a folder of no project, and leaves the backend to pulumi when the project names none usable", async () => {
    const cases = [
      folder(),
      project(),
      project("name: sites\nbackend:\n  url: 5\n"),
      project("name: sites\nbackend:\n  url: '   '\n"),
      project("name: sites\nbackend: [\n"),
      project(""),
    ];
    for (const dir of cases) {
      const pulumi = pulumiListing({ "*": { out: [{ name: "acme/shop/prod" }] } });
      const listing = await listStacks(selection([dir], { backendWide: true }), pulumi.env, 1);
      const calls = pulumi.calls();
      expect(calls).toEqual([{ args: lsAllArgs, cwd: calls[0]!.cwd, backend: null }]);
      expect(listing.stacks).toEqual([
        { name: "acme/shop/prod", fullName: "acme/shop/prod", cwd: calls[0]!.cwd },
      ]);
      await listing.cleanup();
    }
  });

  it("leaves the backend PULUMI_BACKEND_URL names to pulumi, over the project's", async () => {
    const dir = project(withBackend("file:///srv/states"));
    const pulumi = pulumiListing(
      { "*": { out: [{ name: "acme/shop/prod" }] } },
      { PULUMI_BACKEND_URL: "file:///srv/other" },
    );
    const listing = await listStacks(selection([dir], { backendWide: true }), pulumi.env, 1);
    const [call] = pulumi.calls();
    expect(call!.backend).toBe("file:///srv/other");
    expect(listing.stacks).toEqual([{ name: "acme/shop/prod", fullName: "acme/shop/prod", cwd: call!.cwd }]);
    await listing.cleanup();
  });

  it("reads a stack of one backend listed from two folders once, and same-named stacks of two backends each", async () => {
    const shop = project(withBackend("file:///srv/states"));
    const blog = project(withBackend("file:///srv/states"));
    const other = project(withBackend("file:///srv/other"));
    const plain = folder();
    const pulumi = pulumiListing({ "*": { out: [{ name: "acme/shop/prod" }] } });
    const listing = await listStacks(
      selection([shop, blog, other, plain], { backendWide: true }),
      pulumi.env,
      2,
    );
    const calls = pulumi.calls();
    const neutral = calls[0]!.cwd;
    // One neutral folder for every listing.
    expect(calls.map((c) => c.cwd)).toEqual([neutral, neutral, neutral, neutral]);
    expect(calls.map((c) => c.backend ?? "none").sort()).toEqual([
      "file:///srv/other",
      "file:///srv/states",
      "file:///srv/states",
      "none",
    ]);
    expect(listing.stacks).toEqual([
      { name: "acme/shop/prod", fullName: "acme/shop/prod", cwd: neutral, backendUrl: "file:///srv/states" },
      { name: "acme/shop/prod", fullName: "acme/shop/prod", cwd: neutral, backendUrl: "file:///srv/other" },
      { name: "acme/shop/prod", fullName: "acme/shop/prod", cwd: neutral },
    ]);
    await listing.cleanup();
  });

  it("says when the backend lists no stack, naming the folder, and removes the neutral folder", async () => {
    const dir = folder();
    const empty = pulumiListing({ "*": { out: [] } });
    await expect(listStacks(selection([dir], { backendWide: true }), empty.env, 1)).rejects.toThrow(
      new StateError(
        "--all found no stack in the backend: create one with pulumi stack init, or check which backend pulumi is logged in to (pulumi whoami -v).",
      ),
    );
    expect(existsSync(empty.calls()[0]!.cwd)).toBe(false);
    const failing = pulumiListing({ "*": { fail: "error: not logged in\n" } });
    await expect(listStacks(selection([dir], { backendWide: true }), failing.env, 1)).rejects.toThrow(
      new StateError(
        `the stacks of the backend used in ${dir} could not be listed with pulumi stack ls: not logged in`,
      ),
    );
    expect(existsSync(failing.calls()[0]!.cwd)).toBe(false);
  });

  it("matches a --stack-filter with a slash against the full names, naming the backend when it matches none", async () => {
    const dir = folder();
    const pulumi = pulumiListing({ "*": { out: [{ name: "acme/shop/prod" }, { name: "acme/blog/prod" }] } });
    const kept = await listStacks(
      selection([dir], { backendWide: true, filters: ["acme/shop/*"] }),
      pulumi.env,
      1,
    );
    expect(kept.stacks.map((s) => s.fullName)).toEqual(["acme/shop/prod"]);
    await kept.cleanup();
    const none = listStacks(selection([dir], { backendWide: true, filters: ["acme/wiki/*"] }), pulumi.env, 1);
    await expect(none).rejects.toThrow(
      new StateError(
        '--stack-filter "acme/wiki/*" matches no stack of the backend (it lists 2: acme/shop/prod, acme/blog/prod). ' +
          "A glob without a slash matches a stack's own name; with a slash, its full name as listed.",
      ),
    );
    expect(existsSync(pulumi.calls()[1]!.cwd)).toBe(false);
  });
});
