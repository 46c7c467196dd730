// The versions the two lanes run are the ones the README promises, each has a pinned CLI
// module, and package.json's ranges cover them: the main lane at the newest, the compatibility
// lane at the floors of the ranges.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lockedPulumiVersion, wrapperModuleDir } from "../../../../tools/machine/ensure-pulumi.mjs";
import { isMainLine, MAIN_NODE_VERSION } from "../../../../tools/machine/main-node.mjs";
import {
  COMPAT_NODE_VERSIONS,
  COMPAT_PULUMI_VERSION,
  COMPAT_SLICE,
  sliceForLine,
} from "../../../../tools/ci/test-compat.mjs";

const readme = readFileSync("README.md", "utf8");
const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
  engines: { node: string };
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** "3.248.0" as [3, 248, 0]. */
const parts = (version: string): number[] => version.split(".").map(Number);
/** Whether version a is older than b. */
const older = (a: string, b: string): boolean => {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
  return false;
};

/** The README's "Tested combinations" rows: Node.js, @pulumi/pulumi, CLI. */
function testedRows(): string[][] {
  return [...readme.matchAll(/^\|\s*([\d.]+)\s*\|\s*([\d.]+)\s*\|\s*([\d.]+)\s*\|/gm)].map((m) =>
    m.slice(1, 4),
  );
}

describe("tested versions", () => {
  const locked = lockedPulumiVersion();

  it("the README names both lanes' combinations, and no other", () => {
    expect(testedRows()).toEqual([
      [MAIN_NODE_VERSION, locked, locked],
      ...COMPAT_NODE_VERSIONS.map((version) => [version, COMPAT_PULUMI_VERSION, COMPAT_PULUMI_VERSION]),
    ]);
  });

  it("the main lane runs the exact @pulumi/pulumi package.json pins, on a line the compatibility lane runs too", () => {
    expect(manifest.devDependencies["@pulumi/pulumi"]).toBe(locked);
    expect(COMPAT_NODE_VERSIONS.map((v) => v.split(".")[0])).toContain(MAIN_NODE_VERSION.split(".")[0]);
  });

  it("the release workflow builds and publishes on the main lane's Node.js line", () => {
    // `npm run release` and `npm run test:fast` do not switch Node.js themselves as `npm test`
    // does: the job's own Node.js is the one they run on.
    const workflow = readFileSync(join(".github", "workflows", "release.yml"), "utf8");
    const lines = [...workflow.matchAll(/node-version:\s*"?([^"\s]+)"?/g)].map((match) => match[1]);
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines)).toEqual(new Set([MAIN_NODE_VERSION.split(".")[0]]));
  });

  it.each([[locked], [COMPAT_PULUMI_VERSION]])("CLI %s has a wrapper module that pins it", (version) => {
    const goMod = readFileSync(join(wrapperModuleDir(version), "go.mod"), "utf8");
    expect(goMod).toContain(`github.com/pulumi/pulumi/pkg/v3 v${version}`);
    expect(goMod).toContain(`github.com/pulumi/pulumi/sdk/v3 v${version}`);
  });

  it("the peer range starts at the compatibility lane's @pulumi/pulumi, which the main lane's is not older than; engines name exactly the tested Node.js lines", () => {
    expect(manifest.peerDependencies["@pulumi/pulumi"]).toBe(`^${COMPAT_PULUMI_VERSION}`);
    expect(older(locked, COMPAT_PULUMI_VERSION)).toBe(false);
    const ranges = manifest.engines.node.split("||").map((range) => range.trim());
    // Each range is one line, from the release the lanes run on it or an older one.
    for (const range of ranges) expect(range).toMatch(/^\^\d+\.\d+\.\d+$/);
    const lines = ranges.map((range) => range.replace(/^\^/, "").split(".")[0]);
    expect(lines).toEqual(COMPAT_NODE_VERSIONS.map((v) => v.split(".")[0]));
    for (const version of COMPAT_NODE_VERSIONS) {
      const floor = ranges[lines.indexOf(version.split(".")[0])]!.slice(1).split(".").map(Number);
      const tested = version.split(".").map(Number);
      expect(floor[1]! < tested[1]! || (floor[1] === tested[1] && floor[2]! <= tested[2]!), version).toBe(
        true,
      );
    }
  });

  it("the compatibility lane's slice names test files that exist, each in its project's folder", () => {
    for (const part of [COMPAT_SLICE.everyLine, COMPAT_SLICE.otherLines, COMPAT_SLICE.oldestLine]) {
      for (const [project, files] of Object.entries(part)) {
        for (const file of files) {
          expect(existsSync(file), file).toBe(true);
          expect(file.startsWith(`test/${project}/`), file).toBe(true);
        }
      }
    }
  });

  it("the compatibility lane runs its whole slice on the oldest line, and on every line each file that proves the line's Node.js", () => {
    const files = (slice: Record<string, string[]>): string[] => Object.values(slice).flat().sort();
    const everyLine = files(COMPAT_SLICE.everyLine);
    const otherLines = files(COMPAT_SLICE.otherLines);
    const whole = files({
      ...COMPAT_SLICE.oldestLine,
      e2e: [...everyLine, ...otherLines, ...COMPAT_SLICE.oldestLine.e2e!],
    });
    expect(isMainLine(COMPAT_NODE_VERSIONS[0]!)).toBe(false);
    expect(files(sliceForLine(COMPAT_NODE_VERSIONS[0]!))).toEqual(whole);
    for (const version of COMPAT_NODE_VERSIONS.slice(1))
      expect(files(sliceForLine(version))).toEqual(
        isMainLine(version) ? everyLine : [...everyLine, ...otherLines].sort(),
      );
    // The main lane's line is one of the lines, and there the main lane runs what it leaves out.
    expect(COMPAT_NODE_VERSIONS.filter((version) => isMainLine(version))).toHaveLength(1);
    expect(otherLines).toEqual(["test/e2e/drift/command.test.ts"]);
    // Both host lifecycles and the Node.js SDK run where the line's Node.js runs them.
    expect(everyLine).toEqual(
      expect.arrayContaining(["test/e2e/website/lifecycle.test.ts", "test/e2e/language-sdks/nodejs.test.ts"]),
    );
  });
});
