// drift --fix code within a drift run (drift/fix/fix-run.ts): a changed website whose every
// changed field the ignore file covers has nothing left for the code, in a fleet file or a
// program; when it is also silent, its silence is still drift (--fail-on silent), and only that.
// A website whose drift is excused still declares its account's websites in its fleet file, the
// one --adopt-unmanaged appends the account's unmanaged websites to.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runFix } from "../../../../drift/fix/fix-run";
import type { FixRunOptions } from "../../../../drift/fix/fix-run";
import type { DriftEntry, FailOnName } from "../../../../drift/model/entries";
import { liveKey } from "../../../../drift/model/entries";
import { entry, liveWebsite } from "../../../support/drift-entries";
import {
  account as fleetAccount,
  emailChanged,
  entry as fleetEntry,
  nodeProject,
  recorded,
  stacksOf,
} from "../../../support/fix-code-fixture";

type FixInput = Parameters<typeof runFix>[1];

/** runFix's exit code and what it wrote, run on `input` with the summary and adoption `options` ask for. */
async function fix(input: FixInput, options: Partial<FixRunOptions> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runFix(
    { target: "code", summary: "text", adoptUnmanaged: false, force: false, ...options },
    input,
    { out: (text) => out.push(text), err: (text) => err.push(text) },
  );
  return { code, out: out.join(""), err: err.join("") };
}

/** Entries of no stack, with nothing live. */
const unrecorded = (entries: DriftEntry[], failOn: FailOnName[]): FixInput => ({
  stacks: [],
  entries,
  live: new Map(),
  failOn,
});

/** The excuse of an ignore rule covering the change of email. */
const emailIgnored = {
  finding: "changed",
  field: "email",
  by: "ignore",
  rule: ".webstats-drift.yaml:3",
  reason: "mail is on",
} as const;

/** changed in email only, that field excused by an ignore rule. */
const excusedChange = (more: Partial<DriftEntry> = {}): DriftEntry =>
  entry("a.example.com", "changed", {
    stacks: ["web/prod"],
    resources: ["web/prod:a"],
    changes: [{ field: "email", recorded: false, live: true }],
    excusedParts: [emailIgnored],
    ...more,
  });

describe("drift --fix code: a website whose changes are all excused", () => {
  it("is left as it is: nothing to write, nothing left", async () => {
    expect(await fix(unrecorded([excusedChange({ silent: false })], ["changed", "silent"]))).toEqual({
      code: 0,
      out: "Nothing written.\nExit code 0: the code declares every website as it is on the server.\n",
      err: "",
    });
  });

  it("still fails the run for its silence, which no rule covers", async () => {
    expect(await fix(unrecorded([excusedChange({ silent: true })], ["silent"]))).toEqual({
      code: 2,
      out: "Nothing written.\nExit code 2: drift is left that the code fix did not cover (see above).\n",
      err: "",
    });
    // Its changes being excused, --fail-on changed finds nothing left.
    expect((await fix(unrecorded([excusedChange({ silent: true })], ["changed"]))).code).toBe(0);
  });
});

describe("drift --fix code: a program's website whose changes are all excused", () => {
  it("asks for no change by hand, and leaves nothing", async () => {
    const dir = nodeProject({ "index.ts": "\n\nnew Website\n" });
    const { code, out, err } = await fix(
      {
        stacks: stacksOf(recorded(dir, "docs", "docs.example.com", { position: "project:///index.ts#3,1" })),
        entries: [
          emailChanged("docs", "docs.example.com", {
            excusedParts: [
              { finding: "changed", field: "email", by: "baseline", line: 4, firstSeen: "2026-11-01" },
            ],
          }),
        ],
        live: new Map(),
        failOn: ["changed"],
      },
      { summary: "json" },
    );
    expect(JSON.parse(out) as unknown).toEqual({
      written: [],
      byHand: [],
      notFixed: [],
      files: [],
      exitCode: 0,
    });
    expect(code).toBe(0);
    expect(err).toBe("");
  });
});

describe("drift --fix code --adopt-unmanaged: the fleet file of an excused website", () => {
  // The account's only recorded website is declared in websites.yaml, and its drift is excused
  // (accepted by the baseline, ignored, or every changed field covered): the fleet file still
  // declares a website of the account, so the account's unmanaged website goes there.
  const cases: [string, Partial<DriftEntry>][] = [
    ["accepted", { accepted: { firstSeen: "2026-11-01", line: 4 } }],
    ["ignored", { ignored: [{ rule: ".webstats-drift.yaml:3", reason: "mail is on" }] }],
    ["its changes ignored", { excusedParts: [emailIgnored] }],
  ];

  it.each(cases)("%s: the unmanaged website is appended to it", async (_, excuse) => {
    const dir = nodeProject({ "websites.yaml": "websites:\n  - domain: a.example.com\n" });
    const { code, out, err } = await fix(
      {
        stacks: stacksOf(
          recorded(dir, "sites-a.example.com", "a.example.com", { fleetFile: "websites.yaml" }),
        ),
        entries: [
          emailChanged("sites-a.example.com", "a.example.com", excuse),
          fleetEntry("unmanaged", "new.example.com", [], { id: 9 }),
        ],
        live: new Map([[liveKey(fleetAccount, 9), { ...liveWebsite(9, "new.example.com"), email: false }]]),
        failOn: ["changed", "unmanaged"],
      },
      { summary: "json", adoptUnmanaged: true },
    );
    expect(JSON.parse(out) as unknown).toMatchObject({ notFixed: [], exitCode: 0 });
    expect(code).toBe(0);
    expect(err).toBe("");
    expect(readFileSync(join(dir, "websites.yaml"), "utf8")).toBe(
      "websites:\n  - domain: a.example.com\n  - domain: new.example.com\n    adoptExisting: true\n",
    );
  });
});

describe("drift --fix code: a website no excuse covers", () => {
  it("a gone website stays gone: not fixed, and --fail-on gone fails the run", async () => {
    expect(
      await fix(
        unrecorded(
          [entry("a.example.com", "gone", { stacks: ["web/prod"], resources: ["web/prod:a"] })],
          ["gone"],
        ),
      ),
    ).toEqual({
      code: 2,
      out:
        "Nothing written.\nNot fixed (1):\n" +
        "  gone a.example.com (13): not on the server: remove its declaration, or restore the website.\n" +
        "Exit code 2: drift is left that the code fix did not cover (see above).\n",
      err: "",
    });
  });
});

describe("drift --fix code refused", () => {
  it("says why on standard error and exits 1, writing no summary", async () => {
    const dir = nodeProject({});
    expect(
      await fix({
        stacks: stacksOf(
          recorded(dir, "sites-a.example.com", "a.example.com", { fleetFile: "websites.yaml" }),
        ),
        entries: [emailChanged("sites-a.example.com", "a.example.com")],
        live: new Map(),
        failOn: ["changed"],
      }),
    ).toEqual({
      code: 1,
      out: "",
      err:
        "drift --fix code wrote nothing:\n" +
        `  team/prod:sites-a.example.com (a.example.com): ${join(dir, "websites.yaml")}: the fleet file of WebsiteFleet sites ` +
        `(declared at ${join(dir, "index.ts")}:4), as the state records it, is not there: run the command in the checkout the stack was deployed from.\n`,
    });
  });

  it("lets an error other than a refusal through", async () => {
    const failure = new Error("the stacks cannot be listed");
    const broken = {
      name: "team/prod",
      get websites(): never {
        throw failure;
      },
    };
    const err: string[] = [];
    await expect(
      runFix(
        { target: "code", summary: "text", adoptUnmanaged: false, force: false },
        { stacks: [broken], entries: [], live: new Map(), failOn: ["changed"] },
        { out: () => {}, err: (text) => err.push(text) },
      ),
    ).rejects.toBe(failure);
    expect(err).toEqual([]);
  });
});
