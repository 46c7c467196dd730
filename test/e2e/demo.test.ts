// `npm run demo` as a new user runs it, with --keep, through the engine: the change made behind
// Pulumi's back is found by `pulumi-webstats drift` and shown, its HTML report is written where the
// demo says, the next steps name the install that works on this version, and what --keep leaves
// still works: its scripts bring the emulator back on the stack's port with the demo's websites,
// run drift against it (in sync, after the demo's `up --refresh`) and destroy the stack. The
// project template is the engine tests' own (WEBSTATS_DEMO_TEMPLATE), so the package is not packed
// a second time.
import { execFile, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { WebstatsClient } from "../../sdk";
import { installLines, installSteps } from "../../core/install-steps";
import { describeEngine, e2e } from "./harness";

const run = promisify(execFile);
const root = join(__dirname, "..", "..");
const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));

describeEngine("npm run demo -- --keep", () => {
  it("shows drift's finding and its report, and leaves scripts that still work", async () => {
    const { stdout } = await run(process.execPath, [join(root, "tools", "demo", "run-demo.mjs"), "--keep"], {
      cwd: root,
      env: {
        ...process.env,
        WEBSTATS_DEMO_TEMPLATE: e2e.templateDir,
        WEBSTATS_BASE_URL: "",
        WEBSTATS_API_KEY: "",
      },
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
      timeout: 600_000,
    });
    const kept = /Kept in (\S+): the stack/.exec(stdout)?.[1];
    const report = /HTML report: (\S+)/.exec(stdout)?.[1];
    expect(kept, stdout).toBeDefined();
    expect(report, stdout).toBeDefined();
    cleanups.push(() => rmSync(kept!, { recursive: true, force: true }));
    cleanups.push(() => rmSync(join(report!, ".."), { recursive: true, force: true }));

    // The finding, field by field, and the report where the demo says it is.
    expect(stdout).toMatch(/changed\s+blog\.example\.com/);
    expect(stdout).toMatch(
      /blog\.example\.com \(\d+\): privacy: "public" recorded, "private" live; email: true recorded, false live/,
    );
    expect(stdout).toContain("exit code 2: drift");
    expect(readFileSync(report!, "utf8")).toMatch(/^<!doctype html>/i);
    expect(stdout).toContain(`The drift report: ${report}`);
    // The next steps install the package the way that works on this version, from this clone.
    for (const line of installLines(installSteps({ clone: root }))) expect(stdout).toContain(line);

    // What --keep leaves: the emulator back on the stack's port, drift and destroy against it.
    const emulator = spawn(join(kept!, "emulator.sh"), [], { stdio: ["ignore", "pipe", "inherit"] });
    cleanups.push(() => emulator.kill());
    const started = await new Promise<string>((resolve, reject) => {
      let text = "";
      emulator.stdout.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        if (/WEBSTATS_API_KEY=\S+\n/.test(text)) resolve(text);
      });
      emulator.on("exit", (code) => reject(new Error(`emulator.sh exited ${code}: ${text}`)));
    });
    const baseUrl = /WEBSTATS_BASE_URL=(\S+)/.exec(started)![1]!;
    const apiKey = /WEBSTATS_API_KEY=(\S+)/.exec(started)![1]!;
    const client = new WebstatsClient({ baseUrl, apiKey });
    expect((await client.websites.list()).map((w) => w.domain).sort()).toEqual([
      "blog.example.com",
      "intranet.example.com",
      "shop.example.com",
    ]);
    const drift = await run(join(kept!, "drift.sh"), [], { encoding: "utf8" });
    expect(drift.stdout).toMatch(/3 websites .*: 3 in-sync, 0 changed/);
    await run(join(kept!, "destroy.sh"), [], { encoding: "utf8", timeout: 300_000 });
    expect(await client.websites.list()).toEqual([]);
    expect(existsSync(join(kept!, "emulator-data.json"))).toBe(true);
  });
});
