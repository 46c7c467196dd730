// The reader of drift's YAML files (drift/model/data-files.ts), through the ignore file that uses
// it: a key that is not a plain name, an unknown key with no known key near it, a list item that
// is not a mapping, a version that is a text or a list, a top that is a text or a list and YAML's
// own syntax errors, each a problem with its line; YAML aliases read as the values they name; the
// error counts its problems.
import { describe, expect, it } from "vitest";
import { problemsOf as problemsIn } from "../../../support/drift-entries";
import { parseIgnoreFile } from "../../../../drift/accept/ignore-file";

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

describe("drift's YAML files: the error", () => {
  const errorOf = (text: string): Error => {
    try {
      parseIgnoreFile(text, ".webstats-drift.yaml");
    } catch (error) {
      return error as Error;
    }
    throw new Error("no error");
  };
  const shape =
    'ignore: a list of rules such as - { domain: "*.example.net", status: unmanaged, reason: TEXT }.';

  it("is a DriftFileError counting its problems, one line each", () => {
    const one = errorOf("");
    expect(one.name).toBe("DriftFileError");
    expect(one.message).toBe(
      "The ignore file .webstats-drift.yaml has a problem; nothing was read or written:\n" +
        `  .webstats-drift.yaml:1: the file is empty: ${shape}`,
    );
    expect(errorOf("version: 2\nignores: []\n").message).toBe(
      "The ignore file .webstats-drift.yaml has 3 problems; nothing was read or written:\n" +
        "  .webstats-drift.yaml:1: version 2 is not one this version of pulumi-webstats reads (version: 1). " +
        "Write version: 1, or leave version out.\n" +
        `  .webstats-drift.yaml:1: ignore is missing: ${shape}\n` +
        "  .webstats-drift.yaml:2: top level: ignores is not a key here; did you mean ignore?",
    );
  });

  it("says what the top of the file should be when it is a text or a list, and quotes YAML's own first line", () => {
    expect(problemsOf("just a text")).toEqual([
      `.webstats-drift.yaml:1: the top of the file is a mapping: ${shape}`,
    ]);
    expect(problemsOf("", "- a", "- b")).toEqual([
      `.webstats-drift.yaml:2: the top of the file is a mapping: ${shape}`,
    ]);
    expect(problemsOf("ignore: [a, b")).toEqual([
      ".webstats-drift.yaml:1: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
    ]);
  });
});
