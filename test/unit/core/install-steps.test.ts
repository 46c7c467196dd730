// The install text every "Next:" line prints (core/install-steps.ts): the registry once the version
// is published, else the release folder of a clone, named exactly when the clone is known.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SDK_VERSION } from "../../../sdk";
import { installLines, installSteps, shellWord, thisClone } from "../../../core/install-steps";
import { scratchFolder } from "../../support/scratch-folder";

const root = join(__dirname, "..", "..", "..");
const scratch = scratchFolder("webstats-install-steps-");

describe("installSteps", () => {
  it.each([
    [
      "published",
      { published: true, clone: "/src/webstats" },
      [`npm install pulumi-webstats@${SDK_VERSION} @pulumi/pulumi`],
    ],
    [
      "unpublished, the clone known",
      { published: false, clone: "/src/webstats" },
      [
        "npm --prefix /src/webstats run release",
        `npm install /src/webstats/release/npm/pulumi-webstats-${SDK_VERSION}.tgz @pulumi/pulumi`,
      ],
    ],
    [
      "unpublished, the clone unknown",
      { published: false },
      [
        "npm --prefix <clone> run release",
        `npm install <clone>/release/npm/pulumi-webstats-${SDK_VERSION}.tgz @pulumi/pulumi`,
      ],
    ],
    [
      "unpublished, a clone whose path a shell would split",
      { published: false, clone: "/home/o'neil/my clone" },
      [
        `npm --prefix '/home/o'\\''neil/my clone' run release`,
        `npm install '/home/o'\\''neil/my clone/release/npm/pulumi-webstats-${SDK_VERSION}.tgz' @pulumi/pulumi`,
      ],
    ],
  ])("%s", (_case, options, lines) => {
    expect(installLines(installSteps(options))).toEqual(lines);
  });

  it("says why the release folder, and what building it needs", () => {
    expect(installSteps({ published: false }).why).toMatch(
      /not on npm yet.*Go, Python 3\.10\+, a JDK 11\+ and Maven/,
    );
  });

  it.each([
    ["/plain/path-1.0_x", "/plain/path-1.0_x"],
    ["$HOME/x", "'$HOME/x'"],
    ["a b", "'a b'"],
  ])("shellWord(%j) is %s", (text, word) => {
    expect(shellWord(text)).toBe(word);
  });
});

describe("thisClone", () => {
  it("finds the clone from its sources", () => {
    expect(thisClone(join(root, "core"))).toBe(root);
  });

  it("finds none in an installed package, which has no release builder", () => {
    const installed = join(scratch, "node_modules", "pulumi-webstats");
    mkdirSync(join(installed, "dist", "core"), { recursive: true });
    writeFileSync(join(installed, "package.json"), "{}");
    expect(thisClone(join(installed, "dist", "core"))).toBeUndefined();
  });
});
