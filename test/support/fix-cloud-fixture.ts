// What the tests of `drift --fix cloud` arrange around the user's pulumi: a recording stand-in
// (./recording-pulumi.ts) with a project folder and a file backend of its own, the stacks drift
// read in that project, the websites it found changed in them, and another update's lock on a
// stack of that backend.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { recordingPulumi } from "./recording-pulumi";
import type { RecordingPulumi } from "./recording-pulumi";
import type { DriftEntry } from "../../drift/model/entries";
import type { ReadStack } from "../../drift/read/read-stacks";

export interface FixCloudPulumi {
  pulumi: RecordingPulumi;
  /** The project folder the stacks are read from (made, empty). */
  project: string;
  /** The file backend's folder (not made: a lock makes what it needs). */
  backend: string;
  /** What every run needs to find the stand-in; a test adds its own PULUMI_STAND_IN_ variables. */
  env: { PATH: string | undefined; PULUMI_COMMAND: string; PULUMI_STAND_IN_CALLS: string };
  /** Writes another update's lock file `file` on `stack` of the backend; returns its path. */
  lock: (stack: string, file: string) => string;
}

/** The stand-in running `script`, in a folder of its own holding the project and the backend. */
export function fixCloudPulumi(script: string): FixCloudPulumi {
  const pulumi = recordingPulumi(script);
  const backend = join(pulumi.dir, "backend");
  const project = join(pulumi.dir, "project");
  mkdirSync(project);
  const env = {
    PATH: process.env.PATH,
    PULUMI_COMMAND: pulumi.command,
    PULUMI_STAND_IN_CALLS: pulumi.callsFile,
  };
  const lock = (stack: string, file: string) => {
    const folder = join(backend, ".pulumi", "locks", "organization", "sites", stack);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, file), JSON.stringify({ pid: 4242, username: "ci", hostname: "runner" }));
    return join(folder, file);
  };
  return { pulumi, project, backend, env, lock };
}

/** Each stack's website id (its place in `stacks`, from 1), as the stand-ins' PULUMI_STAND_IN_IDS. */
export const standInIds = (stacks: string[]): string =>
  JSON.stringify(Object.fromEntries(stacks.map((s, i) => [s, i + 1])));

/** The stacks of project sites, each read from `project` (on `backendUrl` when one is given). */
export const readStacks = (stacks: string[], project: string, backendUrl?: string): ReadStack[] =>
  stacks.map((name) => ({
    name: `sites/${name}`,
    websites: [],
    via: "pulumi stack export" as const,
    source: { kind: "stack", name, cwd: project, ...(backendUrl === undefined ? {} : { backendUrl }) },
  }));

/** One website a stack, its id as in `standInIds`, changed on the server from public to private. */
export const changedEntries = (stacks: string[]): DriftEntry[] =>
  stacks.map((name, i) => ({
    domain: `${name}.example.com`,
    id: i + 1,
    status: "changed",
    stacks: [`sites/${name}`],
    resources: [`sites/${name}:shop`],
    account: { url: "https://stats.example.com", id: 1, email: "ops@example.com" },
    changes: [{ field: "privacy", recorded: "public", live: "private" }],
  }));
