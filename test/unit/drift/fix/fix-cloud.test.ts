// drift --fix cloud's own words and choices, before pulumi is run: the plan as people read it,
// what is left for --fail-on and why, which websites are put back (not the accepted or ignored
// ones), and the stacks refused before any preview because their project folder is not known.
// What pulumi is asked, and what its answers and failures become, is
// test/integration/drift/fix/fix-cloud-pulumi.test.ts.
import { describe, expect, it } from "vitest";
import { planText, runCloudFix } from "../../../../drift/fix/fix-cloud";
import type { PlannedFix } from "../../../../drift/fix/cloud-plan";
import type { DriftEntry, FailOnName } from "../../../../drift/model/entries";
import type { ReadStack } from "../../../../drift/read/read-stacks";
import { changed, entry } from "../../../support/drift-entries";

const planned = (resource: string, id: number, more: Partial<PlannedFix>): PlannedFix => ({
  stack: "sites/prod",
  resource,
  domain: `${resource}.example.com`,
  id,
  status: "changed",
  urn: `urn:pulumi:prod::sites::webstats:index:Website::${resource}`,
  action: "update",
  fields: [],
  ...more,
});

describe("drift --fix cloud: the plan shown before it is applied", () => {
  it("says, stack by stack, what each website gets: its fields updated, created again, or a refresh", () => {
    const source = { kind: "stack" as const, name: "prod", cwd: "/project" };
    const text = planText([
      {
        stack: "sites/prod",
        source,
        planned: [
          planned("shop", 2, {
            fields: [
              { field: "privacy", live: "private", declared: "public" },
              { field: "excludeIps", live: ["203.0.113.7"], declared: [] },
            ],
          }),
          planned("blog", 1, { status: "gone", action: "create" }),
        ],
      },
      { stack: "sites/staging", source, planned: [planned("docs", 3, { action: "none" })] },
    ]);
    expect(text).toBe(
      [
        "Stack sites/prod:",
        "  update shop (shop.example.com, id 2):",
        '    privacy: "private" → "public"',
        "    excludeIps: [203.0.113.7] → []",
        "  create blog (blog.example.com, id 1) again: it is gone (a new website, with a new id)",
        "Stack sites/staging:",
        "  refresh docs (docs.example.com, id 3): the program already declares its live values",
        "",
      ].join("\n"),
    );
  });
});

/** runCloudFix with --yes and a JSON summary; pulumi is never reached in these tests. */
async function fixCloud(entries: DriftEntry[], failOn: FailOnName[], stacks: ReadStack[] = []) {
  let out = "";
  let err = "";
  const code = await runCloudFix(
    { yes: true, summary: "json" },
    { stacks, entries, failOn, parallel: 1 },
    {},
    { out: (text) => (out += text), err: (text) => (err += text) },
  );
  return { code, out, err, summary: out === "" ? undefined : (JSON.parse(out) as Record<string, unknown>) };
}

const inStack = (e: DriftEntry, stack = "sites/prod"): DriftEntry => ({
  ...e,
  stacks: [stack],
  resources: [`${stack}:${e.domain.split(".")[0]}`],
});

describe("drift --fix cloud: what is left for --fail-on", () => {
  it("names each website left, with what to do about its finding", async () => {
    const run = await fixCloud(
      [
        entry("new.example.com", "unmanaged"),
        entry("twice.example.com", "duplicate", {
          stacks: ["sites/prod", "sites/staging"],
          resources: ["sites/prod:twice", "sites/staging:twice"],
        }),
        entry("quiet.example.com", "in-sync", { silent: true }),
      ],
      ["unmanaged", "duplicate", "silent"],
    );
    expect(run.summary).toEqual({
      exitCode: 2,
      stacks: [],
      notFixed: [
        {
          domain: "new.example.com",
          id: 15,
          status: "unmanaged",
          reason: "in no stack: adopt it in code, or delete it on the server",
        },
        {
          domain: "twice.example.com",
          id: 17,
          status: "duplicate",
          reason: "recorded by sites/prod:twice, sites/staging:twice: keep it in one stack",
        },
        {
          domain: "quiet.example.com",
          id: 17,
          status: "silent",
          reason: "no pageview: check its tracking code",
        },
      ],
    });
    expect(run.code).toBe(2);
  });

  it("previews nothing when there is nothing to put back", async () => {
    const run = await fixCloud([entry("new.example.com", "unmanaged")], ["changed"]);
    expect(run.err).toBe("");
    expect(run.summary).toEqual({ exitCode: 0, stacks: [], notFixed: [] });
    expect(run.code).toBe(0);
  });
});

describe("drift --fix cloud: the websites put back", () => {
  it("leaves a changed or gone website whose drift is accepted or ignored", async () => {
    const accepted = inStack({
      ...changed("shop.example.com", "privacy"),
      accepted: { firstSeen: "2026-01-01", line: 3 },
    });
    const ignored = inStack({
      ...entry("blog.example.com", "gone"),
      ignored: [{ rule: ".driftignore:2", reason: "moved" }],
    });
    const run = await fixCloud([accepted, ignored], ["changed", "gone"]);
    expect(run.err).toBe("");
    expect(run.summary).toEqual({ exitCode: 0, stacks: [], notFixed: [] });
    expect(run.code).toBe(0);
  });

  it("refuses, before any preview, every stack whose project folder is not known, and changes nothing", async () => {
    const run = await fixCloud(
      [
        inStack(entry("blog.example.com", "gone"), "sites/file"),
        inStack(changed("docs.example.com", "privacy"), "sites/wide"),
        inStack(changed("news.example.com", "privacy"), "sites/unread"),
      ],
      ["changed", "gone"],
      [
        { name: "sites/file", websites: [], via: "state file", source: { kind: "file", path: "state.json" } },
        {
          name: "sites/wide",
          websites: [],
          via: "pulumi stack export",
          source: { kind: "stack", name: "wide", cwd: "/nonexistent", listedBackendWide: true },
        },
      ],
    );
    const needsFolder = (stack: string) =>
      `stack ${stack}: --fix cloud needs the stack's project folder (--stack NAME with --cwd DIR).`;
    expect(run.err).toBe(
      [
        "Previewing 3 stacks (pulumi preview --refresh --target)...",
        needsFolder("sites/file"),
        needsFolder("sites/wide"),
        needsFolder("sites/unread"),
        "Nothing was changed.",
        "",
      ].join("\n"),
    );
    expect(run.out).toBe("");
    expect(run.code).toBe(1);
  });

  it("counts one stack in the singular", async () => {
    const run = await fixCloud(
      [inStack(entry("blog.example.com", "gone"), "sites/file")],
      ["gone"],
      [{ name: "sites/file", websites: [], via: "state file", source: { kind: "file", path: "state.json" } }],
    );
    expect(run.err.split("\n")[0]).toBe("Previewing 1 stack (pulumi preview --refresh --target)...");
    expect(run.code).toBe(1);
  });
});
