// Baselines: the file format (version 1, strict keys, every problem with file and line), its
// stable order and first-seen dates kept on re-writing, and how entries are accepted or stale.
import { describe, expect, it } from "vitest";
import { changed, entry, problemsOf as problemsIn } from "../support/drift-entries";
import { baselineOf, formatBaseline, parseBaseline } from "../../drift/accept/baseline";
import { excuseEntries } from "../../drift/accept/excuses";

const problemsOf = (text: string): string[] => problemsIn(() => parseBaseline(text, "b.yaml"));

describe("drift: baseline files", () => {
  it("writes findings in a stable order, without values, and reads them back", () => {
    const entries = [
      entry("z.example.com", "unmanaged"),
      changed("b.example.com", "favorite", "excludeIps"),
      entry("a.example.com", "in-sync"),
      entry("q.example.com", "in-sync", { silent: true }),
      entry("c.example.com", "gone", { ignored: [{ rule: "x:1", reason: "r" }] }),
    ];
    const text = formatBaseline(baselineOf(entries, "2025-03-04"));
    expect(text).toBe(
      [
        "# Drift accepted by pulumi-webstats drift --baseline: shown as accepted, never failing.",
        "# Written by --write-baseline FILE; writing it again keeps each entry's firstSeen.",
        "",
        "version: 1",
        "entries:",
        "  - status: changed",
        "    domain: b.example.com",
        "    installation: https://stats.example.com",
        "    account: 7",
        "    fields: [ excludeIps, favorite ]",
        "    firstSeen: 2025-03-04",
        "  - status: in-sync",
        "    domain: q.example.com",
        "    installation: https://stats.example.com",
        "    account: 7",
        "    silent: true",
        "    firstSeen: 2025-03-04",
        "  - status: unmanaged",
        "    domain: z.example.com",
        "    installation: https://stats.example.com",
        "    account: 7",
        "    firstSeen: 2025-03-04",
        "",
      ].join("\n"),
    );
    expect(parseBaseline(text, "b.yaml").entries.map((e) => [e.domain, e.line])).toEqual([
      ["b.example.com", 6],
      ["q.example.com", 12],
      ["z.example.com", 18],
    ]);
  });

  it("keeps each entry's first-seen date when written again", () => {
    const old = parseBaseline(
      formatBaseline(baselineOf([entry("z.example.com", "unmanaged")], "2024-01-01")),
      "b.yaml",
    );
    const again = baselineOf(
      [entry("z.example.com", "unmanaged"), entry("n.example.com", "gone")],
      "2025-06-01",
      old.entries,
    );
    expect(again.map((e) => [e.domain, e.firstSeen])).toEqual([
      ["n.example.com", "2025-06-01"],
      ["z.example.com", "2024-01-01"],
    ]);
  });

  it("refuses a file of another version, and says how to write it again", () => {
    expect(problemsOf("version: 2\nentries: []\n")).toEqual([
      "b.yaml:1: version 2 is not one this version of pulumi-webstats reads (version: 1). Write it again with pulumi-webstats drift --write-baseline FILE.",
    ]);
    expect(problemsOf("entries: []\n")[0]).toMatch(/^b\.yaml:1: version is missing/);
  });

  it("reports every hand-editing mistake with its line", () => {
    const text = [
      "version: 1",
      "entries:",
      "  - status: chnged",
      "    domain: a.example.com",
      "    installation: https://stats.example.com",
      "    account: 7",
      "    firstSeen: 2025-01-01",
      "  - status: changed",
      "    domain: b.example.com",
      "    instalation: https://stats.example.com",
      "    account: seven",
      "    fields: [excludeIps, password]",
      "    firstSeen: 2025-02-30",
      "  - status: unmanaged",
      "    domain: c.example.com",
      "    installation: https://stats.example.com",
      "    account: 7",
      "    firstSeen: 2025-01-01",
      "  - status: unmanaged",
      "    domain: c.example.com",
      "    installation: https://stats.example.com",
      "    account: 7",
      "    firstSeen: 2025-01-01",
    ].join("\n");
    expect(problemsOf(text)).toEqual([
      "b.yaml:3: entries[0]: status is one of in-sync, changed, gone, unmanaged, duplicate.",
      "b.yaml:8: entries[1]: installation is missing.",
      "b.yaml:10: entries[1]: instalation is not a key here; did you mean installation?",
      "b.yaml:11: entries[1]: account is the account's id, a whole number.",
      'b.yaml:12: entries[1]: fields lists the fields the website differs in, among domain, privacy, email, excludeBots, favorite, excludeIps (not "password").',
      "b.yaml:13: entries[1]: firstSeen is a date written YYYY-MM-DD.",
      "b.yaml:19: entries[3]: the same website and status as the entry at line 14; keep one.",
    ]);
  });

  it("reports broken YAML and a wrong shape with the line", () => {
    expect(problemsOf("version: 1\nentries:\n  - status: [\n")[0]).toMatch(/^b\.yaml:\d+: YAML: /);
    expect(problemsOf("version: 1\nentries: {}\n")).toEqual([
      "b.yaml:2: entries is a list: version: 1 and entries: a list of {status, domain, installation, account, fields, silent, firstSeen}.",
    ]);
    expect(problemsOf("")).toEqual([
      "b.yaml:1: the file is empty: version: 1 and entries: a list of {status, domain, installation, account, fields, silent, firstSeen}.",
    ]);
  });
});

describe("drift: applying a baseline", () => {
  const baseline = parseBaseline(
    formatBaseline(
      baselineOf(
        [
          changed("b.example.com", "excludeIps"),
          entry("u.example.com", "unmanaged"),
          entry("old.example.com", "gone"),
        ],
        "2025-01-01",
      ),
    ),
    "b.yaml",
  );

  it("accepts what it records, not a new field or a new website, and lists what matches nothing", () => {
    const entries = [
      changed("b.example.com", "excludeIps"),
      entry("u.example.com", "unmanaged"),
      entry("n.example.com", "unmanaged"),
    ];
    const { websites, stale: excuses } = excuseEntries(entries, { baseline });
    const stale = excuses.baseline ?? [];
    expect(websites.map((e) => e.accepted?.firstSeen)).toEqual(["2025-01-01", "2025-01-01", undefined]);
    expect(stale.map((e) => [e.domain, e.status, e.file, e.line])).toEqual([
      ["old.example.com", "gone", "b.yaml", 12],
    ]);
  });

  it("a website changed in a field the baseline does not name is drift, and its entry is not stale", () => {
    const { websites, stale: excuses } = excuseEntries([changed("b.example.com", "excludeIps", "favorite")], {
      baseline,
    });
    const stale = excuses.baseline ?? [];
    expect(websites[0]!.accepted).toBeUndefined();
    expect(stale.map((e) => e.domain)).toEqual(["old.example.com", "u.example.com"]);
  });

  it("a website whose status changed is drift: the entry for its old status is stale", () => {
    const { websites, stale } = excuseEntries([entry("u.example.com", "gone")], { baseline });
    expect((stale.baseline ?? []).map((e) => e.domain)).toContain("u.example.com");
    expect(websites[0]!.accepted).toBeUndefined();
  });
});
