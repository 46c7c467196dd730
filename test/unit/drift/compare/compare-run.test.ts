// The compare stage's reading of each account (drift/compare/compare-run.ts), against a stub
// client: the listing asked for in id order, one GET for each recorded website the listing
// lacks (a website the GET finds is live, not gone; one it does not find is gone; any other
// failure is the run's), and a tracking read that is missing leaving its entry as it was.
import { describe, expect, it } from "vitest";
import { compareStage } from "../../../../drift/compare/compare-run";
import { withTrackingReads } from "../../../../drift/compare/observed";
import { liveKey } from "../../../../drift/model/entries";
import type { DriftAccount } from "../../../../drift/read/accounts";
import type { RecordedWebsite } from "../../../../drift/read/stack-export";
import { NotFoundError, ServerError } from "../../../../sdk";
import type { WebstatsClient, Website } from "../../../../sdk";
import { account, entry, liveWebsite } from "../../../support/drift-entries";
import { stackWebsite } from "../../../support/recorded-website";

/** Website `id` as web/prod records it under its domain's name. */
const recorded = (id: number, domain: string) =>
  stackWebsite(id, domain, { stack: "web/prod", resource: domain });

/** A client whose listing gives `listed` and whose GET finds `found`; every call is recorded. */
function stubClient(listed: Website[], found: Record<number, Website | Error>) {
  const calls: string[] = [];
  const client = {
    websites: {
      list: (query: unknown) => {
        calls.push(`list ${JSON.stringify(query)}`);
        return Promise.resolve(listed);
      },
      get: (id: number) => {
        calls.push(`get ${id}`);
        const website = found[id];
        if (website instanceof Error) return Promise.reject(website);
        if (website) return Promise.resolve(website);
        return Promise.reject(
          new NotFoundError({
            status: 404,
            method: "GET",
            path: `/api/v1/websites/${id}`,
            body: {},
            detail: "Not found",
          }),
        );
      },
    },
  } as unknown as WebstatsClient;
  return { client, calls };
}

const driftAccount = (client: WebstatsClient, websites: RecordedWebsite[]): DriftAccount => ({
  name: account,
  client,
  plan: null,
  websites,
});

describe("compareStage", () => {
  it("asks for a recorded website the listing lacks: live when found, gone when not", async () => {
    const listedOne = liveWebsite(1, "listed.example.com");
    const unlisted = liveWebsite(2, "unlisted.example.com");
    const { client, calls } = stubClient([listedOne], { 2: unlisted });
    const compared = await compareStage(
      [],
      [
        driftAccount(client, [
          recorded(1, "listed.example.com"),
          recorded(2, "unlisted.example.com"),
          recorded(3, "deleted.example.com"),
        ]),
      ],
      {},
      {},
      () => {},
    );
    expect(calls).toEqual(['list {"sortBy":"id","sort":"asc"}', "get 2", "get 3"]);
    expect(compared.report.websites.map((e) => [e.domain, e.status])).toEqual([
      ["deleted.example.com", "gone"],
      ["listed.example.com", "in-sync"],
      ["unlisted.example.com", "in-sync"],
    ]);
    expect([...compared.live.values()]).toEqual([listedOne, unlisted]);
  });

  it("asks once for a website two stacks recorded", async () => {
    const { client, calls } = stubClient([], {});
    await compareStage(
      [],
      [
        driftAccount(client, [
          recorded(4, "twice.example.com"),
          { ...recorded(4, "twice.example.com"), stack: "web/dev" },
        ]),
      ],
      {},
      {},
      () => {},
    );
    expect(calls).toEqual(['list {"sortBy":"id","sort":"asc"}', "get 4"]);
  });

  it("fails the run when the GET fails otherwise than not found", async () => {
    const failure = new ServerError({
      status: 500,
      method: "GET",
      path: "/api/v1/websites/2",
      body: {},
      detail: "Server Error",
    });
    const { client } = stubClient([], { 2: failure });
    await expect(
      compareStage([], [driftAccount(client, [recorded(2, "unlisted.example.com")])], {}, {}, () => {}),
    ).rejects.toThrow("500 GET /api/v1/websites/2: Server Error");
  });
});

describe("withTrackingReads", () => {
  it("leaves an entry whose website has no read as it was", () => {
    const entries = [
      entry("a.example.com", "in-sync", { id: 1 }),
      entry("b.example.com", "in-sync", { id: 2 }),
    ];
    const reads = new Map([
      [liveKey(account, 1), undefined],
      [liveKey(account, 2), { silent: true, daily: [0, 3] }],
    ]);
    expect(withTrackingReads(entries, reads)).toEqual([
      entry("a.example.com", "in-sync", { id: 1 }),
      entry("b.example.com", "in-sync", { id: 2, silent: true, pageviews: [0, 3] }),
    ]);
  });

  it("gives a read only to the website of its account", () => {
    const other = { ...account, id: account.id + 1 };
    const reads = new Map([[liveKey(other, 1), { silent: true, daily: [0] }]]);
    expect(withTrackingReads([entry("a.example.com", "in-sync", { id: 1 })], reads)).toEqual([
      entry("a.example.com", "in-sync", { id: 1 }),
    ]);
  });
});
