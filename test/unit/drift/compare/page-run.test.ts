// The page check's run (drift/compare/page-run.ts) around each page's check: the likely cause it
// gives what the tracking and page checks found together, the count of pages the run's bounds
// cut, and a page check that rejects (it is written never to) given as its website's status while
// the others go on. Each page's check is scripted here by its domain: how a page is read is
// test/integration/drift-page-check*.test.ts's.
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as PageCheckModule from "../../../../drift/compare/page-check";
import type { PageCheckOptions } from "../../../../drift/compare/page-check";
import { checkEntryPages, checkPages, pageKey, withPages } from "../../../../drift/compare/page-run";
import type { PageCheck } from "../../../../drift/model/entries";
import { WebstatsClient } from "../../../../sdk";
import { account, entry } from "../../../support/drift-entries";

/** Each page check's result by the domain checked; an Error or other value is a rejection. */
const scripted = vi.hoisted(() => new Map<string, unknown>());
/** The options each page check was given. */
const given = vi.hoisted((): PageCheckOptions[] => []);
vi.mock("../../../../drift/compare/page-check", async (original) => {
  const actual = await original<typeof PageCheckModule>();
  return {
    ...actual,
    checkPage: (domain: string, _host: string, options: PageCheckOptions): Promise<PageCheck> => {
      given.push(options);
      const result = scripted.get(domain);
      if (result === undefined) return Promise.reject(new Error(`no page scripted for ${domain}`));
      // A string too: the run's catch takes any rejection, not only an Error.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      if (result instanceof Error || typeof result === "string") return Promise.reject(result);
      return Promise.resolve(result as PageCheck);
    },
  };
});

afterEach(() => {
  scripted.clear();
  given.length = 0;
});

const installation = account.url;
const bound = "not read: the page check's bound of 600 s for the whole run was reached (--page-run-timeout)";
const budget = "not read: the page check's budget of 12 requests for the whole run was spent";

describe("withPages", () => {
  const pages: Record<PageCheck["status"], PageCheck> = {
    present: { status: "present", url: "https://a.example.com/" },
    missing: {
      status: "missing",
      url: "https://a.example.com/",
      reason: "no tracking code in the home page",
    },
    wrong: { status: "wrong", url: "https://a.example.com/", reason: "the tracking script has no data-host" },
    unreachable: { status: "unreachable", reason: "the name a.example.com does not resolve (ENOTFOUND)" },
  };
  const withPage = (silent: boolean | undefined, page: PageCheck) => {
    const checked = entry("a.example.com", "in-sync", silent === undefined ? {} : { silent });
    return withPages([checked], new Map([[pageKey(installation, checked.id), page]]))[0]!.page;
  };

  it.each([
    [
      true,
      "present",
      "silent although the tracking code is there: likely no visitors (or browsers sending Do Not Track with data-dnt true)",
    ],
    [
      true,
      "missing",
      "silent because the home page lacks the tracking code (never added, or removed in a redesign)",
    ],
    [true, "wrong", "silent because the tracking code is broken: the tracking script has no data-host"],
    [
      true,
      "unreachable",
      "silent, and the home page could not be read: the name a.example.com does not resolve (ENOTFOUND)",
    ],
    [false, "present", "tracked: the tracking code is there and hits arrive"],
    [
      false,
      "missing",
      "hits arrive, though the home page shows no working tracking code: other pages may carry it",
    ],
    [
      false,
      "wrong",
      "hits arrive, though the home page shows no working tracking code: other pages may carry it",
    ],
    [
      false,
      "unreachable",
      "hits arrive, though the home page shows no working tracking code: other pages may carry it",
    ],
  ] as const)("silent %s, page %s: %s", (silent, status, cause) => {
    expect(withPage(silent, pages[status])).toEqual({ ...pages[status], cause });
  });

  it("says the status itself of a broken or unread page that gives no reason", () => {
    expect(withPage(true, { status: "wrong" })).toEqual({
      status: "wrong",
      cause: "silent because the tracking code is broken: wrong",
    });
    expect(withPage(true, { status: "unreachable" })).toEqual({
      status: "unreachable",
      cause: "silent, and the home page could not be read: unreachable",
    });
  });

  it("gives no cause when the tracking was not checked, and leaves an entry without a page as it is", () => {
    expect(withPage(undefined, pages.missing)).toEqual(pages.missing);
    const unchecked = entry("b.example.com", "in-sync", { silent: true });
    expect(withPages([unchecked], new Map())).toEqual([unchecked]);
  });
});

describe("checkPages", () => {
  it("gives a page check that rejects its website's status, while the others are checked", async () => {
    scripted.set("throws.example.com", new TypeError("Cannot read properties of null (reading 'href')"));
    scripted.set("rejects.example.com", "a rejection that is no Error");
    scripted.set("fine.example.com", { status: "present", url: "https://fine.example.com/" });
    const lines: string[] = [];
    const results = await checkPages(
      ["throws.example.com", "rejects.example.com", "fine.example.com"].map((domain) => ({
        domain,
        host: installation,
      })),
      {
        timeoutMs: 10_000,
        maxBytes: 1024,
        maxRedirects: 10,
        network: { proxy: undefined, caCertificates: undefined },
        log: (line) => lines.push(line),
      },
      { parallel: 1, runTimeoutMs: 60_000 },
    );
    // --verbose: each website's status, the failed checks' too.
    expect(lines).toEqual([
      "page of throws.example.com: unreachable, the page check failed: Cannot read properties of null (reading 'href')",
      "page of rejects.example.com: unreachable, the page check failed: a rejection that is no Error",
      "page of fine.example.com: present",
    ]);
    expect(results).toEqual([
      {
        status: "unreachable",
        reason: "the page check failed: Cannot read properties of null (reading 'href')",
      },
      { status: "unreachable", reason: "the page check failed: a rejection that is no Error" },
      { status: "present", url: "https://fine.example.com/" },
    ]);
  });
});

describe("the run's request budget", () => {
  const network = { proxy: undefined, caCertificates: undefined };
  const budgetOf = async (websites: number, maxRedirects: number) => {
    given.length = 0;
    const domains = Array.from({ length: websites }, (_, i) => `w${i}.example.com`);
    for (const domain of domains) scripted.set(domain, { status: "missing" });
    await checkPages(
      domains.map((domain) => ({ domain, host: installation })),
      { timeoutMs: 10_000, maxBytes: 1024, maxRedirects, network },
      { parallel: 1, runTimeoutMs: 60_000 },
    );
    // One budget shared by every page of the run.
    expect(new Set(given.map((options) => options.run))).toHaveProperty("size", 1);
    return given[0]!.run!.requests.total;
  };

  it("is four requests a website, and at least what one page may make alone", async () => {
    expect(await budgetOf(5, 10)).toBe(20);
    expect(await budgetOf(2, 10)).toBe(12);
    expect(await budgetOf(1, 20)).toBe(22);
  });
});

describe("checkEntryPages", () => {
  const run = async (domains: string[], allowPrivate?: boolean) => {
    const client = new WebstatsClient({ baseUrl: installation, apiKey: "key" });
    const targets = domains.map((domain, i) => ({ client, id: i + 1, domain }));
    const entries = domains.map((domain, i) => entry(domain, "in-sync", { id: i + 1 }));
    const err: string[] = [];
    const checked = await checkEntryPages(
      targets,
      entries,
      {},
      { parallel: 2, timeoutMs: 10_000, ...(allowPrivate === undefined ? {} : { allowPrivate }) },
      (text) => err.push(text),
    );
    return { checked, err };
  };

  it("says how many pages one of the run's bounds cut: one", async () => {
    scripted.set("a.example.com", { status: "present", url: "https://a.example.com/" });
    scripted.set("b.example.com", { status: "unreachable", reason: budget });
    const { checked, err } = await run(["a.example.com", "b.example.com"]);
    expect(err).toEqual([
      "Checking pages: 2 home pages, 2 at a time, at most 10 s each.\n",
      "Pages: 2 of 2 home pages read.\n",
      "Pages: 1 home page not read, the page check's bound for the whole run was reached.\n",
    ]);
    expect(checked.map((e) => e.page)).toEqual([
      { status: "present", url: "https://a.example.com/" },
      { status: "unreachable", reason: budget },
    ]);
  });

  it("says how many pages one of the run's bounds cut: two, and none for a page unread for its own reason", async () => {
    scripted.set("a.example.com", { status: "unreachable", reason: bound });
    scripted.set("b.example.com", { status: "unreachable", reason: "not read: the name does not resolve" });
    scripted.set("c.example.com", { status: "unreachable", reason: budget });
    const { err } = await run(["a.example.com", "b.example.com", "c.example.com"]);
    expect(err.at(-1)).toBe(
      "Pages: 2 home pages not read, the page check's bound for the whole run was reached.\n",
    );
  });

  it("says how far it got every tenth of the pages (every ten at least) and at the end", async () => {
    const domains = Array.from({ length: 25 }, (_, i) => `w${i}.example.com`);
    for (const domain of domains) scripted.set(domain, { status: "present" });
    const { err } = await run(domains);
    expect(err.filter((line) => line.startsWith("Pages: "))).toEqual([
      "Pages: 10 of 25 home pages read.\n",
      "Pages: 20 of 25 home pages read.\n",
      "Pages: 25 of 25 home pages read.\n",
    ]);
  });

  it("gives every page check the run's choice on intranet websites, none unless asked", async () => {
    scripted.set("a.example.com", { status: "present" });
    await run(["a.example.com"]);
    await run(["a.example.com"], true);
    expect(given.map((options) => options.allowPrivate)).toEqual([false, true]);
  });

  it("says nothing of the run's bounds when every page was read", async () => {
    scripted.set("a.example.com", { status: "missing", url: "https://a.example.com/", reason: "none" });
    const { err } = await run(["a.example.com"]);
    expect(err).toEqual([
      "Checking pages: 1 home page, 2 at a time, at most 10 s each.\n",
      "Pages: 1 of 1 home pages read.\n",
    ]);
  });
});
