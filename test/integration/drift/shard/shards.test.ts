// One organisation over many CI machines, through the real command in-process (runCli) against
// the emulator: five state files over three accounts, one account shared by three stacks that the
// split puts in three different shards (one stack records a website another shard's stack records
// too: a duplicate across shards), with a website changed out of band, one deleted, and websites
// no stack records. One run over every stack, then the same run as three shards and `drift
// merge`: the merged reports are the one run's, byte for byte in every format (the HTML report's
// time of writing aside), with its exit code; the shards list each account once per shard its
// stacks fall in, and the merge asks the installation nothing. With --check-tracking and
// --check-pages, whose reads the merge gives back to their websites (the websites' names do not
// resolve: test/support/stub-resolver.ts answers every lookup at once). The merge adds one line
// to a history, the one run's.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../../emulator";
import { WebstatsClient } from "../../../../sdk";
import type { Website } from "../../../../sdk";
import { reportFormats } from "../../../../drift/report/formats";
import { readShardFile } from "../../../../drift/shard/shard-file";
import { shardKeyOf, shardOf } from "../../../../drift/shard/split";
import { runCaptured } from "../../../support/run-cli";
import type { CliRun } from "../../../support/run-cli";
import { writeStackExport } from "../../../support/stack-exports";
import { useStubResolver } from "../../../support/stub-resolver";
import { driftJsonReport } from "../../../support/drift-json-report";

useStubResolver();

const TOTAL = 3;
const root = mkdtempSync(join(tmpdir(), "drift-shards-"));
const at = (name: string) => join(root, name);
const shardOfFile = (path: string) => shardOf(shardKeyOf({ kind: "file", path }), TOTAL);

/** A state file path in the temporary folder whose shard is `shard`, not one of `taken`. */
function fileInShard(shard: number, taken: readonly string[]): string {
  for (let n = 0; ; n += 1) {
    const path = at(`stack-${n}.json`);
    if (!taken.includes(path) && shardOfFile(path) === shard) return path;
  }
}

/** What the reports of both ways must share: every format but text goes to a file. */
const reportArgs = (prefix: string) =>
  reportFormats.flatMap((format) =>
    format === "text" ? ["--format", "text"] : ["--format", format, "--output", at(`${prefix}.${format}`)],
  );

/** The reports of a run: standard output (text) and each file, with the HTML report's time of writing left out. */
function reportsOf(result: CliRun, prefix: string): Record<string, string> {
  const files = reportFormats
    .filter((format) => format !== "text")
    .map((format): [string, string] => {
      const text = readFileSync(at(`${prefix}.${format}`), "utf8");
      return [
        format,
        // The time element whole: its minute may turn between the two runs.
        format === "html" ? text.replace(/<time datetime="[^"]*">[^<]*<\/time>/g, "<time>TIME</time>") : text,
      ];
    });
  return { text: result.out, ...Object.fromEntries(files) };
}

/** The listings of the installation's accounts, of one run or several. */
const listings = (emulator: Emulator) => emulator.requestCounts()["GET /api/v1/websites"] ?? 0;

describe("pulumi-webstats drift --shard and drift merge", () => {
  let emulator: Emulator;
  /** The state files, in the order given, and the accounts each uses. */
  const stacks: { file: string; account: string }[] = [];
  /** The accounts' API keys, which nothing written or said may hold. */
  const keys: string[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
    const accounts: Record<string, EmulatorAccount> = {
      shared: emulator.createAccount({ name: "Shared" }),
      blog: emulator.createAccount({ name: "Blog" }),
      docs: emulator.createAccount({ name: "Docs" }),
    };
    keys.push(...Object.values(accounts).map((a) => a.apiKey));
    const made: Record<string, Website> = {};
    const create = async (account: string, domain: string) => {
      const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: accounts[account]!.apiKey });
      made[domain] = await client.websites.create({ domain });
    };
    for (const name of ["home", "shop", "both", "stray", "old"])
      await create("shared", `${name}.shared.invalid`);
    for (const name of ["home", "stray"]) await create("blog", `${name}.blog.invalid`);
    await create("docs", "home.docs.invalid");
    // Pageviews for one website: not silent.
    const hit = await fetch(`${emulator.url}/api/event`, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
      },
      body: JSON.stringify({
        page: "https://home.shared.invalid/",
        referrer: "",
        screen_resolution: "1280x800",
      }),
    });
    expect(await hit.text()).toBe("200");

    // The shared account's three stacks, one in each shard.
    const spec: { project: string; account: string; shard: number; websites: string[] }[] = [
      {
        project: "front",
        account: "shared",
        shard: 1,
        websites: ["home.shared.invalid", "both.shared.invalid"],
      },
      {
        project: "shop",
        account: "shared",
        shard: 2,
        websites: ["shop.shared.invalid", "old.shared.invalid"],
      },
      { project: "mirror", account: "shared", shard: 3, websites: ["both.shared.invalid"] },
      // In shards whose other stacks come first: the report keeps the order of the line.
      { project: "blog", account: "blog", shard: 1, websites: ["home.blog.invalid"] },
      { project: "docs", account: "docs", shard: 2, websites: ["home.docs.invalid"] },
    ];
    for (const stack of spec) {
      const taken = stacks.map((s) => s.file);
      const file = fileInShard(stack.shard, taken);
      writeStackExport(file, {
        project: stack.project,
        url: emulator.url,
        apiKey: accounts[stack.account]!.apiKey,
        websites: stack.websites.map((domain) => made[domain]!),
      });
      stacks.push({ file, account: stack.account });
    }
    // Out of band: one website changed, one deleted.
    emulator.updateWebsite(made["shop.shared.invalid"]!.id, { email: 1 });
    emulator.deleteWebsite(made["old.shared.invalid"]!.id);
  });
  afterAll(async () => {
    await emulator?.close();
  });

  const checks = ["--check-tracking", "--check-pages"];
  const states = () => stacks.flatMap((s) => ["--state", s.file]);

  it("writes in every format, with the exit code, what one run over every stack writes", async () => {
    emulator.resetRequestCounts();
    const one = await runCaptured(["drift", ...states(), ...checks, ...reportArgs("one")]);
    expect(one.err).not.toMatch(/pulumi-webstats:/);
    const oneRequests = emulator.requestCounts();

    emulator.resetRequestCounts();
    const shardRuns: CliRun[] = [];
    for (let index = 1; index <= TOTAL; index += 1) {
      const args = [
        ...states(),
        ...checks,
        "--shard",
        `${index}/${TOTAL}`,
        "--shard-file",
        at(`shard-${index}.json`),
      ];
      shardRuns.push(await runCaptured(["drift", ...args]));
    }
    const shardRequests = emulator.requestCounts();
    for (const [i, run] of shardRuns.entries()) {
      expect(run.code, run.err).toBe(0);
      expect(run.out).toBe("");
      expect(run.err).toMatch(
        new RegExp(
          `^Shard ${i + 1}/${TOTAL}: .* of 5 stacks, .*; wrote .*shard-${i + 1}\\.json for pulumi-webstats drift merge \\(no report\\)\\.$`,
          "m",
        ),
      );
    }

    emulator.resetRequestCounts();
    const files = [3, 1, 2].map((i) => at(`shard-${i}.json`));
    const merged = await runCaptured(["drift", "merge", ...files, ...reportArgs("merged")]);
    expect(merged.err).not.toMatch(/pulumi-webstats:/);
    // The merge asks the installation nothing.
    expect(emulator.requestCounts()).toEqual({});

    expect(merged.code).toBe(one.code);
    expect(one.code).toBe(2);
    expect(reportsOf(merged, "merged")).toEqual(reportsOf(one, "one"));

    // What the reports say: decided over every stack, not shard by shard.
    const report = driftJsonReport<{
      stacks: string[];
      websites: { domain: string; status: string; silent?: boolean; page?: { status: string } }[];
    }>(readFileSync(at("merged.json"), "utf8"));
    expect(Object.fromEntries(report.websites.map((w) => [w.domain, w.status]))).toEqual({
      "home.shared.invalid": "in-sync",
      "shop.shared.invalid": "changed",
      "both.shared.invalid": "duplicate",
      "stray.shared.invalid": "unmanaged",
      "old.shared.invalid": "gone",
      "home.blog.invalid": "in-sync",
      "stray.blog.invalid": "unmanaged",
      "home.docs.invalid": "in-sync",
    });
    expect(report.websites.find((w) => w.domain === "home.shared.invalid")).toMatchObject({
      silent: false,
      page: { status: "unreachable" },
    });
    expect(report.websites.find((w) => w.domain === "stray.blog.invalid")?.silent).toBe(true);
    expect(report.stacks).toEqual(["front/prod", "shop/prod", "mirror/prod", "blog/prod", "docs/prod"]);
    const sarif = JSON.parse(readFileSync(at("merged.sarif"), "utf8")) as { runs: unknown[] };
    expect(sarif.runs).toHaveLength(1);

    // One run lists each account once; the shards, each account once per shard its stacks fall in.
    const shardsOfAccount = new Map<string, Set<number>>();
    for (const { file, account } of stacks) {
      shardsOfAccount.set(account, (shardsOfAccount.get(account) ?? new Set()).add(shardOfFile(file)));
    }
    expect(shardsOfAccount.get("shared")).toEqual(new Set([1, 2, 3]));
    const bound = [...shardsOfAccount.values()].reduce((sum, shards) => sum + shards.size, 0);
    expect(listings({ requestCounts: () => oneRequests } as Emulator)).toBe(3);
    expect(listings({ requestCounts: () => shardRequests } as Emulator)).toBe(bound);
    expect(bound).toBe(5);
    // And what each shard file says it listed is that.
    const written = await Promise.all([1, 2, 3].map((i) => readShardFile(at(`shard-${i}.json`))));
    const listedAccounts = written.flatMap((s) => (s.outcome === "complete" ? s.accounts : []));
    expect(listedAccounts).toHaveLength(bound);

    // No key in a shard file or in anything said.
    const said = [one, merged, ...shardRuns].map((r) => r.out + r.err);
    const shardTexts = [1, 2, 3].map((i) => readFileSync(at(`shard-${i}.json`), "utf8"));
    for (const key of keys) for (const text of [...said, ...shardTexts]) expect(text).not.toContain(key);
  });

  it("writes the file of a shard with no stack, which says so", async () => {
    // The shard of 50 that none of the five stacks falls in.
    const shards = new Set(stacks.map((s) => shardOf(shardKeyOf({ kind: "file", path: s.file }), 50)));
    const empty = Array.from({ length: 50 }, (_, i) => i + 1).find((i) => !shards.has(i))!;
    const file = at("empty.json");
    const result = await runCaptured(["drift", ...states(), "--shard", `${empty}/50`, "--shard-file", file]);
    expect(result.code, result.err).toBe(0);
    expect(result.err).toContain(
      `Shard ${empty}/50: none of the 5 stacks, 0 recorded websites on 0 accounts; wrote ${file}`,
    );
    expect(await readShardFile(file)).toMatchObject({
      outcome: "complete",
      stacks: [],
      accounts: [],
      listing: { stacks: 5 },
    });
  });

  it("adds one line to the history for the merged run, with the findings of one run over every stack", async () => {
    const lineOf = (file: string) => {
      const lines = readFileSync(file, "utf8").trimEnd().split("\n");
      expect(lines).toHaveLength(1);
      // The times differ: each run is made when it runs.
      return JSON.stringify(JSON.parse(lines[0]!), (key, value: unknown) =>
        key === "at" || key === "firstSeen" ? "TIME" : value,
      );
    };
    await runCaptured(["drift", ...states(), ...checks, "--history", at("one-history.jsonl")]);
    const files = [1, 2, 3].map((i) => at(`shard-${i}.json`));
    const merged = await runCaptured(["drift", "merge", ...files, "--history", at("merged-history.jsonl")]);
    expect(merged.code, merged.err).toBe(2);
    expect(lineOf(at("merged-history.jsonl"))).toBe(lineOf(at("one-history.jsonl")));
    expect(lineOf(at("merged-history.jsonl"))).toContain(
      '"domain":"old.shared.invalid","stacks":["shop/prod"]',
    );
  });

  it("writes the file of a shard that fails, saying why, and the merge refuses it by name", async () => {
    const file = at("failed.json");
    const missing = at("missing-state.json");
    const result = await runCaptured(["drift", "--state", missing, "--shard", "1/1", "--shard-file", file]);
    expect(result.code).toBe(1);
    expect(await readShardFile(file)).toMatchObject({
      outcome: "failed",
      problem: expect.stringContaining(missing) as unknown,
    });
    const merged = await runCaptured(["drift", "merge", file]);
    expect(merged.code).toBe(1);
    expect(merged.err).toMatch(
      /failed\.json \(shard 1\/1\) could not read everything: state file .*missing-state\.json could not be read/,
    );
  });

  it("refuses to merge without every shard, naming the one missing, and writes nothing", async () => {
    const result = await runCaptured([
      "drift",
      "merge",
      at("shard-1.json"),
      at("shard-3.json"),
      "--format",
      "json",
      "--output",
      at("partial.json"),
    ]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/shard 2\/3 is missing/);
    expect(() => readFileSync(at("partial.json"))).toThrow(/ENOENT/);
  });

  it("refuses to merge with report options other than the shards'", async () => {
    const result = await runCaptured([
      "drift",
      "merge",
      ...[1, 2, 3].map((i) => at(`shard-${i}.json`)),
      "--fail-on",
      "changed",
    ]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      /drift merge's report options are not its shards' \(--fail-on\); nothing was written/,
    );
  });
});
