// Baselines: the file format (version 1, strict keys, every problem with file and line), its
// stable order and first-seen dates kept on re-writing, and how entries are accepted or stale.
import { describe, expect, it } from "vitest";
import { changed, entry, problemsOf as problemsIn } from "../../../support/drift-entries";
import { baselineOf, formatBaseline, parseBaseline } from "../../../../drift/accept/baseline";
import { excuseEntries } from "../../../../drift/accept/excuses";

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

  it("reads back what it writes: each entry's fields and silence, and no key the finding lacks", () => {
    const entries = [
      changed("b.example.com", "favorite", "excludeIps"),
      entry("q.example.com", "in-sync", { silent: true }),
      entry("u.example.com", "unmanaged"),
    ];
    const written = baselineOf(entries, "2025-03-04");
    const stats = { installation: "https://stats.example.com", account: 7, firstSeen: "2025-03-04" };
    expect(written).toStrictEqual([
      { status: "changed", domain: "b.example.com", ...stats, fields: ["excludeIps", "favorite"] },
      { status: "in-sync", domain: "q.example.com", ...stats, silent: true },
      { status: "unmanaged", domain: "u.example.com", ...stats },
    ]);
    const read = parseBaseline(formatBaseline(written), "b.yaml").entries;
    expect(read.map(({ line: _line, ...e }) => e)).toStrictEqual(written);
  });

  it("orders accounts by their number, not their digits, and keeps each key on one line", () => {
    const of = (id: number, url = "https://stats.example.com") => ({ url, id, email: "team@example.com" });
    // An installation at a path with spaces, longer than a YAML line is by default.
    const long = "https://stats.example.com/the team's statistics/of every website we run/for our clients";
    const text = formatBaseline(
      baselineOf(
        [
          entry("ten.example.com", "unmanaged", { account: of(10) }),
          entry("nine.example.com", "unmanaged", { account: of(9) }),
          changed("long.example.com", "domain", "privacy", "email", "excludeBots", "favorite", "excludeIps"),
          entry("far.example.com", "gone", { account: of(7, long) }),
        ].map((e) => (e.status === "changed" ? { ...e, account: of(7, long) } : e)),
        "2025-03-04",
      ),
    );
    expect(text.split("\n").filter((l) => l.includes("domain:"))).toEqual([
      "    domain: nine.example.com",
      "    domain: ten.example.com",
      "    domain: far.example.com",
      "    domain: long.example.com",
    ]);
    expect(text).toContain(`    installation: ${long}\n`);
    expect(text).toContain("    fields: [ domain, email, excludeBots, excludeIps, favorite, privacy ]\n");
  });

  it("keeps the earliest first-seen date when two earlier baselines record the same finding", () => {
    const recorded = (firstSeen: string) =>
      parseBaseline(formatBaseline(baselineOf([entry("z.example.com", "unmanaged")], firstSeen)), "b.yaml")
        .entries;
    const firstSeenAfter = (...previous: string[]) =>
      baselineOf([entry("z.example.com", "unmanaged")], "2025-06-01", previous.flatMap(recorded))[0]
        ?.firstSeen;
    expect(firstSeenAfter("2024-05-05", "2024-01-01")).toBe("2024-01-01");
    expect(firstSeenAfter("2024-01-01", "2024-05-05")).toBe("2024-01-01");
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

  it("says what each key of an entry must hold, and when an entry's keys do not go together", () => {
    const text = [
      "version: 1",
      "entries:",
      "  - status: unmanaged",
      "    domain: a.example.com",
      "    installation: stats.example.com",
      "    firstSeen: 2025-01-01",
      "  - status: changed",
      "    domain: b.example.com",
      "    installation: https://stats.example.com",
      "    account: 7",
      "    fields: []",
      "    firstSeen: 2025-01-01",
      "  - status: changed",
      "    domain: c.example.com",
      "    installation: https://stats.example.com",
      "    account: 7",
      "    fields: [password, excludeParams]",
      "    firstSeen: 2025-01-01",
      "  - status: gone",
      "    domain: d.example.com",
      "    installation: https://stats.example.com",
      "    account: 7",
      "    fields: [privacy]",
      "    silent: yes please",
      "    firstSeen: 2025-01-01",
      "  - status: changed",
      "    domain: e.example.com",
      "    installation: https://stats.example.com",
      "    account: 7",
      "    firstSeen: 2025-01-01",
      "  - status: in-sync",
      "    domain: f.example.com",
      "    installation: https://stats.example.com",
      "    account: 7",
      "    silent: false",
      "    firstSeen: 2025-01-01",
    ].join("\n");
    const among = "among domain, privacy, email, excludeBots, favorite, excludeIps";
    expect(problemsOf(text)).toEqual([
      "b.yaml:3: entries[0]: account is missing (the account's id).",
      "b.yaml:5: entries[0]: installation is the installation's URL, such as https://stats.example.com.",
      `b.yaml:11: entries[1]: fields lists the fields the website differs in, ${among}.`,
      `b.yaml:17: entries[2]: fields lists the fields the website differs in, ${among} (not "password", "excludeParams").`,
      "b.yaml:23: entries[3]: fields belongs to a changed website only.",
      "b.yaml:24: entries[3]: silent is true or false.",
      "b.yaml:26: entries[4]: a changed website lists its fields, e.g. fields: [excludeIps].",
      "b.yaml:31: entries[5]: an in-sync website is in a baseline only when silent: true.",
    ]);
  });

  it("refuses a file without its list of entries, and says what the file holds", () => {
    expect(problemsOf("version: 1\n")).toEqual([
      "b.yaml:1: entries is missing: version: 1 and entries: a list of {status, domain, installation, account, fields, silent, firstSeen}.",
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

  it("accepts a website's silence only where its entry records it", () => {
    const silentBaseline = parseBaseline(
      formatBaseline(baselineOf([entry("q.example.com", "unmanaged", { silent: true })], "2025-01-01")),
      "b.yaml",
    );
    const quiet = entry("q.example.com", "unmanaged", { silent: true });
    expect(excuseEntries([quiet], { baseline: silentBaseline }).websites[0]!.accepted?.firstSeen).toBe(
      "2025-01-01",
    );
    // The entry of the unmanaged website says nothing of silence: the silence is drift still.
    const [loud] = excuseEntries([entry("u.example.com", "unmanaged", { silent: true })], {
      baseline,
    }).websites;
    expect(loud!.accepted).toBeUndefined();
    expect(loud!.excusedParts?.map((p) => [p.finding, p.by])).toEqual([["unmanaged", "baseline"]]);
  });

  it("an in-sync website no longer silent has no drift left: its entry is stale", () => {
    const silentBaseline = parseBaseline(
      formatBaseline(baselineOf([entry("q.example.com", "in-sync", { silent: true })], "2025-01-01")),
      "b.yaml",
    );
    const { websites, stale } = excuseEntries([entry("q.example.com", "in-sync", { silent: false })], {
      baseline: silentBaseline,
    });
    expect(websites[0]!.accepted).toBeUndefined();
    expect((stale.baseline ?? []).map((e) => [e.domain, e.status, e.line])).toEqual([
      ["q.example.com", "in-sync", 6],
    ]);
  });

  it("a website whose status changed is drift: the entry for its old status is stale", () => {
    const { websites, stale } = excuseEntries([entry("u.example.com", "gone")], { baseline });
    expect((stale.baseline ?? []).map((e) => e.domain)).toContain("u.example.com");
    expect(websites[0]!.accepted).toBeUndefined();
  });
});
