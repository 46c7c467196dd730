// The optional data file: state survives a restart, and the file on disk is always whole.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import { apiRequest, createdId, postWebsite } from "../../support/emulator-api";

let directory: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "webstats-emulator-data-"));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

function createWebsite(url: string, key: string, domain: string): Promise<Response> {
  return postWebsite(url, key, { domain, exclude_params: "secret_param" });
}

describe("data file", () => {
  it("keeps accounts, websites and the id counter across a restart", async () => {
    const dataFile = join(directory, "state.json");
    const first = await startEmulator({ dataFile, requestsPerMinute: 0 });
    const account = first.createAccount({ name: "Persistent" });
    expect((await createWebsite(first.url, account.apiKey, "kept.example")).status).toBe(201);
    const removable = await createWebsite(first.url, account.apiKey, "removed.example");
    const removedId = await createdId(removable);
    first.deleteWebsite(removedId);
    await first.close();
    expect(existsSync(dataFile)).toBe(true);

    const second = await startEmulator({ dataFile, requestsPerMinute: 0 });
    try {
      expect(second.listAccounts()).toEqual([account]);
      const sites = second.listWebsites(account.id);
      expect(sites.map((site) => site.domain)).toEqual(["kept.example"]);
      expect(sites[0]?.exclude_params).toBe("secret_param");
      const response = await apiRequest(second.url, account.apiKey, "GET", "/websites");
      expect(response.status).toBe(200);
      // Ids are never reused, not even the one of the deleted website.
      const next = await createWebsite(second.url, account.apiKey, "after-restart.example");
      expect(await createdId(next)).toBe(removedId + 1);
      // Domains stay taken across the restart.
      expect((await createWebsite(second.url, account.apiKey, "kept.example")).status).toBe(422);
    } finally {
      await second.close();
    }
  });

  it("writes changes soon after they happen, not only on close", async () => {
    const dataFile = join(directory, "soon.json");
    const emulator = await startEmulator({ dataFile, requestsPerMinute: 0 });
    try {
      const account = emulator.createAccount();
      await expect
        .poll(() => existsSync(dataFile) && readFileSync(dataFile, "utf8").includes(account.apiKey))
        .toBe(true);
    } finally {
      await emulator.close();
    }
  });

  it("never leaves a partly written file or temporary files behind", async () => {
    const dataFile = join(directory, "busy.json");
    const emulator = await startEmulator({ dataFile, requestsPerMinute: 0 });
    const account = emulator.createAccount();
    let reads = 0;
    let polling = true;
    const reader = (async () => {
      while (polling) {
        if (existsSync(dataFile)) {
          // Must always parse: the writer replaces the file with a rename, never in place.
          JSON.parse(readFileSync(dataFile, "utf8"));
          reads += 1;
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const creations = Array.from({ length: 150 }, (_, index) =>
      createWebsite(emulator.url, account.apiKey, `busy-${index}.example`),
    );
    const statuses = (await Promise.all(creations)).map((response) => response.status);
    await emulator.close();
    polling = false;
    await reader;

    expect(statuses.every((status) => status === 201)).toBe(true);
    expect(reads).toBeGreaterThan(0);
    const saved = JSON.parse(readFileSync(dataFile, "utf8")) as { websites: unknown[] };
    expect(saved.websites).toHaveLength(150);
    expect(readdirSync(directory)).toEqual(["busy.json"]);
  });

  it("refuses to start from a file that is not an emulator data file", async () => {
    const dataFile = join(directory, "damaged.json");
    writeFileSync(dataFile, JSON.stringify({ hello: "world" }));
    await expect(startEmulator({ dataFile })).rejects.toThrow(/not an emulator data file/);
  });
});
