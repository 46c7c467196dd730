// The compiled `webstats-emulator` bin run as a separate process, for tests that need what only
// a process gives: its exit status, its output, and a server whose hangs or crashes cannot take
// the test runner down with them.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export const repoRoot = resolve(__dirname, "..", "..");
export const cliPath = join(repoRoot, "dist", "emulator", "cli.js");

/** Builds dist/ when the compiled emulator is missing or older than its sources. */
export function ensureBuilt(): void {
  const sources = readdirSync(join(repoRoot, "emulator")).filter((name) => name.endsWith(".ts"));
  const newestSource = Math.max(...sources.map((name) => statSync(join(repoRoot, "emulator", name)).mtimeMs));
  if (existsSync(cliPath) && statSync(cliPath).mtimeMs >= newestSource) return;
  const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
  // Type errors elsewhere in the repository do not stop tsc from emitting the emulator.
  spawnSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: repoRoot, stdio: "ignore" });
  if (!existsSync(cliPath)) throw new Error("the build did not produce dist/emulator/cli.js");
}

export interface RunningCli {
  child: ChildProcessWithoutNullStreams;
  url: string;
  apiKey: string;
  adminToken: string;
  lines: string[];
}

export const running = new Set<ChildProcessWithoutNullStreams>();

export function startCli(args: string[]): Promise<RunningCli> {
  const child = spawn(process.execPath, [cliPath, ...args], { cwd: repoRoot });
  running.add(child);
  return new Promise((resolvePromise, reject) => {
    let output = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      output += chunk;
      const lines = output.split("\n");
      const value = (prefix: string): string | undefined =>
        lines.find((line) => line.startsWith(prefix))?.slice(prefix.length);
      const url = value("WEBSTATS_BASE_URL=");
      const apiKey = value("WEBSTATS_API_KEY=");
      const adminToken = value("admin token: ");
      if (url && apiKey && adminToken) resolvePromise({ child, url, apiKey, adminToken, lines });
    });
    child.on("exit", (code) => reject(new Error(`emulator exited early with ${String(code)}: ${output}`)));
  });
}

export function stopCli(cli: RunningCli, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  return new Promise((resolvePromise) => {
    cli.child.removeAllListeners("exit");
    cli.child.on("exit", (code) => {
      running.delete(cli.child);
      resolvePromise(code);
    });
    cli.child.kill(signal);
  });
}
