// What drift --fix code and drift --fix cloud print when they are done (drift/fix/fix-summary.ts,
// drift/fix/cloud-fix-summary.ts), whole: one change in one file, a file written over its
// uncommitted changes (--force); every section in text, Markdown and JSON (a line break in a
// sentence shown escaped, values exact; a Markdown item's leading - escaped); a cloud fix with
// nothing to put back, and one whose stacks were put back (a website refreshed, one created
// again, one updated), failed, or not run, with drift left.
import { describe, expect, it } from "vitest";
import { formatFixSummary } from "../../../../drift/fix/fix-summary";
import { formatCloudFixSummary } from "../../../../drift/fix/cloud-fix-summary";
import type { StackFixResult } from "../../../../drift/fix/cloud-fix-summary";
import type { FixOutcome } from "../../../../drift/fix/fix-code";

describe("drift --fix code: the summary", () => {
  it("counts one change in one file, and says which files were written over uncommitted changes", () => {
    const text = formatFixSummary(
      {
        written: [{ file: "websites.yaml", domain: "a.example.com", field: "email", old: false, new: true }],
        byHand: [],
        notFixed: [],
        files: [{ file: "websites.yaml", git: "forced" }],
        exitCode: 0,
      },
      "text",
    );
    expect(text).toBe(
      [
        "Written (1 change in 1 file):",
        "  websites.yaml: a.example.com: email: false → true",
        "Files:",
        "  websites.yaml: had changes not yet committed, written over them (--force)",
        "Exit code 0: the code declares every website as it is on the server.",
        "",
      ].join("\n"),
    );
  });
});

describe("drift --fix code: the summary in each format", () => {
  const outcome: FixOutcome = {
    written: [
      {
        file: "a.yaml",
        domain: "a.example.com",
        field: "email",
        old: false,
        new: true,
        note: "by the\nfleet",
      },
      {
        file: "b.yaml",
        domain: "new.example.com",
        field: "(entry)",
        old: undefined,
        new: { domain: "new.example.com", privacy: "private", excludeIps: ["10.0.0.1"] },
      },
    ],
    byHand: [
      {
        domain: "docs.example.com",
        text: 'index.ts:3 new webstats.Website("docs",\n{ email: false → true })',
      },
    ],
    notFixed: [{ status: "gone", domain: "old.example.com", id: 8, reason: "not on the\nserver" }],
    files: [
      { file: "a.yaml", git: "committed" },
      { file: "b.yaml", git: "no repository" },
    ],
    exitCode: 2,
  };

  it("text: each section with its items, the exit code last", () => {
    expect(formatFixSummary(outcome, "text")).toBe(
      [
        "Written (2 changes in 2 files):",
        "  a.yaml: a.example.com: email: false → true (by the\\nfleet)",
        '  b.yaml: new.example.com: appended (privacy: "private", excludeIps: [10.0.0.1])',
        "Files:",
        "  b.yaml: in no git repository, written without the check for uncommitted changes",
        "To change by hand in the programs (1):",
        '  index.ts:3 new webstats.Website("docs",\\n{ email: false → true })',
        "Not fixed (1):",
        "  gone old.example.com (8): not on the\\nserver",
        "Exit code 2: drift is left that the code fix did not cover (see above).",
        "",
      ].join("\n"),
    );
    expect(formatFixSummary({ written: [], byHand: [], notFixed: [], files: [], exitCode: 0 }, "text")).toBe(
      "Nothing written.\nExit code 0: the code declares every website as it is on the server.\n",
    );
  });

  it("markdown: a heading, each section's title in bold over its items, the exit code apart", () => {
    expect(formatFixSummary(outcome, "markdown")).toBe(
      [
        "## Drift fixed in code",
        "",
        "**Written (2 changes in 2 files):**",
        "",
        "- a.yaml: a.example.com: email: false → true (by the\\nfleet)",
        '- b.yaml: new.example.com: appended (privacy: "private", excludeIps: \\[10.0.0.1\\])',
        "",
        "**Files:**",
        "",
        "- b.yaml: in no git repository, written without the check for uncommitted changes",
        "",
        "**To change by hand in the programs (1):**",
        "",
        '- index.ts:3 new webstats.Website("docs",\\n{ email: false → true })',
        "",
        "**Not fixed (1):**",
        "",
        "- gone old.example.com (8): not on the\\nserver",
        "",
        "Exit code 2: drift is left that the code fix did not cover (see above).",
        "",
      ].join("\n"),
    );
  });

  it("json: the values exact, the sentences neutralised", () => {
    expect(JSON.parse(formatFixSummary(outcome, "json"))).toEqual({
      ...outcome,
      written: [{ ...outcome.written[0]!, note: "by the\\nfleet" }, outcome.written[1]],
      byHand: [
        { ...outcome.byHand[0]!, text: 'index.ts:3 new webstats.Website("docs",\\n{ email: false → true })' },
      ],
      notFixed: [{ ...outcome.notFixed[0]!, reason: "not on the\\nserver" }],
    });
  });

  it("markdown: an item that would open a block of its own (a file named -sites.yaml) escaped", () => {
    const outcome: FixOutcome = {
      written: [{ file: "-sites.yaml", domain: "a.example.com", field: "email", old: false, new: true }],
      byHand: [],
      notFixed: [],
      files: [{ file: "-sites.yaml", git: "forced" }],
      exitCode: 0,
    };
    expect(formatFixSummary(outcome, "markdown")).toBe(
      [
        "## Drift fixed in code",
        "",
        "**Written (1 change in 1 file):**",
        "",
        "- \\-sites.yaml: a.example.com: email: false → true",
        "",
        "**Files:**",
        "",
        "- \\-sites.yaml: had changes not yet committed, written over them (--force)",
        "",
        "Exit code 0: the code declares every website as it is on the server.",
        "",
      ].join("\n"),
    );
  });
});

describe("drift --fix cloud: the summary", () => {
  type PutBack = StackFixResult["websites"][number];
  /** web/prod's shop (shop.example.com, id 4), changed and refreshed, with `more`. */
  const shop = (more: Partial<PutBack> = {}): PutBack => ({
    stack: "web/prod",
    resource: "shop",
    domain: "shop.example.com",
    id: 4,
    status: "changed",
    urn: "urn:shop",
    action: "none",
    fields: [],
    ...more,
  });

  it("says there was nothing to put back", () => {
    expect(formatCloudFixSummary({ exitCode: 0, stacks: [], notFixed: [] }, "text")).toBe(
      "Nothing to put back.\nExit code 0: nothing to put back.\n",
    );
    expect(formatCloudFixSummary({ exitCode: 0, stacks: [], notFixed: [] }, "markdown")).toBe(
      "## Drift put back on the server\n\n**Nothing to put back.**\n\n\nExit code 0: nothing to put back.\n",
    );
  });

  it("names each stack's outcome, each website's (refreshed, created again, updated), and the drift left", () => {
    const website = shop();
    const stacks: StackFixResult[] = [
      {
        stack: "web/prod",
        result: "put back",
        websites: [
          website,
          {
            ...website,
            resource: "blog",
            domain: "blog.example.com",
            id: 5,
            status: "gone",
            action: "create",
          },
          {
            ...website,
            resource: "docs",
            domain: "docs.example.com",
            id: 6,
            action: "update",
            fields: [
              { field: "email", live: true, declared: false },
              { field: "excludeIps", live: ["10.0.0.1"], declared: [] },
            ],
          },
        ],
      },
      {
        stack: "web/dev",
        result: "failed",
        websites: [],
        error: "stack web/dev: pulumi up failed: error: 500",
      },
      { stack: "web/test", result: "not run", websites: [] },
    ];
    const text = formatCloudFixSummary(
      {
        exitCode: 2,
        stacks,
        notFixed: [{ domain: "c.example.com", id: 9, status: "unmanaged", reason: "in no stack" }],
      },
      "text",
    );
    expect(text).toBe(
      [
        "Stack web/prod: put back",
        "  shop.example.com (shop, id 4): refreshed (the program declares its live values)",
        "  blog.example.com (blog, id 5): created again (it was gone; the new website has a new id)",
        "  docs.example.com (docs, id 6): email true → false, excludeIps [10.0.0.1] → []",
        "Stack web/dev: pulumi up failed",
        "  stack web/dev: pulumi up failed: error: 500",
        "Stack web/test: not run (an earlier stack's up failed)",
        "Not fixed (1):",
        "  unmanaged c.example.com (9): in no stack",
        "Exit code 2: drift is left that putting websites back does not cover (see above).",
        "",
      ].join("\n"),
    );
  });

  it("says every website is back, or that an up failed and the stacks before it were put back", () => {
    const back: StackFixResult = {
      stack: "web/prod",
      result: "put back",
      websites: [shop({ action: "update", fields: [{ field: "email", live: true, declared: false }] })],
    };
    expect(formatCloudFixSummary({ exitCode: 0, stacks: [back], notFixed: [] }, "text")).toBe(
      "Stack web/prod: put back\n" +
        "  shop.example.com (shop, id 4): email true → false\n" +
        "Exit code 0: every changed and gone website is as its program declares.\n",
    );
    const failed: StackFixResult = { stack: "web/dev", result: "failed", websites: [], error: "boom" };
    expect(formatCloudFixSummary({ exitCode: 1, stacks: [back, failed], notFixed: [] }, "text")).toBe(
      "Stack web/prod: put back\n" +
        "  shop.example.com (shop, id 4): email true → false\n" +
        "Stack web/dev: pulumi up failed\n" +
        "  boom\n" +
        "Exit code 1: a pulumi up failed (see above); the stacks before it were put back.\n",
    );
  });
});
