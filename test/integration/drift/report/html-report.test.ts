// `pulumi-webstats drift --format html` in-process (runCli) against the emulator over real HTTP,
// and the Action's sources (action/src, run in-process as its bundle runs them) with
// `formats: html`: two accounts (one whose plan is full, one without a limit), a website changed
// out of band, one the real server stores with markup in its domain (written into the emulator's
// data file between two starts, as the real server's database would hold it), a stack whose
// project name has quotes, and pageviews of the last days (--check-tracking: the sparkline from
// the same one read per website). The page is read back with parse5: every website a row, the
// hostile domain as text and no element of its own, the stack names as text, the plans, the
// daily counts, the exit code; the file is written whole beside the text report on standard
// output. The clock is fixed (noon UTC, moving on from there) for the run and the installation
// alike. With --history, a second run after a website drifted and another was set right shows
// the headline, the trend of both runs, the new row, each row's age and the fixed finding. What a
// person sees in a browser is test/browser/drift-report.test.ts.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "parse5";
import type { DefaultTreeAdapterMap } from "parse5";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runDriftAction } from "../../../../action/src/drift-action";
import { startEmulator } from "../../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../../emulator";
import { WebstatsClient } from "../../../../sdk";
import type { Website } from "../../../../sdk";
import { readOutputFile } from "../../../support/action-runner";
import { runCaptured } from "../../../support/run-cli";
import { writeStackExport } from "../../../support/stack-exports";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const run = runCaptured;
/** Noon UTC: what the run and the installation take for now (a test takes seconds, not 12 hours). */
const CLOCK = Date.UTC(2026, 10, 27, 12);
/** The date `offset` days from the fixed clock's, as the server writes dates. */
const day = (offset: number) => new Date(CLOCK + offset * 86_400_000).toISOString().slice(0, 10);
const hostile = "<img src=x onerror=alert(1)>.example.org";
const quoted = 'team "web"';

function elements(root: Node): Element[] {
  const found: Element[] = [];
  const visit = (node: Node) => {
    if ("tagName" in node) found.push(node);
    if ("childNodes" in node) for (const child of node.childNodes) visit(child);
  };
  visit(root);
  return found;
}
const attr = (e: Element, name: string) => e.attrs.find((a) => a.name === name)?.value;
const textOf = (node: Node): string =>
  node.nodeName === "#text"
    ? (node as DefaultTreeAdapterMap["textNode"]).value
    : "childNodes" in node
      ? node.childNodes.map(textOf).join("")
      : "";

/** The page's rows (by domain: the row header's first text) and its other parts. */
function readPage(html: string) {
  const all = elements(parse(html));
  const rows = all.filter((e) => e.tagName === "tr" && attr(e, "data-s") !== undefined);
  const domainOf = (row: Element) => {
    const head = elements(row).find((e) => e.tagName === "th")!;
    const link = elements(head).find((e) => e.tagName === "a");
    return (link ? textOf(link) : textOf(head.childNodes[0]!)).trim();
  };
  return {
    all,
    rows: new Map(rows.map((row) => [domainOf(row), row])),
    text: (tag: string) => all.filter((e) => e.tagName === tag).map(textOf),
  };
}

const root = mkdtempSync(join(tmpdir(), "drift-html-"));
const files = { sites: join(root, "sites.json"), team: join(root, "team.json") };
const states = () => ["--state", files.sites, "--state", files.team];
let emulator: Emulator;
let full: EmulatorAccount;
let open: EmulatorAccount;
let websites: Record<string, Website>;

beforeAll(async () => {
  // The fixed clock, for the installation and the run (its window): no race with a UTC date's turn.
  vi.useFakeTimers({ now: CLOCK, toFake: ["Date"], shouldAdvanceTime: true });
  const dataFile = join(root, "installation.json");
  const first = await startEmulator({ requestsPerMinute: 0, dataFile });
  full = first.createAccount({ name: "Full", websiteLimit: 3 });
  open = first.createAccount({ name: "Open", websiteLimit: -1 });
  const create = (account: EmulatorAccount, domain: string) =>
    new WebstatsClient({ baseUrl: first.url, apiKey: account.apiKey }).websites.create({ domain });
  websites = {
    busy: await create(full, "busy.html.example"),
    edited: await create(full, "edited.html.example"),
    markup: await create(full, "markup.html.invalid"),
    team: await create(open, "team.html.example"),
  };
  await first.close();
  // The real server stores a domain with markup; the emulator refuses it, so it goes into the
  // data file, with pageviews of the last two days for one website.
  const data = JSON.parse(
    readFileSync(dataFile, "utf8").replace('"markup.html.invalid"', JSON.stringify(hostile)),
  ) as {
    stats?: unknown[];
  };
  data.stats = [
    ...(data.stats ?? []),
    { website_id: websites.busy!.id, name: "pageviews", value: day(-1), date: day(-1), count: 5 },
    { website_id: websites.busy!.id, name: "pageviews", value: day(0), date: day(0), count: 2 },
  ];
  writeFileSync(dataFile, JSON.stringify(data));
  emulator = await startEmulator({ requestsPerMinute: 0, dataFile });
  emulator.updateWebsite(websites.edited!.id, { exclude_ips: "10.0.0.1" });
  writeStackExport(files.sites, {
    project: "sites",
    url: emulator.url,
    apiKey: full.apiKey,
    websites: [websites.busy!, websites.edited!],
  });
  writeStackExport(files.team, {
    project: quoted,
    url: emulator.url,
    apiKey: open.apiKey,
    websites: [websites.team!],
  });
});

afterAll(async () => {
  await emulator?.close();
  vi.useRealTimers();
  rmSync(root, { recursive: true, force: true });
});

describe("pulumi-webstats drift --format html", () => {
  it("writes the page to --output, the text report to standard output", async () => {
    const file = join(root, "drift.html");
    emulator.resetRequestCounts();
    const result = await run([
      "drift",
      ...states(),
      "--check-tracking",
      "--format",
      "html",
      "--output",
      file,
    ]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`Wrote the html report to ${file}.\n`);
    expect(result.out).toMatch(/^4 websites in 2 accounts of 2 stacks/);
    // The sparkline is the check's own read: one request per website on the server, no more.
    expect(emulator.requestCounts()).toEqual({
      "GET /api/v1/account": 2,
      "GET /api/v1/websites": 2,
      "GET /api/v1/stats/:id": 4,
    });

    const html = readFileSync(file, "utf8");
    expect(html.startsWith("<!doctype html>")).toBe(true);
    const page = readPage(html);
    expect([...page.rows.keys()].sort()).toEqual(
      ["busy.html.example", "edited.html.example", hostile, "team.html.example"].sort(),
    );
    expect([...page.rows.entries()].map(([domain, row]) => [domain, attr(row, "data-s")]).sort()).toEqual(
      [
        ["busy.html.example", "in-sync"],
        ["edited.html.example", "changed"],
        [hostile, "unmanaged"],
        ["team.html.example", "in-sync"],
      ].sort(),
    );
    // The domain the real server stores with markup: text, and no element of its own.
    expect(page.all.filter((e) => e.tagName === "img")).toEqual([]);
    expect(page.all.filter((e) => e.tagName === "script")).toHaveLength(1);
    expect(page.all.filter((e) => e.attrs.some((a) => a.name === "onerror"))).toEqual([]);
    // Stack names with quotes, as text.
    expect(textOf(page.rows.get("team.html.example")!)).toContain(`${quoted}/prod`);
    // The change, recorded and live side by side.
    expect(textOf(page.rows.get("edited.html.example")!)).toContain(
      "excludeIps recorded [] → live [10.0.0.1]",
    );
    // The window's pageviews, day by day, from the tracking check's one read.
    const views = elements(page.rows.get("busy.html.example")!)
      .filter((e) => e.tagName === "td")
      .at(-1)!;
    expect(attr(views, "title")).toBe("daily: 0 0 0 0 0 5 2");
    expect(textOf(views).trim()).toBe("7");
    expect(attr(page.rows.get("team.html.example")!, "data-f")).toBe("fail silent");
    // Each account's plan: the full one and the one without a limit.
    const accounts = textOf(page.all.find((e) => e.tagName === "table" && attr(e, "class") === "accounts")!);
    expect(accounts).toContain("Default: 3 of 3 websites, no room for more");
    expect(accounts).toContain("Default: 1 website, no limit");
    expect(page.text("p").find((p) => p.startsWith("Exit code"))).toMatch(
      /^Exit code 2: 3 websites with drift that fails the run \(counted: changed, gone, unmanaged, duplicate, silent\)\.$/,
    );
  });

  it("prints the page on standard output when no --output follows", async () => {
    const result = await run(["drift", ...states(), "--format", "html", "--fail-on", "none"]);
    expect(result.code).toBe(0);
    expect(result.out.startsWith("<!doctype html>")).toBe(true);
    expect(readPage(result.out).rows.size).toBe(4);
    expect(result.out).toContain("Exit code 0: nothing fails the run (counted: none (--fail-on none)).");
  });
});

describe("the Action's sources with formats: html", () => {
  it("writes drift.html into its folder and names it in the output report-html", async () => {
    const workspace = join(root, "workspace");
    const standIn = join(root, "stand-in");
    mkdirSync(workspace);
    mkdirSync(standIn);
    writeFileSync(join(workspace, "Pulumi.yaml"), "name: sites\nruntime: nodejs\n");
    // pulumi, as the job has it: `stack export --stack prod` answers the stack's export.
    writeFileSync(
      join(standIn, "pulumi"),
      `#!${process.execPath}\n` +
        `const args = process.argv.slice(2);\n` +
        `if (args[0] === "stack" && args[1] === "export") process.stdout.write(require("node:fs").readFileSync(${JSON.stringify(files.sites)}));\n` +
        `else { process.stderr.write("not run: " + args.join(" ") + "\\n"); process.exit(1); }\n`,
    );
    chmodSync(join(standIn, "pulumi"), 0o755);
    const outputs = join(root, "github-output");
    const summary = join(root, "step-summary");
    writeFileSync(outputs, "");
    writeFileSync(summary, "");
    const printed: string[] = [];
    const code = await runDriftAction(
      {
        PATH: standIn,
        HOME: root,
        RUNNER_TEMP: join(root, "runner-temp"),
        GITHUB_OUTPUT: outputs,
        GITHUB_STEP_SUMMARY: summary,
        INPUT_STACKS: "prod",
        INPUT_FORMATS: "html",
        "INPUT_WORKING-DIRECTORY": workspace,
        "INPUT_FAIL-ON-DRIFT": "false",
      },
      { out: (t) => printed.push(t), err: (t) => printed.push(t) },
    );
    expect(code).toBe(0);
    const set = readOutputFile(readFileSync(outputs, "utf8"));
    expect(set["exit-code"]).toBe("2");
    expect(set["report-html"]).toMatch(/\/pulumi-webstats-drift-[^/]+\/drift\.html$/);
    expect(printed.join("")).toContain(`--format html --output ${set["report-html"]}`);
    const page = readPage(readFileSync(set["report-html"]!, "utf8"));
    expect(
      page.rows.get("edited.html.example") && attr(page.rows.get("edited.html.example")!, "data-s"),
    ).toBe("changed");
    expect(page.rows.has(hostile)).toBe(true);
  });
});

describe("pulumi-webstats drift --format html --history", () => {
  it("shows what is new and fixed since the last run, the trend of both and each row's age", async () => {
    const history = join(root, "drift-history.jsonl");
    const file = join(root, "history.html");
    const args = ["drift", ...states(), "--format", "html", "--output", file, "--history", history];
    const first = await run(args);
    expect(first.code).toBe(2);
    expect(
      readPage(readFileSync(file, "utf8"))
        .text("p")
        .find((p) => p.startsWith("The history starts")),
    ).toBe(
      "The history starts with this run: 2 findings; the next run tells what is new and what was fixed.",
    );
    // Between the runs: busy drifts, edited is set right (both put back after).
    const bots = emulator.getWebsite(websites.busy!.id)!.exclude_bots;
    emulator.updateWebsite(websites.busy!.id, { exclude_bots: bots === 1 ? 0 : 1 });
    emulator.updateWebsite(websites.edited!.id, { exclude_ips: null });
    try {
      const second = await run(args);
      expect(second.code).toBe(2);
      const page = readPage(readFileSync(file, "utf8"));
      const headline = page.all.find((e) => attr(e, "class") === "headline")!;
      expect(textOf(headline)).toMatch(
        /^1 new, 1 fixed since \d{4}-\d\d-\d\d \d\d:\d\d UTC; 1 open, the oldest for under a day; 0 accepted\.$/,
      );
      const strip = page.all.find((e) => e.tagName === "svg" && attr(e, "class") === "trend")!;
      expect(elements(strip).filter((e) => e.tagName === "g")).toHaveLength(2);
      // The new row is marked; each row's age: the new one's, the open one's, none for the others.
      const age = (domain: string) => {
        const row = page.rows.get(domain)!;
        return [attr(row, "data-new"), attr(elements(row).filter((e) => e.tagName === "td")[1]!, "data-v")];
      };
      expect(age("busy.html.example")).toEqual(["", "0"]);
      expect(age(hostile)).toEqual([undefined, "0"]);
      expect(age("edited.html.example")).toEqual([undefined, "-1"]);
      const fixed = page.all.find((e) => e.tagName === "section" && attr(e, "aria-labelledby") === "fixed")!;
      expect(
        elements(fixed)
          .filter((e) => e.tagName === "td")
          .map(textOf)[0],
      ).toBe(`edited.html.example (${websites.edited!.id}) changed: excludeIps`);
      expect(page.all.filter((e) => e.tagName === "img")).toEqual([]);
    } finally {
      emulator.updateWebsite(websites.busy!.id, { exclude_bots: bots === 1 ? 1 : 0 });
      emulator.updateWebsite(websites.edited!.id, { exclude_ips: "10.0.0.1" });
    }
  });
});
