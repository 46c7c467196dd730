// drift's HTML report as a person sees it: written by the renderer (drift/report/formats/html.ts),
// saved to a file and opened in headless Chromium (Debian's package, driven by playwright-core)
// with every request routed, so that the one answered is the page itself and any other is
// recorded and refused; and from the file itself in an offline context. Every website and its
// status is shown; the status and account filters, the search box and sorting change what is
// shown; keyboard alone can search and sort; the page logs no console error (a script or style
// the Content-Security-Policy refused would log one), asks for nothing over the network and
// opens no dialog; a domain carrying markup is text, with no element of its own; without script
// the whole table is there; printing drops the controls; every text keeps a contrast of 4.5:1
// in light and dark; the table's header stays in view as the page scrolls. With a history, the
// trend strip is drawn, the box of what is new since the last run shows only those rows, the
// totals follow every filter, the rows sort by age, a domain with markup in the fixed section is
// text, and printing keeps the headline, the trend and the table. The markup itself, byte by
// byte, is test/unit/drift/report/html-report.test.ts.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DriftEntry } from "../../drift/model/entries";
import type { DriftReport } from "../../drift/model/report";
import { formatReport } from "../../drift/report/formats";
import { SHEET_ROWS, htmlReport } from "../../drift/report/formats/html";
import { chromiumPath } from "../../tools/machine/ensure-chromium.mjs";
import { viewWithHistory } from "../support/drift-history";
import { scratchFolder } from "../support/scratch-folder";

const hostile = "<img src=x onerror=alert(1)>.example.org";
const scripted = '"><script>alert(2)</script>.example.org';
const teamA = { url: "https://stats.example.com", id: 7, email: "agency@example.com" };
const teamB = { url: "https://stats.example.com", id: 8, email: "shop@example.com" };
const views = (...daily: number[]) => ({ pageviews: daily, silent: daily.every((n) => n === 0) });

const entries: DriftEntry[] = [
  {
    domain: "alpha.example.com",
    id: 1,
    status: "in-sync",
    stacks: ["web/prod"],
    resources: [],
    account: teamA,
    ...views(5, 9, 4),
  },
  {
    domain: hostile,
    id: 2,
    status: "changed",
    stacks: ["web/prod"],
    resources: [],
    account: teamA,
    changes: [{ field: "privacy", recorded: "private", live: "public" }],
    page: {
      status: "wrong",
      url: "https://x.example.org/",
      reason: `data-host "${hostile}" names no installation`,
    },
    ...views(1, 0, 2),
  },
  { domain: "gone.example.com", id: 3, status: "gone", stacks: ["web/prod"], resources: [], account: teamA },
  {
    domain: scripted,
    id: 4,
    status: "unmanaged",
    stacks: [],
    resources: [],
    account: teamB,
    ...views(3, 3, 3),
  },
  {
    domain: "twice.example.com",
    id: 5,
    status: "duplicate",
    stacks: ['team "web"/prod', "it's/prod"],
    resources: ['team "web"/prod:twice', "it's/prod:twice"],
    account: teamB,
    ...views(0, 7, 0),
  },
  {
    domain: "quiet.example.com",
    id: 6,
    status: "in-sync",
    stacks: ["shop/prod"],
    resources: [],
    account: teamB,
    page: {
      status: "missing",
      url: "https://quiet.example.com/",
      reason: "no tracking code in the home page",
    },
    ...views(0, 0, 0),
  },
  {
    domain: "zeta.example.com",
    id: 7,
    status: "in-sync",
    stacks: ["shop/prod"],
    resources: [],
    account: teamB,
    ...views(90, 80, 120),
  },
];

const report: DriftReport = {
  stacks: ["web/prod", 'team "web"/prod', "it's/prod", "shop/prod"],
  websites: entries,
  accounts: [
    { ...teamA, websites: 2, plan: { name: "Default", websites: 10 } },
    { ...teamB, websites: 4, plan: null },
  ],
  tracking: { days: 3, from: "2026-11-25", to: "2026-11-27", requests: 6 },
  pages: { read: 6 },
  policy: {
    file: "policy.yaml",
    rules: [{ name: "private-only", description: "Private.", level: "mandatory" }],
    findings: [
      { rule: "private-only", level: "mandatory", message: "public on the server", entry: entries[1]! },
    ],
    failOn: true,
  },
};

/** A sheet of several tables: 600 websites, one in six changed. */
const big: DriftReport = {
  stacks: ["web/prod"],
  websites: Array.from({ length: 600 }, (_, i) => ({
    domain: `site-${String(i).padStart(3, "0")}.example.com`,
    id: i + 1,
    status: i % 6 === 5 ? ("changed" as const) : ("in-sync" as const),
    stacks: ["web/prod"],
    resources: [],
    account: teamA,
    ...(i % 6 === 5 ? { changes: [{ field: "excludeBots", recorded: true, live: false }] } : {}),
  })),
  accounts: [{ ...teamA, websites: 600, plan: { name: "Big", websites: 1000 } }],
};

/**
 * The big sheet with two nightly runs before it: in them, half of today's changed websites (every
 * twelfth) were in sync (new now), every fiftieth website was gone and a domain carrying markup
 * changed (both fixed now).
 */
const earlier: DriftReport = {
  ...big,
  websites: [
    ...big.websites.map((e, i) =>
      i % 12 === 11
        ? { ...e, status: "in-sync" as const, changes: undefined }
        : i % 50 === 0
          ? { ...e, status: "gone" as const }
          : e,
    ),
    {
      ...big.websites[0]!,
      domain: hostile,
      id: 9999,
      status: "changed",
      changes: [{ field: "email", recorded: true, live: false }],
    },
  ],
};
const historyView = viewWithHistory(
  big,
  [
    { report: earlier, at: new Date("2026-11-25T02:00:00Z") },
    { report: earlier, at: new Date("2026-11-26T02:00:00Z") },
  ],
  new Date("2026-11-27T09:30:00Z"),
  { failOn: ["changed"] },
);
/** The rows new since the last run: every twelfth website. */
const newRows = big.websites.flatMap((_, i) => (i % 12 === 11 ? [`w${i}`] : []));

const origin = "https://drift-report.invalid";
const root = scratchFolder("drift-report-browser-");
const files = {
  small: join(root, "drift.html"),
  big: join(root, "big.html"),
  history: join(root, "history.html"),
};
let browser: Browser;

beforeAll(async () => {
  writeFileSync(
    files.small,
    formatReport(report, "html", { failOn: ["changed", "gone", "unmanaged", "duplicate", "silent"] }),
  );
  writeFileSync(files.big, formatReport(big, "html", { failOn: ["changed"] }));
  writeFileSync(files.history, htmlReport(historyView));
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});
afterAll(async () => {
  await browser?.close();
});

interface Opened {
  page: Page;
  context: BrowserContext;
  /** Every request but the page's own, each refused. */
  requests: string[];
  /** Console errors and warnings, and errors thrown by the page. */
  problems: string[];
  dialogs: string[];
}

/** Opens a report at a routed address: the page is answered from its file, anything else refused. */
async function open(file: string, options: BrowserContextOptions = {}): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const requests: string[] = [];
  await context.route("**/*", async (route) => {
    const url = route.request().url();
    if (url === `${origin}/drift.html`)
      return route.fulfill({ path: file, contentType: "text/html; charset=utf-8" });
    requests.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const dialogs: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(String(error)));
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${origin}/drift.html`);
  return { page, context, requests, problems, dialogs };
}

/**
 * Opens `file` at the routed address (see open), runs `check` on its page, then requires that the
 * page asked for nothing else, logged no error or warning and opened no dialog; the context is
 * closed whatever happens.
 */
async function inReport(
  file: string,
  check: (page: Page) => Promise<void>,
  options: BrowserContextOptions = {},
): Promise<void> {
  const { page, context, requests, problems, dialogs } = await open(file, options);
  try {
    await check(page);
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
    expect(dialogs).toEqual([]);
  } finally {
    await context.close();
  }
}

/**
 * Runs `code` in the page and resolves with its value. The code is text: the repository's
 * TypeScript has no DOM types (lib ES2023), and this is the browser's own JavaScript.
 */
const inPage = <T>(page: Page, code: string): Promise<T> => page.evaluate<T>(code);

/** The ids of the rows shown, in order. */
const shownRows = (page: Page) =>
  inPage<string[]>(
    page,
    `Array.from(document.querySelectorAll('tr[id^="w"]')).filter((row) => row.offsetParent !== null).map((row) => row.id)`,
  );

const idsOf = (domains: string[]) => domains.map((d) => `w${entries.findIndex((e) => e.domain === d)}`);

describe("the HTML report in Chromium", () => {
  it("shows every website and its status, and asks for nothing else", async () => {
    await inReport(files.small, async (page) => {
      expect(await shownRows(page)).toEqual(entries.map((_, i) => `w${i}`));
      for (const [i, entry] of entries.entries()) {
        const row = page.locator(`#w${i}`);
        await expect(row.locator("th").textContent()).resolves.toBe(`${entry.domain} id ${entry.id}`);
        expect(await row.locator(`.b.${entry.status}`).textContent()).toBe(entry.status);
      }
      expect(await page.locator("#shown").textContent()).toBe("Showing all 7 websites.");
      // The script ran: the filters are shown and the headers are buttons.
      expect(await page.locator("#controls").isVisible()).toBe(true);
      expect(await page.locator("thead th[data-sort] button").count()).toBe(8);
      expect(await page.locator(".verdict").textContent()).toMatch(
        /^Exit code 3: a mandatory policy violation; 5 websites/,
      );
    });
  });

  it("shows a domain carrying markup as its text: no element of its own, no dialog, no request", async () => {
    await inReport(files.small, async (page) => {
      // Give an injected handler every chance to run.
      await page.waitForTimeout(300);
      expect(await page.locator("img").count()).toBe(0);
      expect(await page.locator("script").count()).toBe(1);
      expect(await inPage(page, `document.querySelectorAll("[onerror], [onload], [onclick]").length`)).toBe(
        0,
      );
      expect(await page.locator("#w1 th").textContent()).toBe(`${hostile} id 2`);
      expect(await page.locator("#w3 th").textContent()).toBe(`${scripted} id 4`);
      expect(await page.locator("#w4").textContent()).toContain(`team "web"/prod, it's/prod`);
      expect(await page.locator("#w1").textContent()).toContain(
        `data-host "${hostile}" names no installation`,
      );
    });
  });

  it("filters by status, by flag and by account, searches, and says how many it shows", async () => {
    await inReport(files.small, async (page) => {
      await page.selectOption("#filter-status", "s:in-sync");
      expect(await shownRows(page)).toEqual(
        idsOf(["alpha.example.com", "quiet.example.com", "zeta.example.com"]),
      );
      expect(await page.locator("#shown").textContent()).toBe("Showing 3 of 7 websites.");
      await page.selectOption("#filter-status", "f:silent");
      expect(await shownRows(page)).toEqual(idsOf(["quiet.example.com"]));
      await page.selectOption("#filter-status", "f:fail");
      expect(await shownRows(page)).toEqual(
        idsOf([hostile, "gone.example.com", scripted, "twice.example.com", "quiet.example.com"]),
      );
      await page.selectOption("#filter-account", "1");
      expect(await shownRows(page)).toEqual(idsOf([scripted, "twice.example.com", "quiet.example.com"]));
      await page.selectOption("#filter-status", "");
      await page.fill("#filter-search", "ZETA");
      await expect.poll(() => shownRows(page), { timeout: 5_000 }).toEqual(idsOf(["zeta.example.com"]));
      // Words are searched for in every column: a stack name with quotes, a page's reason.
      await page.selectOption("#filter-account", "");
      await page.fill("#filter-search", 'team "web"');
      await expect.poll(() => shownRows(page), { timeout: 5_000 }).toEqual(idsOf(["twice.example.com"]));
      await page.fill("#filter-search", "onerror no installation");
      await expect.poll(() => shownRows(page), { timeout: 5_000 }).toEqual(idsOf([hostile]));
      await page.press("#filter-search", "Escape");
      expect(await shownRows(page)).toHaveLength(7);
      // A count in the header filters the table.
      await page.click('a[data-filter="s:gone"]');
      expect(await shownRows(page)).toEqual(idsOf(["gone.example.com"]));
      expect(await page.inputValue("#filter-status")).toBe("s:gone");
      // A link to a row the filter hides clears the filters.
      await page.goto(`${origin}/drift.html#w6`);
      await expect.poll(() => shownRows(page)).toHaveLength(7);
    });
  });

  it("sorts by a column, up then down, and says so in aria-sort; keyboard alone does it", async () => {
    await inReport(files.small, async (page) => {
      const header = page.locator("#websites-table thead th").filter({ hasText: "Website" }).first();
      // Keyboard: from the search box, the next stop is the first header's button.
      await page.focus("#filter-search");
      await page.keyboard.press("Tab");
      expect(await inPage(page, "document.activeElement.textContent")).toBe("Website");
      await page.keyboard.press("Enter");
      expect(await header.getAttribute("aria-sort")).toBe("ascending");
      const rowHeads = async () =>
        inPage<string[]>(
          page,
          `Array.from(document.querySelectorAll('tr[id^="w"]')).map((r) => r.querySelector("th").firstChild.textContent)`,
        );
      const sorted = [...entries.map((e) => e.domain)].sort((a, b) =>
        a.localeCompare(b, "en", { numeric: true, sensitivity: "base" }),
      );
      expect((await rowHeads()).map((t) => t.trim())).toEqual(sorted);
      await page.keyboard.press("Enter");
      expect(await header.getAttribute("aria-sort")).toBe("descending");
      expect((await rowHeads()).map((t) => t.trim())).toEqual([...sorted].reverse());
      // Numbers sort as numbers, the most first: pageviews of the window.
      await page.locator("thead th button", { hasText: "Pageviews" }).click();
      expect(await rowHeads().then((r) => r.map((t) => t.trim()).slice(0, 3))).toEqual([
        "zeta.example.com",
        "alpha.example.com",
        scripted,
      ]);
      // Statuses sort in the report's order.
      await page.locator("thead th button", { hasText: "Status" }).click();
      expect(
        await inPage(
          page,
          `Array.from(document.querySelectorAll('tr[id^="w"]')).map((r) => r.getAttribute("data-s"))`,
        ),
      ).toEqual(["in-sync", "in-sync", "in-sync", "changed", "gone", "unmanaged", "duplicate"]);
    });
  });

  it("keeps the rows shown packed into the first tables of a sheet, and hides the tables left empty", async () => {
    await inReport(files.big, async (page) => {
      expect(await page.locator(".chunk").count()).toBe(Math.ceil(600 / SHEET_ROWS));
      await page.selectOption("#filter-status", "s:changed");
      expect(await page.locator("#shown").textContent()).toBe("Showing 100 of 600 websites.");
      const tables = await inPage<{ hidden: boolean; shown: number; caption: string }[]>(
        page,
        `Array.from(document.querySelectorAll(".chunk")).map((c) => ({
          hidden: c.hidden,
          shown: Array.from(c.querySelectorAll("tbody tr")).filter((r) => !r.hidden).length,
          caption: c.querySelector("caption").textContent,
        }))`,
      );
      expect(tables.map((t) => [t.hidden, t.shown])).toEqual([
        [false, 100],
        [true, 0],
        [true, 0],
      ]);
      expect(tables[0]?.caption).toBe("Websites 1 to 100 of 100 shown");
      const first = await shownRows(page);
      expect(first).toHaveLength(100);
      expect(first.slice(0, 2)).toEqual(["w5", "w11"]);
      // Sorting sorts the whole sheet; clearing the filter puts every row back.
      await page.locator(".chunk").first().locator("thead th button", { hasText: "Website" }).click();
      await page.locator(".chunk").first().locator("thead th button", { hasText: "Website" }).click();
      expect((await shownRows(page)).slice(0, 2)).toEqual(["w599", "w593"]);
      await page.selectOption("#filter-status", "");
      const all = await shownRows(page);
      expect(all).toHaveLength(600);
      expect(all.slice(0, 2)).toEqual(["w599", "w598"]);
      expect(await page.locator(".chunk[hidden]").count()).toBe(0);
    });
  });

  it("opens from the file itself in an offline browser, asking for nothing but the file", async () => {
    const context = await browser.newContext({ offline: true });
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      const problems: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
      });
      const url = pathToFileURL(files.small).href;
      await page.goto(url);
      await page.selectOption("#filter-status", "s:changed");
      expect(await shownRows(page)).toEqual(["w1"]);
      expect(requests).toEqual([url]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("reads without script: the whole table, the controls left hidden", async () => {
    await inReport(
      files.small,
      async (page) => {
        expect(await shownRows(page)).toEqual(entries.map((_, i) => `w${i}`));
        expect(await page.locator("#controls").isVisible()).toBe(false);
        expect(await page.locator("#shown").textContent()).toBe("Showing all 7 websites.");
        expect(await page.locator("#w1 th").textContent()).toBe(`${hostile} id 2`);
        expect(await page.locator("table.accounts tbody tr").count()).toBe(2);
      },
      { javaScriptEnabled: false },
    );
  });

  it("prints without the controls, every table laid out", async () => {
    await inReport(files.big, async (page) => {
      await page.emulateMedia({ media: "print" });
      expect(await page.locator("#controls").isVisible()).toBe(false);
      expect(
        await inPage(
          page,
          `Array.from(document.querySelectorAll(".chunk")).map((c) => getComputedStyle(c).contentVisibility)`,
        ),
      ).toEqual(["visible", "visible", "visible"]);
      const pdf = await page.pdf({ format: "A4" });
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    });
  });

  it.each([
    ["light", "small"],
    ["dark", "small"],
    ["light", "history"],
    ["dark", "history"],
  ] as const)("keeps every text at a contrast of 4.5:1 or more (%s, the %s report)", async (scheme, file) => {
    await inReport(
      files[file],
      async (page) => {
        const low = await inPage<string[]>(
          page,
          `(() => {
          const rgb = (color) => (color.match(/[\\d.]+/g) ?? []).map(Number);
          const luminance = ([r = 0, g = 0, b = 0]) => {
            const channel = (c) => {
              const s = c / 255;
              return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
            };
            return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
          };
          const background = (element) => {
            for (let e = element; e; e = e.parentElement) {
              const color = rgb(getComputedStyle(e).backgroundColor);
              if (color.length === 3 || (color[3] ?? 0) > 0) return color.slice(0, 3);
            }
            return rgb(getComputedStyle(document.documentElement).backgroundColor);
          };
          const found = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const element = node.parentElement;
            if (!element || !node.textContent?.trim() || element.closest("[hidden], .sr, .skip, script"))
              continue;
            const fore = luminance(rgb(getComputedStyle(element).color));
            const back = luminance(background(element));
            const ratio = (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05);
            if (ratio < 4.5) found.push(element.tagName + '.' + element.className + ': ' + ratio.toFixed(2));
          }
          return [...new Set(found)];
        })()`,
        );
        expect(low).toEqual([]);
      },
      { colorScheme: scheme },
    );
  });
});

/** The running totals, by their key ("new", "s:changed"...). */
const totals = (page: Page) =>
  inPage<Record<string, string>>(
    page,
    `Object.fromEntries(Array.from(document.querySelectorAll("[data-total]")).map((b) => [b.getAttribute("data-total"), b.textContent]))`,
  );

/** The totals as numbers, the statuses that have none left out. */
const counted = async (page: Page) =>
  Object.fromEntries(
    Object.entries(await totals(page))
      .map(([key, n]) => [key, Number(n.replace(/,/g, ""))] as const)
      .filter(([, n]) => n > 0),
  );

describe("the HTML report with a history, in Chromium", () => {
  it("draws the trend strip under the headline, and shows a fixed domain carrying markup as its text", async () => {
    await inReport(files.history, async (page) => {
      expect(await page.locator(".headline").textContent()).toBe(historyView.history!.headline);
      expect(historyView.history!.headline).toMatch(/^50 new, 13 fixed since 2026-11-26 02:00 UTC; /);
      const strip = page.locator("svg.trend");
      const box = await strip.boundingBox();
      expect(box?.height).toBe(64);
      expect(box?.width).toBeGreaterThan(1000);
      expect(await strip.getAttribute("aria-label")).toMatch(/^Findings by status over 3 runs, from /);
      expect(await page.locator("svg.trend g").count()).toBe(3);
      // Every segment is drawn with a size, inside the strip.
      const segments = await inPage<{ height: number; inside: boolean }[]>(
        page,
        `(() => {
          const strip = document.querySelector("svg.trend").getBoundingClientRect();
          return Array.from(document.querySelectorAll("svg.trend rect")).map((r) => {
            const b = r.getBoundingClientRect();
            return { height: b.height, inside: b.top >= strip.top - 0.5 && b.bottom <= strip.bottom + 0.5 };
          });
        })()`,
      );
      expect(segments.length).toBeGreaterThanOrEqual(5);
      expect(segments.every((s) => s.height > 0 && s.inside)).toBe(true);
      // The fixed section: the domain with markup is its text, with no element of its own.
      const fixed = page.locator('section[aria-labelledby="fixed"]');
      expect(await fixed.locator("tbody tr").count()).toBe(13);
      expect(await fixed.textContent()).toContain(`${hostile} (9999) changed: email`);
      expect(await page.locator("img").count()).toBe(0);
    });
  });

  it("shows only the websites new since the last run when asked, and the totals follow every filter", async () => {
    await inReport(files.history, async (page) => {
      expect(await counted(page)).toEqual({ new: 50, "s:in-sync": 500, "s:changed": 100 });
      await page.check("#filter-new");
      expect(await shownRows(page)).toEqual(newRows);
      expect(await page.locator("#shown").textContent()).toBe("Showing 50 of 600 websites.");
      expect(await counted(page)).toEqual({ new: 50, "s:changed": 50 });
      // With the status filter too: none of the new ones is in sync.
      await page.selectOption("#filter-status", "s:in-sync");
      expect(await shownRows(page)).toEqual([]);
      expect(await counted(page)).toEqual({});
      await page.uncheck("#filter-new");
      expect(await counted(page)).toEqual({ "s:in-sync": 500 });
      await page.selectOption("#filter-status", "s:changed");
      expect(await counted(page)).toEqual({ new: 50, "s:changed": 100 });
      // Searching: site-010 to site-019, of which 11 and 17 changed, 11 new.
      await page.selectOption("#filter-status", "");
      await page.fill("#filter-search", "site-01");
      await expect
        .poll(() => counted(page), { timeout: 5_000 })
        .toEqual({ new: 1, "s:in-sync": 8, "s:changed": 2 });
      await page.check("#filter-new");
      expect(await shownRows(page)).toEqual(["w11"]);
      // A count of the header starts again from its own filter alone.
      await page.click('a[data-filter="s:changed"]');
      expect(await page.isChecked("#filter-new")).toBe(false);
      expect(await page.inputValue("#filter-search")).toBe("");
      expect(await counted(page)).toEqual({ new: 50, "s:changed": 100 });
    });
  });

  it("sorts the websites by age, the oldest finding first, then the other way", async () => {
    await inReport(files.history, async (page) => {
      const ages = () =>
        inPage<number[]>(
          page,
          `Array.from(document.querySelectorAll('tr[id^="w"]')).map((r) => Number(r.cells[2].getAttribute("data-v")))`,
        );
      const header = page.locator(".chunk").first().locator("thead th button", { hasText: "Age" });
      await header.click();
      const oldestFirst = await ages();
      expect(oldestFirst.slice(0, 50)).toEqual(Array(50).fill(2));
      expect(oldestFirst.slice(50, 100)).toEqual(Array(50).fill(0));
      expect(oldestFirst.slice(100)).toEqual(Array(500).fill(-1));
      await header.click();
      expect((await ages()).slice(0, 500)).toEqual(Array(500).fill(-1));
    });
  });

  it.each(["big", "history"] as const)(
    "keeps the table's header in view when the page scrolls down its rows (the %s report)",
    async (file) => {
      await inReport(files[file], async (page) => {
        await inPage(page, `document.getElementById("w200").scrollIntoView()`);
        const where = await inPage<{ table: number; head: number; row: number }>(
          page,
          `(() => {
            const table = document.querySelector(".chunk table");
            const head = table.tHead.rows[0].cells[0];
            return {
              table: table.getBoundingClientRect().top,
              head: head.getBoundingClientRect().top,
              row: document.getElementById("w200").getBoundingClientRect().top,
            };
          })()`,
        );
        // The table began thousands of pixels above; its header sits at the top of the window.
        expect(where.table).toBeLessThan(-2000);
        expect(Math.abs(where.head)).toBeLessThan(1);
        expect(Math.abs(where.row)).toBeLessThan(1);
        expect(await page.locator(".chunk").first().locator("thead th").first().isVisible()).toBe(true);
      });
    },
  );

  it("prints the headline, the trend as it is and the table, without the controls, the header in place", async () => {
    await inReport(files.history, async (page) => {
      await page.emulateMedia({ media: "print" });
      for (const shown of [
        ".headline",
        "svg.trend",
        ".trend-figure figcaption",
        "#websites-table",
        "#totals",
        "#fixed",
      ])
        expect(await page.locator(shown).first().isVisible(), shown).toBe(true);
      expect(await page.locator("#controls").isVisible()).toBe(false);
      expect(
        await inPage<string[]>(
          page,
          `Array.from(new Set(Array.from(document.querySelectorAll("thead th")).map((th) => getComputedStyle(th).position)))`,
        ),
      ).toEqual(["static"]);
      expect(
        await inPage(page, `getComputedStyle(document.querySelector("svg.trend")).printColorAdjust`),
      ).toBe("exact");
      const pdf = await page.pdf({ format: "A4" });
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    });
  });

  it("reads without script: the headline, the trend, every row with its age, the totals of all", async () => {
    await inReport(
      files.history,
      async (page) => {
        expect(await shownRows(page)).toHaveLength(600);
        expect(await page.locator("#controls").isVisible()).toBe(false);
        expect(await page.locator(".headline").isVisible()).toBe(true);
        expect(await page.locator("svg.trend").isVisible()).toBe(true);
        expect(await counted(page)).toEqual({ new: 50, "s:in-sync": 500, "s:changed": 100 });
        expect(await page.locator("#w11 td").nth(1).textContent()).toBe("under a daysince 2026-11-27");
      },
      { javaScriptEnabled: false },
    );
  });
});
