// The tracking code in a real browser: a page carrying a Website's `trackingCode` output (as the
// dynamic host's create returns it) is served at the website's own name, opened in headless
// Chromium (Debian's package, driven by playwright-core), and the emulator counts the hits that
// the installation's tracking script sends from it: the emulator serves /js/script.js as the
// real server does (its own script, written from the real one's behaviour: emulator/tracking-
// script.ts) and answers the cross-origin preflight of /api/event as the real server's CORS
// middleware does. One browser start: the page loads (one pageview), then moves with
// history.pushState (a second pageview, the first page as its referrer).
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import type { Emulator } from "../../emulator";
import { WebstatsClient } from "../../sdk";
import { chromiumPath } from "../../tools/machine/ensure-chromium.mjs";

const domain = "blog.tracking-browser.example";
let emulator: Emulator;
let site: Server;
let context: BrowserContext | undefined;
let profile: string;

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  profile = mkdtempSync(join(tmpdir(), "webstats-chromium-"));
});
afterAll(async () => {
  await context?.close();
  site?.close();
  await emulator?.close();
  rmSync(profile, { recursive: true, force: true });
});

it("counts the hits the installation's script sends from a page carrying trackingCode", async () => {
  const account = emulator.createAccount();
  // The Website through the dynamic host's own create, as a program's up runs it.
  const host = await import("../../provider/website-provider");
  const config: Record<string, string> = {
    "webstats:baseUrl": emulator.url,
    "webstats:apiKey": account.apiKey,
  };
  await host.configure({ config: { get: (key: string) => config[key] } } as never);
  // Headless Chromium says so in its User-Agent; the statistics are not about bots here.
  const checked = await host.check({}, { domain, excludeBots: false });
  expect(checked.failures ?? []).toEqual([]);
  const inputs = checked.inputs as Record<string, unknown>;
  const created = await host.create({ ...inputs, __provider: "test" });
  const trackingCode = (created.outs as { trackingCode: string }).trackingCode;
  expect(trackingCode).toContain(`data-host="${emulator.url}"`);

  site = createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html><head><title>Blog</title>${trackingCode}</head>` +
        `<body><p>${request.url === "/" ? "Home" : "Elsewhere"}</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const port = (site.address() as AddressInfo).port;

  // A fresh profile of its own (launchPersistentContext's user-data-dir).
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      `--host-resolver-rules=MAP ${domain} 127.0.0.1`,
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = await context.newPage();
  const hit = () =>
    page.waitForResponse((r) => r.url() === `${emulator.url}/api/event` && r.request().method() === "POST");
  const first = hit();
  await page.goto(`http://${domain}:${port}/`);
  const firstHit = await first;
  expect(await firstHit.text()).toBe("200");
  const second = hit();
  await page.evaluate('history.pushState({}, "", "/next")');
  const secondHit = await second;
  expect(await secondHit.text()).toBe("200");

  const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
  const id = Number(created.id);
  // The dates the installation recorded the hits on, from its own clock (its answers' Date): from
  // the day before the first answer's (a hit recorded just before midnight may be answered just
  // after) to the second answer's. The website is new: no other hit falls in that range.
  const answered = async (response: typeof firstHit) =>
    Date.parse((await response.allHeaders())["date"] ?? "no Date header");
  const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const range = {
    from: isoDate((await answered(firstHit)) - 86_400_000),
    to: isoDate(await answered(secondHit)),
  };
  const pages = (await client.stats.listPage(id, { name: "page", ...range })).data;
  expect(pages.map((row) => [row.value, row.count]).sort()).toEqual([
    ["/", 1],
    ["/next", 1],
  ]);
  // One visit: the second pageview's referrer is the website's own first page.
  const visitors = (await client.stats.listPage(id, { name: "visitors", ...range })).data;
  expect(visitors.reduce((sum, row) => sum + row.count, 0)).toBe(1);
});
