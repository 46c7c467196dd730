#!/usr/bin/env node
// `npm run demo`: what pulumi-webstats does, in a few minutes, on this machine.
//
// It runs examples/quickstart through the real engine against the embedded emulator (or
// the installation named by WEBSTATS_BASE_URL and WEBSTATS_API_KEY when both are set):
// up creates three websites; a few visitors' hits reach the blog through the tracker
// (POST /api/event), and its statistics, read with the sdk's client.stats, show what its
// settings let count; the blog is then changed behind Pulumi's back (the emulator's admin
// API, as someone in the web interface would); `pulumi-webstats drift` finds it, field by
// field, and writes its HTML report; `up --refresh` puts it back; a last preview shows
// everything in sync; `pulumi-webstats generate` writes a project from the account; destroy
// cleans up. With --keep, the stack, its state and the emulator's data file stay, with scripts
// that bring the emulator back on the same port and run drift and destroy against it. The
// package is packed and installed into a temporary project, as a user's project would have it
// (WEBSTATS_DEMO_TEMPLATE names a project template made already, as the engine tests make one).
// Only the Pulumi CLI is made available: the demo runs a Node.js inline program, which needs no
// language host, so the YAML host the engine tests build is not built for it.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensurePulumiCli } from "../machine/ensure-pulumi.mjs";
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
const stackName = "demo";
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
async function backend(root) {
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
      // With a real installation, the change behind Pulumi's back goes through the API.
      changeOutside: async (id, patch) => {
        await client.websites.update(id, patch);
        return "through the API";
      },
      close: async () => {},
    };
  }
  const { startEmulator } = await import("../../dist/emulator/index.js");
  // The data file outlives the demo with --keep: the emulator comes back with the same websites.
  const dataFile = join(root, "emulator-data.json");
  const emulator = await startEmulator({ requestsPerMinute: 0, dataFile });
  const account = emulator.createAccount({ name: "Demo account" });
  return {
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    client: new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey }),
    description: `the emulator at ${emulator.url}, a stand-in for a real installation`,
    dataFile,
    // As someone would in the web interface: the emulator's admin API, which Pulumi never sees.
    changeOutside: async (id, patch) => {
      const response = await fetch(`${emulator.url}/_emulator/websites/${id}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${emulator.adminToken}`, "content-type": "application/json" },
        body: JSON.stringify({
          email: patch.email ? 1 : 0,
          privacy: { public: 0, private: 1, password: 2 }[patch.privacy],
          exclude_ips: patch.excludeIps.join("\n") || null,
        }),
      });
      if (!response.ok) throw new Error(`PATCH /_emulator/websites/${id} answered ${response.status}`);
      return `with the emulator's admin API (PATCH /_emulator/websites/${id})`;
    },
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
 * `pulumi-webstats drift` on the demo's stack, in this process: its text report, and its HTML
 * report written to `htmlFile`. Exit 2 is drift found, what the demo expects.
 */
async function runDrift(workDir, env, htmlFile) {
  const { runCli } = await import("../../dist/cli/run.js");
  let text = "";
  const args = ["drift", "--cwd", workDir, "--stack", stackName, "--format", "text"];
  const code = await runCli(
    [...args, "--format", "html", "--output", htmlFile],
    { ...env },
    { out: (chunk) => (text += chunk), err: (chunk) => (text += chunk) },
  );
  return { code, text };
}

/**
 * What --keep leaves beside the state: scripts that bring the emulator back on the port the stack
 * records, with the demo's websites, and run drift and destroy against it. Each is written whole.
 */
function writeKeptScripts({ root, workDir, env, emulatorUrl, dataFile, shellWord }) {
  const node = shellWord(process.execPath);
  const port = new URL(emulatorUrl).port;
  const exports = ["PATH", "PULUMI_HOME", "PULUMI_CONFIG_PASSPHRASE", "PULUMI_SKIP_UPDATE_CHECK"]
    .map((name) => `export ${name}=${shellWord(env[name] ?? "")}`)
    .join("\n");
  const destroyRequest = join(root, "destroy.request.json");
  writeFileSync(
    destroyRequest,
    JSON.stringify({
      op: "destroy",
      stackName,
      projectName: "webstats-quickstart",
      workDir,
      programFile: "index.cjs",
      binDir: env.WEBSTATS_DEMO_BIN_DIR,
      pulumiHome: env.PULUMI_HOME,
      backendUrl: `file://${join(root, "state")}`,
    }),
  );
  const scripts = {
    "emulator.sh": [
      "# The demo's emulator again, on the port the stack records, with the websites the demo left.",
      `exec ${node} ${shellWord(join(repoRoot, "dist", "emulator", "cli.js"))} --port ${port} --data ${shellWord(dataFile)} --requests-per-minute 0`,
    ],
    "drift.sh": [
      "# pulumi-webstats drift on the demo's stack (the emulator running); more options may follow.",
      exports,
      `cd ${shellWord(workDir)} || exit 1`,
      `exec ${node} ${shellWord(join(repoRoot, "dist", "cli", "main.js"))} drift --stack ${stackName} "$@"`,
    ],
    "destroy.sh": [
      "# pulumi destroy of the demo's stack (the emulator running): deletes its three websites.",
      exports,
      `cd ${shellWord(workDir)} || exit 1`,
      `exec ${node} driver.cjs ${shellWord(destroyRequest)} ${shellWord(join(root, "destroy.result.json"))}`,
    ],
  };
  for (const [name, lines] of Object.entries(scripts)) {
    writeFileSync(join(root, name), ["#!/bin/sh", ...lines, ""].join("\n"));
    chmodSync(join(root, name), 0o755);
  }
  return Object.keys(scripts).map((name) => join(root, name));
}

async function main() {
  const started = Date.now();
  write("pulumi-webstats demo: websites as code, drift found and put back\n");
  const install = await import("../../dist/core/install-steps.js");

  step("Pulumi CLI");
  const pulumi = ensurePulumiCli({ quiet: true });
  note(`pulumi v${pulumi.version} (${pulumi.source === "build" ? "built now" : pulumi.source})`);

  const root = mkdtempSync(join(tmpdir(), "webstats-demo-"));
  // The HTML report outlives the demo's folder, which is removed without --keep.
  const reportDir = mkdtempSync(join(tmpdir(), "webstats-demo-report-"));
  const reportFile = join(reportDir, "drift-report.html");
  const server = await backend(root);
  try {
    step("A Pulumi project using the packed package");
    note(`websites live in ${server.description}`);
    let since = Date.now();
    const givenTemplate = process.env.WEBSTATS_DEMO_TEMPLATE;
    const templateDir = givenTemplate || prepareProjectTemplate(root);
    const workDir = join(root, "quickstart");
    createProjectFromTemplate(templateDir, workDir);
    // The example is TypeScript; compile it as `pulumi up` would.
    const source = readFileSync(join(repoRoot, "examples", "quickstart", "index.ts"), "utf8");
    writeFileSync(join(workDir, "index.cjs"), compileProgram(source));
    note(
      `${givenTemplate ? "installed" : "packed and installed"} in ${seconds(since)}: ${workDir} runs examples/quickstart/index.ts`,
    );

    const pulumiHome = join(root, "home");
    mkdirSync(pulumiHome);
    mkdirSync(join(root, "state"));
    const env = { ...process.env, ...offlineEnvironment({ ...pulumi, pulumiHome }) };
    const base = {
      stackName,
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

    step("Someone changes the blog behind Pulumi's back");
    const how = await server.changeOutside(blogId, { email: false, privacy: "private", excludeIps: [] });
    note(`email reports off, statistics private, IP exclusions removed, ${how}`);

    step("pulumi-webstats drift: the change found, field by field");
    since = Date.now();
    const drift = await runDrift(workDir, env, reportFile);
    if (drift.code !== 2) throw new Error(`drift exited ${drift.code}, not 2 (drift found):\n${drift.text}`);
    for (const line of drift.text.trimEnd().split("\n")) note(line);
    note(`found in ${seconds(since)} (exit code 2: drift); nothing was changed`);
    note(`HTML report: ${reportFile}`);

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

    write(`\nDone in ${seconds(started)}. The drift report: ${reportFile}\n`);
    if (keep && server.dataFile) {
      const scripts = writeKeptScripts({
        root,
        workDir,
        env: { ...env, WEBSTATS_DEMO_BIN_DIR: pulumi.binDir },
        emulatorUrl: server.baseUrl,
        dataFile: server.dataFile,
        shellWord: install.shellWord,
      });
      write(
        [
          "",
          `Kept in ${root}: the stack, its state and the emulator's data (emulator-data.json).`,
          `The emulator stops with the demo; the stack records its port. To go on with it:`,
          `  ${scripts[0]}    # the emulator again, same port and websites (Ctrl-C stops it)`,
          `  ${scripts[1]}       # in another terminal: pulumi-webstats drift on the stack`,
          `  ${scripts[2]}     # pulumi destroy: deletes the three websites`,
          `Then rm -r ${root} when done.`,
          "",
        ].join("\n"),
      );
    } else if (keep) {
      write(`\nKept in ${root}: the stack and its state; its websites are on ${server.baseUrl}.\n`);
    }
    const installing = install.installSteps({ clone: repoRoot });
    write(
      [
        "",
        "Next:",
        "  - Against a real installation (it creates and, without --keep, deletes three websites, and",
        "    sends the blog four hits):",
        "      WEBSTATS_BASE_URL=https://stats.example.com WEBSTATS_API_KEY=... npm run demo",
        "  - In a project of your own:",
        `      # ${installing.why}`,
        ...install.installLines(installing, "      "),
        "      pulumi config set webstats:baseUrl https://stats.example.com",
        "      pulumi config set --secret webstats:apiKey ...",
        "  - Take over the websites an account already has, in that project:",
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
