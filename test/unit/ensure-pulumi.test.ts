import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cacheDir, isCompatible, lockedPulumiVersion } from "../../tools/ensure-pulumi.mjs";

describe("ensure-pulumi", () => {
  const saved = process.env.WEBSTATS_PULUMI_CACHE;
  afterEach(() => {
    if (saved === undefined) delete process.env.WEBSTATS_PULUMI_CACHE;
    else process.env.WEBSTATS_PULUMI_CACHE = saved;
  });

  it.each([
    ["3.248.0", "3.248.0", true],
    ["3.250.1", "3.248.0", true],
    ["3.248.1", "3.248.0", true],
    ["3.247.9", "3.248.0", false],
    ["4.0.0", "3.248.0", false],
    ["2.99.0", "3.248.0", false],
    ["not a version", "3.248.0", false],
  ])("a CLI %s is compatible with programs of %s: %s", (found, wanted, expected) => {
    expect(isCompatible(found, wanted)).toBe(expected);
  });

  it("reads the pinned version from package-lock.json", () => {
    expect(lockedPulumiVersion()).toMatch(/^3\.\d+\.\d+$/);
  });

  it("keeps one cache folder per version, outside the repository unless told otherwise", () => {
    process.env.WEBSTATS_PULUMI_CACHE = "/tmp/somewhere";
    expect(cacheDir("3.248.0")).toBe(join("/tmp/somewhere", "v3.248.0"));
    delete process.env.WEBSTATS_PULUMI_CACHE;
    expect(cacheDir("3.248.0")).not.toContain(process.cwd());
  });
});
