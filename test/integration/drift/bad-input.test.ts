// drift's bad-input table, as the provider has one (test/provider/bad-input.test.ts): hostile
// input from the server, from files users edit and from CI, each row through the real command
// (in-process, runCaptured) against the emulator. The rule for every row: the run ends with its
// report or with a clear error naming the file or the field, and no secret, no workflow command
// and no markup from the server reaches what it prints.
//
// The rows proven at a lower tier, where the command adds nothing (each file's own table):
// - the page check's domains that are no host names, IP literals and redirects to addresses that
//   are not public, pages nested 20,000 deep, a parse that throws, the run's bounds:
//   test/unit/drift/compare/page-check.test.ts, test/unit/sdk/public-address.test.ts,
//   test/integration/drift/compare/page-check.test.ts, and through the command
//   test/integration/drift/check-pages.test.ts ("websites no page can be read at");
// - writes cut short (full disk, quota, a kill), planted links, pipes and devices at the target,
//   modes, owners, a file changed since it was read: test/unit/core/atomic-file.test.ts,
//   test/unit/drift/model/output-files.test.ts, test/unit/drift/fix/fix-code-write.test.ts,
//   test/integration/drift/fix/fix-code.test.ts;
// - a server value that would become a Pulumi YAML interpolation or fails its field's rule:
//   test/unit/drift/fix/fix-text.test.ts, test/integration/drift/fix/fix-code.test.ts;
// - each output format fed every hostile string: test/unit/drift/report/output-neutral.test.ts; every
//   text transform's cost on 1 MB values: test/unit/drift/model/linear-text.test.ts;
// - globs of any cost: test/unit/core/glob.test.ts; a website password echoed by the server:
//   test/unit/sdk/errors.test.ts; JSON that is damaged or nested too deep: test/unit/core/json-text.test.ts;
// - the Action's echo and outputs: test/integration/action/run.test.ts.
import { lstatSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { gzipSync, zstdCompressSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";
import type { Website } from "../../../sdk";
import { workflowCommands } from "../../support/action-runner";
import { markdownIt } from "../../support/markdown-it";
import { runCaptured } from "../../support/run-cli";
import { exportedSecret, stackExportText, writeStackExport } from "../../support/stack-exports";
import { checkpointText, passphraseKey, stateKey, writeFileBackend } from "../../harness/state-writer.mjs";
import { startPostgres } from "../../support/postgres-server";
import { useStubResolver } from "../../support/stub-resolver";
import { createServer as createHttpsServer } from "node:https";
import type { Server as HttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { TRACKING_SCRIPT_ID, TRACKING_SCRIPT_PATH } from "../../../core/tracking-code";
import { PAGE_TEXT_QUOTED_AT_MOST } from "../../../drift/model/page-quote";
import {
  issueCertificate,
  makeCertificateAuthority,
  startForwardingProxy,
  writePemFiles,
} from "../../support/network";
import type { ForwardingProxy, PemFiles } from "../../support/network";

// No name resolves, at once, and no query leaves this machine (the page check's rows).
useStubResolver();
import { driftJsonReport } from "../../support/drift-json-report";

const root = mkdtempSync(join(tmpdir(), "drift-bad-input-"));
const dataFile = join(root, "emulator.json");
const stackFile = join(root, "stack.json");

/** Domains the real server stores (its rule takes anything before the last dot but a line break). */
const hostileDomains: Record<string, string> = {
  "command.bad-input.example.org": "::error title=drift::forged.example.org",
  "markup.bad-input.example.org": "<img src=x onerror=alert(1)>.example.org",
  "mention.bad-input.example.org": "@octocat #1 owner/repo#2.example.org",
  "long.bad-input.example.org": `${"a".repeat(60)}.example.org`,
  // Addresses a page is never requested at: documentation, benchmarking.
  "documentation.bad-input.example.org": "198.51.100.7",
  "benchmarking.bad-input.example.org": "198.18.0.1",
};
/** An `exclude_ips` the web interface stored as it was typed: free text, one entry a line. */
const hostileIps = "::stop-commands::t0ken\n\u001b[31m##[error]red\u202e\n${secretValue}";
const recordedIps = ["192.0.2.77"];

/** Characters no output may carry raw: escapes, carriage returns, bidi overrides, separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const rawControl = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe("drift's bad-input table", () => {
  let emulator: Emulator;
  let account: EmulatorAccount;
  let recorded: Website;

  beforeAll(async () => {
    // The domains go into the emulator's data file between two starts: its own rule is stricter
    // than the real server's, which stores all of them.
    const first = await startEmulator({ requestsPerMinute: 0, dataFile });
    account = first.createAccount({ name: "Bad input" });
    const client = new WebstatsClient({ baseUrl: first.url, apiKey: account.apiKey });
    for (const placeholder of Object.keys(hostileDomains))
      await client.websites.create({ domain: placeholder });
    const created = await client.websites.create({
      domain: "ips.bad-input.example.org",
      excludeIps: recordedIps,
    });
    await first.close();
    let data = readFileSync(dataFile, "utf8");
    for (const [placeholder, domain] of Object.entries(hostileDomains)) {
      data = data.replace(JSON.stringify(placeholder), JSON.stringify(domain));
    }
    writeFileSync(dataFile, data);
    emulator = await startEmulator({ requestsPerMinute: 0, dataFile });
    emulator.updateWebsite(created.id, { exclude_ips: hostileIps });
    recorded = created;
    writeStackExport(stackFile, {
      project: "bad-input",
      url: emulator.url,
      apiKey: account.apiKey,
      websites: [created],
    });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  const drift = (...options: string[]) => runCaptured(["drift", "--state", stackFile, ...options]);

  /**
   * A stack file at `state` whose one website, `site`, has a home page served with `body` over
   * https on this machine, reached only through a forwarding proxy that alone resolves its name
   * (test/integration/drift/check-pages.test.ts's wiring). Set up before the enclosing describe's tests and closed
   * after them; `env` is what the command needs to reach the page.
   */
  function pageThroughProxy(site: string, state: string, body: string): { env: Record<string, string> } {
    const served = { env: {} as Record<string, string> };
    let pages: HttpsServer | undefined;
    let proxy: ForwardingProxy | undefined;
    let pem: PemFiles | undefined;
    beforeAll(async () => {
      const ca = await makeCertificateAuthority("Bad Input Pages Root");
      const certificate = await issueCertificate(ca, { dnsNames: [site] });
      pages = createHttpsServer({ key: certificate.keyPem, cert: certificate.certPem }, (_req, res) => {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(body);
      });
      const listening = pages;
      await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
      proxy = await startForwardingProxy({
        resolve: { [site]: "127.0.0.1" },
        ports: { 443: (listening.address() as AddressInfo).port },
      });
      pem = writePemFiles({ "pages-root.pem": ca.certPem });
      served.env = { HTTPS_PROXY: proxy.url, WEBSTATS_CA_CERT_FILE: pem.path("pages-root.pem") };
      const owner = emulator.createAccount({ name: site });
      const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: owner.apiKey });
      const website = await client.websites.create({ domain: site });
      writeStackExport(state, {
        project: site.split(".")[0]!,
        url: emulator.url,
        apiKey: owner.apiKey,
        websites: [website],
      });
    });
    afterAll(async () => {
      pages?.closeAllConnections();
      pages?.close();
      await proxy?.close();
      pem?.remove();
    });
    return served;
  }

  describe("server text in every format", () => {
    it.each(["text", "json", "markdown", "sarif", "junit", "html"])(
      "%s: the report is written, with no workflow command and no raw control character",
      async (format) => {
        const run = await drift("--format", format);
        expect(run.code).toBe(2);
        for (const printed of [run.out, run.err]) {
          expect(workflowCommands(printed)).toEqual([]);
          expect(printed).not.toMatch(rawControl);
          expect(printed.split(/\r\n|\r|\n/).filter((line) => /^\s*::/.test(line))).toEqual([]);
        }
        // The report is there, beside the hostile websites.
        expect(run.out).toContain(hostileDomains["long.bad-input.example.org"]);
      },
    );

    it("markdown: markup, mentions and references from the server render as text or code", async () => {
      const run = await drift("--format", "markdown");
      const html = markdownIt.render(run.out);
      expect(html).not.toMatch(/<img|<script/i);
      expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;.example.org");
      // GitHub looks for mentions and issue references in the text outside code elements.
      const outsideCode = html.replace(/<code>[\s\S]*?<\/code>/g, " ");
      expect(outsideCode).not.toMatch(/@octocat|#1\b|repo#2/);
      expect(html).toContain("<code>@octocat #1 owner/repo#2.example.org</code>");
    });

    it("json: the values stay exact data", async () => {
      const run = await drift("--format", "json");
      const report = driftJsonReport<{
        websites: { domain: string; changes?: { field: string; live: unknown }[] }[];
      }>(run.out);
      const domains = report.websites.map((w) => w.domain);
      for (const domain of Object.values(hostileDomains)) expect(domains).toContain(domain);
      const ips = report.websites.find((w) => w.domain === recorded.domain)?.changes;
      expect(ips).toContainEqual(
        expect.objectContaining({ field: "excludeIps", live: hostileIps.split("\n") }),
      );
    });
  });

  it("--check-pages: a website at a documentation or benchmarking address is refused, the report written", async () => {
    const run = await drift("--check-pages", "--page-timeout", "5", "--format", "json");
    expect(run.code).toBe(2);
    const report = JSON.parse(run.out) as { websites: { domain: string; page?: { reason?: string } }[] };
    const reason = (domain: string) => report.websites.find((w) => w.domain === domain)?.page?.reason;
    const hint = "not a public one (--page-allow-private allows intranet websites)";
    expect(reason("198.51.100.7")).toBe(`refused: 198.51.100.7 is a documentation address, ${hint}`);
    expect(reason("198.18.0.1")).toBe(`refused: 198.18.0.1 is a benchmarking address, ${hint}`);
  });

  describe("--check-pages: a home page whose tracking snippet carries a data-host of 2,000,000 characters", () => {
    const site = "huge-host.bad-input.test";
    const hugeHost = `https://${"h".repeat(2_000_000 - 8)}`;
    const pagesStack = join(mkdtempSync(join(tmpdir(), "drift-bad-input-pages-")), "stack.json");
    const served = pageThroughProxy(
      site,
      pagesStack,
      `<!doctype html><html><head><script defer id="${TRACKING_SCRIPT_ID}" data-host="${hugeHost}" ` +
        `src="https://stats.example.com${TRACKING_SCRIPT_PATH}"></script></head><body>Hi</body></html>`,
    );

    /** The reason every report quotes: the first characters, an ellipsis and the full length. */
    const cutReason = `the tracking code sends its hits to another installation: ${hugeHost.slice(0, PAGE_TEXT_QUOTED_AT_MOST)}… (2,000,000 characters) instead of `;

    it.each(["markdown", "text", "json", "sarif", "junit", "html"])(
      "%s: the run finishes, the value never whole, cut with its length said where quoted",
      async (format) => {
        const run = await runCaptured(
          ["drift", "--state", pagesStack, "--check-pages", "--page-timeout", "120", "--format", format],
          served.env,
        );
        expect(run.err).toContain("Pages: 1 of 1 home pages read.\n");
        expect([0, 2]).toContain(run.code);
        // Far below GitHub's 1 MiB job-summary limit: the value is never there whole.
        expect(run.out.length).toBeLessThan(64 * 1024);
        expect(run.out).not.toContain("h".repeat(PAGE_TEXT_QUOTED_AT_MOST + 1));
        if (format === "json") {
          const report = driftJsonReport<{ websites: { page?: { status: string; reason: string } }[] }>(
            run.out,
          );
          expect(report.websites[0]?.page?.status).toBe("wrong");
          expect(report.websites[0]?.page?.reason).toContain(cutReason);
        } else if (format === "junit") {
          // The website passes as a test case (it is in sync), which quotes no page reason.
          expect(run.out).toContain(site);
        } else {
          expect(run.out).toContain("… (2,000,000 characters)");
        }
      },
    );
  });

  it("an ignore rule that would backtrack for ever ends with the report", async () => {
    const ignore = join(root, "backtracking.yaml");
    writeFileSync(
      ignore,
      `ignore:\n  - domain: "${"*a".repeat(12)}*b"\n    status: unmanaged\n    reason: a glob no domain matches\n`,
    );
    const run = await drift("--ignore", ignore, "--format", "json");
    expect(run.code).toBe(2);
    const report = driftJsonReport<{ websites: { domain: string; status: string }[] }>(run.out);
    expect(
      report.websites.find((w) => w.domain === hostileDomains["long.bad-input.example.org"]),
    ).toMatchObject({
      status: "unmanaged",
    });
  });

  it.each([
    [
      "nested 60,000 deep",
      () => "[".repeat(60_000) + "]".repeat(60_000),
      /nests arrays and objects deeper than 64 levels \(line 1, column 65\)/,
    ],
    ["of 8 MB", () => `{"rules": {}, "padding": "${"x".repeat(8 * 1024 * 1024)}"}`, /larger than 1 MiB/],
  ])("a policy configuration %s is refused by name, before any request", async (_label, text, problem) => {
    const file = join(root, "policy-config.json");
    writeFileSync(file, text());
    emulator.resetRequestCounts();
    const run = await drift("--policy-pack-config", file);
    expect(run.code).toBe(1);
    expect(run.err).toContain(file);
    expect(run.err).toMatch(problem);
    expect(run.err.length).toBeLessThan(2_000);
    expect(emulator.requestCounts()).toEqual({});
  });

  it("a damaged export is refused by its file, quoting no piece of the secret it holds", async () => {
    const secret = "Qz7#kW9$mX2!pL5";
    const damaged = join(root, "damaged.json");
    const stack = JSON.parse(readFileSync(stackFile, "utf8")) as unknown;
    const text = JSON.stringify(stack).replace(
      JSON.stringify(exportedSecret(account.apiKey).plaintext),
      JSON.stringify(`{"key": ${secret}}`),
    );
    expect(text).toContain(secret);
    writeFileSync(damaged, text);
    const run = await runCaptured(["drift", "--state", damaged]);
    expect(run.code).toBe(1);
    expect(run.err).toContain(damaged);
    for (let i = 0; i + 3 <= secret.length; i++) {
      expect(run.out + run.err).not.toContain(secret.slice(i, i + 3));
    }
  });

  it.each([
    ["a report", ["--format", "json", "--output"], "The report"],
    ["a baseline", ["--write-baseline"], "The baseline"],
  ])(
    "a symbolic link planted where %s goes is refused by name, before any request, nothing written through it",
    async (_what, options, what) => {
      const shared = mkdtempSync(join(root, "shared-"));
      const theirs = join(mkdtempSync(join(root, "elsewhere-")), "theirs.txt");
      writeFileSync(theirs, "keep me\n");
      const path = join(shared, "drift.out");
      symlinkSync(theirs, path);
      emulator.resetRequestCounts();
      const run = await drift(...options, path);
      expect(run.code).toBe(1);
      expect(run.err).toContain(
        `${what} ${path} is a symbolic link: drift does not write its files through links`,
      );
      expect(readFileSync(theirs, "utf8")).toBe("keep me\n");
      expect(lstatSync(path).isSymbolicLink()).toBe(true);
      expect(emulator.requestCounts()).toEqual({});
    },
  );

  describe("a home page of more parts than a parse keeps", () => {
    const site = "nodes.bad-input.test";
    const state = join(root, "nodes.json");
    // 2 MiB of <p>: 700,000 elements, which once took 100 MB a page to parse.
    const served = pageThroughProxy(site, state, "<p>".repeat((2 * 1024 * 1024) / 3));

    it("is its website's status with the reason, and the report is written", async () => {
      const run = await runCaptured(
        ["drift", "--state", state, "--check-pages", "--page-timeout", "120", "--format", "json"],
        served.env,
      );
      const report = driftJsonReport<{ websites: { domain: string; page?: unknown }[] }>(run.out);
      expect(report.websites).toEqual([
        expect.objectContaining({
          domain: site,
          page: {
            status: "unreachable",
            url: `https://${site}/`,
            reason:
              "the page has more than 100,000 elements, attributes, texts and comments (a parse keeps no more), and its first 100,000 hold no tracking code",
          },
        }),
      ]);
      expect([0, 2]).toContain(run.code);
    });
  });

  describe("states read straight from their backend", () => {
    const passphrase = "bad-input-passphrase";
    let state: string;

    beforeAll(async () => {
      const secrets = await passphraseKey(passphrase);
      const exported = stackExportText({
        project: "sites",
        url: emulator.url,
        apiKey: account.apiKey,
        websites: [recorded],
      });
      state = checkpointText(exported, { project: "sites", stack: "prod", secrets });
    });

    /** drift over every stack of the backend `url`, with the passphrase `phrase`. */
    const driftBackend = (url: string, phrase = passphrase) =>
      runCaptured(["drift", "--all", "--backend-wide", "--cwd", root], {
        PULUMI_BACKEND_URL: url,
        PULUMI_CONFIG_PASSPHRASE: phrase,
        PULUMI_HOME: join(root, "no-login"),
        PULUMI_COMMAND: join(root, "no-pulumi"),
      });

    /** A file backend holding the stack, its state's bytes given by `stored`, with `meta` as meta.yaml. */
    function fileBackend(stored: (state: Buffer) => Buffer, meta?: string): string {
      const folder = mkdtempSync(join(root, "backend-"));
      writeFileBackend(folder, [{ project: "sites", stack: "prod", text: state }]);
      const file = join(folder, stateKey("sites", "prod"));
      writeFileSync(file, stored(readFileSync(file)));
      if (meta !== undefined) writeFileSync(join(folder, ".pulumi", "meta.yaml"), meta);
      return `file://${folder}`;
    }

    const stack = (url: string) => `stack organization/sites/prod (file backend ${url})`;

    it.each([
      ["a gzip state cut short", (b: Buffer) => gzipSync(b).subarray(0, 40), undefined, "is damaged (gzip: "],
      [
        "a zstd state cut short",
        (b: Buffer) => zstdCompressSync(b).subarray(0, 40),
        undefined,
        "is damaged (zstd: ",
      ],
      [
        "a JSON state cut short",
        (b: Buffer) => b.subarray(0, b.length / 2),
        undefined,
        "is not JSON (line 1, column ",
      ],
    ])("%s is refused by its stack, with no report", async (_case, stored, meta, said) => {
      const url = fileBackend(stored, meta);
      const run = await driftBackend(url);
      expect(run.code).toBe(1);
      expect(run.out).toBe("");
      expect(run.err).toContain(`${stack(url)} ${said}`);
    });

    it("a meta.yaml of an unknown version is refused by its backend", async () => {
      const url = fileBackend((b) => b, "version: 7\n");
      const run = await driftBackend(url);
      expect(run.code).toBe(1);
      expect(run.err).toContain(`the backend ${url} has a .pulumi/meta.yaml of version 7`);
    });

    it("a wrong passphrase is refused by the stack before any request, quoting neither passphrase", async () => {
      const url = fileBackend((b) => b);
      emulator.resetRequestCounts();
      const run = await driftBackend(url, "not-the-passphrase");
      expect(run.code).toBe(1);
      expect(run.err).toContain(`${stack(url)}: the passphrase does not open its secrets`);
      expect(run.out + run.err).not.toContain("passphrase-");
      expect(run.out + run.err).not.toContain(account.apiKey);
      expect(emulator.requestCounts()).toEqual({});
    });

    it("a PostgreSQL backend that refuses the login is named without its password", async () => {
      const postgres = await startPostgres();
      try {
        const wrong = postgres.url.replace(`:${postgres.password}@`, ":Wr0ng-pa55word@");
        const run = await driftBackend(wrong);
        expect(run.code).toBe(1);
        expect(run.err).toContain(`postgres://${postgres.user}:***@`);
        expect(run.err).toContain("refuses the login");
        expect(run.out + run.err).not.toContain("Wr0ng-pa55word");
        expect(run.out + run.err).not.toContain(postgres.password);
      } finally {
        await postgres.stop();
      }
    });
  });
});
