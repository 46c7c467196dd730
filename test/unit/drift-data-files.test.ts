// The reader of drift's YAML files (drift/model/data-files.ts), through the ignore file that uses
// it: a key that is not a plain name, an unknown key with no known key near it, a list item that
// is not a mapping and a version that is a text or a list, each a problem with its line; YAML
// aliases read as the values they name.
import { describe, expect, it } from "vitest";
import { problemsOf as problemsIn } from "../support/drift-entries";
import { parseIgnoreFile } from "../../drift/accept/ignore-file";

const problemsOf = (...lines: string[]): string[] =>
  problemsIn(() => parseIgnoreFile(lines.join("\n"), ".webstats-drift.yaml"));

describe("drift's YAML files: keys, items, aliases and versions", () => {
  it("takes only plain names as keys, and lists the keys when none is near the one written", () => {
    expect(problemsOf("version: 1", "3: x", "[a, b]: y", "ignore: []")).toEqual([
      ".webstats-drift.yaml:2: top level: keys are plain names (version, ignore).",
      ".webstats-drift.yaml:3: top level: keys are plain names (version, ignore).",
    ]);
    expect(problemsOf("ignore: []", "somethingelse: 1")).toEqual([
      ".webstats-drift.yaml:2: top level: somethingelse is not a key here; the keys are version, ignore.",
    ]);
  });

  it("takes a list of mappings, and says so of an item that is not one", () => {
    expect(
      problemsOf("ignore:", "  - domain: a.example.com", "    reason: r", "  - shop.example.com"),
    ).toEqual([".webstats-drift.yaml:4: ignore[1] is a mapping of keys such as domain: and status:."]);
  });

  it("reads an alias as the value its anchor names", () => {
    const file = parseIgnoreFile(
      [
        "ignore:",
        "  - domain: a.example.com",
        "    reason: &why the shop's team edits these",
        "  - domain: b.example.com",
        "    reason: *why",
        "  - &rule",
        "    domain: c.example.com",
        "    reason: retired",
        "  - *rule",
      ].join("\n"),
      ".webstats-drift.yaml",
    );
    expect(file.rules.map((r) => [r.domain, r.reason])).toEqual([
      ["a.example.com", "the shop's team edits these"],
      ["b.example.com", "the shop's team edits these"],
      ["c.example.com", "retired"],
      ["c.example.com", "retired"],
    ]);
  });

  it("quotes a version written as a number or a text, and no other value", () => {
    const wrong = (shown: string) =>
      `.webstats-drift.yaml:1: version${shown} is not one this version of pulumi-webstats reads (version: 1). ` +
      "Write version: 1, or leave version out.";
    expect(problemsOf('version: "1"', "ignore: []")).toEqual([wrong(' "1"')]);
    expect(problemsOf("version: 1.5", "ignore: []")).toEqual([wrong(" 1.5")]);
    expect(problemsOf("version: [1]", "ignore: []")).toEqual([wrong("")]);
    expect(problemsOf("version: true", "ignore: []")).toEqual([wrong("")]);
  });
});
