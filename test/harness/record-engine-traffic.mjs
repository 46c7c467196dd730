#!/usr/bin/env node
// `npm run recordings` records what the real Pulumi engine says to each host, so that the provider
// tier (test/provider/) speaks to the hosts with the engine's request shapes instead of invented
// ones. Each scenario below runs a few engine operations (up, preview, refresh, import, destroy) of
// one stack through the pinned CLI, against an emulator of its own (so website ids start at 1 and
// a replay on a fresh emulator gives the same ids), with PULUMI_DEBUG_GRPC=<file>: the CLI then
// writes every gRPC request and answer it exchanges with plugins as JSON lines. Those lines are
// scrubbed (below) and written to test/provider/recordings/<scenario>.jsonl, which
// test/provider/recorded-traffic.test.ts replays against the hosts, and the first line of each
// says what made it (test/unit/provider/recordings.test.ts fails when that no longer holds).
//
// Needs `npm run build` (the package is packed from dist/ as it is) and `npm run pulumi:ensure`.
// Programs: a TypeScript inline program for the dynamic host, Pulumi YAML for the plugin.
// `npm run recordings -- NAME...` records only those scenarios; WEBSTATS_RECORDINGS_RAW=<folder>
// keeps the unscrubbed logs there too (they hold the throwaway emulator's keys).
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensurePulumi, lockedPulumiVersion, YAML_HOST_VERSION } from "../../tools/machine/ensure-pulumi.mjs";
import { installTemplate, packPackage } from "./program-project.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const recorderFile = fileURLToPath(import.meta.url);
/**
 * A change made to the emulator between two operations (a recording's `outOfBand` line).
 * @typedef {object} OutOfBandChange
 * @property {{ id: number, patch: Record<string, unknown> }} [updateWebsite]
 * @property {{ account?: number, id?: number, input: Record<string, unknown> }} [createWebsite]
 */

/**
 * A Website argument in a recorded program: a plain value, `{ secret }` (a secret value), or
 * `{ websiteIdOf, prefix }` (text made of another Website's id, unknown in a preview).
 * @typedef {ProgramScalar | ProgramScalar[]} ProgramValue
 */

/**
 * @typedef {string | number | boolean | { secret: string } | { websiteIdOf: string, prefix: string }} ProgramScalar
 */

/**
 * One engine operation of a scenario.
 * @typedef {object} ScenarioStep
 * @property {"up" | "preview" | "refresh" | "destroy" | "import"} command
 * @property {string} summary
 * @property {Record<string, Record<string, ProgramValue>>} [websites] The program's Websites by
 *   name, in order (up, preview).
 * @property {Record<string, string>} [settings] Stack settings (`webstats:NAME`) changed before
 *   the operation; `{{baseUrl}}`, `{{apiKey:N}}` inside.
 * @property {Record<string, string>} [explicit] The arguments of an explicit provider resource
 *   serving the Websites.
 * @property {{ function: string, arguments: Record<string, unknown> }} [invoke] A function the
 *   program calls (plugin).
 * @property {{ name: string, id: string }} [import] `pulumi import webstats:index:Website NAME ID`.
 * @property {OutOfBandChange[]} [outOfBand]
 * @property {boolean} [allowFailure]
 * @property {boolean} [importedProgram] The Websites are the program the previous import printed
 *   (the recorder checks it).
 */

/**
 * A stack of one host and its steps in order.
 * @typedef {{ name: string, host: "dynamic" | "plugin", accounts: number, steps: ScenarioStep[] }} Scenario
 */

/** Where the recordings live, one JSON-lines file per scenario. */
export const recordingsDir = join(repoRoot, "test", "provider", "recordings");

/** The version the schema is given before it is hashed: a release changes nothing a host says. */
const schemaDigestVersion = "0.0.0";

/**
 * SHA-256 of the package schema (`packageSchema` of core/package-schema), its version fixed.
 * @param {(version?: string) => unknown} packageSchema
 * @returns {string}
 */
export function schemaDigest(packageSchema) {
  return createHash("sha256")
    .update(JSON.stringify(packageSchema(schemaDigestVersion)))
    .digest("hex");
}

/**
 * SHA-256 of this script: its scenarios and its scrubbing are what the recordings show.
 * @returns {string}
 */
export function recorderDigest() {
  return createHash("sha256").update(readFileSync(recorderFile)).digest("hex");
}

/**
 * What the recordings must reflect, as of now: the engine (the CLI version the main lane runs,
 * which is the locked @pulumi/pulumi's, and the YAML language host), the package schema and this
 * script. `packageSchema` is core/package-schema's function (from the sources or from dist/).
 * @param {(version?: string) => unknown} packageSchema
 * @returns {{ pulumiVersion: string, yamlHostVersion: string, schemaSha256: string, recorderSha256: string }}
 */
export function expectedProvenance(packageSchema) {
  return {
    pulumiVersion: lockedPulumiVersion(),
    yamlHostVersion: YAML_HOST_VERSION,
    schemaSha256: schemaDigest(packageSchema),
    recorderSha256: recorderDigest(),
  };
}

/** The engine's value of an unknown during a preview (UUID-shaped, kept as is). */
const unknownValue = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/**
 * Calls left out, and why (said in each recording's first line): none carries website data or is
 * a step of an operation.
 */
const dropReasons = {
  GetPluginInfo:
    "answers the plugin's version (the package's, or @pulumi/pulumi's for the dynamic host) only",
  GetSchema: "the whole package schema, which the recordings pin by hash (meta.schemaSha256) instead",
  Cancel: "sent with an empty request as the engine shuts a provider down; the answer is empty",
};
/**
 * Request fields whose values differ on every run and mean nothing to a host: left out. Handshake,
 * the first call to every provider process (both hosts answer UNIMPLEMENTED), is kept as the mark
 * of a new process, without its addresses and folders.
 */
const volatileRequestFields = [
  "randomSeed",
  "resourceStatusAddress",
  "resourceStatusToken",
  "engineAddress",
  "rootDirectory",
  "programDirectory",
  "mapperTarget",
  "loaderTarget",
  "resolverTarget",
];

/** What each placeholder stands for (said in each recording's first line). */
const placeholders = {
  "{{baseUrl}}": "the emulator's address",
  "{{apiKey}}": "the first account's API key; {{apiKey:N}} the key of account N, counted from 0",
  "{{serializedProvider}}": "the dynamic provider as the program serialized it (meta.serializedProvider)",
  "{{timestamp}}": "a createdAt, updatedAt or favoritedAt value",
  "{{engineId}}": "an id the engine made up (a provider resource's)",
  "{{tmp}}": "a temporary folder of the recording",
};

const websiteOutputsWithTime = new Set(["createdAt", "updatedAt", "favoritedAt"]);
const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * The scrubbed form of one recorded value: the emulator's address becomes {{baseUrl}}, each
 * account's API key {{apiKey}} (the first) or {{apiKey:N}}, the serialized dynamic provider
 * {{serializedProvider}}, a timestamp output {{timestamp}}, an engine id (a UUID) {{engineId}},
 * and a temporary folder {{tmp}}.
 */
function scrubValue(value, context, key) {
  if (typeof value === "string") {
    if (context.serializedProvider && value === context.serializedProvider) return "{{serializedProvider}}";
    if (websiteOutputsWithTime.has(key)) return "{{timestamp}}";
    let text = value.split(context.baseUrl).join("{{baseUrl}}");
    context.apiKeys.forEach((apiKey, index) => {
      text = text.split(apiKey).join(index === 0 ? "{{apiKey}}" : `{{apiKey:${index}}}`);
    });
    text = text.replace(uuidPattern, (uuid) => (uuid === unknownValue ? uuid : "{{engineId}}"));
    for (const folder of context.tmp) text = text.split(folder).join("{{tmp}}");
    return text;
  }
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, context, undefined));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubValue(v, context, k)]));
  }
  return value;
}

const handshake = "/pulumirpc.ResourceProvider/Handshake";

/** The ResourceProvider calls of one operation's PULUMI_DEBUG_GRPC log, scrubbed. */
function providerCalls(logFile, context) {
  if (!existsSync(logFile)) return [];
  const calls = [];
  for (const line of readFileSync(logFile, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const entry = JSON.parse(line);
    const prefix = "/pulumirpc.ResourceProvider/";
    if (!entry.method?.startsWith(prefix) || entry.progress !== "response_completed") continue;
    if (entry.method.slice(prefix.length) in dropReasons) continue;
    const request = { ...entry.request };
    for (const field of volatileRequestFields) delete request[field];
    const call = { method: entry.method, provider: entry.metadata?.name, request };
    if (entry.errors) call.errors = entry.errors;
    else call.response = entry.response ?? {};
    // A process that served only dropped calls (the YAML host's schema load) leaves no mark.
    if (call.method === handshake && calls.at(-1)?.method === handshake) calls.pop();
    calls.push(scrubValue(call, context, undefined));
  }
  if (calls.at(-1)?.method === handshake) calls.pop();
  return invokesAfterConfigure(calls);
}

/**
 * The engine runs a program's function calls beside its resource steps, so where an Invoke lands
 * among them varies from run to run. Each is put right after its process's Configure, which is
 * where a replay can send it; that holds only where no step changes a website beside it.
 */
function invokesAfterConfigure(calls) {
  const ordered = [];
  let group = [];
  const flush = () => {
    const invokes = group.filter((call) => call.method.endsWith("/Invoke"));
    const others = group.filter((call) => !call.method.endsWith("/Invoke"));
    const mutating = others.filter((call) => /\/(Create|Update|Delete)$/.test(call.method));
    if (invokes.length > 0 && mutating.length > 0) {
      throw new Error("an Invoke beside a create, update or delete cannot be recorded in a fixed order");
    }
    const configure = others.findIndex((call) => call.method.endsWith("/Configure"));
    others.splice(configure + 1, 0, ...invokes);
    ordered.push(...others);
    group = [];
  };
  for (const call of calls) {
    if (call.method === handshake) flush();
    group.push(call);
  }
  flush();
  return ordered;
}

/** Fails when a scrubbed recording still holds something of this run: it would not replay. */
function assertScrubbed(lines, context) {
  const text = lines.map((line) => JSON.stringify(line)).join("\n");
  const leftovers = [
    context.baseUrl,
    ...context.apiKeys,
    ...context.tmp,
    ...(text.match(/127\.0\.0\.1:\d+/g) ?? []),
  ].filter((value) => value && text.includes(value));
  if (leftovers.length > 0) throw new Error(`the recording still holds ${leftovers.join(", ")}`);
}

/**
 * Applies one out-of-band change (a recording's `outOfBand` line) to the emulator.
 * @param {OutOfBandChange} change
 * @param {{ emulator: import("../../emulator").Emulator, accounts: import("../../emulator").EmulatorAccount[],
 *   Client: typeof import("../../sdk").WebstatsClient }} context
 * @returns {Promise<void>}
 */
export async function applyOutOfBand(change, { emulator, accounts, Client }) {
  if (change.updateWebsite) {
    emulator.updateWebsite(change.updateWebsite.id, change.updateWebsite.patch);
  } else if (change.createWebsite) {
    const account = accounts[change.createWebsite.account ?? 0];
    const client = new Client({ baseUrl: emulator.url, apiKey: account.apiKey });
    const created = await client.websites.create(change.createWebsite.input);
    if (change.createWebsite.id !== undefined && created.id !== change.createWebsite.id) {
      throw new Error(`the out-of-band website got id ${created.id}, recorded as ${change.createWebsite.id}`);
    }
  } else {
    throw new Error(`unknown out-of-band change ${JSON.stringify(change)}`);
  }
}

/**
 * Accounts of every recording's emulator, created in this order (fixed names: functions return them).
 * @type {{ name: string, email: string }[]}
 */
export const recordedAccounts = [
  { name: "Recorded Primary", email: "primary@example.com" },
  { name: "Recorded Agency", email: "agency@example.com" },
];

/** The password of the recorded websites: a secret in both programs. */
const password = { secret: "recorded-password" };
const siteArgs = (domain, more = {}) => ({ domain, privacy: "password", password, email: false, ...more });

/**
 * A Website argument in a program: a plain value, `{ secret }` (a secret value), or
 * `{ websiteIdOf, prefix }` (text made of another Website's id, unknown while that one is yet to
 * be created, as in a preview).
 */
function tsValue(value) {
  if (Array.isArray(value)) return `[${value.map(tsValue).join(", ")}]`;
  if (value?.secret !== undefined) return `pulumi.secret(${JSON.stringify(value.secret)})`;
  if (value?.websiteIdOf) return `pulumi.interpolate\`${value.prefix}\${${value.websiteIdOf}.websiteId}\``;
  return JSON.stringify(value);
}

function yamlValue(value) {
  if (Array.isArray(value)) return `[${value.map(yamlValue).join(", ")}]`;
  if (value?.secret !== undefined) return `{ "fn::secret": ${JSON.stringify(value.secret)} }`;
  if (value?.websiteIdOf) return JSON.stringify(`${value.prefix}\${${value.websiteIdOf}.websiteId}`);
  return JSON.stringify(value);
}

/**
 * The dynamic host's program (TypeScript): the step's Websites, in order.
 * @param {ScenarioStep} step
 * @returns {string}
 */
export function typescriptProgram(step) {
  const lines = [`import * as pulumi from "@pulumi/pulumi";`, `import * as webstats from "pulumi-webstats";`];
  for (const [name, args] of Object.entries(step.websites ?? {})) {
    const fields = Object.entries(args).map(([key, value]) => `  ${key}: ${tsValue(value)},`);
    lines.push(`const ${name} = new webstats.Website(${JSON.stringify(name)}, {`, ...fields, `});`);
  }
  lines.push(`export const names = ${JSON.stringify(Object.keys(step.websites ?? {}))};`);
  return lines.join("\n");
}

/**
 * The plugin's program (Pulumi YAML): the step's Websites, in order, through an explicit provider
 * resource named `explicit` when the step gives its arguments, and the step's function call.
 * @param {ScenarioStep} step
 * @param {(value: string) => string} [fill] Resolves the placeholders.
 * @returns {string}
 */
export function yamlProgram(step, fill = (value) => value) {
  const lines = [];
  if (step.invoke) {
    lines.push(`variables:`, `  listed:`, `    fn::invoke:`);
    lines.push(`      function: webstats:index:${step.invoke.function}`);
    lines.push(`      arguments: ${JSON.stringify(step.invoke.arguments)}`);
  }
  const websites = Object.entries(step.websites ?? {});
  lines.push(websites.length === 0 && !step.explicit ? `resources: {}` : `resources:`);
  if (step.explicit) {
    lines.push(`  explicit:`, `    type: pulumi:providers:webstats`, `    properties:`);
    lines.push(`      baseUrl: ${JSON.stringify(fill(step.explicit.baseUrl))}`);
    lines.push(`      apiKey: ${yamlValue({ secret: fill(step.explicit.apiKey) })}`);
  }
  for (const [name, args] of websites) {
    lines.push(`  ${name}:`, `    type: webstats:index:Website`, `    properties:`);
    for (const [key, value] of Object.entries(args)) lines.push(`      ${key}: ${yamlValue(value)}`);
    if (step.explicit) lines.push(`    options:`, `      provider: \${explicit}`);
  }
  if (step.invoke) lines.push(`outputs:`, `  listed: \${listed.websites}`);
  return `${lines.join("\n")}\n`;
}

/** The same steps for each host: a Website's life, with the edges the provider tier imitates. */
function lifecycle(host) {
  const domain = `${host}-rec.example.com`;
  const renamed = `${host}-rec-renamed.example.com`;
  return {
    name: `${host}-lifecycle`,
    host,
    accounts: 1,
    steps: [
      {
        command: "up",
        summary: "create a website with a secret password",
        websites: { site: siteArgs(domain) },
      },
      {
        command: "preview",
        summary:
          host === "plugin"
            ? "preview: a new website and an argument of the first that waits for it (unknown); the program lists the account's websites (Invoke)"
            : "preview: a new website and an argument of the first that waits for it (unknown)",
        websites: {
          extra: { domain: `extra-${domain}` },
          site: siteArgs(domain, { excludeParams: [{ websiteIdOf: "extra", prefix: "ref-" }] }),
        },
        // The dynamic host's functions run in the program's process, not in the provider.
        ...(host === "plugin" ? { invoke: { function: "getWebsites", arguments: { search: domain } } } : {}),
      },
      {
        command: "up",
        summary: "update: e-mail reports on",
        websites: { site: siteArgs(domain, { email: true }) },
      },
      {
        command: "refresh",
        summary: "refresh after e-mail reports and bot exclusion were switched off out of band",
        outOfBand: [{ updateWebsite: { id: 1, patch: { email: 0, exclude_bots: 0 } } }],
      },
      {
        command: "up",
        summary: "a domain change: the website is replaced (created anew, then the old one deleted)",
        websites: { site: siteArgs(renamed, { email: true }) },
      },
      {
        command: "up",
        summary: "a bad argument (a password, but privacy public): check fails, nothing changes",
        allowFailure: true,
        websites: { site: siteArgs(renamed, { email: true, privacy: "public" }) },
      },
      {
        command: "destroy",
        summary:
          "destroy after the stack's baseUrl setting changed: the provider is configured with the settings the state records",
        settings: { baseUrl: "{{baseUrl}}/moved" },
      },
    ],
  };
}

const explicitSite = (email) => ({ site: { domain: "explicit-rec.example.com", email } });
const explicitArgs = (baseUrl) => ({ baseUrl, apiKey: "{{apiKey:1}}" });

/**
 * The scenarios: each a stack of one host and its steps in order. A step runs `command` with its
 * Websites as the program, after its `outOfBand` changes to the emulator and its `settings`
 * changes to the stack's (`webstats:*`); `explicit` gives the arguments of an explicit provider
 * resource that serves the Websites. `{{baseUrl}}` and `{{apiKey:N}}` stand for the emulator's
 * address and account N's key. test/provider/recorded-traffic.test.ts drives ProviderStack
 * through the same steps.
 * @type {Scenario[]}
 */
export const scenarios = [
  lifecycle("dynamic"),
  lifecycle("plugin"),
  {
    name: "plugin-import",
    host: "plugin",
    accounts: 1,
    steps: [
      {
        command: "import",
        summary: "pulumi import of a website made elsewhere, by id (the CLI previews it first)",
        import: { name: "imported", id: "1" },
        outOfBand: [
          {
            createWebsite: {
              account: 0,
              id: 1,
              input: {
                domain: "import-rec.example.com",
                privacy: "password",
                password: "imported-password",
                email: true,
                excludeParams: ["ref"],
              },
            },
          },
        ],
      },
      {
        command: "up",
        summary: "the program the import printed: no change",
        websites: {
          imported: {
            domain: "import-rec.example.com",
            email: true,
            excludeBots: true,
            excludeIps: [],
            favorite: false,
            privacy: "password",
          },
        },
        importedProgram: true,
      },
      { command: "destroy", summary: "destroy" },
    ],
  },
  {
    name: "plugin-explicit-provider",
    host: "plugin",
    accounts: 2,
    steps: [
      {
        command: "up",
        summary: "create a website through an explicit provider of the second account",
        explicit: explicitArgs("{{baseUrl}}"),
        websites: explicitSite(false),
      },
      {
        command: "up",
        summary: "update the website; the provider's arguments are unchanged",
        explicit: explicitArgs("{{baseUrl}}"),
        websites: explicitSite(true),
      },
      {
        command: "up",
        summary:
          "the provider's address written differently (a trailing slash): a provider change, no replacement",
        explicit: explicitArgs("{{baseUrl}}/"),
        websites: explicitSite(true),
      },
      {
        command: "preview",
        summary: "a bad provider argument: the provider's check fails",
        allowFailure: true,
        explicit: explicitArgs("not an address"),
        websites: explicitSite(true),
      },
      { command: "destroy", summary: "destroy" },
    ],
  },
];

/**
 * A project template with the packed package (from dist/ as built, without its prepack
 * rebuild) and the @pulumi/pulumi under test, and the automation driver.
 */
function prepareTemplate(root, pulumiVersion) {
  const tarball = packPackage(join(root, "pack"));
  return installTemplate(join(root, "template"), "webstats-recordings", [
    tarball,
    `@pulumi/pulumi@${pulumiVersion}`,
  ]);
}

/** A step's value with `{{baseUrl}}` and `{{apiKey:N}}` made this run's. */
function fillIn(value, emulator, accounts) {
  return value
    .replaceAll("{{baseUrl}}", emulator.url)
    .replace(/\{\{apiKey(?::(\d+))?\}\}/g, (_, index) => accounts[Number(index ?? 0)].apiKey);
}

/** Runs one scenario against an emulator of its own; returns the recording's lines. */
async function record(scenario, { pulumi, templateDir, pluginHome, root, meta, modules }) {
  const { ProgramStack, compileProgram } = modules;
  const emulator = await modules.startEmulator({ requestsPerMinute: 0 });
  const accounts = recordedAccounts.slice(0, scenario.accounts).map((a) => emulator.createAccount(a));
  const fill = (value) => fillIn(value, emulator, accounts);
  const context = {
    baseUrl: emulator.url,
    apiKeys: accounts.map((a) => a.apiKey),
    tmp: [root],
    serializedProvider: undefined,
  };
  const programOf = (step) =>
    scenario.host === "plugin"
      ? { yaml: yamlProgram(step, fill) }
      : { program: compileProgram(typescriptProgram(step)) };
  const env = {};
  // The YAML language host beside a CLI found on PATH lives in a folder of its own.
  if (pulumi.yamlHostDir !== pulumi.binDir) {
    env.PATH = [pulumi.pluginDir, pulumi.binDir, pulumi.yamlHostDir, process.env.PATH ?? ""].join(delimiter);
  }
  const stack = new ProgramStack({
    pulumi: { ...pulumi, templateDir },
    ...programOf(scenario.steps[0]),
    ...(scenario.host === "plugin" ? { pluginHome } : {}),
    config: {
      "webstats:baseUrl": { value: emulator.url },
      "webstats:apiKey": { value: accounts[0].apiKey, secret: true },
    },
    env,
    tmpPrefix: "webstats-recording-",
  });
  context.tmp.unshift(stack.dir);
  const lines = [
    { meta: { ...meta, scenario: scenario.name, host: scenario.host, accounts: scenario.accounts } },
  ];
  let previous;
  try {
    for (const [index, step] of scenario.steps.entries()) {
      for (const change of step.outOfBand ?? []) {
        await applyOutOfBand(change, { emulator, accounts, Client: modules.WebstatsClient });
      }
      for (const [name, value] of Object.entries(step.settings ?? {})) {
        stack.setConfig(`webstats:${name}`, { value: fill(value), secret: name === "apiKey" });
      }
      // A refresh or destroy does not run the program: the previous one stays.
      const program = step.websites || step.command === "import" ? programOf(step) : previous;
      if (program?.yaml !== undefined) stack.setYamlProgram(program.yaml);
      if (program?.program !== undefined) stack.setProgram(program.program);
      previous = program;
      const logFile = join(stack.dir, `grpc-${index}.jsonl`);
      stack.setEnv("PULUMI_DEBUG_GRPC", logFile);
      const result =
        step.command === "import"
          ? await stack.import(["webstats:index:Website", step.import.name, step.import.id])
          : await stack.run(step.command, { allowFailure: step.allowFailure });
      if (step.allowFailure && result.ok) throw new Error(`${scenario.name}: "${step.summary}" did not fail`);
      if (step.importedProgram) assertImportedProgram(step, context.importedCode, modules.parseYaml);
      if (step.command === "import") context.importedCode = result.generatedCode ?? "";
      context.serializedProvider ??= serializedProviderIn(logFile);
      for (const change of step.outOfBand ?? []) lines.push({ outOfBand: change });
      lines.push({ operation: { command: step.command, summary: step.summary, failed: !result.ok } });
      lines.push(...providerCalls(logFile, context));
      const rawDir = process.env.WEBSTATS_RECORDINGS_RAW;
      if (rawDir) copyFileSync(logFile, join(rawDir, `${scenario.name}-${index}.jsonl`));
    }
  } catch (error) {
    process.stderr.write(`--- engine output of ${scenario.name} ---\n${stack.output}\n`);
    throw error;
  } finally {
    stack.cleanup();
    await emulator.close();
  }
  if (context.serializedProvider) lines[0].meta.serializedProvider = context.serializedProvider;
  assertScrubbed(lines.slice(1), context);
  return lines;
}

/** A step said to be the program an import printed must be that program. */
function assertImportedProgram(step, printed, parseYaml) {
  const resources = parseYaml(printed.slice(printed.indexOf("resources:")))?.resources ?? {};
  const got = Object.fromEntries(Object.entries(resources).map(([name, r]) => [name, r.properties]));
  if (JSON.stringify(got) !== JSON.stringify(step.websites)) {
    throw new Error(`"${step.summary}": the import printed ${JSON.stringify(got)}, not the step's Websites`);
  }
}

/** The serialized dynamic provider the program sent (the `__provider` of its first Check). */
function serializedProviderIn(logFile) {
  if (!existsSync(logFile)) return undefined;
  for (const line of readFileSync(logFile, "utf8").split("\n")) {
    if (!line.includes("/pulumirpc.ResourceProvider/Check")) continue;
    const provider = JSON.parse(line).request?.news?.__provider;
    if (typeof provider === "string") return provider;
  }
  return undefined;
}

async function main() {
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
  const chosen = only.length > 0 ? scenarios.filter((s) => only.includes(s.name)) : scenarios;
  if (chosen.length === 0) throw new Error(`no scenario named ${only.join(", ")}`);
  if (!existsSync(join(repoRoot, "dist", "plugin", "pulumi-resource-webstats.js"))) {
    throw new Error("dist/ is missing: run npm run build first.");
  }
  const locked = lockedPulumiVersion();
  const pulumi = ensurePulumi({ quiet: true });
  if (pulumi.version !== locked) {
    throw new Error(
      `the recordings are made with the main lane's CLI ${locked}, but ${pulumi.version} was found` +
        " (unset WEBSTATS_PULUMI_VERSION, or put pulumi v" +
        `${locked} first on PATH).`,
    );
  }
  const require = (await import("node:module")).createRequire(import.meta.url);
  const { installPluginHome } = await import("./plugin-program.mjs");
  const modules = {
    ProgramStack: (await import("./program-stack.mjs")).ProgramStack,
    compileProgram: (await import("./program-project.mjs")).compileProgram,
    parseYaml: (await import("yaml")).parse,
    startEmulator: require(join(repoRoot, "dist", "emulator", "index.js")).startEmulator,
    WebstatsClient: require(join(repoRoot, "dist", "sdk", "index.js")).WebstatsClient,
  };
  const { packageSchema } = require(join(repoRoot, "dist", "core", "package-schema.js"));
  const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));
  const root = mkdtempSync(join(tmpdir(), "webstats-recordings-"));
  const started = Date.now();
  try {
    const templateDir = prepareTemplate(root, locked);
    const pluginHome = installPluginHome({
      templateDir,
      binDir: pulumi.binDir,
      home: join(root, "plugin-home"),
    });
    const sdkVersion = JSON.parse(
      readFileSync(join(templateDir, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8"),
    ).version;
    const meta = {
      ...expectedProvenance(packageSchema),
      pulumiVersion: pulumi.version,
      pulumiSdkVersion: sdkVersion,
      packageVersion: manifest.version,
      nodeVersion: process.version,
      recordings: scenarios.map((s) => s.name),
      dropped: dropReasons,
      placeholders,
    };
    mkdirSync(recordingsDir, { recursive: true });
    for (const scenario of chosen) {
      const stepStarted = Date.now();
      const lines = await record(scenario, { pulumi, templateDir, pluginHome, root, meta, modules });
      const file = join(recordingsDir, `${scenario.name}.jsonl`);
      writeFileSync(file, lines.map((line) => JSON.stringify(line)).join("\n") + "\n");
      const calls = lines.filter((line) => line.method).length;
      process.stdout.write(
        `recordings: ${scenario.name}.jsonl: ${calls} calls (${((Date.now() - stepStarted) / 1000).toFixed(1)}s)\n`,
      );
    }
    const known = new Set(scenarios.map((s) => `${s.name}.jsonl`));
    for (const file of readdirSync(recordingsDir)) {
      if (file.endsWith(".jsonl") && !known.has(file)) rmSync(join(recordingsDir, file));
    }
    process.stdout.write(`recordings: done in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const invokedDirectly = process.argv[1] && resolve(process.argv[1]) === recorderFile;
if (invokedDirectly) {
  main().catch((error) => {
    process.stderr.write(`recordings: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
