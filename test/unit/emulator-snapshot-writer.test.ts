import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SnapshotWriter } from "../../emulator/snapshot-writer";
import { EmulatorStore } from "../../emulator/store";

let directory: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "webstats-snapshot-"));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

describe("SnapshotWriter", () => {
  it("coalesces a burst of changes into few writes and saves the last state", async () => {
    const file = join(directory, "state.json");
    let snapshots = 0;
    const store = new EmulatorStore(() => writer.markDirty());
    const writer = new SnapshotWriter(
      file,
      () => {
        snapshots += 1;
        return store.snapshot();
      },
      (error) => {
        throw error;
      },
    );
    for (let index = 0; index < 500; index += 1) {
      store.addAccount({
        apiKey: `key-${index}`,
        name: "n",
        email: "e",
        websiteLimit: -1,
        apiAccess: true,
        created_at: "2026-01-01 00:00:00",
      });
    }
    await writer.flush();
    expect(snapshots).toBe(1);
    const saved = JSON.parse(readFileSync(file, "utf8")) as { accounts: unknown[] };
    expect(saved.accounts).toHaveLength(500);
  });

  it("writes again for changes made while a write is running", async () => {
    const file = join(directory, "again.json");
    let version = 0;
    const writer = new SnapshotWriter(
      file,
      () => ({
        format: "webstats-emulator/1",
        nextAccountId: ++version,
        nextWebsiteId: 1,
        accounts: [],
        websites: [],
      }),
      () => undefined,
      0,
    );
    writer.markDirty();
    await new Promise((resolve) => setTimeout(resolve, 5));
    writer.markDirty();
    await writer.flush();
    expect((JSON.parse(readFileSync(file, "utf8")) as { nextAccountId: number }).nextAccountId).toBe(version);
    expect(version).toBeGreaterThanOrEqual(2);
  });
});
