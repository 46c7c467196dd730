// `drift --fix code`'s plan (drift/fix/fix-code.ts fixCode), on real project folders outside
// any git repository and recorded stacks built here: what each drifted website becomes (a fleet
// file or Pulumi YAML program written, a program's call to change by hand, a reason it is left),
// how each is said, which refusals write nothing, and the exit code for what is left. The
// command's run against the emulator is test/integration/drift/fix/fix-code.test.ts.
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Website } from "../../../../sdk";
import { FixRefused, fixCode } from "../../../../drift/fix/fix-code";
import type { DriftEntry } from "../../../../drift/model/entries";
import { liveKey } from "../../../../drift/model/entries";
import type { RecordedStack, RecordedWebsite } from "../../../../drift/read/stack-export";
import {
  account,
  commitAll,
  emailChanged,
  emailOn,
  entry,
  fixOfA,
  fleetText,
  nodeProject,
  options,
  project,
  recorded,
  stacksOf,
} from "../../../support/fix-code-fixture";
import { liveWebsite } from "../../../support/wire-records";

describe("drift --fix code: what each drifted website becomes", () => {
  it("writes a fleet file's entry and says the file was in no repository; nothing is left, exit 0", async () => {
    const dir = nodeProject({ "sites.yaml": fleetText });
    const outcome = await fixCode(
      fixOfA(dir, "sites.yaml", emailOn, ["changed", "gone", "unmanaged", "duplicate"]),
      options,
    );
    expect(readFileSync(join(dir, "sites.yaml"), "utf8")).toBe(
      fleetText.replace("email: false", "email: true"),
    );
    expect(outcome).toEqual({
      written: [
        { file: join(dir, "sites.yaml"), domain: "a.example.com", field: "email", old: false, new: true },
      ],
      byHand: [],
      notFixed: [],
      files: [{ file: join(dir, "sites.yaml"), git: "no repository" }],
      exitCode: 0,
    });
  });

  it("leaves a file that already holds the live values alone: no file checked or written", async () => {
    const text = fleetText.replace("email: false", "email: true");
    const dir = nodeProject({ "sites.yaml": text });
    chmodSync(join(dir, "sites.yaml"), 0o444);
    const outcome = await fixCode(fixOfA(dir, "sites.yaml", emailOn, ["changed"]), options);
    expect(outcome).toEqual({ written: [], byHand: [], notFixed: [], files: [], exitCode: 0 });
    expect(readFileSync(join(dir, "sites.yaml"), "utf8")).toBe(text);
  });

  it("leaves a website whose server values fail their rules, each reason said, and writes its other fields", async () => {
    const dir = nodeProject({ "sites.yaml": fleetText });
    const changes = [
      { field: "excludeIps", recorded: [], live: ["${x}"] },
      { field: "email", recorded: false, live: true },
      { field: "privacy", recorded: "public", live: "${y}" },
    ];
    const outcome = await fixCode(fixOfA(dir, "sites.yaml", changes, ["changed"]), options);
    expect(readFileSync(join(dir, "sites.yaml"), "utf8")).toBe(
      fleetText.replace("email: false", "email: true"),
    );
    expect(outcome.notFixed).toHaveLength(1);
    expect(outcome.notFixed[0]?.reason).toMatch(
      new RegExp(
        `^${join(dir, "sites.yaml")}:3: a\\.example\\.com: the server's excludeIps is not written into the code, as it fails the field's rule: .+\\. ` +
          `${join(dir, "sites.yaml")}:3: a\\.example\\.com: the server's privacy is not written into the code, as it fails the field's rule: .+$`,
      ),
    );
    expect(outcome.exitCode).toBe(2);
  });

  it("tells a website's reasons from those of the same domain of another account, in another file", async () => {
    const dir = nodeProject({ "x.yaml": fleetText, "y.yaml": fleetText });
    const other = { ...account, id: 4 };
    const outcome = await fixCode(
      {
        stacks: stacksOf(
          recorded(dir, "sites-a.example.com", "a.example.com", { fleetFile: "x.yaml" }),
          recorded(dir, "sites-a.example.com", "a.example.com", { fleetFile: "y.yaml" }, "team/other"),
        ),
        entries: [
          entry("changed", "a.example.com", ["team/prod:sites-a.example.com"], {
            changes: [{ field: "excludeIps", recorded: [], live: ["${x}"] }],
          }),
          entry("changed", "a.example.com", ["team/other:sites-a.example.com"], {
            account: other,
            stacks: ["team/other"],
            changes: [{ field: "email", recorded: false, live: true }],
          }),
        ],
        live: new Map(),
        failOn: ["changed"],
      },
      options,
    );
    expect(readFileSync(join(dir, "x.yaml"), "utf8")).toBe(fleetText);
    expect(readFileSync(join(dir, "y.yaml"), "utf8")).toBe(fleetText.replace("email: false", "email: true"));
    expect(outcome.notFixed.map((n) => n.reason)).toEqual([
      expect.stringMatching(
        new RegExp(`^${join(dir, "x.yaml")}:3: a\\.example\\.com: the server's excludeIps`),
      ),
    ]);
  });

  it("exits 2 for a silent website when --fail-on names silent, though nothing is left to fix", async () => {
    const input = {
      stacks: [],
      entries: [
        entry("in-sync", "b.example.com", ["team/prod:b"]),
        entry("in-sync", "a.example.com", ["team/prod:a"], { silent: true }),
      ],
      live: new Map<string, Website>(),
    };
    expect((await fixCode({ ...input, failOn: ["silent"] }, options)).exitCode).toBe(2);
    expect((await fixCode({ ...input, failOn: ["changed"] }, options)).exitCode).toBe(0);
    const accepted = { ...input.entries[1]!, accepted: { firstSeen: "2026-01-01", line: 3 } };
    expect((await fixCode({ ...input, entries: [accepted], failOn: ["silent"] }, options)).exitCode).toBe(0);
  });

  it("lists a program's website with the call to change, in the program's own language, and leaves it", async () => {
    const dir = nodeProject({
      "index.ts": "\n\nnew Website\n",
      "src/site.mjs": "\nnew Website\n",
      "__main__.py": "\n\n\nWebsite\n",
      "Main.json": "{}\n",
    });
    const changes = [
      { field: "email", recorded: false, live: true },
      { field: "excludeIps", recorded: [], live: ["10.0.0.1"] },
    ];
    const websites = [
      recorded(dir, "docs", "docs.example.com", { position: "project:///index.ts#3,1" }),
      recorded(dir, "site", "site.example.com", { position: "project:///src/site.mjs#2,5" }),
      recorded(dir, "py", "py.example.com", { position: "project:///__main__.py#4,1" }),
      recorded(dir, "json", "json.example.com", { position: "project:///Main.json#1,1" }),
    ];
    const outcome = await fixCode(
      {
        stacks: stacksOf(...websites),
        entries: websites.map((w) =>
          entry("changed", w.outputs.domain as string, [`team/prod:${w.resource}`], { changes }),
        ),
        live: new Map(),
        failOn: ["gone"],
      },
      options,
    );
    const args = "email: false → true, excludeIps: [] → [10.0.0.1]";
    expect(outcome.byHand).toEqual([
      {
        domain: "docs.example.com",
        text: `${join(dir, "index.ts")}:3 new webstats.Website("docs", { ${args} })`,
      },
      {
        domain: "site.example.com",
        text: `${join(dir, "src/site.mjs")}:2 new webstats.Website("site", { ${args} })`,
      },
      { domain: "py.example.com", text: `${join(dir, "__main__.py")}:4 Website "py": ${args}` },
      { domain: "json.example.com", text: `${join(dir, "Main.json")}:1 Website "json": ${args}` },
    ]);
    /** `domain`, left changed: declared in a program at `file`:`line`. */
    const inProgram = (domain: string, file: string, line: number) => ({
      status: "changed",
      domain,
      id: 7,
      reason: `declared in a program at ${join(dir, file)}:${line}: change it by hand.`,
    });
    expect(outcome.notFixed).toEqual([
      inProgram("docs.example.com", "index.ts", 3),
      inProgram("site.example.com", "src/site.mjs", 2),
      inProgram("py.example.com", "__main__.py", 4),
      inProgram("json.example.com", "Main.json", 1),
    ]);
    expect(outcome.written).toEqual([]);
    expect(outcome.files).toEqual([]);
    // Left changed, but --fail-on names only gone: exit 0; naming changed, exit 2.
    expect(outcome.exitCode).toBe(0);
  });

  it("says what to do with a gone, duplicate or unmanaged website, or one whose declaration is not known", async () => {
    const dir = nodeProject({ "sites.yaml": fleetText });
    const gone = recorded(dir, "sites-a.example.com", "a.example.com", { fleetFile: "sites.yaml" });
    const lost = recorded(dir, "sites-b.example.com", "b.example.com", { fleetFile: "sites.yaml" });
    const outcome = await fixCode(
      {
        stacks: stacksOf(gone, lost),
        entries: [
          entry("gone", "a.example.com", ["team/prod:sites-a.example.com"]),
          entry("gone", "z.example.com", ["team/prod:nowhere"]),
          entry("duplicate", "d.example.com", ["team/prod:one", "team/dev:two"]),
          entry("unmanaged", "u.example.com", []),
          emailChanged("sites-b.example.com", "b.example.com"),
          entry("in-sync", "s.example.com", ["team/prod:s"]),
        ],
        live: new Map(),
        failOn: ["changed"],
      },
      options,
    );
    expect(outcome.notFixed.map((n) => [n.status, n.domain, n.reason])).toEqual([
      [
        "gone",
        "a.example.com",
        `not on the server: remove its declaration at ${join(dir, "sites.yaml")}:3, or restore the website.`,
      ],
      ["gone", "z.example.com", "not on the server: remove its declaration, or restore the website."],
      ["duplicate", "d.example.com", "recorded by team/prod:one, team/dev:two: keep one declaration."],
      [
        "unmanaged",
        "u.example.com",
        "declared by no stack given: --adopt-unmanaged appends it to a fleet file.",
      ],
      [
        "changed",
        "b.example.com",
        `its declaration is not known: ${join(dir, "sites.yaml")} has no entry for b.example.com, which WebsiteFleet sites (declared at ${join(dir, "index.ts")}:4) recorded: the file changed since the last pulumi up.`,
      ],
    ]);
    expect(readFileSync(join(dir, "sites.yaml"), "utf8")).toBe(fleetText);
    expect(outcome.exitCode).toBe(2);
  });
});

/** Website 9, private and counting bots, as the server lists it. */
const privateSite = (domain: string): Website =>
  liveWebsite(9, domain, { privacy: "private", excludeBots: false, createdAt: null, updatedAt: null });

describe("drift --fix code --adopt-unmanaged: which fleet file takes an unmanaged website", () => {
  /** Two stacks of the account, each declaring a website in its own fleet file. */
  function twoFleets(): {
    dir: string;
    stacks: RecordedStack[];
    entries: DriftEntry[];
  } {
    const dir = nodeProject({
      "a.yaml": "websites:\n  - domain: a.example.com\n",
      "b.yaml": "websites:\n  - domain: b.example.com\n",
    });
    const a = recorded(dir, "sites-a.example.com", "a.example.com", { fleetFile: "a.yaml" });
    const b = recorded(dir, "sites-b.example.com", "b.example.com", { fleetFile: "b.yaml" }, "team/dev");
    return {
      dir,
      stacks: stacksOf(a, b),
      entries: [
        // The files named in the order of their paths, whatever the websites' order.
        entry("in-sync", "b.example.com", ["team/dev:sites-b.example.com"]),
        entry("in-sync", "a.example.com", ["team/prod:sites-a.example.com"]),
        entry("unmanaged", "new.example.com", [], { id: 9 }),
      ],
    };
  }
  const live = new Map([[liveKey(account, 9), privateSite("new.example.com")]]);
  const adopt = { adoptUnmanaged: true, force: false };
  const accountText = "team@example.com (3) at https://stats.example";

  it("asks which with --adopt-into when the account's websites are in two fleet files, and writes nothing", async () => {
    const { dir, stacks, entries } = twoFleets();
    const error = await fixCode({ stacks, entries, live, failOn: [] }, adopt).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FixRefused);
    expect((error as Error).message).toBe(
      "drift --fix code wrote nothing:\n" +
        `  new.example.com: the unmanaged websites of account ${accountText} could go to ${join(dir, "a.yaml")} or ${join(dir, "b.yaml")}: say which with --adopt-into FILE.`,
    );
    expect(readFileSync(join(dir, "a.yaml"), "utf8")).toBe("websites:\n  - domain: a.example.com\n");
    expect(readFileSync(join(dir, "b.yaml"), "utf8")).toBe("websites:\n  - domain: b.example.com\n");
  });

  it("appends it to the file --adopt-into names, and refuses one that is not the account's", async () => {
    const { dir, stacks, entries } = twoFleets();
    const outcome = await fixCode(
      { stacks, entries, live, failOn: ["unmanaged"] },
      { ...adopt, adoptInto: join(dir, "b.yaml") },
    );
    expect(readFileSync(join(dir, "b.yaml"), "utf8")).toBe(
      "websites:\n  - domain: b.example.com\n  - domain: new.example.com\n    privacy: private\n    excludeBots: false\n    adoptExisting: true\n",
    );
    expect(readFileSync(join(dir, "a.yaml"), "utf8")).toBe("websites:\n  - domain: a.example.com\n");
    expect(outcome.notFixed).toEqual([]);
    expect(outcome.exitCode).toBe(0);

    const elsewhere = join(dir, "elsewhere.yaml");
    const error = await fixCode(
      { stacks, entries, live, failOn: [] },
      { ...adopt, adoptInto: elsewhere },
    ).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      "drift --fix code wrote nothing:\n" +
        `  --adopt-into ${elsewhere}: not a fleet file of the stacks given that use account ${accountText} (those are ${join(dir, "a.yaml")}, ${join(dir, "b.yaml")}).`,
    );
    const none = await fixCode(
      { stacks: [], entries: [entries[2]!], live, failOn: [] },
      { ...adopt, adoptInto: elsewhere },
    ).catch((e: unknown) => e);
    expect((none as Error).message).toBe(
      "drift --fix code wrote nothing:\n" +
        `  --adopt-into ${elsewhere}: not a fleet file of the stacks given that use account ${accountText} (they have none).`,
    );
  });

  it("says why an adoption was refused, the file left as it was", async () => {
    const { dir, stacks, entries } = twoFleets();
    const bad = new Map([[liveKey(account, 9), { ...privateSite("new.example.com"), excludeIps: ["${x}"] }]]);
    const outcome = await fixCode(
      { stacks, entries, live: bad, failOn: ["unmanaged"] },
      { ...adopt, adoptInto: join(dir, "b.yaml") },
    );
    expect(readFileSync(join(dir, "b.yaml"), "utf8")).toBe("websites:\n  - domain: b.example.com\n");
    expect(outcome.notFixed.map((n) => [n.domain, n.reason])).toEqual([
      [
        "new.example.com",
        expect.stringMatching(
          new RegExp(
            `^${join(dir, "b.yaml")}: new\\.example\\.com: the server's excludeIps is not written into the code`,
          ),
        ),
      ],
    ]);
    expect(outcome.exitCode).toBe(2);
  });

  it("takes only the fleet files of its own account, not those of another account of the same server", async () => {
    const dir = nodeProject({
      "a.yaml": "websites:\n  - domain: a.example.com\n",
      "b.yaml": "websites:\n  - domain: b.example.com\n",
    });
    const other = { ...account, id: 4, email: "ops@example.com" };
    const outcome = await fixCode(
      {
        stacks: stacksOf(
          recorded(dir, "sites-a.example.com", "a.example.com", { fleetFile: "a.yaml" }),
          recorded(dir, "sites-b.example.com", "b.example.com", { fleetFile: "b.yaml" }, "ops/prod"),
        ),
        entries: [
          entry("in-sync", "a.example.com", ["team/prod:sites-a.example.com"]),
          entry("in-sync", "b.example.com", ["ops/prod:sites-b.example.com"], {
            stacks: ["ops/prod"],
            account: other,
          }),
          entry("unmanaged", "new.example.com", [], { id: 9, stacks: [], account: other }),
        ],
        live: new Map([[liveKey(other, 9), privateSite("new.example.com")]]),
        failOn: ["unmanaged"],
      },
      adopt,
    );
    expect(readFileSync(join(dir, "b.yaml"), "utf8")).toBe(
      "websites:\n  - domain: b.example.com\n  - domain: new.example.com\n    privacy: private\n    excludeBots: false\n    adoptExisting: true\n",
    );
    expect(readFileSync(join(dir, "a.yaml"), "utf8")).toBe("websites:\n  - domain: a.example.com\n");
    expect(outcome.notFixed).toEqual([]);
    expect(outcome.exitCode).toBe(0);
  });

  it("leaves it for the user when no stack given declares a website of its account in a fleet file", async () => {
    const dir = nodeProject({ "index.ts": "\n" });
    const program = recorded(dir, "docs", "docs.example.com", { position: "project:///index.ts#1,1" });
    const lost = recorded(dir, "sites-lost.example.com", "lost.example.com", { fleetFile: "gone.yaml" });
    const outcome = await fixCode(
      {
        stacks: stacksOf(program, lost),
        entries: [
          entry("in-sync", "docs.example.com", ["team/prod:docs"]),
          // Neither a website no stack records nor one whose declaration is not known gives a file.
          entry("gone", "old.example.com", ["team/prod:nowhere"]),
          entry("in-sync", "lost.example.com", ["team/prod:sites-lost.example.com"]),
          entry("unmanaged", "new.example.com", [], { id: 9 }),
        ],
        live,
        failOn: ["unmanaged"],
      },
      adopt,
    );
    expect(outcome.notFixed.filter((n) => n.status === "unmanaged")).toEqual([
      {
        status: "unmanaged",
        domain: "new.example.com",
        id: 9,
        reason: `no stack given declares a website of account ${accountText} in a fleet file: declare it by hand.`,
      },
    ]);
    expect(outcome.exitCode).toBe(2);
  });
});

describe("drift --fix code: the files checked before any is written", () => {
  /** --fix code for the website docs.example.com, declared as `docs`, its email changed on the server. */
  const fixDocs = (docs: RecordedWebsite) =>
    fixCode(
      {
        stacks: stacksOf(docs),
        entries: [emailChanged("docs", "docs.example.com")],
        live: new Map(),
        failOn: ["changed"],
      },
      options,
    );
  const program =
    "name: team\nruntime: yaml\nresources:\n  docs:  # the docs\n    type: webstats:index:Website\n" +
    "    properties:\n      domain: docs.example.com\n      email: false\n";

  it("writes a Pulumi YAML program's property in place", async () => {
    const dir = project({ "Pulumi.yaml": program });
    const docs = recorded(dir, "docs", "docs.example.com", { position: "project:///Pulumi.yaml#4,3" });
    const outcome = await fixDocs(docs);
    expect(readFileSync(join(dir, "Pulumi.yaml"), "utf8")).toBe(
      program.replace("email: false", "email: true"),
    );
    expect(outcome.written.map((w) => [w.file, w.field, w.new])).toEqual([
      [join(dir, "Pulumi.yaml"), "email", true],
    ]);
    expect(outcome.exitCode).toBe(0);
  });

  it("leaves a Pulumi YAML program written as JSON to be changed by hand, writing nothing", async () => {
    const json =
      '{\n  "resources": {\n    "docs": {\n      "type": "webstats:index:Website",\n      "properties": { "email": false }\n    }\n  }\n}\n';
    const dir = project({ "Pulumi.yaml": "name: team\nruntime: yaml\n", "Main.json": json });
    const docs = recorded(dir, "docs", "docs.example.com", { position: "project:///Main.json#3,5" });
    const outcome = await fixDocs(docs);
    expect(readFileSync(join(dir, "Main.json"), "utf8")).toBe(json);
    expect(outcome.byHand).toEqual([
      { domain: "docs.example.com", text: `${join(dir, "Main.json")}:3 Website "docs": email: false → true` },
    ]);
    expect(outcome.notFixed.map((n) => n.reason)).toEqual([
      `declared in a program at ${join(dir, "Main.json")}:3: change it by hand.`,
    ]);
    expect(outcome.written).toEqual([]);
    expect(outcome.exitCode).toBe(2);
  });

  it("refuses a read-only file and one with changes git has not committed, naming each; --force writes the latter", async () => {
    const dir = nodeProject({
      "a.yaml": "websites:\n  - domain: a.example.com\n",
      "b.yaml": "websites:\n  - domain: b.example.com\n",
    });
    commitAll(dir);
    writeFileSync(join(dir, "b.yaml"), "# edited\nwebsites:\n  - domain: b.example.com\n");
    chmodSync(join(dir, "a.yaml"), 0o444);
    const input = {
      stacks: stacksOf(
        recorded(dir, "sites-a.example.com", "a.example.com", { fleetFile: "a.yaml" }),
        recorded(dir, "sites-b.example.com", "b.example.com", { fleetFile: "b.yaml" }),
      ),
      // The files are checked and named in the order of their paths, whatever the entries' order.
      entries: [
        emailChanged("sites-b.example.com", "b.example.com"),
        emailChanged("sites-a.example.com", "a.example.com"),
      ],
      live: new Map<string, Website>(),
      failOn: [] as const,
    };
    const error = await fixCode(input, options).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      "drift --fix code wrote nothing:\n" +
        `  ${join(dir, "a.yaml")}: it is read-only: make it writable (chmod u+w) or change it by hand.\n` +
        `  ${join(dir, "b.yaml")}: has changes not yet committed (git status): commit or set them aside first, or give --force to write over them.`,
    );
    expect(readFileSync(join(dir, "b.yaml"), "utf8")).toBe(
      "# edited\nwebsites:\n  - domain: b.example.com\n",
    );

    chmodSync(join(dir, "a.yaml"), 0o644);
    const forced = await fixCode(input, { ...options, force: true });
    expect(forced.files).toEqual([
      { file: join(dir, "a.yaml"), git: "committed" },
      { file: join(dir, "b.yaml"), git: "forced" },
    ]);
    expect(readFileSync(join(dir, "b.yaml"), "utf8")).toBe(
      "# edited\nwebsites:\n  - domain: b.example.com\n    email: true\n",
    );
  });

  it("stops with git's own words when git cannot tell the state of a file", async () => {
    const dir = nodeProject({ "a.yaml": "websites:\n  - domain: a.example.com\n" });
    commitAll(dir);
    writeFileSync(join(dir, ".git", "index"), "garbage\n");
    const error = await fixCode(fixOfA(dir, "a.yaml", emailOn, []), options).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(FixRefused);
    // git's words, as this git says them (older ones leave out the index file's path).
    expect((error as Error).message.startsWith(`git status of ${join(dir, "a.yaml")} failed: fatal: `)).toBe(
      true,
    );
    expect((error as Error).message).toMatch(/index file smaller than expected$/);
    expect(readFileSync(join(dir, "a.yaml"), "utf8")).toBe("websites:\n  - domain: a.example.com\n");
  });

  it("names a file relative to where the command runs when it is inside it", async () => {
    const dir = nodeProject({ "sites.yaml": fleetText });
    const input = fixOfA(dir, "sites.yaml", emailOn, []);
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      chmodSync(join(dir, "sites.yaml"), 0o444);
      const error = await fixCode(input, options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FixRefused);
      expect((error as Error).name).toBe("FixRefused");
      expect((error as Error).message).toBe(
        "drift --fix code wrote nothing:\n  sites.yaml: it is read-only: make it writable (chmod u+w) or change it by hand.",
      );
      chmodSync(join(dir, "sites.yaml"), 0o644);
      const outcome = await fixCode(input, options);
      expect(outcome.written.map((w) => w.file)).toEqual(["sites.yaml"]);
      expect(outcome.files).toEqual([{ file: "sites.yaml", git: "no repository" }]);
    } finally {
      process.chdir(cwd);
    }
  });

  it("writes a file as one in no repository when git is not installed", async () => {
    const dir = nodeProject({ "a.yaml": "websites:\n  - domain: a.example.com\n" });
    commitAll(dir);
    // Uncommitted changes that git, were it there, would refuse.
    writeFileSync(join(dir, "a.yaml"), "# edited\nwebsites:\n  - domain: a.example.com\n");
    const path = process.env.PATH;
    process.env.PATH = join(dir, "no-such-folder");
    try {
      const outcome = await fixCode(fixOfA(dir, "a.yaml", emailOn, []), options);
      expect(outcome.files).toEqual([{ file: join(dir, "a.yaml"), git: "no repository" }]);
    } finally {
      process.env.PATH = path;
    }
    expect(readFileSync(join(dir, "a.yaml"), "utf8")).toBe(
      "# edited\nwebsites:\n  - domain: a.example.com\n    email: true\n",
    );
  });
});
