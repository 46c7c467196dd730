// `drift --fix cloud` and what the user's pulumi answers: its output shown, its failures said
// in a sentence naming the stack (another update's lock as a lock), a state or a plan refused
// before any stack is changed, an up that fails stopping the stacks after it, and pulumi run on
// the stack's own backend. pulumi is a stand-in that records each call (its arguments and the
// backend it was given) and answers as the test's variables say, shaped as the real CLI's
// output (test/unit/drift/fix/fixtures/pulumi-preview/). The plan's rules alone are
// test/unit/drift/fix/cloud-plan.test.ts; the real engine, test/e2e/drift/fix-cloud.test.ts.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { changedEntries, fixCloudPulumi, readStacks, standInIds } from "../../../support/fix-cloud-fixture";
import { runCloudFix } from "../../../../drift/fix/fix-cloud";
import type { FailOnName } from "../../../../drift/model/entries";

// Records its call and PULUMI_BACKEND_URL. whoami prints PULUMI_STAND_IN_WHOAMI, or fails when
// that is "fail". stack export records the stack's website shop (id: its number in
// PULUMI_STAND_IN_IDS) and PULUMI_STAND_IN_PENDING's pending operations. preview and up answer
// what PULUMI_STAND_IN_ANSWERS gives for the command and the stack ({ fail } fails with that
// error line, for stack export too; { steps } is the preview's plan); otherwise preview updates
// the target and up prints its progress.
const standIn = String.raw`const fs = require("node:fs");
const args = process.argv.slice(2);
fs.appendFileSync(process.env.PULUMI_STAND_IN_CALLS, JSON.stringify({ args, backend: process.env.PULUMI_BACKEND_URL ?? null }) + "\n");
const stack = args[args.indexOf("--stack") + 1];
const urn = "urn:pulumi:" + stack + "::sites::webstats:index:Website::shop";
const answer = (JSON.parse(process.env.PULUMI_STAND_IN_ANSWERS || "{}")[args[0]] || {})[stack];
if (answer && answer.fail) {
  process.stderr.write("error: " + answer.fail + "\n");
  process.exit(1);
}
if (args[0] === "whoami") {
  if (process.env.PULUMI_STAND_IN_WHOAMI === "fail") {
    process.stderr.write("error: PULUMI_ACCESS_TOKEN must be set for login during non-interactive CLI sessions\n");
    process.exit(1);
  }
  process.stdout.write(process.env.PULUMI_STAND_IN_WHOAMI);
} else if (args[0] === "stack" && args[1] === "export") {
  const id = JSON.parse(process.env.PULUMI_STAND_IN_IDS)[stack];
  const pending = JSON.parse(process.env.PULUMI_STAND_IN_PENDING || "[]");
  process.stdout.write(JSON.stringify({ version: 3, deployment: { resources: [{ urn, type: "webstats:index:Website", id: String(id) }], pending_operations: pending } }));
} else if (args[0] === "preview") {
  const steps = answer ? answer.steps : [{ op: "refresh", urn }, { op: "update", urn, diffReasons: ["privacy"], oldState: { outputs: { privacy: "private" } }, newState: { inputs: { privacy: "public" } } }];
  process.stdout.write(JSON.stringify({ steps }));
} else if (args[0] === "up") {
  process.stdout.write("Updating (" + stack + ")\n    ~ webstats:index:Website shop updated (0.1s) [diff: ~privacy]\nResources:\n    ~ 1 updated\n");
}
`;

const stacks = ["alpha", "beta"];
const urn = (stack: string) => `urn:pulumi:${stack}::sites::webstats:index:Website::shop`;

interface Answers {
  stack?: Record<string, { fail: string }>;
  preview?: Record<string, { fail: string } | { steps: unknown[] }>;
  up?: Record<string, { fail: string }>;
}

function setUp(
  options: { whoami?: string; pending?: unknown[]; answers?: Answers; backendUrl?: string } = {},
) {
  const { pulumi, project, backend, env: pulumiEnv, lock } = fixCloudPulumi(standIn);
  const env = {
    ...pulumiEnv,
    PULUMI_STAND_IN_WHOAMI: options.whoami ?? JSON.stringify({ user: "ci", url: `file://${backend}` }),
    PULUMI_STAND_IN_IDS: standInIds(stacks),
    PULUMI_STAND_IN_PENDING: JSON.stringify(options.pending ?? []),
    PULUMI_STAND_IN_ANSWERS: JSON.stringify(options.answers ?? {}),
  };
  const read = readStacks(stacks, project, options.backendUrl);
  const entries = changedEntries(stacks);
  const calls = () => pulumi.calls<{ args: string[]; backend: string | null }>();
  const commands = (command: string) =>
    calls()
      .filter((c) => c.args[0] === command)
      .map((c) => c.args[c.args.indexOf("--stack") + 1]);
  return { env, backend, read, entries, lock, calls, commands };
}

interface Summary {
  exitCode: number;
  stacks: { stack: string; result: string; error?: string; websites: { resource: string }[] }[];
}

async function fix(
  setup: ReturnType<typeof setUp>,
  options: { failOn?: FailOnName[]; onErr?: (text: string) => void } = {},
) {
  let out = "";
  let err = "";
  const code = await runCloudFix(
    { summary: "json", yes: true },
    { stacks: setup.read, entries: setup.entries, failOn: options.failOn ?? ["changed"], parallel: 1 },
    setup.env,
    {
      out: (t) => (out += t),
      err: (t) => {
        options.onErr?.(t);
        err += t;
      },
    },
  );
  return { code, err, summary: out === "" ? undefined : (JSON.parse(out) as Summary) };
}

const upOutput = (stack: string) =>
  `Updating (${stack})\n    ~ webstats:index:Website shop updated (0.1s) [diff: ~privacy]\nResources:\n    ~ 1 updated\n`;

describe("drift --fix cloud and pulumi's answers", () => {
  it("shows the plan, then each stack's up and pulumi's own output, and says each stack was put back", async () => {
    const setup = setUp();
    const run = await fix(setup);
    expect(run.err).toBe(
      [
        "Previewing 2 stacks (pulumi preview --refresh --target)...\n",
        "The plan: 2 websites put back in 2 stacks.\n",
        'Stack sites/alpha:\n  update shop (alpha.example.com, id 1):\n    privacy: "private" → "public"\n',
        'Stack sites/beta:\n  update shop (beta.example.com, id 2):\n    privacy: "private" → "public"\n',
        "Stack sites/alpha: pulumi up --refresh --target (1 website)...\n",
        upOutput("alpha"),
        "Stack sites/beta: pulumi up --refresh --target (1 website)...\n",
        upOutput("beta"),
      ].join(""),
    );
    expect(run.summary?.stacks.map((s) => [s.stack, s.result])).toEqual([
      ["sites/alpha", "put back"],
      ["sites/beta", "put back"],
    ]);
    expect(run.code).toBe(0);
  });

  it("stops at an up that fails: says why, and leaves the stacks after it not run", async () => {
    const setup = setUp({
      answers: { up: { alpha: { fail: "the server answered 500 Internal Server Error" } } },
    });
    const run = await fix(setup);
    const failure = "stack sites/alpha: pulumi up failed: the server answered 500 Internal Server Error";
    expect(
      run.err.endsWith(`Stack sites/alpha: pulumi up --refresh --target (1 website)...\n${failure}\n`),
    ).toBe(true);
    expect(run.summary?.stacks.map(({ stack, result, error }) => ({ stack, result, error }))).toEqual([
      { stack: "sites/alpha", result: "failed", error: failure },
      { stack: "sites/beta", result: "not run", error: undefined },
    ]);
    expect(setup.commands("up")).toEqual(["alpha"]);
    expect(run.code).toBe(1);
  });

  it("says an up refused for another update's lock is a lock, with what to do", async () => {
    const locked =
      "the stack is currently locked by 1 lock(s). Either wait for the other process(es) to end or delete the lock file with `pulumi cancel`.";
    const setup = setUp({ answers: { up: { alpha: { fail: locked } } } });
    const run = await fix(setup);
    expect(run.summary?.stacks[0]?.error).toBe(
      `stack sites/alpha is locked by another update (${locked}): wait for it to finish, ` +
        "or, if it was interrupted, release the lock with pulumi cancel; then run drift again.",
    );
    expect(run.code).toBe(1);
  });

  it("refuses every stack whose preview fails or whose state is not one to change, and changes none", async () => {
    const setup = setUp({
      pending: [{ resource: { urn: urn("alpha"), type: "webstats:index:Website" }, type: "updating" }],
    });
    const run = await fix(setup);
    expect(run.err).toBe(
      [
        "Previewing 2 stacks (pulumi preview --refresh --target)...",
        "stack sites/alpha has 1 pending operation left by an interrupted update: the engine does not know what they did on the server. Resolve them first (pulumi refresh offers to; pulumi refresh --clear-pending-creates drops pending creates), then run drift again.",
        "stack sites/beta has 1 pending operation left by an interrupted update: the engine does not know what they did on the server. Resolve them first (pulumi refresh offers to; pulumi refresh --clear-pending-creates drops pending creates), then run drift again.",
        "Nothing was changed.",
        "",
      ].join("\n"),
    );
    expect(setup.commands("preview")).toEqual([]);
    expect(run.summary).toBeUndefined();
    expect(run.code).toBe(1);

    const failing = setUp({
      answers: { preview: { beta: { fail: "could not load plugin webstats: no such file" } } },
    });
    const refused = await fix(failing);
    expect(refused.err).toBe(
      [
        "Previewing 2 stacks (pulumi preview --refresh --target)...",
        "stack sites/beta: pulumi preview failed: could not load plugin webstats: no such file",
        "Nothing was changed.",
        "",
      ].join("\n"),
    );
    expect(failing.commands("up")).toEqual([]);
    expect(refused.code).toBe(1);
  });

  it("names the command that failed: the export, run again before the preview, or the preview", async () => {
    const setup = setUp({
      answers: {
        stack: { alpha: { fail: "no stack named 'alpha' found" } },
        preview: { beta: { fail: "could not load plugin webstats: no such file" } },
      },
    });
    const run = await fix(setup);
    expect(run.err).toBe(
      [
        "Previewing 2 stacks (pulumi preview --refresh --target)...",
        "stack sites/alpha: pulumi stack export failed: no stack named 'alpha' found",
        "stack sites/beta: pulumi preview failed: could not load plugin webstats: no such file",
        "Nothing was changed.",
        "",
      ].join("\n"),
    );
    expect(setup.commands("preview")).toEqual(["beta"]);
    expect(setup.commands("up")).toEqual([]);
    expect(run.code).toBe(1);
  });

  it("refuses a plan that would change another resource, and changes no stack", async () => {
    const other = "urn:pulumi:beta::sites::webstats:index:Website::blog";
    const setup = setUp({
      answers: {
        preview: {
          beta: {
            steps: [
              { op: "update", urn: urn("beta"), diffReasons: ["privacy"] },
              { op: "delete", urn: other },
            ],
          },
        },
      },
    });
    const run = await fix(setup);
    expect(run.err).toContain(
      "stack sites/beta: the plan would also delete webstats:index:Website blog, which --fix cloud does not put back.\nNothing was changed.\n",
    );
    expect(setup.commands("up")).toEqual([]);
    expect(run.code).toBe(1);
  });

  it("goes on when pulumi cannot say its backend, or names Pulumi Cloud: the preview decides", async () => {
    for (const whoami of ["fail", JSON.stringify({ user: "ci", url: "https://api.pulumi.com" })]) {
      const setup = setUp({ whoami });
      const run = await fix(setup);
      expect(run.err).not.toContain("locked");
      expect(setup.commands("up")).toEqual(stacks);
      expect(run.code).toBe(0);
    }
  });

  it("exits 2 when every website is put back but drift --fail-on names is left", async () => {
    const setup = setUp();
    setup.entries.push({
      domain: "new.example.com",
      id: 9,
      status: "unmanaged",
      stacks: [],
      resources: [],
      account: { url: "https://stats.example.com", id: 1, email: "ops@example.com" },
    });
    const run = await fix(setup, { failOn: ["changed", "unmanaged"] });
    expect(run.summary?.stacks.map((s) => s.result)).toEqual(["put back", "put back"]);
    expect(run.code).toBe(2);
  });

  it("lets an error of its own reach the caller, never said as pulumi's failure", async () => {
    // The lock folder of a stack on the file backend is a file: reading it fails in drift itself.
    const setup = setUp();
    const folder = join(setup.backend, ".pulumi", "locks", "organization", "sites");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "beta"), "");
    await expect(fix(setup)).rejects.toThrow(/ENOTDIR/);
    expect(setup.commands("up")).toEqual([]);

    // Standard error fails while pulumi's output is shown: that failure, not a failed up.
    const shown = setUp();
    const closed = new Error("standard error is closed");
    const onErr = (text: string) => {
      if (text.startsWith("Updating (alpha)")) throw closed;
    };
    await expect(fix(shown, { onErr })).rejects.toBe(closed);
    expect(shown.commands("up")).toEqual(["alpha"]);
  });

  it("names every lock file another update holds on a stack", async () => {
    const setup = setUp();
    const first = setup.lock("beta", "a-update.json");
    const second = setup.lock("beta", "b-update.json");
    const run = await fix(setup);
    expect(run.err).toContain(
      `stack sites/beta is locked by another update (lock file ${first}, ${second}):`,
    );
    expect(setup.commands("up")).toEqual([]);
    expect(run.code).toBe(1);
  });

  it("runs pulumi on the backend the stack was read from", async () => {
    const setup = setUp({ backendUrl: "file:///srv/pulumi-state" });
    await fix(setup);
    const calls = setup.calls();
    expect(calls.map((c) => c.args[0])).toEqual([
      "whoami",
      "stack",
      "preview",
      "whoami",
      "stack",
      "preview",
      "up",
      "up",
    ]);
    for (const call of calls) expect(call.backend).toBe("file:///srv/pulumi-state");
  });
});
