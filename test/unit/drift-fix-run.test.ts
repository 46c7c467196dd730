// drift --fix code within a drift run (drift/fix/fix-run.ts): a changed website whose every
// changed field the ignore file covers has nothing left for the code; when it is also silent,
// its silence is still drift (--fail-on silent), and only that.
import { describe, expect, it } from "vitest";
import { runFix } from "../../drift/fix/fix-run";
import type { DriftEntry, FailOnName } from "../../drift/model/entries";
import { entry } from "../support/drift-entries";

/** changed in email only, that field excused by an ignore rule. */
const excusedChange = (more: Partial<DriftEntry> = {}): DriftEntry =>
  entry("a.example.com", "changed", {
    stacks: ["web/prod"],
    resources: ["web/prod:a"],
    changes: [{ field: "email", recorded: false, live: true }],
    excusedParts: [
      {
        finding: "changed",
        field: "email",
        by: "ignore",
        rule: ".webstats-drift.yaml:3",
        reason: "mail is on",
      },
    ],
    ...more,
  });

async function fix(entries: DriftEntry[], failOn: FailOnName[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runFix(
    { target: "code", summary: "text", adoptUnmanaged: false, force: false },
    { stacks: [], entries, live: new Map(), failOn },
    { out: (text) => out.push(text), err: (text) => err.push(text) },
  );
  return { code, out: out.join(""), err: err.join("") };
}

describe("drift --fix code: a website whose changes are all excused", () => {
  it("is left as it is: nothing to write, nothing left", async () => {
    expect(await fix([excusedChange({ silent: false })], ["changed", "silent"])).toEqual({
      code: 0,
      out: "Nothing written.\nExit code 0: the code declares every website as it is on the server.\n",
      err: "",
    });
  });

  it("still fails the run for its silence, which no rule covers", async () => {
    expect(await fix([excusedChange({ silent: true })], ["silent"])).toEqual({
      code: 2,
      out: "Nothing written.\nExit code 2: drift is left that the code fix did not cover (see above).\n",
      err: "",
    });
    // Its changes being excused, --fail-on changed finds nothing left.
    expect((await fix([excusedChange({ silent: true })], ["changed"])).code).toBe(0);
  });
});
