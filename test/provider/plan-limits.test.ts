// An account's plan limits how many websites it holds. An operation whose new websites do not fit
// fails at its preview, in both hosts, before any website is created, naming the account and the
// numbers; websites it adopts, and websites it already manages, do not count; an unlimited plan
// costs one GET /account per account and operation, and nothing more.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import type { Emulator } from "../../emulator";
import { WebstatsClient } from "../../sdk";
import { hosts, stopAll } from "./engine-processes";
import type { Host } from "./engine-processes";
import { ProviderStack } from "./provider-stack";
import { uniqueDomain } from "../support/unique-domain";

// Each operation's host runs in this process (in-process-hosts.ts): the refusal and the requests
// counted are the hosts' and the core's, which a process boundary does not change.
const inProcess = { inProcess: true };

let limited: Emulator;
let unlimited: Emulator;
beforeAll(async () => {
  // Accounts get a plan of three websites.
  limited = await startEmulator({ requestsPerMinute: 0, websiteLimit: 3 });
  unlimited = await startEmulator({ requestsPerMinute: 0 });
});
afterAll(async () => {
  stopAll();
  await Promise.all([limited.close(), unlimited.close()]);
});

/** A fresh account of the limited plan holding one website made outside Pulumi. */
async function accountWithOne() {
  const account = limited.createAccount();
  const existing = uniqueDomain("held");
  await new WebstatsClient({ baseUrl: limited.url, apiKey: account.apiKey }).websites.create({
    domain: existing,
  });
  return { account, existing };
}

describe.each(hosts)("plan limits through the %s host", (host: Host) => {
  it("refuses at preview the new websites that do not fit, naming the account and the numbers; nothing is created", async () => {
    const { account } = await accountWithOne();
    const stack = new ProviderStack(
      host,
      { settings: { baseUrl: limited.url, apiKey: account.apiKey } },
      inProcess,
    );
    // Four new websites, room for two: the third one's check refuses, and the engine checks
    // no more, so the fourth is never counted: the message says "at least" what it has counted.
    const domains = [uniqueDomain("a"), uniqueDomain("b"), uniqueDomain("c"), uniqueDomain("d")];
    const program = Object.fromEntries(domains.map((domain, i) => [`site${i}`, { domain }]));
    const preview = await stack.up(program, { preview: true, allowFailure: true });
    expect(preview.error?.message).toContain(
      `The plan of account ${account.email} (${limited.url}) allows 3 websites and the account holds 1, ` +
        `so it has room for 2 more; this operation would create at least 3 (${domains.slice(0, 3).join(", ")}: ` +
        "the new websites checked so far; the operation stops at this refusal and checks no more). " +
        `Refused before ${domains[2]} is created`,
    );
    expect(preview.error?.message).not.toContain(domains[3]);
    expect(preview.error?.message).toContain("at a preview (pulumi up previews first) nothing is created");
    expect(limited.listWebsites(account.id)).toHaveLength(1);
    // The same program, two websites smaller, fits and is created.
    delete program.site2;
    delete program.site3;
    await stack.up(program);
    expect(limited.listWebsites(account.id)).toHaveLength(3);
    // Websites the stack manages already do not count again; a fourth new one does not fit.
    const more = await stack.up(
      { ...program, site4: { domain: uniqueDomain("e") } },
      { preview: true, allowFailure: true },
    );
    expect(more.error?.message).toContain(
      "holds 3, so it has room for 0 more; this operation would create at least 1 (",
    );
    await stack.destroy();
  });

  it("does not count a website it adopts", async () => {
    const { account, existing } = await accountWithOne();
    const stack = new ProviderStack(
      host,
      { settings: { baseUrl: limited.url, apiKey: account.apiKey } },
      inProcess,
    );
    await stack.up({
      taken: { domain: existing, adoptExisting: true },
      one: { domain: uniqueDomain("e") },
      two: { domain: uniqueDomain("f") },
    });
    expect(limited.listWebsites(account.id)).toHaveLength(3);
    await stack.destroy();
  });

  it("costs one GET /account per account and operation on an unlimited plan", async () => {
    const account = unlimited.createAccount();
    const stack = new ProviderStack(
      host,
      { settings: { baseUrl: unlimited.url, apiKey: account.apiKey } },
      inProcess,
    );
    unlimited.resetRequestCounts();
    await stack.up({ one: { domain: uniqueDomain("g") }, two: { domain: uniqueDomain("h") } });
    const counts = unlimited.requestCounts();
    expect(counts["GET /api/v1/account"]).toBe(1);
    expect(counts["GET /api/v1/websites"] ?? 0).toBe(0);
    expect(counts["POST /api/v1/websites"]).toBe(2);
    await stack.destroy();
  });
});
