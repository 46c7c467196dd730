// The ignore file: its shape (optional version, rules with a required reason), strict keys and
// values with the file and line of each problem, domain globs, which findings a rule covers,
// and rules whose domain matches no website (stale).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { changed, entry, problemsOf as problemsIn } from "../../../support/drift-entries";
import {
  applyIgnoreRules,
  findIgnoreFile,
  globMatcher,
  parseIgnoreFile,
} from "../../../../drift/accept/ignore-file";

const problemsOf = (text: string): string[] =>
  problemsIn(() => parseIgnoreFile(text, ".webstats-drift.yaml"));

const example = [
  "version: 1",
  "ignore:",
  '  - domain: "*.clients.example.net"',
  "    status: unmanaged",
  "    reason: the clients manage these by hand",
  "  - domain: Shop.example.com",
  "    field: excludeIps",
  "    reason: the shop's team edits its excluded addresses",
  "  - domain: shop.example.com",
  "    field: favorite",
  "    reason: anyone may pin it",
  "  - domain: old-?.example.org",
  "    reason: retired",
].join("\n");

describe("drift: the ignore file", () => {
  it("reads rules with their lines; version may be left out", () => {
    const file = parseIgnoreFile(example, ".webstats-drift.yaml");
    expect(file.rules.map((r) => [r.domain, r.status, r.field, r.at])).toEqual([
      ["*.clients.example.net", "unmanaged", undefined, ".webstats-drift.yaml:3"],
      ["shop.example.com", undefined, "excludeIps", ".webstats-drift.yaml:6"],
      ["shop.example.com", undefined, "favorite", ".webstats-drift.yaml:9"],
      ["old-?.example.org", undefined, undefined, ".webstats-drift.yaml:12"],
    ]);
    expect(parseIgnoreFile("ignore: []\n", "f.yaml").rules).toEqual([]);
  });

  it("reports every mistake with its line: keys, globs, statuses, fields, reasons, version", () => {
    const text = [
      "version: 2",
      "ignore:",
      "  - domain: https://shop.example.com/",
      "    reason: r",
      "  - domain: '[ab].example.com'",
      "    reasn: typo",
      "  - domain: a.example.com",
      "    status: drifted",
      "    reason: r",
      "  - domain: b.example.com",
      "    field: password",
      "    reason: r",
      "  - domain: c.example.com",
      "    status: gone",
      "    field: favorite",
      "    reason: r",
      "  - domain: d.example.com",
      "    reason: ''",
      "ignores: []",
    ].join("\n");
    expect(problemsOf(text)).toEqual([
      ".webstats-drift.yaml:1: version 2 is not one this version of pulumi-webstats reads (version: 1). Write version: 1, or leave version out.",
      '.webstats-drift.yaml:3: ignore[0]: domain "https://shop.example.com/" is a URL: give only the host name, such as shop.example.com.',
      '.webstats-drift.yaml:5: ignore[1]: domain "[ab].example.com" has "[", "]", which no domain has: a domain glob is letters, digits, dots and hyphens, with * for any characters and ? for one.',
      ".webstats-drift.yaml:5: ignore[1]: reason is missing: say why this drift is accepted; the report prints it.",
      ".webstats-drift.yaml:6: ignore[1]: reasn is not a key here; did you mean reason?",
      ".webstats-drift.yaml:8: ignore[2]: status is one of changed, gone, unmanaged, duplicate, silent.",
      ".webstats-drift.yaml:11: ignore[3]: field is a field a website can differ in: domain, privacy, email, excludeBots, favorite, excludeIps (a Website argument the server reports; password and excludeParams never drift).",
      ".webstats-drift.yaml:15: ignore[4]: field goes with status changed (or no status), not gone.",
      ".webstats-drift.yaml:18: ignore[5]: reason is a non-empty text.",
      ".webstats-drift.yaml:19: top level: ignores is not a key here; did you mean ignore?",
    ]);
  });

  it("takes a field with status changed, and refuses a file without its list of rules", () => {
    const file = parseIgnoreFile(
      "ignore:\n  - domain: shop.example.com\n    status: changed\n    field: favorite\n    reason: anyone may pin it\n",
      ".webstats-drift.yaml",
    );
    expect(file.rules.map((r) => [r.status, r.field])).toEqual([["changed", "favorite"]]);
    expect(problemsOf("version: 1\n")).toEqual([
      '.webstats-drift.yaml:1: ignore is missing: ignore: a list of rules such as - { domain: "*.example.net", status: unmanaged, reason: TEXT }.',
    ]);
  });

  it("is found in the working folder, or named; a named file that is missing is an error", async () => {
    const folder = mkdtempSync(join(tmpdir(), "ignore-file-"));
    expect(await findIgnoreFile(undefined, folder)).toBeUndefined();
    writeFileSync(join(folder, ".webstats-drift.yaml"), example);
    expect((await findIgnoreFile(undefined, folder))?.rules).toHaveLength(4);
    await expect(findIgnoreFile(join(folder, "missing.yaml"), folder)).rejects.toThrow(
      /missing\.yaml:1: cannot be read: no such file\./,
    );
  });

  it("globs: * any characters (dots too), ? one, the rest literally", () => {
    const clients = globMatcher("*.clients.example.net");
    expect(clients("a.clients.example.net")).toBe(true);
    expect(clients("a.b.clients.example.net")).toBe(true);
    expect(clients("clients.example.net")).toBe(false);
    expect(clients("aclientsxexample.net")).toBe(false);
    expect(globMatcher("old-?.example.org")("old-1.example.org")).toBe(true);
    expect(globMatcher("old-?.example.org")("old-12.example.org")).toBe(false);
  });

  it("ignores a website when rules cover all its drift, with their reasons; rules matching nothing are stale", () => {
    const file = parseIgnoreFile(example, ".webstats-drift.yaml");
    const entries = [
      entry("a.clients.example.net", "unmanaged"),
      entry("b.clients.example.net", "gone"),
      changed("shop.example.com", "excludeIps", "favorite"),
    ];
    const stale = applyIgnoreRules(entries, file);
    expect(entries.map((e) => e.ignored)).toEqual([
      [{ rule: ".webstats-drift.yaml:3", reason: "the clients manage these by hand" }],
      undefined,
      [
        { rule: ".webstats-drift.yaml:6", reason: "the shop's team edits its excluded addresses" },
        { rule: ".webstats-drift.yaml:9", reason: "anyone may pin it" },
      ],
    ]);
    expect(stale.map((r) => r.at)).toEqual([".webstats-drift.yaml:12"]);
  });

  it("leaves a website without drift unmarked, even where a rule names its domain", () => {
    const file = parseIgnoreFile(example, ".webstats-drift.yaml");
    const entries = [entry("a.clients.example.net", "in-sync"), entry("shop.example.com", "in-sync")];
    const stale = applyIgnoreRules(entries, file);
    expect(entries.map((e) => e.ignored)).toEqual([undefined, undefined]);
    // Their domains still match: those rules are not stale.
    expect(stale.map((r) => r.at)).toEqual([".webstats-drift.yaml:12"]);
  });

  it("a field rule does not cover a change in another field", () => {
    const file = parseIgnoreFile(example, ".webstats-drift.yaml");
    const entries = [changed("shop.example.com", "excludeIps", "privacy")];
    applyIgnoreRules(entries, file);
    expect(entries[0]!.ignored).toBeUndefined();
  });
});
