// The stacks drift reads (drift/read/read-stacks.ts), in-process: files named on the line and,
// with --all, the stacks a stand-in for pulumi (PULUMI_COMMAND) lists and exports. What is read
// and in which order (listed stacks first), where each stack is exported from, and the progress
// said on standard error, line by line.
import { existsSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Environment } from "../../../../core/settings";
import { readStacks } from "../../../../drift/read/read-stacks";
import type { StackReading } from "../../../../drift/read/read-stacks";
import type { StateSource } from "../../../../drift/read/state-sources";
import { StateError } from "../../../../drift/read/stack-export";
import { stackReadingPulumi } from "../../../support/recording-pulumi";
import { writeStackExport } from "../../../support/stack-exports";

/** A stand-in pulumi listing `stacks`, each exported as a stack of no website. */
const pulumiStacks = stackReadingPulumi;

const folder = (): string => realpathSync(mkdtempSync(join(tmpdir(), "drift-read-stacks-")));

function project(text = "name: sites\nruntime: nodejs\n"): string {
  const dir = folder();
  writeFileSync(join(dir, "Pulumi.yaml"), text);
  return dir;
}

/** `count` state files of stacks of no website, as sources named on the line. */
function stateFiles(count: number): StateSource[] {
  const dir = folder();
  return Array.from({ length: count }, (_, i) => {
    const path = join(dir, `stack-${i}.json`);
    writeStackExport(path, { project: "sites", url: "https://stats.example.com", apiKey: "k", websites: [] });
    return { kind: "file", path };
  });
}

/** Runs readStacks, keeping each line it says on standard error. */
async function read(reading: StackReading, env: Environment) {
  const lines: string[] = [];
  const stacks = await readStacks(reading, env, (text) => lines.push(text));
  return { stacks, lines };
}

const exportArgs = (name: string) => [
  "stack",
  "export",
  "--show-secrets",
  "--stack",
  name,
  "--non-interactive",
];

describe("drift reads the stacks and files named on the line", () => {
  it("reads them in their order, saying nothing when they are read at once", async () => {
    const sources = stateFiles(2);
    const { stacks, lines } = await read({ sources, parallel: 2 }, {});
    expect(stacks.map((s) => s.source)).toEqual(sources);
    expect(stacks.map((s) => s.name)).toEqual(["sites/prod", "sites/prod"]);
    expect(lines).toEqual([]);
  });

  it("says how many it reads and each one read, when there are more than --parallel", async () => {
    const sources = stateFiles(3);
    const { stacks, lines } = await read({ sources, parallel: 2 }, {});
    expect(stacks.map((s) => s.source)).toEqual(sources);
    expect(lines).toEqual([
      "Reading 3 stacks, 2 at a time...\n",
      "Stacks: 1 of 3 read.\n",
      "Stacks: 2 of 3 read.\n",
      "Stacks: 3 of 3 read.\n",
    ]);
  });

  it("says every tenth of the stacks read (rounded up), and the last", async () => {
    const sources = stateFiles(13);
    const { lines } = await read({ sources, parallel: 4 }, {});
    expect(lines).toEqual([
      "Reading 13 stacks, 4 at a time...\n",
      ...[2, 4, 6, 8, 10, 12, 13].map((n) => `Stacks: ${n} of 13 read.\n`),
    ]);
  });
});

describe("drift --all reads the stacks pulumi lists before those named", () => {
  it("lists the project's stacks, reads them in their folder first, and says so even for a few", async () => {
    const dir = project();
    const pulumi = pulumiStacks(["dev"]);
    const named = stateFiles(1);
    const all = { folders: [dir], backendWide: false, filters: [] };
    const { stacks, lines } = await read({ sources: named, all, parallel: 4 }, pulumi.env);
    expect(stacks.map((s) => s.source)).toEqual([{ kind: "stack", name: "dev", cwd: dir }, ...named]);
    expect(lines).toEqual([
      "Listing the stacks of 1 project folder...\n",
      "Reading 2 stacks, 2 at a time...\n",
      "Stacks: 1 of 2 read.\n",
      "Stacks: 2 of 2 read.\n",
      "Stacks read 1 with pulumi stack export, 1 from state files.\n",
    ]);
    expect(pulumi.calls()).toEqual([
      { args: ["stack", "ls", "--json", "--non-interactive"], cwd: dir, backend: null },
      { args: exportArgs("dev"), cwd: dir, backend: null },
    ]);
  });

  it("says how many stacks --stack-filter keeps, over several project folders", async () => {
    const dirs = [project(), project()];
    const pulumi = pulumiStacks(["acme-dev", "test"]);
    const all = { folders: dirs, backendWide: false, filters: ["acme-*"] };
    const { stacks, lines } = await read({ sources: [], all, parallel: 1 }, pulumi.env);
    expect(stacks.map((s) => s.source)).toEqual(
      dirs.map((cwd) => ({ kind: "stack", name: "acme-dev", cwd })),
    );
    expect(lines).toEqual([
      "Listing the stacks of 2 project folders...\n",
      "--stack-filter keeps 2 stacks.\n",
      "Reading 2 stacks, 1 at a time...\n",
      "Stacks: 1 of 2 read.\n",
      "Stacks: 2 of 2 read.\n",
      "Stacks read 2 with pulumi stack export.\n",
    ]);
  });

  it("with --backend-wide, exports each stack by its full name from the neutral folder, with the project's backend, and removes that folder", async () => {
    const dir = project("name: sites\nruntime: nodejs\nbackend:\n  url: s3://team-states\n");
    const pulumi = pulumiStacks(["acme/sites/prod", "acme/blog/dev"]);
    const all = { folders: [dir], backendWide: true, filters: ["acme/sites/*"] };
    const { stacks, lines } = await read({ sources: [], all, parallel: 2 }, pulumi.env);
    const [ls, exported, ...more] = pulumi.calls();
    expect(more).toEqual([]);
    const neutral = ls!.cwd;
    expect(exported).toEqual({
      args: exportArgs("acme/sites/prod"),
      cwd: neutral,
      backend: "s3://team-states",
    });
    expect(stacks.map((s) => s.source)).toEqual([
      {
        kind: "stack",
        name: "acme/sites/prod",
        cwd: neutral,
        backendUrl: "s3://team-states",
        origin: "stack acme/sites/prod",
        listedBackendWide: true,
      },
    ]);
    expect(lines).toEqual([
      "Listing every stack of the backend...\n",
      "--stack-filter keeps 1 stack.\n",
      "Reading 1 stack, 1 at a time...\n",
      "Stacks: 1 of 1 read.\n",
      "Stacks read 1 with pulumi stack export.\n",
    ]);
    expect(existsSync(neutral)).toBe(false);
  });

  it("removes the neutral folder when an export fails, naming the stack by its full name", async () => {
    const dir = folder();
    const pulumi = pulumiStacks(["acme/sites/prod"], { PULUMI_STAND_IN_EXPORT_FAILS: "no passphrase" });
    const all = { folders: [dir], backendWide: true, filters: [] };
    const reading = readStacks({ sources: [], all, parallel: 1 }, pulumi.env, () => {});
    await expect(reading).rejects.toThrow(
      new StateError("stack acme/sites/prod could not be read with pulumi stack export: no passphrase"),
    );
    await expect(reading).rejects.toBeInstanceOf(StateError);
    expect(existsSync(pulumi.calls()[0]!.cwd)).toBe(false);
  });
});
