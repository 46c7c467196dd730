// The one way the tools put a build into the machine's cache (tools/machine/machine-cache.mjs):
// built beside its place and renamed in whole, so concurrent builders end with one folder, a
// failed build leaves nothing, and an unfinished folder is built again. The builds here only
// write a file; a real one (Go, pip, Maven) takes minutes.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cacheEntryDir, cachedBuild, cachedBuildAsync } from "../../../../tools/machine/machine-cache.mjs";
import { scratchFolder } from "../../../support/scratch-folder";

const overrideVariable = "WEBSTATS_TEST_MACHINE_CACHE";
const scratch = scratchFolder("webstats-machine-cache-");
let base: string;

// Each test its own empty cache.
beforeEach(() => {
  base = mkdtempSync(join(scratch, "cache-"));
  process.env[overrideVariable] = base;
});
afterEach(() => {
  delete process.env[overrideVariable];
});

const entry = { kind: "tool", version: "1.0.0", overrideVariable, part: "bin" };
const isComplete = (dir: string) => existsSync(join(dir, "tool"));
const writeTool = (text: string) => (staging: string) => writeFileSync(join(staging, "tool"), text);
/** What is beside the cache folder: the folder itself, and nothing a build left. */
const besideEntry = () => readdirSync(join(base, "v1.0.0"));

describe("cachedBuild", () => {
  it("builds into the cache folder once, then uses it", () => {
    const first = cachedBuild({ ...entry, isComplete, build: writeTool("first") });
    expect(first).toEqual({ dir: join(base, "v1.0.0", "bin"), source: "build" });
    expect(cacheEntryDir(entry)).toBe(first.dir);
    const second = cachedBuild({ ...entry, isComplete, build: writeTool("second") });
    expect(second.source).toBe("cache");
    expect(readFileSync(join(second.dir, "tool"), "utf8")).toBe("first");
    expect(besideEntry()).toEqual(["bin"]);
  });

  it("keeps the folder of the builder that finished first; the other drops its own", async () => {
    let releaseFirst = () => {};
    const firstMayFinish = new Promise<void>((resolve) => (releaseFirst = resolve));
    const slow = cachedBuildAsync({
      ...entry,
      isComplete,
      build: async (staging) => {
        await firstMayFinish;
        writeTool("slow")(staging);
      },
    });
    // The fast builder starts after the slow one and finishes first.
    const fast = await cachedBuildAsync({
      ...entry,
      isComplete,
      build: (s) => Promise.resolve(writeTool("fast")(s)),
    });
    releaseFirst();
    const late = await slow;
    expect(late.dir).toBe(fast.dir);
    expect(readFileSync(join(late.dir, "tool"), "utf8")).toBe("fast");
    expect(besideEntry()).toEqual(["bin"]);
  });

  it("leaves nothing behind when the build fails", () => {
    const failing = () =>
      cachedBuild({
        ...entry,
        isComplete,
        build: (staging) => {
          writeFileSync(join(staging, "half"), "");
          throw new Error("compiler crashed");
        },
      });
    expect(failing).toThrow("compiler crashed");
    expect(besideEntry()).toEqual([]);
  });

  it("builds again over an unfinished folder, and removes what a killed builder left", () => {
    const dir = cacheEntryDir(entry);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "leftover"), "");
    // A staging folder of a process that no longer runs (pid 2^22 + 1 is above Linux's limit).
    mkdirSync(`${dir}.partial-4194305-abcdef`);
    const result = cachedBuild({ ...entry, isComplete, build: writeTool("fresh") });
    expect(result.source).toBe("build");
    expect(readdirSync(dir)).toEqual(["tool"]);
    expect(besideEntry()).toEqual(["bin"]);
  });

  it("builds the version's whole folder when there is no part", () => {
    const whole = { kind: "tool", version: "2.0.0", overrideVariable };
    const result = cachedBuild({ ...whole, isComplete, build: writeTool("whole") });
    expect(result.dir).toBe(join(base, "v2.0.0"));
    expect(readdirSync(base).sort()).toEqual(["v2.0.0"]);
  });
});
