// Section 9 of the bench's markdown: `drift --all` over an organisation's stacks in a file and a
// PostgreSQL backend, beside `--read-with pulumi` on a sample, `pulumi preview --refresh` of the
// engine's stacks, the same websites in fewer stacks, a salt per stack, and the run in shards.
// Results recorded before section 9 read its backends directly (one file backend, 50 stacks, every
// stack exported by pulumi) have none of the new runs: their parts are left out.

import { countsOf, mib, requestsOf, routesOf, x } from "./report-cells.mjs";

const s = (ms) => (ms === undefined || Number.isNaN(ms) ? "n/a" : (ms / 1000).toFixed(1));
const outcome = (m) => (m.ok ? `exit code ${m.exitCode}: ${countsOf(m.summary)}` : `failed: ${m.error}`);
/** The rate floor of `n` requests at a real installation's 60 a minute. */
const realFloorMs = (n) => (n > 0 ? Math.floor((n - 1) / 60) * 60_000 : 0);
/** Start-up and listing, then the reading of the stacks, from drift's progress lines. */
const readingMs = (m) =>
  m.readAtMs !== undefined && m.listedAtMs !== undefined ? m.readAtMs - m.listedAtMs : undefined;
const backendName = { file: "file", postgres: "PostgreSQL" };
/** Each text a paragraph of its own. */
const paragraphs = (texts) => texts.flatMap((text) => [text, ""]);

/** The file backend's runs (at the section's top level) and the PostgreSQL backend's, as one shape. */
export function backendsOf(r) {
  const file = {
    kind: "file",
    backendWide: r.backendWide,
    byProject: r.byProject,
    parallel: r.parallel ?? [],
    filtered: r.filtered ?? [],
    fewerStacks: r.fewerStacks,
    cliPath: r.cliPath,
    shards: r.shards,
    merge: r.merge,
  };
  return r.postgres ? [file, { kind: "postgres", parallel: [], ...r.postgres }] : [file];
}

export function allStacksSection(r, run) {
  const paced = `${r.throttle.limit} per ${r.throttle.windowSeconds} s`;
  const perStack = r.websites / r.stackCount;
  const backends = backendsOf(r);
  const direct = r.postgres !== undefined;
  const row = (backend, label, m, stacksOf = perStack) =>
    `| ${backend} | ${label} | ${m.stacks} | ${m.stacks * stacksOf} / ${m.websites} | ${s(m.ms)} | ${s(m.floorMs)} | ${x(m.overFloor)} | ` +
    `${s(m.toFirstRequestMs)} | ${s(m.listedAtMs)}; ${s(readingMs(m))} | ${s(m.requestSpanMs)} | ${requestsOf(m)} | ${mib(m.peakRssKb)} | ${outcome(m)} |`;
  const previewRow = (p) =>
    `| the engine's | baseline: \`pulumi preview --refresh\` of ${p.stack} | 1 | ${p.websites} / ${p.websites} | ${s(p.ms)} | ${s(p.floorMs)} | ` +
    `${x(p.floorMs > 0 ? p.ms / p.floorMs : undefined)} | ${s(p.toFirstRequestMs)} | n/a | ${s(p.requestSpanMs)} | ${requestsOf(p)} | ` +
    `${mib(p.providerPeakRssKb)} (provider) | ${p.ok ? `changes: ${countsOf(p.changes)}` : `failed: ${p.error}`} |`;
  const rowsOf = (b) => {
    const name = backendName[b.kind];
    const fewerPer = b.fewerStacks ? r.websites / b.fewerStacks.stackCount : perStack;
    return [
      row(name, `\`drift --all --backend-wide\` (default --parallel ${r.defaultParallel})`, b.backendWide),
      ...(b.byProject ? [row(name, "`drift --all` with a --cwd per project", b.byProject)] : []),
      ...b.parallel.map((m) => row(name, `\`drift --all --backend-wide --parallel ${m.parallel}\``, m)),
      ...(b.fewerStacks
        ? [
            row(
              name,
              `the same websites in ${b.fewerStacks.stackCount} stacks: \`drift --all --backend-wide\``,
              b.fewerStacks,
              fewerPer,
            ),
          ]
        : []),
      ...b.filtered.map((m) => row(name, `\`drift --all --backend-wide --stack-filter '${m.glob}'\``, m)),
      ...(b.cliPath
        ? [
            row(
              name,
              `baseline: \`drift --all --backend-wide --read-with pulumi --stack-filter '${b.cliPath.glob}'\``,
              b.cliPath.pulumi,
            ),
          ]
        : []),
    ];
  };
  const previewMs = r.previews.reduce((sum, p) => sum + p.ms, 0);
  const previewRequests = r.previews.reduce((sum, p) => sum + (p.requests ?? 0) - (p.refused ?? 0), 0);
  const perStackPreview = r.previews.length > 0 ? previewMs / r.previews.length : undefined;
  const allPreviewRequests = previewRequests * (r.stackCount / Math.max(1, r.previews.length));
  const f = r.backendWide;
  const lines = [
    `## 9. \`pulumi-webstats drift --all\` over ${r.stackCount} stacks in ${r.projects} projects: ${r.websites} websites over ${r.accounts} accounts at ${paced} (one client IP's throttle, shared by every account; the real server's minute scaled down)${direct ? ", in a file backend and in a PostgreSQL backend" : ""}`,
    "",
    ...(run
      ? [
          `Measured ${run.date} in a run of this section alone (\`npm run bench -- --only stacks\`); load average ${run.loadAverages?.[0]?.load ?? "n/a"} at its start, ${run.loadAverageAtEnd ?? "n/a"} at its end.${run.note ? ` ${run.note}` : ""}`,
          "",
        ]
      : []),
    ...(direct ? madeText(r) : oldMadeText(r)),
    "",
    "| backend | command | stacks | websites recorded / in the report | s | rate floor, s | s / floor | to 1st request, s | of which start-up and listing; reading, s | 1st to last request, s | requests (429) | peak RSS, MiB | outcome |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...r.previews.map(previewRow),
    ...backends.flatMap(rowsOf),
    "",
    ...paragraphs(
      backends.map(
        (b) =>
          `Requests, ${backendName[b.kind]} backend: ${b.backendWide.requests - b.backendWide.refused} counted (and ${b.backendWide.refused} refused) against a floor of ${r.requestFloor} ` +
          `(one GET /account per key, one listing per 100 websites of each account): ${routesOf(b.backendWide.requestsByRoute)}; from the first to the last, ` +
          `${s(b.backendWide.requestSpanMs)} s against their rate floor of ${s(b.backendWide.floorMs)} s; the whole command ${x(b.backendWide.overFloor)} of it.`,
      ),
    ),
    `At a real installation's 60 a minute the same requests have a floor of ${s(realFloorMs(r.requestFloor))} s. The previews of the sample made ` +
      `${r.previews.reduce((sum, p) => sum + (p.requests ?? 0), 0)} requests for ${r.previews.reduce((sum, p) => sum + p.websites, 0)} websites and took ${s(previewMs)} s together; ` +
      `at that pace the ${r.stackCount} stacks, one after the other, would take about ${s(perStackPreview === undefined ? undefined : perStackPreview * r.stackCount)} s ` +
      `(an estimate from the sample, not measured) against ${s(f.ms)} s for drift over all of them; their ${allPreviewRequests} requests would have a floor of ` +
      `${s(realFloorMs(allPreviewRequests))} s at 60 a minute.`,
    "",
    ...(direct
      ? [
          ...paragraphs(cliPathText(r, backends)),
          ...paragraphs(memoryText(r, backends)),
          ...shardsSection(r, backends),
          ...saltsSection(r),
        ]
      : oldMemoryText(r)),
  ];
  return lines;
}

function madeText(r) {
  const m = r.made;
  const both = [
    ["file", m.file],
    ["PostgreSQL", m.postgres],
  ];
  const mibOf = (bytes) => (bytes / 2 ** 20).toFixed(0);
  return [
    `How the stacks were made: ${m.sampleStacks} stacks brought up by the engine (a program of ${r.websites / r.stackCount} Websites each, dynamic provider); ` +
      `the first one's \`pulumi stack export --show-secrets\` (${m.templateBytes} bytes) is the template of every stack (URNs moved to its project and name, ` +
      `its provider given its account's key, a Website per website of the stack with the website's id and outputs; the websites created through the API). ` +
      `In each backend, ${m.cliPerProject} stacks of each project were made by \`pulumi stack init\` and \`pulumi stack import\` ` +
      `(${both.map(([name, b]) => `${name}: ${b.cliStacks} in ${s(b.cliMs)} s`).join("; ")}; 4 projects at a time) and the others written straight into the backend's layout ` +
      `by the bench's writer (test/harness/state-writer.mjs: ${both.map(([name, b]) => `${name}: ${b.writerStacks} in ${s(b.writeMs)} s, ${mibOf(b.writerBytes)} MiB of states`).join("; ")}); ` +
      `test/e2e/drift/backend-writer.test.ts holds the writer's stacks to the CLI's: drift and \`pulumi stack export --show-secrets\` read them the same. ` +
      `The same websites in ${r.fewerStacks?.stackCount} stacks: the writer alone (${both.map(([name, b]) => `${name}: ${s(b.fewer.writeMs)} s`).join("; ")}).`,
    "",
    `Salts: the stacks of a project share one (${m.file.salts} distinct in each backend): the project's first stack got its own from \`pulumi stack init\`, ` +
      `its other CLI stacks were made by \`pulumi stack init\` after their Pulumi.<stack>.yaml was copied from the first's (init keeps an \`encryptionsalt\` it finds), ` +
      `and the writer wrote the rest with that salt. \`pulumi stack init --copy-config-from\` does not share one: the CLI ${"3.276"} gives the new stack a salt of its own ` +
      `(tried here). Stacks made each by a plain \`pulumi stack init\` have a salt each: 9c measures that. One PBKDF2-SHA256 key derivation (1,000,000 rounds) took ` +
      `${Math.round(r.keyDerivationMs)} ms in the bench process.`,
    "",
    "Every website is in sync. Times are from the command's start to its exit; the listing and reading split comes from drift's progress lines on standard error " +
      "(`Reading N stacks` once the listing is done, `Stacks read ...` once every state is read, its secrets decrypted). Peak RSS is the drift process's own " +
      "`process.resourceUsage().maxRSS` at exit (the pulumi processes it starts are apart).",
  ];
}

function oldMadeText(r) {
  return [
    `How the stacks were made: ${r.made.sampleStacks} stacks brought up by the engine; the first one's export (${r.made.templateBytes} bytes) rewritten for each of the ` +
      `${r.stackCount} stacks and put into one file backend with \`pulumi stack init\` and \`pulumi stack import\` (${s(r.made.importMs)} s for all, 4 at a time); ` +
      "every stack read with `pulumi stack export`.",
  ];
}

function oldMemoryText(r) {
  const perStack = r.websites / r.stackCount;
  const byStacks = [...r.filtered, r.backendWide].sort((p, q) => p.stacks - q.stacks);
  return [
    `Memory against the stacks read: ${byStacks.map((m) => `${m.stacks} stacks (${m.stacks * perStack} websites recorded): ${mib(m.peakRssKb)} MiB`).join("; ")}.`,
    "",
  ];
}

/** `--read-with pulumi` on the sample beside the direct read of the same stacks, and what all of them would take. */
function cliPathText(r, backends) {
  return backends
    .filter((b) => b.cliPath)
    .map((b) => {
      const { pulumi: p, auto: a, glob } = b.cliPath;
      const n = p.stacks;
      const read = readingMs(p);
      const whole = b.backendWide;
      // The listing is of the whole backend already; the exports scale with the stacks; after the
      // reading, the same requests as the run over every stack.
      const estimate =
        read === undefined || whole.readAtMs === undefined || n === 0
          ? undefined
          : p.listedAtMs + (read * r.stackCount) / n + (whole.ms - whole.readAtMs);
      return (
        `The old way, ${backendName[b.kind]} backend: \`--read-with pulumi\` (\`pulumi stack ls --all\`, then a \`pulumi stack export --show-secrets\` process per stack, ${r.defaultParallel} at a time) ` +
        `over the ${n} stacks of '${glob}' listed in ${s(p.listedAtMs)} s and read them in ${s(read)} s (${read === undefined || n === 0 ? "n/a" : Math.round(read / n)} ms a stack), ` +
        `its first request ${s(p.toFirstRequestMs)} s after its start; the direct read of the same stacks: listed in ${s(a.listedAtMs)} s, read in ${s(readingMs(a))} s. ` +
        `All ${r.stackCount} stacks the old way would take about ${s(estimate)} s (${x(estimate === undefined || !(whole.floorMs > 0) ? undefined : estimate / whole.floorMs)} of the rate floor; ` +
        `an estimate: its listing as measured, its reading ${r.stackCount / Math.max(1, n)} times the sample's, then the requests as in the run over every stack), ` +
        `against ${s(whole.ms)} s measured for the direct read. ` +
        `Only ${n} stacks were read this way: ${r.stackCount} exports would take the section past its time.` +
        (b.kind === "postgres"
          ? " pulumi ran with GOMAXPROCS=8 here: the CLI's PostgreSQL backend pools GOMAXPROCS x 2 connections, and with 2 (this machine's cores) " +
            `\`pulumi stack ls --all\` of the ${r.stackCount} stacks did not return within 120 s (tried apart from the bench).`
          : "")
      );
    });
}

function memoryText(r, backends) {
  return backends.map((b) => {
    const perStack = r.websites / r.stackCount;
    const points = [
      ...b.filtered.map((m) => ({ stacks: m.stacks, recorded: m.stacks * perStack, kb: m.peakRssKb })),
      { stacks: b.backendWide.stacks, recorded: r.websites, kb: b.backendWide.peakRssKb },
    ].sort((p, q) => p.recorded - q.recorded);
    const fewer = b.fewerStacks;
    // A filtered run whose report holds every website: only the states read differ.
    const made = b.kind === "file" ? r.made.file : r.made.postgres;
    const sameReport = b.filtered.find((m) => m.websites === r.websites && m.stacks < b.backendWide.stacks);
    return (
      `Memory, ${backendName[b.kind]} backend: against the websites read, ${points.map((p) => `${p.stacks} stacks (${p.recorded} websites): ${mib(p.kb)} MiB`).join("; ")}. ` +
      (fewer
        ? `Against the stacks, the same ${r.websites} websites: ${fewer.stackCount} stacks ${mib(fewer.peakRssKb)} MiB, ${r.stackCount} stacks ${mib(b.backendWide.peakRssKb)} MiB ` +
          `(${x(b.backendWide.peakRssKb / fewer.peakRssKb)}). The split run's merge: ${mib(b.merge?.peakRssKb)} MiB.`
        : "") +
      (sameReport
        ? ` Reading ${sameReport.stacks} stacks with the same ${r.websites} websites listed and reported took ${mib(sameReport.peakRssKb)} MiB: ` +
          `reading the other states, all in one read (the writer's ${made.writerStacks} alone are ${(made.writerBytes / 2 ** 20).toFixed(0)} MiB of JSON), and ` +
          `recording their websites added ${mib(b.backendWide.peakRssKb - sameReport.peakRssKb)} MiB.`
        : "")
    );
  });
}

function shardsSection(r, backends) {
  const shardRow = (name, m) =>
    `| ${name} | \`--shard ${m.shard}\` | ${m.stacks} | ${m.websites} | ${s(m.ms)} | ${s(m.toFirstRequestMs)} | ${s(m.requestSpanMs)} | ${requestsOf(m)} | ` +
    `${s(m.floorMs)} | ${x(m.overFloor)} | ${mib(m.peakRssKb)} | ${m.shardFileBytes === undefined ? "n/a" : Math.round(m.shardFileBytes / 1024)} | ${m.ok ? `exit code ${m.exitCode}` : `failed: ${m.error}`} |`;
  const mergeRow = (name, m, files) =>
    `| ${name} | \`drift merge\` of the ${files} files | ${m.stacks} | ${m.websites} | ${s(m.ms)} | n/a | n/a | ${requestsOf(m)} | n/a | n/a | ${mib(m.peakRssKb)} | n/a | ${outcome(m)} |`;
  const split = backends.filter((b) => b.shards?.length);
  if (split.length === 0) return [];
  const n = split[0].shards.length;
  return [
    `### 9b. The same run in ${n} shards (\`--shard I/${n} --shard-file F\`, one after the other here), and their merge`,
    "",
    "| backend | run | stacks read | websites recorded / in the report | s | to 1st request, s | 1st to last request, s | requests (429) | rate floor, s | s / floor | peak RSS, MiB | shard file, KiB | outcome |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...split.flatMap((b) => [
      ...b.shards.map((m) => shardRow(backendName[b.kind], m)),
      mergeRow(backendName[b.kind], b.merge, b.shards.length),
    ]),
    "",
    ...paragraphs(
      split.map((b) => {
        const requests = b.shards.reduce((sum, m) => sum + m.requests - m.refused, 0);
        const longest = Math.max(...b.shards.map((m) => m.ms));
        return (
          `${backendName[b.kind]} backend: the ${b.shards.length} shards made ${requests} requests together against ${b.backendWide.requests - b.backendWide.refused} for one run: ` +
          `stacks are split by name, and each shard lists every account its stacks use (here every account: each project's stacks spread over all of them). ` +
          `On CI machines of their own (each its own client IP, so its own throttle) the shards run side by side: the longest took ${s(longest)} s, ` +
          `then the merge ${s(b.merge.ms)} s, against ${s(b.backendWide.ms)} s for one run.`
        );
      }),
    ),
  ];
}

function saltsSection(r) {
  const { shared, distinct } = r.salts ?? {};
  if (!shared || !distinct) return [];
  const perSalt =
    readingMs(distinct) !== undefined && readingMs(shared) !== undefined && distinct.salts > shared.salts
      ? (readingMs(distinct) - readingMs(shared)) / (distinct.salts - shared.salts)
      : undefined;
  const saltRow = (label, m) =>
    `| ${label} | ${m.stacks} | ${m.salts} | ${s(m.writeMs)} | ${s(m.ms)} | ${s(m.toFirstRequestMs)} | ${s(readingMs(m))} | ${requestsOf(m)} | ${mib(m.peakRssKb)} | ${outcome(m)} |`;
  const fleetSalts = r.made.file.salts;
  return [
    `### 9c. A salt per stack against a shared salt: one key derivation per distinct salt`,
    "",
    `The ${shared.stacks} stacks of one account, written twice into file backends of their own: sharing one salt (as the fleet's projects do), and with a salt each ` +
      "(as stacks made each by a plain `pulumi stack init` have them). The writer derives each salt's key too (several at once, on Node.js's thread pool).",
    "",
    "| salts | stacks | distinct salts | writer's time, s | drift s | to 1st request, s | reading, s | requests (429) | peak RSS, MiB | outcome |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    saltRow("baseline: one shared salt", shared),
    saltRow("a salt per stack", distinct),
    "",
    `Each salt beyond the first added ${perSalt === undefined ? "n/a" : Math.round(perSalt)} ms to drift's reading. drift derives up to --parallel ${r.defaultParallel} keys at once ` +
      `(Node.js's thread pool) on ${r.cpus ?? "n/a"} cores, and one derivation alone took ${Math.round(r.keyDerivationMs)} ms here: ` +
      `${r.cpus ? Math.round(r.keyDerivationMs / Math.min(r.cpus, r.defaultParallel)) : "n/a"} ms a salt with every core free (other work on the machine makes it more). ` +
      `So ${r.stackCount} stacks with a salt each would spend about ${s(perSalt === undefined ? undefined : perSalt * (r.stackCount - fleetSalts))} s more before the first request ` +
      `than the fleet above with its ${fleetSalts} salts (an estimate from the ${distinct.salts} measured, not measured at ${r.stackCount}; with every core free about ` +
      `${s(r.cpus ? (r.keyDerivationMs / Math.min(r.cpus, r.defaultParallel)) * (r.stackCount - fleetSalts) : undefined)} s): the file backend's run would take about ` +
      `${s(perSalt === undefined ? undefined : r.backendWide.ms + perSalt * (r.stackCount - fleetSalts))} s, ` +
      `${x(perSalt === undefined || !(r.backendWide.floorMs > 0) ? undefined : (r.backendWide.ms + perSalt * (r.stackCount - fleetSalts)) / r.backendWide.floorMs)} of its rate floor.`,
    "",
  ];
}
