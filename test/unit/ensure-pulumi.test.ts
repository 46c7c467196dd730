import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  cacheDir,
  isCompatible,
  lockedPulumiVersion,
  pulumiVersionUnderTest,
} from "../../tools/ensure-pulumi.mjs";

describe("ensure-pulumi", () => {
  const saved = process.env.WEBSTATS_PULUMI_CACHE;
  const savedVersion = process.env.WEBSTATS_PULUMI_VERSION;
  afterEach(() => {
    if (saved === undefined) delete process.env.WEBSTATS_PULUMI_CACHE;
    else process.env.WEBSTATS_PULUMI_CACHE = saved;
    if (savedVersion === undefined) delete process.env.WEBSTATS_PULUMI_VERSION;
    else process.env.WEBSTATS_PULUMI_VERSION = savedVersion;
  });

  it("tests the locked version unless WEBSTATS_PULUMI_VERSION names another", () => {
    delete process.env.WEBSTATS_PULUMI_VERSION;
    expect(pulumiVersionUnderTest()).toBe(lockedPulumiVersion());
    process.env.WEBSTATS_PULUMI_VERSION = "3.259.0";
    expect(pulumiVersionUnderTest()).toBe("3.259.0");
    process.env.WEBSTATS_PULUMI_VERSION = "latest";
    expect(() => pulumiVersionUnderTest()).toThrow(/WEBSTATS_PULUMI_VERSION must be a version/);
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
