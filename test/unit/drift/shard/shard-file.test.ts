// The shard file (drift/shard/shard-format.ts, shard-file.ts, shard-content.ts): written from a
// shard run's values without a key, a password or a connection, read back as it was written, and
// read strictly: damaged JSON, a file of another tool, another version of the format, an unknown
// key anywhere, a wrong type, each refused naming the file and the place, never quoting the text.
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Observations } from "../../../../drift/compare/observed";
import type { ReadStack } from "../../../../drift/read/read-stacks";
import type { RecordedWebsite } from "../../../../drift/read/stack-export";
import { completeShardOf, portableFolder } from "../../../../drift/shard/shard-content";
import {
  ShardFileError,
  formatShardFile,
  parseShardFile,
  readShardFile,
  writeShardFile,
} from "../../../../drift/shard/shard-file";
import type { CompleteShard, ShardFile } from "../../../../drift/shard/shard-format";
import { accountOne, liveWebsite, shardsOf } from "../../../support/shard-files";

const folder = mkdtempSync(join(tmpdir(), "drift-shard-file-"));

/** A shard file of one stack recording one website, as text. */
const valid = (): ShardFile =>
  shardsOf({
    total: 1,
    stacks: [{ path: "web.json", websites: [{ id: 1, domain: "a.example.com", account: accountOne }] }],
    listings: [{ account: accountOne, listed: [liveWebsite(1, "a.example.com")] }],
  })[0]!;

/** The message `parseShardFile` refuses `text` with. */
function refusal(text: string): string {
  try {
    parseShardFile(text, "shard-2.json");
  } catch (error) {
    expect(error).toBeInstanceOf(ShardFileError);
    return (error as Error).message;
  }
  throw new Error("the file was read");
}

/** Any part of a parsed file, to change in place. */
type Part = Record<string, unknown> & { [key: number]: Part };

/** The valid file with `change` made to its parsed JSON (`at` walks down a path of it). */
const changed = (change: (value: Part, at: (...path: (string | number)[]) => Part) => void): string => {
  const value = JSON.parse(formatShardFile(valid())) as Part;
  const at = (...path: (string | number)[]): Part =>
    path.reduce<Part>((part, key) => part[key as string] as Part, value);
  change(value, at);
  return JSON.stringify(value);
};

describe("a shard file", () => {
  it("is read back as it was written", () => {
    const shard = valid();
    expect(parseShardFile(formatShardFile(shard), "shard-1.json")).toEqual(shard);
  });

  it.each<[string, string, RegExp]>([
    [
      "damaged JSON",
      formatShardFile(valid()).slice(0, -20),
      /^shard-2\.json is damaged: it is not JSON \(line \d+, column \d+: /,
    ],
    ["JSON that quotes a secret", '{"format": s3cret-key}', /^shard-2\.json is damaged: it is not JSON/],
    [
      "a stack export",
      '{"version": 3, "deployment": {"resources": []}}',
      /^shard-2\.json is not a shard file \(its format is not pulumi-webstats-drift-shard\)/,
    ],
    ["a list", "[]", /is not a shard file/],
    [
      "another version of the format",
      changed((v) => (v.version = 2)),
      /is version 2 of the shard format, and this pulumi-webstats reads version 1/,
    ],
    ["no version", changed((v) => delete v.version), /is version of the shard format/],
    [
      "an unknown key at the top",
      changed((v) => (v.extra = 1)),
      /shard-2\.json: the top: Unrecognized key: "extra"/,
    ],
    [
      "a key in a recorded website",
      changed((_, at) => (at("stacks", 0, "websites", 0).apiKey = "k")),
      /shard-2\.json: stacks\.0\.websites\.0: Unrecognized key: "apiKey"/,
    ],
    [
      "a secret output",
      changed((_, at) => (at("stacks", 0, "websites", 0, "outputs").password = "p")),
      /stacks\.0\.websites\.0\.outputs: Unrecognized key: "password"/,
    ],
    [
      "a key of the listed websites",
      changed((_, at) => (at("accounts", 0, "listed", 0).password = "p")),
      /accounts\.0\.listed\.0: Unrecognized key/,
    ],
    ["a wrong type", changed((_, at) => (at("shard").index = "1")), /shard-2\.json: shard\.index: /],
    [
      "an index past the total",
      changed((v) => (v.shard = { index: 2, total: 1 })),
      /shard: index is one of the total's shards/,
    ],
    ["a run id of other characters", changed((v) => (v.runId = "a\nb")), /runId: /],
    [
      "a failed shard with data",
      changed((v) => Object.assign(v, { outcome: "failed", problem: "x" })),
      /Unrecognized keys?: /,
    ],
    ["a wrong outcome", changed((v) => (v.outcome = "partial")), /outcome: /],
    [
      "nesting deeper than a shard file",
      `${"[".repeat(40)}${"]".repeat(40)}`,
      /nests deeper than a shard file does/,
    ],
  ])("is refused when it is %s", (_, text, message) => {
    const refused = refusal(text);
    expect(refused).toMatch(message);
    expect(refused).not.toContain("s3cret");
  });

  it("escapes a key's control characters, keeping its message to its lines", () => {
    const refused = refusal(changed((v) => (v["evil\n::error::key"] = 1)));
    expect(refused).toContain('Unrecognized key: "evil\\n::error::key"');
    expect(refused.split("\n")).toHaveLength(2);
  });

  it("lists ten problems at most, and how many more", () => {
    const refused = refusal(
      changed((v, at) => {
        for (let i = 0; i < 15; i += 1) v[`extra${i}`] = i;
        at("shard").index = "x";
      }),
    );
    expect(refused.split("\n").length).toBeLessThanOrEqual(12);
  });

  it("that cannot be read is named", async () => {
    await expect(readShardFile(join(folder, "none.json"))).rejects.toThrow(
      /none\.json cannot be read \(no such file\)\./,
    );
  });

  it("is written only when drift merge can read it", async () => {
    const file = join(folder, "bad.json");
    const bad = JSON.parse(
      changed((_, at) => (at("stacks", 0, "websites", 0, "outputs").password = "hunter2")),
    ) as ShardFile;
    await expect(writeShardFile(file, bad)).rejects.toThrow(/would not be readable by drift merge/);
    expect(existsSync(file)).toBe(false);
    const good = join(folder, "good.json");
    writeFileSync(good, "old");
    await writeShardFile(good, valid());
    expect(await readShardFile(good)).toEqual(valid());
  });
});

describe("what a shard run writes down", () => {
  const here = join(folder, "repo");
  const website: RecordedWebsite = {
    stack: "web/prod",
    resource: "shop",
    id: 1,
    outputs: {
      websiteId: 1,
      domain: "shop.example.com",
      privacy: "password",
      password: "hunter2-password",
      connection: { baseUrl: "https://stats.example.com", apiKey: "connection-key-secret" },
      excludeParams: ["utm"],
      adoptExisting: true,
      trackingCode: "<script></script>",
    },
    address: {
      baseUrl: "https://stats.example.com",
      apiKey: "recorded-key-secret",
      keySource: "provider default",
    },
    origin: {
      type: "webstats:index:Website",
      positions: ["project:///index.ts#3,1"],
      folder: join(here, "web"),
    },
  };
  const stack = {
    name: "web/prod",
    websites: [website],
    source: { kind: "file", path: "web.json" },
    via: "state file",
  } satisfies Omit<ReadStack, "websites"> & { websites: unknown[] } as unknown as ReadStack;
  const observed: Observations = {
    accounts: [
      {
        account: accountOne,
        plan: { name: "Pro", websites: 10 },
        listed: [liveWebsite(1, "shop.example.com", { privacy: "password", hasPassword: true })],
        confirmed: new Map(),
        recorded: [website],
      },
    ],
  };
  const shard = completeShardOf({
    header: { packageVersion: "0.1.0", runId: null, shard: { index: 1, total: 1 } },
    options: (valid() as CompleteShard).options,
    listing: { stacks: 1, sha256: "b".repeat(64), positions: new Map([[stack.source, 0]]) },
    stacks: [stack],
    observed,
    here,
  });
  const text = formatShardFile(shard);

  it("holds no key, no password and no connection", () => {
    for (const secret of ["hunter2", "connection-key-secret", "recorded-key-secret"])
      expect(text).not.toContain(secret);
    expect(shard.stacks[0]!.websites[0]!.outputs).toEqual({
      domain: "shop.example.com",
      privacy: "password",
      excludeParams: ["utm"],
    });
  });

  it("holds the project folder relative to the folder the shard ran in, and reads back", () => {
    expect(shard.stacks[0]!.websites[0]!.origin?.folder).toBe("web");
    expect(portableFolder("/elsewhere/web", here)).toBe("/elsewhere/web");
    expect(portableFolder(here, here)).toBe(".");
    expect(parseShardFile(text, "s.json")).toEqual(shard);
  });
});
