// fastify is an optional peer dependency: a project that installed pulumi-webstats without it
// gets, from the emulator's entry point and bin, what to install instead of "Cannot find module".
// The compiled emulator is copied to a folder with no node_modules above it, as in a project
// where fastify was never installed.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repoRoot = resolve(__dirname, "..", "..", "..");
const advice = "npm install --save-dev fastify@^5.6.0";
let dir = "";

beforeAll(() => {
  const built = join(repoRoot, "dist", "emulator");
  if (!existsSync(join(built, "index.js"))) throw new Error("dist/ is missing: run npm run build first.");
  dir = mkdtempSync(join(tmpdir(), "webstats-no-fastify-"));
  cpSync(built, join(dir, "emulator"), { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the emulator without fastify installed", () => {
  it("the bin says what to install and exits 1, without a stack trace", () => {
    const result = spawnSync(process.execPath, [join(dir, "emulator", "cli.js")], { encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("webstats-emulator: The pulumi-webstats emulator needs fastify ^5.6.0");
    expect(result.stderr).toContain(advice);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it("the entry point throws the same advice when imported", () => {
    const script = `try { require(${JSON.stringify(join(dir, "emulator", "index.js"))}); } catch (e) { console.log(e.message); process.exit(3); }`;
    const result = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
    expect(result.status).toBe(3);
    expect(result.stdout).toContain("optional peer dependency");
    expect(result.stdout).toContain(advice);
  });
});
