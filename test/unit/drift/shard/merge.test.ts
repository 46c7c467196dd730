// drift merge's checks and merge (drift/shard/merge-checks.ts, merge.ts), over the shard files of a
// made-up run split three ways: every refusal names the files (a shard missing or given twice, of
// another run, split, version, options or listing, one that failed, one whose parts do not add
// up); and the merge decides unmanaged, duplicate and gone over every shard's stacks, takes one
// listing per account (a website it lacks gets the answer another shard had), keeps the listing's
// order of the stacks, and gives each check's read back to its website, whichever shard made it.
import { describe, expect, it } from "vitest";
import { compareObserved } from "../../../../drift/compare/observed";
import { ShardMergeError, checkShardSet } from "../../../../drift/shard/merge-checks";
import type { ReadShard } from "../../../../drift/shard/merge-checks";
import { mergeShards } from "../../../../drift/shard/merge";
import type { CompleteShard, ShardFile } from "../../../../drift/shard/shard-format";
import { SDK_VERSION } from "../../../../sdk";
import { accountOne, accountTwo, liveWebsite, pathsInShards, shardsOf } from "../../../support/shard-files";

// Four stacks: in shards 1, 2, 3 and 1 of 3.
const [web, shop, blog, docs] = pathsInShards([1, 2, 3, 1], 3) as [string, string, string, string];
const listed = [1, 2, 3, 4].map((id) => liveWebsite(id, `site-${id}.example.com`));
const spec = {
  total: 3,
  stacks: [
    { path: web, websites: [{ id: 1, domain: "site-1.example.com", account: accountOne }] },
    {
      path: shop,
      websites: [
        { id: 2, domain: "site-2.example.com", account: accountOne },
        { id: 3, domain: "site-3.example.com", account: accountOne },
      ],
    },
    { path: blog, websites: [{ id: 3, domain: "site-3.example.com", account: accountOne }] },
    {
      path: docs,
      websites: [
        { id: 5, domain: "gone.example.com", account: accountOne },
        { id: 9, domain: "other.example.com", account: accountTwo },
      ],
    },
  ],
  listings: [
    { account: accountOne, listed },
    { account: accountTwo, listed: [liveWebsite(9, "other.example.com")] },
  ],
};

const filesOf = (shards: readonly ShardFile[]): ReadShard[] =>
  shards.map((shard) => ({ file: `shard-${shard.shard.index}.json`, shard }));

/** The run's shard files, with `change` made to a copy of them. */
function run(change: (shards: CompleteShard[]) => ShardFile[] | void = () => {}): ReadShard[] {
  const shards = structuredClone(shardsOf(spec));
  return filesOf(change(shards) ?? shards);
}

function refusal(read: readonly ReadShard[]): string {
  try {
    checkShardSet(read, SDK_VERSION);
  } catch (error) {
    expect(error).toBeInstanceOf(ShardMergeError);
    return (error as Error).message;
  }
  throw new Error("the shards were merged");
}

describe("drift merge refuses shards that are not one whole run", () => {
  it("takes one whole run, in the order of its shards", () => {
    const set = checkShardSet([...run()].reverse(), SDK_VERSION);
    expect(set.shards.map((s) => s.file)).toEqual(["shard-1.json", "shard-2.json", "shard-3.json"]);
    expect(set).toMatchObject({ total: 3, runId: "github-7-1" });
  });

  it.each<[string, () => ReadShard[], RegExp[]]>([
    ["none", () => [], [/no shard file was given/]],
    ["a shard missing", () => run((s) => [s[0]!, s[2]!]), [/^ {2}shard 2\/3 is missing$/m]],
    ["two shards missing", () => run((s) => [s[1]!]), [/shards 1\/3 and 3\/3 are missing/]],
    [
      "a shard given twice",
      () => [...run(), { file: "copy.json", shard: shardsOf(spec)[1]! }],
      [/shard 2\/3 is given twice: shard-2\.json and copy\.json/],
    ],
    [
      "a shard of another run",
      () => run((s) => void (s[2]!.runId = "github-8-1")),
      [
        /shard-1\.json \(shard 1\/3\): of run github-7-1/,
        /shard-3\.json \(shard 3\/3\): of run github-8-1/,
        /re-run them all/,
      ],
    ],
    [
      "a shard of no run id among others",
      () => run((s) => void (s[1]!.runId = null)),
      [/shard-2\.json \(shard 2\/3\): of no run id/],
    ],
    [
      "a shard of another split",
      () => run((s) => void (s[1]!.shard = { index: 2, total: 4 })),
      [/shard-2\.json \(shard 2\/4\): one of 4 shards/, /with the same N/],
    ],
    [
      "a shard of another pulumi-webstats",
      () => run((s) => void (s[0]!.packageVersion = "0.0.9")),
      [
        new RegExp(
          `shard-1\\.json \\(shard 1/3\\) was written by pulumi-webstats 0\\.0\\.9, and this is ${SDK_VERSION}`,
        ),
      ],
    ],
    [
      "a shard run with other options",
      () => run((s) => void (s[1]!.options.failOn = ["changed"])),
      [
        /shard-2\.json \(shard 2\/3\) was run with other options than shard-1\.json \(shard 1\/3\): --fail-on$/m,
      ],
    ],
    [
      "a shard run with another ignore file",
      () => run((s) => void (s[2]!.options.ignore = { sha256: "c".repeat(64) })),
      [
        /shard-3\.json \(shard 3\/3\) was run with other options than shard-1\.json \(shard 1\/3\): the ignore file \(--ignore FILE/,
      ],
    ],
    [
      "a shard of another listing",
      () => run((s) => void (s[1]!.listing = { stacks: 5, sha256: "d".repeat(64) })),
      [
        /shard-2\.json \(shard 2\/3\): 5 stacks listed/,
        /same --stack, --state, --cwd, --all and --stack-filter/,
      ],
    ],
    [
      "a shard that failed",
      () =>
        run((s) => [
          s[0]!,
          {
            ...s[1]!,
            outcome: "failed",
            problem: "stack shop/prod could not be read",
          } as unknown as ShardFile,
          s[2]!,
        ]),
      [
        /shard-2\.json \(shard 2\/3\) could not read everything: stack shop\/prod could not be read/,
        /Run those shards again/,
      ],
    ],
    [
      "a stack in the wrong shard",
      () => run((s) => void s[1]!.stacks.push(s[0]!.stacks.pop()!)),
      [/shard-2\.json \(shard 2\/3\) is damaged: stack .* is not one of shard 2\/3's/],
    ],
    [
      "a website on an account its shard did not list",
      () => run((s) => void (s[0]!.accounts = s[0]!.accounts.slice(1))),
      [/shard-1\.json \(shard 1\/3\) is damaged: website .* is on an account the shard did not list/],
    ],
    [
      "a stack left out",
      () => run((s) => void s[2]!.stacks.pop()),
      [/the shards hold 3 stacks at 3 places of a listing of 4/],
    ],
    [
      "shards that read pageviews on other dates",
      () =>
        run((s) => {
          for (const [i, shard] of s.entries()) {
            shard.options.tracking = { days: 7 };
            shard.trackingWindow = { days: 7, from: "2026-03-0" + (1 + (i === 2 ? 1 : 0)), to: "2026-03-07" };
            for (const account of shard.accounts) account.tracking = [];
          }
        }),
      [/shard-3\.json \(shard 3\/3\): pageviews from 2026-03-02 to 2026-03-07/, /run them again on one date/],
    ],
  ])("%s", (_, read, messages) => {
    const message = refusal(read());
    expect(message).toMatch(/^drift merge cannot make one report of these shards; nothing was written:/);
    for (const expected of messages) expect(message).toMatch(expected);
  });
});

describe("drift merge makes one run of its shards", () => {
  const statuses = (read: readonly ReadShard[]) => {
    const merged = mergeShards(checkShardSet(read, SDK_VERSION), "/repo");
    const { report } = compareObserved(merged.stacks, merged.observed);
    return { report, merged, byDomain: Object.fromEntries(report.websites.map((e) => [e.domain, e.status])) };
  };

  it("decides unmanaged, duplicate and gone over every shard's stacks", () => {
    const { report, byDomain } = statuses(run());
    expect(byDomain).toEqual({
      "site-1.example.com": "in-sync",
      "site-2.example.com": "in-sync",
      "site-3.example.com": "duplicate",
      "site-4.example.com": "unmanaged",
      "gone.example.com": "gone",
      "other.example.com": "in-sync",
    });
    expect(report.websites.find((e) => e.domain === "site-3.example.com")?.stacks).toEqual(
      [shop, blog].map((p) => `${p.replace(/\.json$/, "")}/prod`).sort(),
    );
    // One shard alone would call the websites of the others' stacks unmanaged.
    const [first] = shardsOf(spec);
    const alone = mergeShards(
      { shards: [{ file: "shard-1.json", shard: first! }], total: 1, runId: null, options: first!.options },
      "/repo",
    );
    const lone = compareObserved(alone.stacks, alone.observed).report.websites;
    expect(lone.find((e) => e.domain === "site-2.example.com")?.status).toBe("unmanaged");
  });

  it("keeps the listing's order of the stacks and one line per account", () => {
    const { report } = statuses([...run()].reverse());
    expect(report.stacks).toEqual([web, shop, blog, docs].map((p) => `${p.replace(/\.json$/, "")}/prod`));
    expect(report.accounts.map((a) => [a.id, a.websites])).toEqual([
      [1, 4],
      [2, 1],
    ]);
  });

  it("takes the first shard's listing, and another shard's answer for what it lacks", () => {
    const read = run((s) => {
      // Shard 1 listed the account before website 2 was made; shard 2 listed it after.
      const one = s[0]!.accounts.find((a) => a.id === accountOne.id)!;
      one.listed = one.listed.filter((w) => w.id !== 2);
      // Shard 3 listed it after website 4 was deleted.
      const three = s[2]!.accounts.find((a) => a.id === accountOne.id)!;
      three.listed = three.listed.filter((w) => w.id !== 4);
    });
    const { byDomain, report } = statuses(read);
    expect(byDomain["site-2.example.com"]).toBe("in-sync");
    expect(byDomain["site-4.example.com"]).toBe("unmanaged");
    expect(report.accounts.find((a) => a.id === accountOne.id)?.websites).toBe(3);
  });

  it("gives each website its pageviews and its page, whichever shard read them", () => {
    const read = run((s) => {
      for (const shard of s) {
        shard.options.tracking = { days: 2 };
        shard.options.pages = { parallel: 8, timeoutMs: 10_000, runTimeoutMs: 600_000, allowPrivate: false };
        shard.trackingWindow = { days: 2, from: "2026-03-06", to: "2026-03-07" };
        for (const account of shard.accounts) {
          const live = [
            ...account.listed,
            ...account.confirmed.flatMap((c) => (c.website ? [c.website] : [])),
          ];
          account.tracking = live.map((w) => ({
            id: w.id,
            read: { silent: w.id !== 2, daily: [0, w.id === 2 ? 5 : 0] },
          }));
          account.pages = live.map((w) => ({ id: w.id, page: { status: "missing" as const } }));
        }
      }
      // Only shard 2's listing holds website 2: shard 1's read of the account lacks it.
      const one = s[0]!.accounts.find((a) => a.id === accountOne.id)!;
      one.listed = one.listed.filter((w) => w.id !== 2);
      one.tracking = one.tracking!.filter((t) => t.id !== 2);
      one.pages = one.pages!.filter((p) => p.id !== 2);
    });
    const { report } = statuses(read);
    const two = report.websites.find((e) => e.domain === "site-2.example.com")!;
    expect(two).toMatchObject({ silent: false, pageviews: [0, 5], page: { status: "missing" } });
    expect(two.page?.cause).toMatch(/^hits arrive/);
    expect(report.websites.find((e) => e.domain === "site-4.example.com")).toMatchObject({ silent: true });
    expect(report.tracking).toEqual({ days: 2, from: "2026-03-06", to: "2026-03-07", requests: 5 });
    expect(report.pages).toEqual({ read: 5 });
  });

  it("makes new values, leaving the shard files as they were read", () => {
    const read = run();
    const before = structuredClone(read);
    const freeze = (value: unknown): void => {
      if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
      Object.freeze(value);
      for (const key of Reflect.ownKeys(value)) freeze((value as Record<PropertyKey, unknown>)[key]);
    };
    freeze(read);
    expect(statuses(read).byDomain["site-3.example.com"]).toBe("duplicate");
    expect(read).toEqual(before);
  });

  it("refuses shards that hold no answer for a recorded website", () => {
    const read = run((s) => {
      const four = s[0]!.accounts.find((a) => a.id === accountOne.id)!;
      four.confirmed = [];
    });
    expect(() => statuses(read)).toThrow(
      /no shard says whether website 5 of https:\/\/stats\.example\.com is there/,
    );
  });

  it("reads the project folders of the shards against its own folder", () => {
    const read = run((s) => {
      s[0]!.stacks[0]!.websites[0]!.origin = {
        type: "webstats:index:Website",
        positions: [],
        folder: "teams/web",
      };
    });
    const { merged } = statuses(read);
    const website = merged.stacks.flatMap((st) => st.websites).find((w) => w.id === 1);
    expect(website?.origin?.folder).toBe("/repo/teams/web");
    expect(website?.address).toEqual({ keySource: "a shard file, which holds no key" });
  });
});
