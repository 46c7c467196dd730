// `pulumi-webstats drift --fix cloud` at a terminal, through the command line in-process (runCli)
// with the executable's own console (cli/terminal.ts) over streams that stand for a terminal:
// the question asked once the plan is shown, in its exact words; an answer of no runs no
// `pulumi up` and exits 1, an answer of yes runs it. And the engine is asked about the targets
// alone: `pulumi preview` and `pulumi up` get exactly the --target set of the websites drift
// found changed or gone, not the website in sync nor the resource the program declares that the
// stack does not hold yet. pulumi is a stand-in that records each call's arguments and plans as
// the engine does: the targets alone with --target, everything the program changes without.
// Which answers count as yes is test/unit/cli/terminal.test.ts; the real engine's --target,
// test/e2e/drift/fix-cloud.test.ts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../../cli/run";
import { processConsole } from "../../../../cli/terminal";
import { startEmulator } from "../../../../emulator";
import type { Emulator } from "../../../../emulator";
import { WebstatsClient } from "../../../../sdk";
import { fixCloudPulumi } from "../../../support/fix-cloud-fixture";
import { writeStackExport } from "../../../support/stack-exports";

// Records its call; whoami names a file backend (no lock in it), stack export prints the export
// PULUMI_STAND_IN_EXPORT names, preview plans PULUMI_STAND_IN_PLAN's operations (URN → op): of
// the --target URNs alone when any is given, of every URN there otherwise. up succeeds.
const standIn = String.raw`const fs = require("node:fs");
const args = process.argv.slice(2);
fs.appendFileSync(process.env.PULUMI_STAND_IN_CALLS, JSON.stringify(args) + "\n");
const plan = JSON.parse(process.env.PULUMI_STAND_IN_PLAN);
if (args[0] === "whoami") process.stdout.write(JSON.stringify({ user: "ci", url: process.env.PULUMI_STAND_IN_BACKEND }));
else if (args[0] === "stack" && args[1] === "export") process.stdout.write(fs.readFileSync(process.env.PULUMI_STAND_IN_EXPORT, "utf8"));
else if (args[0] === "preview") {
  const targets = args.filter((_, i) => args[i - 1] === "--target");
  const urns = targets.length > 0 ? targets : Object.keys(plan);
  const steps = urns.map((urn) => ({ op: plan[urn] ?? "same", urn, ...(plan[urn] === "update" ? { diffReasons: ["privacy"] } : {}) }));
  process.stdout.write(JSON.stringify({ steps }));
}
`;

const urn = (domain: string) => `urn:pulumi:prod::sites::pulumi-nodejs:dynamic/webstats:Website::${domain}`;
const domains = { blog: "blog.fix.example", docs: "docs.fix.example", shop: "shop.fix.example" };
/** Declared in the stack's program, not yet created: an up without --target would create it. */
const undeclaredYet = urn("new.fix.example");
const question = "Put back 2 websites with pulumi up? (yes/no) ";

const root = mkdtempSync(join(tmpdir(), "drift-fix-cloud-confirm-"));
const exported = join(root, "export.json");
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  const account = emulator.createAccount({ name: "Confirm" });
  const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
  const websites = [];
  for (const domain of Object.values(domains)) websites.push(await client.websites.create({ domain }));
  writeStackExport(exported, { project: "sites", url: emulator.url, apiKey: account.apiKey, websites });
  // By hand on the server: the shop made private, the blog deleted; the docs left as they are.
  const [blog, , shop] = websites;
  emulator.updateWebsite(shop!.id, { privacy: 1 });
  emulator.deleteWebsite(blog!.id);
});
afterAll(async () => {
  await emulator?.close();
});

/** A stand-in for pulumi of its own, recording into a fresh file. */
function userPulumi() {
  const { pulumi, project, backend, env: pulumiEnv } = fixCloudPulumi(standIn);
  const env = {
    ...pulumiEnv,
    PULUMI_STAND_IN_EXPORT: exported,
    PULUMI_STAND_IN_BACKEND: `file://${backend}`,
    PULUMI_STAND_IN_PLAN: JSON.stringify({
      [urn(domains.shop)]: "update",
      [urn(domains.blog)]: "create",
      [urn(domains.docs)]: "same",
      [undeclaredYet]: "create",
    }),
  };
  return { project, env, calls: () => pulumi.calls<string[]>() };
}

/**
 * A terminal where the user types `answer` once a question is shown: the one text on standard
 * error that leaves the cursor on its line (progress and messages end theirs).
 */
function terminal(answer: string) {
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  let out = "";
  let err = "";
  let asked = 0;
  const stdout = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out += chunk.toString("utf8");
      done();
    },
  });
  const stderr = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = chunk.toString("utf8");
      err += text;
      if (text !== "" && !text.endsWith("\n")) {
        asked++;
        stdin.write(answer);
      }
      done();
    },
  });
  return { io: processConsole(stdin, stdout, stderr), out: () => out, err: () => err, asked: () => asked };
}

async function fixCloud(answer: string) {
  const pulumi = userPulumi();
  const at = terminal(answer);
  const argv = ["drift", "--cwd", pulumi.project, "--stack", "prod", "--fix", "cloud"];
  const code = await runCli(argv, pulumi.env, at.io);
  return { code, out: at.out(), err: at.err(), asked: at.asked(), calls: pulumi.calls() };
}

/** The --target arguments of the websites drift found changed or gone, in its report's order. */
const targets = ["--target", urn(domains.blog), "--target", urn(domains.shop)];
const beforeTheQuestion = [
  ["stack", "export", "--show-secrets", "--stack", "prod", "--non-interactive"],
  ["whoami", "--verbose", "--json", "--non-interactive"],
  ["stack", "export", "--stack", "prod", "--non-interactive"],
  ["preview", "--refresh", ...targets, "--json", "--stack", "prod", "--non-interactive"],
];

describe("drift --fix cloud at a terminal", () => {
  it("asks once the plan is shown; an answer of no runs no pulumi up and exits 1", async () => {
    const run = await fixCloud("no\n");
    expect(run.asked).toBe(1);
    const plan = run.err.indexOf("The plan: 2 websites put back in 1 stack.\n");
    expect(plan).toBeGreaterThan(-1);
    expect(run.err.indexOf(question)).toBeGreaterThan(plan);
    expect(run.err).toContain(`${question}Declined: nothing was changed.\n`);
    expect(run.err).not.toContain("pulumi up --refresh --target (");
    expect(run.calls).toEqual(beforeTheQuestion);
    expect(run.code).toBe(1);
  });

  it("an answer of yes runs pulumi up on exactly the websites put back", async () => {
    const run = await fixCloud("yes\n");
    expect(run.asked).toBe(1);
    expect(run.err).not.toContain("Declined");
    expect(run.err).toContain(`${question}Stack sites/prod: pulumi up --refresh --target (2 websites)...\n`);
    expect(run.calls).toEqual([
      ...beforeTheQuestion,
      ["up", "--refresh", ...targets, "--yes", "--stack", "prod", "--non-interactive"],
    ]);
    expect(run.out).toContain("Stack sites/prod: put back");
    expect(run.code).toBe(0);
  });

  it("leaves out of the targets the website in sync and what the program declares beyond them", async () => {
    const { calls } = await fixCloud("y\n");
    const engine = calls.filter((c) => c[0] === "preview" || c[0] === "up");
    expect(engine.map((c) => c[0])).toEqual(["preview", "up"]);
    for (const call of engine) {
      const given = call.filter((_, i) => call[i - 1] === "--target");
      expect(given).toEqual([urn(domains.blog), urn(domains.shop)]);
      expect(call.join(" ")).not.toContain(domains.docs);
      expect(call.join(" ")).not.toContain(undeclaredYet);
    }
  });
});
