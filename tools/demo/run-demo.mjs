#!/usr/bin/env node
// `npm run demo`: what pulumi-webstats does, in a few minutes, on this machine.
//
// It runs examples/quickstart through the real engine against the embedded emulator (or
// the installation named by WEBSTATS_BASE_URL and WEBSTATS_API_KEY when both are set):
// up creates three websites; a few visitors' hits reach the blog through the tracker
// (POST /api/event), and its statistics, read with the sdk's client.stats, show what its
// settings let count; the blog is then changed outside Pulumi; `preview --refresh` finds
// the drift, field by field; `up --refresh` puts it back; a last preview shows everything
// in sync; `pulumi-webstats generate` writes a project from the account; destroy cleans up
// (skip it with --keep). The package is packed and installed into a temporary project, as
// a user's project would have it. Everything lives in a temporary folder.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensurePulumi } from "../machine/ensure-pulumi.mjs";
import {
  compileProgram,
  createProjectFromTemplate,
  offlineEnvironment,
  prepareProjectTemplate,
  runDriver,
} from "../../test/harness/program-project.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const keep = process.argv.includes("--keep");
const steps = keep ? 8 : 9;
let stepNumber = 0;
const write = (text) => process.stdout.write(text);
const step = (title) => write(`\n[${++stepNumber}/${steps}] ${title}\n`);
const note = (text) => write(`      ${text}\n`);
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)}s`;

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/**
 * Visitors on the blog: its pages' tracking script posts each view. `from` is the referrer (a
 * page of the blog itself makes a pageview without a new visit).
 */
const blogHits = [
  { path: "/", from: "https://news.example.net/", agent: BROWSER, who: "a reader from news.example.net" },
  { path: "/posts/hello?utm_source=newsletter", from: "", agent: BROWSER, who: "a reader of the newsletter" },
  { path: "/posts/hello", from: "/", agent: BROWSER, who: "a reader coming from the home page" },
  { path: "/", from: "", agent: CRAWLER, who: "Googlebot" },
];
/** What the body of the tracker's answer says. */
const hitOutcomes = {
  200: "counted",
  403: "not counted (403: an excluded IP or a bot)",
  404: "not counted (404: no website has this domain)",
};

/**
 * One page view sent as the website's tracking script sends it: JSON to `/api/event` (no API key)
 * with the page's Origin and the browser's User-Agent. The answer is always 200; its body says
 * what happened.
 */
async function sendHit(baseUrl, domain, hit) {
  const root = baseUrl.replace(/\/+$/, "").replace(/\/api\/v1$/, "");
  const referrer = hit.from.startsWith("/") ? `https://${domain}${hit.from}` : hit.from;
  const response = await fetch(`${root}/api/event`, {
    method: "POST",
    headers: {
      "content-type": "application/json; charset=utf-8",
      origin: `https://${domain}`,
      "user-agent": hit.agent,
    },
    body: JSON.stringify({ page: `https://${domain}${hit.path}`, referrer, screen_resolution: "1920x1080" }),
  });
  const body = (await response.text()).trim();
  if (response.status !== 200) throw new Error(`POST /api/event answered ${response.status}: ${body}`);
  return body;
}

/** The emulator, or a real installation when both variables are set. */
async function backend() {
  const { WebstatsClient } = await import("../../dist/sdk/index.js");
  if (process.env.WEBSTATS_BASE_URL && process.env.WEBSTATS_API_KEY) {
    const baseUrl = process.env.WEBSTATS_BASE_URL;
    const apiKey = process.env.WEBSTATS_API_KEY;
    const client = new WebstatsClient({ baseUrl, apiKey });
    return {
      baseUrl,
      apiKey,
      client,
      description: `the installation at ${baseUrl} (WEBSTATS_BASE_URL)`,
      // With a real installation, the change "outside Pulumi" goes through the API.
      changeOutside: (id, patch) => client.websites.update(id, patch),
      close: async () => {},
    };
  }
  const { startEmulator } = await import("../../dist/emulator/index.js");
  const emulator = await startEmulator({ requestsPerMinute: 0 });
  const account = emulator.createAccount({ name: "Demo account" });
  return {
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    client: new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey }),
    description: `the emulator at ${emulator.url}, a stand-in for a real installation`,
    // As someone would in the web interface: straight into the emulator's store.
    changeOutside: async (id, patch) =>
      emulator.updateWebsite(id, {
        email: patch.email ? 1 : 0,
        privacy: { public: 0, private: 1, password: 2 }[patch.privacy],
        exclude_ips: patch.excludeIps.join("\n") || null,
      }),
    close: () => emulator.close(),
  };
}

/** The engine's lines about resources, indented; the rest of its output is noise here. */
function engineProgress(text) {
  for (const line of text.split("\n")) {
    if (/^\s*[+~-]\s+pulumi-nodejs:dynamic\/webstats:Website .*\b(created|updated|deleted)\b/.test(line)) {
      write(`      ${line.trim()}\n`);
    }
  }
}

/**
 * From `preview --diff` output: each planned update's changed properties, as the state has
 * them now and as the program declares them; for lists, the entries the update adds or removes.
 */
function plannedChanges(output) {
  const changes = [];
  let resource;
  let updating = false;
  let list;
  for (const line of output.split("\n")) {
    const header = /^\s*~ pulumi-nodejs:dynamic\/webstats:Website: \((\w[\w-]*)\)/.exec(line);
    if (header) {
      updating = header[1] === "update";
      resource = undefined;
      continue;
    }
    const urn = /\[urn=.*::([^:\]]+)\]/.exec(line);
    if (urn) resource = urn[1];
    if (!updating || !resource) continue;
    if (list) {
      const entry = /^\s*([+-]) \[\d+\]: (.*)$/.exec(line);
      if (entry) (entry[1] === "+" ? list.added : list.removed).push(entry[2]);
      else if (/^\s*\]\s*$/.test(line)) {
        const parts = [];
        if (list.added.length > 0) parts.push(`the update adds ${list.added.join(", ")}`);
        if (list.removed.length > 0) parts.push(`removes ${list.removed.join(", ")}`);
        changes.push({ resource, field: list.field, text: parts.join("; ") });
        list = undefined;
      }
      continue;
    }
    const opened = /^\s*~ (\w+)\s*: \[$/.exec(line);
    if (opened) {
      list = { field: opened[1], added: [], removed: [] };
      continue;
    }
    const field = /^\s*~ (\w+)\s*: (.*) => (.*)$/.exec(line);
    if (field) changes.push({ resource, field: field[1], text: `${field[2]} now, ${field[3]} declared` });
  }
  return changes;
}

async function main() {
  const started = Date.now();
  write("pulumi-webstats demo: websites as code, drift found and put back\n");

  step("Pulumi CLI");
  const pulumi = ensurePulumi({ quiet: true });
  note(`pulumi v${pulumi.version} (${pulumi.source === "build" ? "built now" : pulumi.source})`);

  const root = mkdtempSync(join(tmpdir(), "webstats-demo-"));
  const server = await backend();
  try {
    step("A Pulumi project using the packed package");
    note(`websites live in ${server.description}`);
    let since = Date.now();
    const templateDir = prepareProjectTemplate(root);
    const workDir = join(root, "quickstart");
    createProjectFromTemplate(templateDir, workDir);
    // The example is TypeScript; compile it as `pulumi up` would.
    const source = readFileSync(join(repoRoot, "examples", "quickstart", "index.ts"), "utf8");
    writeFileSync(join(workDir, "index.cjs"), compileProgram(source));
    note(`packed and installed in ${seconds(since)}: ${workDir} runs examples/quickstart/index.ts`);

    const pulumiHome = join(root, "home");
    mkdirSync(pulumiHome);
    mkdirSync(join(root, "state"));
    const env = { ...process.env, ...offlineEnvironment({ ...pulumi, pulumiHome }) };
    const base = {
      stackName: "demo",
      projectName: "webstats-quickstart",
      workDir,
      programFile: "index.cjs",
      binDir: pulumi.binDir,
      pulumiHome,
      backendUrl: `file://${join(root, "state")}`,
      config: {
        "webstats:baseUrl": { value: server.baseUrl },
        "webstats:apiKey": { value: server.apiKey, secret: true },
        "webstats-quickstart:shopStatsPassword": { value: "demo-password-123", secret: true },
      },
    };
    let runs = 0;
    const pulumiRun = async (op, extra = {}, onOutput = undefined) => {
      runs += 1;
      const result = await runDriver({
        workDir,
        env,
        timeoutMs: 600_000,
        requestFile: join(root, `${runs}.request.json`),
        resultFile: join(root, `${runs}.result.json`),
        request: { ...base, op, ...extra },
        onOutput,
      });
      if (!result.ok && !extra.allowFailure) {
        throw new Error(`pulumi ${op} failed: ${result.error}\n${result.output}`);
      }
      return result;
    };

    step("pulumi up: three websites");
    since = Date.now();
    const up = await pulumiRun("up", {}, engineProgress);
    const blogId = up.outputs?.blogId?.value;
    note(`done in ${seconds(since)}; the blog is website ${blogId}`);

    step("Visitors on the blog: hits on its tracker, POST /api/event");
    const blog = await server.client.websites.get(blogId);
    for (const hit of blogHits) {
      const outcome = await sendHit(server.baseUrl, blog.domain, hit);
      note(`${hit.path.padEnd(35)} ${hit.who.padEnd(35)} ${hitOutcomes[outcome] ?? `answered ${outcome}`}`);
    }
    // Yesterday to tomorrow: today's hits, whatever the installation's time zone.
    const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = { from: day(-1), to: day(1) };
    const total = async (name) =>
      (await server.client.stats.list(blogId, { name, ...range })).reduce((sum, row) => sum + row.count, 0);
    const pageviews = await total("pageviews");
    const visitors = await total("visitors");
    const pages = await server.client.stats.list(blogId, { name: "page", ...range });
    note(`client.stats: ${pageviews} pageviews, ${visitors} visitors; top pages:`);
    for (const row of pages.slice(0, 5)) note(`  ${String(row.count).padStart(3)}  ${row.value}`);
    note("utm_source left the page's address (excludeParams), and bots are not counted (excludeBots)");

    step("Someone changes the blog outside Pulumi");
    await server.changeOutside(blogId, { email: false, privacy: "private", excludeIps: [] });
    note("email reports off, statistics private, IP exclusions removed (as in the web interface)");

    step("pulumi preview --refresh: the drift, field by field");
    since = Date.now();
    const preview = await pulumiRun("preview", { refresh: true, diff: true });
    const changes = plannedChanges(preview.output);
    for (const c of changes) note(`${c.resource}  ${c.field}: ${c.text}`);
    if (changes.length === 0) throw new Error(`the preview found no drift:\n${preview.output}`);
    note(`found in ${seconds(since)}; nothing was changed yet`);

    step("pulumi up --refresh: the declared settings put back");
    since = Date.now();
    await pulumiRun("up", { refresh: true }, engineProgress);
    await pulumiRun("preview", { refresh: true, expectNoChanges: true });
    note(`done in ${seconds(since)}; a new preview --refresh --expect-no-changes finds everything in sync`);

    step("pulumi-webstats generate: a project from the account as it is");
    const { runCli } = await import("../../dist/cli/run.js");
    const out = join(root, "generated");
    let printed = "";
    const code = await runCli(
      ["generate", "--out", out],
      { WEBSTATS_BASE_URL: server.baseUrl, WEBSTATS_API_KEY: server.apiKey },
      { out: (text) => (printed += text), err: (text) => (printed += text) },
    );
    if (code !== 0) throw new Error(`generate failed: ${printed}`);
    note(printed.split("\n").slice(0, 2).join("\n      "));

    if (!keep) {
      step("pulumi destroy");
      await pulumiRun("destroy", {}, engineProgress);
    }

    write(`\nDone in ${seconds(started)}.${keep ? ` The stack's state is in ${root}.` : ""}\n`);
    write(
      [
        "",
        "Next:",
        "  - Against a real installation (it creates and, without --keep, deletes three websites, and",
        "    sends the blog four hits):",
        "      WEBSTATS_BASE_URL=https://stats.example.com WEBSTATS_API_KEY=... npm run demo",
        "  - In a project of your own: npm install pulumi-webstats @pulumi/pulumi, then",
        "      pulumi config set webstats:baseUrl https://stats.example.com",
        "      pulumi config set --secret webstats:apiKey ...",
        "  - Take over the websites an account already has:",
        "      export WEBSTATS_BASE_URL=https://stats.example.com WEBSTATS_API_KEY=...",
        "      npx pulumi-webstats generate --out my-websites            # or --format yaml",
        "    Its first `pulumi up` adopts every website and changes nothing.",
        "",
      ].join("\n"),
    );
  } finally {
    await server.close();
    if (!keep) rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`\ndemo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
