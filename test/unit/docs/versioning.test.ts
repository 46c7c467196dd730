// The stability promise's facts that are the code's: the versioning page and the CHANGELOG name
// the Node.js and Pulumi ranges package.json declares, the page lists every entry point the
// package exports, the JSON report's version is the one the renderer writes; and the CHANGELOG
// and the upgrade notes keep their form (Keep a Changelog 1.1.0, a section per release).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DRIFT_REPORT_SCHEMA_VERSION } from "../../../drift/report/json-report-schema";

const read = (file: string): string => readFileSync(file, "utf8");
const manifest = JSON.parse(read("package.json")) as {
  version: string;
  engines: { node: string };
  peerDependencies: Record<string, string>;
  exports: Record<string, unknown>;
};
const versioning = read("docs/versioning.md");
const changelog = read("CHANGELOG.md");

/** The headings of `level` (2 for `##`) in a Markdown text, outside code fences. */
const headings = (text: string, level: number): string[] =>
  text
    .replace(/^```[\s\S]*?^```/gm, "")
    .split("\n")
    .filter((line) => line.startsWith(`${"#".repeat(level)} `))
    .map((line) => line.slice(level + 1));

describe("the versioning page", () => {
  it("names the Node.js lines of package.json's engines, exactly", () => {
    expect(versioning).toContain(`\`engines\` in \`package.json\` is \`${manifest.engines.node}\``);
  });

  it("names the @pulumi/pulumi peer range and the CLI release it starts at", () => {
    const peer = manifest.peerDependencies["@pulumi/pulumi"]!;
    const [major, minor] = peer.replace(/^\^/, "").split(".");
    expect(versioning).toContain(
      `the Pulumi CLI ${major}.${minor} or later, and \`@pulumi/pulumi\` \`${peer}\``,
    );
  });

  it("lists every entry point the package exports as kept", () => {
    const row = versioning.split("\n").find((line) => line.startsWith("| the TypeScript packages"));
    const entries = Object.keys(manifest.exports).filter((name) => name !== "./package.json");
    expect(entries).toContain("./drift-report.schema.json");
    for (const name of entries) {
      expect(row, name).toContain(name === "." ? "`pulumi-webstats`" : `\`${name.slice(1)}\``);
    }
  });

  it("gives the JSON report's version the renderer writes, as the drift reference does", () => {
    for (const page of [versioning, read("docs/drift-reference.md")]) {
      expect(page).toContain(`\`"schemaVersion": "${DRIFT_REPORT_SCHEMA_VERSION}"\``);
    }
  });
});

describe("the CHANGELOG", () => {
  const sections = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"];

  it("opens with Unreleased, its Security section ready, then this version's release", () => {
    expect(changelog.startsWith("# Changelog\n")).toBe(true);
    const releases = headings(changelog, 2);
    expect(releases[0]).toBe("[Unreleased]");
    expect(releases[1]).toMatch(
      new RegExp(`^\\[${manifest.version.replaceAll(".", "\\.")}\\] - (unreleased|\\d{4}-\\d{2}-\\d{2})$`),
    );
    const unreleased = changelog.slice(
      changelog.indexOf("## [Unreleased]"),
      changelog.indexOf(`## [${manifest.version}]`),
    );
    expect(headings(unreleased, 3)).toContain("Security");
  });

  it("has only Keep a Changelog's sections, each at most once per release", () => {
    for (const release of changelog.split(/^## /m).slice(1)) {
      const kinds = headings(release, 3);
      for (const kind of kinds) expect(sections, kind).toContain(kind);
      expect(new Set(kinds).size).toBe(kinds.length);
    }
  });

  it("states the requirements package.json declares", () => {
    expect(changelog).toContain(`(\`engines\`: \`${manifest.engines.node}\`)`);
    expect(changelog).toContain(`\`@pulumi/pulumi\` \`${manifest.peerDependencies["@pulumi/pulumi"]}\``);
  });
});

describe("the upgrade notes", () => {
  it("have a section for this version", () => {
    expect(headings(read("docs/upgrading.md"), 2)).toContain(`Upgrading to ${manifest.version}`);
  });
});
