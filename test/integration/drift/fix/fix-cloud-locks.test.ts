// `drift --fix cloud` over several stacks on a file backend: another update's lock on any stack
// refuses the whole run before any stack is changed, where `pulumi up` alone would see it only
// when that stack's turn came, after the stacks before it were put back. Proven with a stand-in
// for pulumi that records each call and answers the ones the fix makes (whoami, stack export,
// preview --json, up) as the real CLI shapes them (test/unit/drift/fix/fixtures/pulumi-preview/). The real
// engine's refusal of a locked stack is test/e2e/drift/fix-cloud.test.ts.
import { describe, expect, it } from "vitest";
import { changedEntries, fixCloudPulumi, readStacks, standInIds } from "../../../support/fix-cloud-fixture";
import { runCloudFix } from "../../../../drift/fix/fix-cloud";

// Records its call; whoami names the file backend, stack export records the stack's website
// (id: its number in PULUMI_STAND_IN_IDS), preview updates the --target, up succeeds.
const standIn = String.raw`const fs = require("node:fs");
const args = process.argv.slice(2);
fs.appendFileSync(process.env.PULUMI_STAND_IN_CALLS, JSON.stringify(args) + "\n");
const stack = args[args.indexOf("--stack") + 1];
const urn = "urn:pulumi:" + stack + "::sites::webstats:index:Website::shop";
if (args[0] === "whoami") process.stdout.write(JSON.stringify({ user: "ci", url: process.env.PULUMI_STAND_IN_BACKEND }));
else if (args[0] === "stack" && args[1] === "export") {
  const id = JSON.parse(process.env.PULUMI_STAND_IN_IDS)[stack];
  process.stdout.write(JSON.stringify({ version: 3, deployment: { resources: [{ urn, type: "webstats:index:Website", id: String(id) }] } }));
} else if (args[0] === "preview") {
  process.stdout.write(JSON.stringify({ steps: [{ op: "refresh", urn }, { op: "update", urn, diffReasons: ["privacy"] }] }));
}
`;

const stacks = ["alpha", "beta", "gamma"];

function setUp() {
  const { pulumi, project, backend, env: pulumiEnv, lock } = fixCloudPulumi(standIn);
  const env = {
    ...pulumiEnv,
    PULUMI_STAND_IN_BACKEND: `file://${backend}`,
    PULUMI_STAND_IN_IDS: standInIds(stacks),
  };
  const read = readStacks(stacks, project);
  const entries = changedEntries(stacks);
  const commands = () => pulumi.calls<string[]>();
  return { env, read, entries, lock, commands };
}

async function fix(setup: ReturnType<typeof setUp>) {
  let out = "";
  let err = "";
  const code = await runCloudFix(
    { summary: "text", yes: true },
    { stacks: setup.read, entries: setup.entries, failOn: ["changed"], parallel: 2 },
    setup.env,
    { out: (t) => (out += t), err: (t) => (err += t) },
  );
  return { code, out, err };
}

const ups = (commands: string[][]) =>
  commands.filter((c) => c[0] === "up").map((c) => c[c.indexOf("--stack") + 1]);

describe("drift --fix cloud and other updates' locks", () => {
  it("puts every stack back when none is locked", async () => {
    const setup = setUp();
    setup.lock("alphabet", "not-this-stack.json");
    const run = await fix(setup);
    expect(run.err).not.toContain("locked");
    expect(run.code).toBe(0);
    expect(ups(setup.commands())).toEqual(stacks);
  });

  it("refuses the whole run, changing no stack, when a later stack is locked", async () => {
    const setup = setUp();
    const held = setup.lock("gamma", "other-update.json");
    const run = await fix(setup);
    expect(run.code).toBe(1);
    expect(run.err).toContain(
      `stack sites/gamma is locked by another update (lock file ${held}): wait for it to finish, ` +
        "or, if it was interrupted, release the lock with pulumi cancel; then run drift again.",
    );
    expect(run.err).toContain("Nothing was changed.");
    expect(ups(setup.commands())).toEqual([]);
    // The locked stack is not even previewed; the others were, and none was changed.
    const previewed = setup
      .commands()
      .filter((c) => c[0] === "preview")
      .map((c) => c[c.indexOf("--stack") + 1]);
    expect(previewed.sort()).toEqual(["alpha", "beta"]);
  });
});
