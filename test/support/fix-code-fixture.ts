// The arrange helpers of drift --fix code's tests (drift/fix/fix-code.ts): project folders
// outside any git repository, the websites a stack recorded with where each is declared, and the
// drift entries fixCode is given.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Website } from "../../sdk";
import type { FixCodeOptions } from "../../drift/fix/fix-code";
import type { DriftEntry, FailOnName } from "../../drift/model/entries";
import type { RecordedStack, RecordedWebsite } from "../../drift/read/stack-export";

export const account = { url: "https://stats.example", id: 3, email: "team@example.com" };
export const options: FixCodeOptions = { adoptUnmanaged: false, force: false };

/** A project folder with its files, outside any git repository. */
export function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "fix-code-plan-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** A Website a stack recorded, declared by a WebsiteFleet of `fleetFile` or at `position`. */
export function recorded(
  folder: string,
  resource: string,
  domain: string,
  where: { fleetFile: string } | { position: string },
  stack = "team/prod",
): RecordedWebsite {
  const fleet =
    "fleetFile" in where
      ? { name: "sites", file: where.fleetFile, positions: ["project:///index.ts#4,1"] }
      : undefined;
  return {
    stack,
    resource,
    id: 1,
    outputs: { domain },
    address: { keySource: "the stack's configuration" },
    origin: {
      type: "webstats:index:Website",
      positions: "position" in where ? [where.position] : [],
      ...(fleet ? { fleet } : {}),
      folder,
    },
  };
}

export const entry = (
  status: DriftEntry["status"],
  domain: string,
  resources: string[],
  extra: Partial<DriftEntry> = {},
): DriftEntry => ({ domain, id: 7, status, stacks: ["team/prod"], resources, account, ...extra });

export const fleetText = "# ours\nwebsites:\n  - domain: a.example.com  # the shop\n    email: false\n";

/** A Node.js project named team with `files` beside its Pulumi.yaml, outside any git repository. */
export const nodeProject = (files: Record<string, string>): string =>
  project({ "Pulumi.yaml": "name: team\nruntime: nodejs\n", ...files });

/** `dir` made a git repository, its files committed. */
export function commitAll(dir: string): void {
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: dir });
  git("init", "-q");
  git("add", ".");
  git("commit", "-q", "-m", "start");
}

/** The stacks that recorded `websites`, each holding its own, in the order they are first named. */
export function stacksOf(...websites: RecordedWebsite[]): RecordedStack[] {
  const held = new Map<string, RecordedWebsite[]>();
  for (const website of websites) held.set(website.stack, [...(held.get(website.stack) ?? []), website]);
  return [...held].map(([name, own]) => ({ name, websites: own }));
}

/** What fixCode is given when team/prod declares a.example.com in `fleetFile` of `dir`, changed by `changes`. */
export const fixOfA = (
  dir: string,
  fleetFile: string,
  changes: NonNullable<DriftEntry["changes"]>,
  failOn: FailOnName[],
) => ({
  stacks: stacksOf(recorded(dir, "sites-a.example.com", "a.example.com", { fleetFile })),
  entries: [entry("changed", "a.example.com", ["team/prod:sites-a.example.com"], { changes })],
  live: new Map<string, Website>(),
  failOn,
});
/** The email turned on on the server. */
export const emailOn = [{ field: "email", recorded: false, live: true }];

/** team/prod's `domain`, recorded as `resource`, its email turned on on the server; `more` as given. */
export const emailChanged = (resource: string, domain: string, more: Partial<DriftEntry> = {}): DriftEntry =>
  entry("changed", domain, [`team/prod:${resource}`], { changes: emailOn, ...more });
