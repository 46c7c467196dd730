// The `webstats-emulator` bin as users run it: the compiled dist/emulator/cli.js.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, postWebsite } from "../../support/emulator-api";
import { cliPath, ensureBuilt, running, startCli, stopCli } from "../../support/emulator-process";
import { issueCertificate, makeCertificateAuthority, writePemFiles } from "../../support/network";

let dataDirectory: string;

beforeAll(() => {
  ensureBuilt();
  dataDirectory = mkdtempSync(join(tmpdir(), "webstats-emulator-cli-"));
}, 180_000);

afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
  rmSync(dataDirectory, { recursive: true, force: true });
});

describe("webstats-emulator", () => {
  it("starts with a shebang, prints its URL, an API key that works and the admin token, and stops on SIGTERM", async () => {
    expect(readFileSync(cliPath, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    const cli = await startCli(["--port", "0", "--admin-token", "cli-admin"]);
    expect(cli.lines[0]).toBe(`webstats emulator listening on ${cli.url}`);
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(cli.apiKey).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(cli.adminToken).toBe("cli-admin");

    const response = await apiRequest(cli.url, cli.apiKey, "GET", "/account");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-ratelimit-limit")).toBe("60");
    expect(await stopCli(cli)).toBe(0);
  });

  it("reuses the account of its data file and flushes on SIGINT", async () => {
    const dataFile = join(dataDirectory, "cli.json");
    const first = await startCli(["--port", "0", "--data", dataFile]);
    const created = await postWebsite(first.url, first.apiKey, { domain: "cli-data.example" });
    expect(created.status).toBe(201);
    expect(await stopCli(first, "SIGINT")).toBe(0);
    expect(readFileSync(dataFile, "utf8")).toContain("cli-data.example");

    const second = await startCli(["--port", "0", "--data", dataFile]);
    expect(second.apiKey).toBe(first.apiKey);
    const listed = await apiRequest(second.url, second.apiKey, "GET", "/websites");
    expect(((await listed.json()) as { meta: { total: number } }).meta.total).toBe(1);
    expect(await stopCli(second)).toBe(0);
  });

  it("applies --no-quirks, --requests-per-minute and --website-limit", async () => {
    const cli = await startCli([
      "--port",
      "0",
      "--no-quirks",
      "--requests-per-minute",
      "0",
      "--website-limit",
      "4",
    ]);
    const anonymous = await fetch(`${cli.url}/api/v1/websites`, { redirect: "manual" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("x-ratelimit-limit")).toBeNull();
    const account = await apiRequest(cli.url, cli.apiKey, "GET", "/account");
    expect(await account.json()).toMatchObject({ data: { plan: { features: { websites: 4 } } } });
    expect(await stopCli(cli)).toBe(0);
  });

  it("serves HTTPS with --tls-cert and --tls-key, trusted through the authority's PEM file", async () => {
    const ca = await makeCertificateAuthority("Webstats CLI Test Authority");
    const leaf = await issueCertificate(ca, { dnsNames: ["localhost"], ipAddresses: ["127.0.0.1"] });
    const files = writePemFiles({ "ca.pem": ca.certPem, "cert.pem": leaf.certPem, "key.pem": leaf.keyPem });
    try {
      const cli = await startCli([
        "--port",
        "0",
        "--tls-cert",
        files.path("cert.pem"),
        "--tls-key",
        files.path("key.pem"),
      ]);
      expect(cli.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      // A client that trusts the authority as users would: NODE_EXTRA_CA_CERTS, a new process.
      const script = `fetch(process.argv[1], { headers: { authorization: "Bearer " + process.argv[2], accept: "application/json" } }).then((r) => console.log(r.status))`;
      const trusted = spawnSync(process.execPath, ["-e", script, `${cli.url}/api/v1/account`, cli.apiKey], {
        encoding: "utf8",
        env: { ...process.env, NODE_EXTRA_CA_CERTS: files.path("ca.pem") },
      });
      expect(trusted.stdout.trim(), trusted.stderr).toBe("200");
      expect(await stopCli(cli)).toBe(0);
    } finally {
      files.remove();
    }
  });

  it("refuses unknown flags, bad numbers, half of the TLS pair and unusable files with usage and exit code 2", () => {
    const notPem = join(dataDirectory, "not-pem.txt");
    writeFileSync(notPem, "not a certificate\n");
    for (const args of [
      ["--bogus"],
      ["--port", "eighty"],
      ["--requests-per-minute", "-5"],
      ["--tls-cert", join(dataDirectory, "cert.pem")],
      [
        "--tls-cert",
        join(dataDirectory, "missing-cert.pem"),
        "--tls-key",
        join(dataDirectory, "missing-key.pem"),
      ],
      ["--tls-cert", notPem, "--tls-key", notPem],
    ]) {
      const result = spawnSync(process.execPath, [cliPath, ...args], { encoding: "utf8" });
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("Usage: webstats-emulator");
    }
  });
});
