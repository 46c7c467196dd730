// docs/troubleshooting.md is held to the messages the code gives where a server or a repository
// is needed: the server's answers (a key it refuses, a plan without the API), the plan-limit
// refusal, and drift's refusals (its options, a stack filter that keeps nothing, a file with
// uncommitted changes for --fix code). Each is made here by the real code against the emulator
// over real HTTP, or by the command in-process, and each of these sections of the page must quote
// exactly the messages made for it (test/unit/docs/troubleshooting.test.ts holds the others).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../cli/run";
import { PlanBudget } from "../../../core/plan-budget";
import { WebsiteReader } from "../../../core/website-reader";
import { filterStacks, stackFilter } from "../../../drift/read/stack-glob";
import { startEmulator, type Emulator } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";
import { writeStackExport } from "../../support/stack-exports";
import { asDocumented, quotedMessages } from "../../support/troubleshooting-page";

let emulator: Emulator;
const root = mkdtempSync(join(tmpdir(), "troubleshooting-"));

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
});
afterAll(async () => {
  await emulator.close();
  rmSync(root, { recursive: true, force: true });
});

/** The message of what `run` rejects with, written as the page writes installations. */
async function rejected(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    return asDocumented((error as Error).message, emulator.url);
  }
  throw new Error("expected a refusal");
}

/** What `pulumi-webstats ARGS` writes on standard error, in-process, refusing with exit code 1. */
async function commandError(argv: string[]): Promise<string> {
  let err = "";
  const code = await runCli(argv, {}, { out: () => undefined, err: (text) => (err += text) });
  expect(code, argv.join(" ")).toBe(1);
  return err;
}

/** The first line of a command's refusal: the message, without the pointer to --help. */
const firstLine = (text: string) => text.trim().split("\n")[0]!;

const clientOf = (apiKey: string) => new WebstatsClient({ baseUrl: emulator.url, apiKey, maxRetries: 0 });

/** The messages of each section this tier holds, made by the code. */
const sections: Record<string, () => Promise<string[]>> = {
  "## The server's answers": async () => {
    const noApi = emulator.createAccount({ apiAccess: false });
    return [
      await rejected(() => clientOf("x".repeat(64)).account.get()),
      await rejected(() => clientOf(noApi.apiKey).account.get()),
    ];
  },
  "## Plan limits": async () => {
    const account = emulator.createAccount({ email: "owner@example.com", websiteLimit: 1 });
    const client = clientOf(account.apiKey);
    await client.websites.create({ domain: "blog.example.com" });
    const budget = new PlanBudget(client, new WebsiteReader(client));
    const refusal = await budget.admit("shop.example.com", false);
    return [asDocumented(refusal ?? "", emulator.url)];
  },
  "## Drift's refusals": async () => {
    // A fleet file in a git repository, edited and not committed, that --fix code would rewrite.
    const account = emulator.createAccount({});
    const client = clientOf(account.apiKey);
    const shop = await client.websites.create({ domain: "shop.example.com" });
    emulator.updateWebsite(shop.id, { privacy: 1 });
    const repo = join(root, "repo");
    mkdirSync(repo);
    writeFileSync(join(repo, "Pulumi.yaml"), "name: shop\nruntime: nodejs\n");
    writeFileSync(join(repo, "websites.yaml"), "websites:\n  - domain: shop.example.com\n");
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: repo });
    git("init", "-q");
    git("add", ".");
    git("commit", "-q", "-m", "start");
    writeFileSync(join(repo, "websites.yaml"), "websites:\n  - domain: shop.example.com # edited\n");
    const state = join(root, "prod.json");
    writeStackExport(state, {
      project: "shop",
      url: emulator.url,
      apiKey: account.apiKey,
      websites: [shop],
      fleet: { name: "sites", file: "websites.yaml" },
    });
    const uncommitted = await commandError(["drift", "--cwd", repo, "--state", state, "--fix", "code"]);
    const fixRefusal = /^.*has changes not yet committed.*$/m.exec(uncommitted)?.[0] ?? uncommitted;
    return [
      firstLine(await commandError(["drift", "--stack", "prod", "--stack-filter", "acme-*"])),
      firstLine(await commandError(["drift", "--all", "--stack", "prod"])),
      await rejected(() =>
        Promise.resolve().then(() =>
          filterStacks(
            [{ fullName: "web-prod" }, { fullName: "web-dev" }],
            [stackFilter("acme-*")],
            "the project here",
          ),
        ),
      ),
      fixRefusal.replace(repo, "infra").trim(),
    ];
  },
  "## Verbose output": async () => {
    // A stack's run whose account read fails once, with --verbose: the lines it adds, the
    // durations (and the retry's random wait) written as N, the folder as the page's.
    const account = emulator.createAccount({});
    const client = clientOf(account.apiKey);
    const news = await client.websites.create({ domain: "news.example.com" });
    await client.websites.create({ domain: "docs.example.com" });
    const folder = join(root, "verbose");
    mkdirSync(folder);
    const state = join(folder, "prod.json");
    writeStackExport(state, { project: "news", url: emulator.url, apiKey: account.apiKey, websites: [news] });
    emulator.injectFault({ route: "GET /api/v1/account", kind: "status", status: 503, count: 1 });
    let err = "";
    const env = { WEBSTATS_BASE_URL: emulator.url, WEBSTATS_API_KEY: account.apiKey };
    await runCli(["drift", "--state", state, "--verbose"], env, {
      out: () => undefined,
      err: (text) => (err += text),
    });
    const lines = err.split("\n").filter((line) => line.startsWith("verbose: "));
    return [
      lines
        .join("\n")
        .replace(/\b\d+ ms\b/g, "N ms")
        .split(folder)
        .join("."),
    ];
  },
};

describe("docs/troubleshooting.md: the messages of a server, a plan and drift", () => {
  it.each(Object.keys(sections))(
    "%s: quotes each message the code gives, and only those",
    async (section) => {
      const produced = await sections[section]!();
      expect(produced.every((message) => message.length > 0)).toBe(true);
      expect(quotedMessages(section)).toEqual(produced);
    },
  );
});
