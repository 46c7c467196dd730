import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  YAML_HOST_VERSION,
  cacheDir,
  isCompatible,
  lastLines,
  lockedPulumiVersion,
  pulumiVersionUnderTest,
  yamlHostCacheDir,
  yamlHostFolderFor,
  yamlHostModuleDir,
} from "../../../../tools/machine/ensure-pulumi.mjs";

describe("ensure-pulumi", () => {
  const saved = process.env.WEBSTATS_PULUMI_CACHE;
  const savedVersion = process.env.WEBSTATS_PULUMI_VERSION;
  const savedYamlCache = process.env.WEBSTATS_YAML_HOST_CACHE;
  afterEach(() => {
    if (saved === undefined) delete process.env.WEBSTATS_PULUMI_CACHE;
    else process.env.WEBSTATS_PULUMI_CACHE = saved;
    if (savedVersion === undefined) delete process.env.WEBSTATS_PULUMI_VERSION;
    else process.env.WEBSTATS_PULUMI_VERSION = savedVersion;
    if (savedYamlCache === undefined) delete process.env.WEBSTATS_YAML_HOST_CACHE;
    else process.env.WEBSTATS_YAML_HOST_CACHE = savedYamlCache;
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

  describe("the YAML language host", () => {
    it("is pinned at v1.38.3 by a wrapper module with a committed go.sum", () => {
      expect(YAML_HOST_VERSION).toBe("1.38.3");
      const moduleDir = yamlHostModuleDir();
      expect(moduleDir).toBe(join(process.cwd(), "tools", "machine", "pulumi-language-yaml", "v1.38.3"));
      const goMod = readFileSync(join(moduleDir, "go.mod"), "utf8");
      expect(goMod).toMatch(/^tool github\.com\/pulumi\/pulumi-yaml\/cmd\/pulumi-language-yaml$/m);
      expect(goMod).toMatch(/^\s*github\.com\/pulumi\/pulumi-yaml v1\.38\.3\b/m);
      // The release builds against this engine; the wrapper must not drift to another one.
      expect(goMod).toMatch(/^\s*github\.com\/pulumi\/pulumi\/pkg\/v3 v3\.257\.0\b/m);
      expect(goMod).toMatch(/^\s*github\.com\/pulumi\/pulumi\/sdk\/v3 v3\.257\.0\b/m);
      const goSum = join(moduleDir, "go.sum");
      expect(existsSync(goSum)).toBe(true);
      const sums = readFileSync(goSum, "utf8");
      expect(sums).toMatch(/^github\.com\/pulumi\/pulumi-yaml v1\.38\.3 h1:/m);
      expect(sums).toMatch(/^github\.com\/pulumi\/pulumi\/pkg\/v3 v3\.257\.0 h1:/m);
    });

    it("is cached once per machine, apart from the CLI and whatever its version", () => {
      process.env.WEBSTATS_YAML_HOST_CACHE = "/tmp/yaml-hosts";
      expect(yamlHostCacheDir()).toBe(join("/tmp/yaml-hosts", "v1.38.3"));
      delete process.env.WEBSTATS_YAML_HOST_CACHE;
      delete process.env.WEBSTATS_PULUMI_CACHE;
      expect(yamlHostCacheDir()).not.toContain(process.cwd());
      expect(yamlHostCacheDir()).toMatch(/pulumi-language-yaml[\\/]v1\.38\.3$/);
      expect(yamlHostCacheDir()).not.toBe(cacheDir("3.248.0"));
    });

    it.each([
      ["cache", "/cache/cli/bin"],
      ["build", "/cache/cli/bin"],
      ["path", "/cache/yaml/bin"],
    ] as const)("sits beside a CLI from %s, else in a folder for PATH", (source, expected) => {
      expect(yamlHostFolderFor(source, "/cache/cli/bin", "/cache/yaml/bin")).toBe(expected);
    });
  });

  it("reports the last lines of a failed build", () => {
    const output = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join("\n");
    expect(lastLines(`${output}\n\n`, 3)).toBe("line 38\nline 39\nline 40");
    expect(lastLines(output).split("\n")).toHaveLength(30);
    expect(lastLines("only\n")).toBe("only");
  });
});
