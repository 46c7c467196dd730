import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SnapshotWriter } from "../../../emulator/snapshot-writer";
import { EmulatorStore } from "../../../emulator/store";

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

  it("writes again, without being asked, for changes made while a write is running", async () => {
    const written: number[] = [];
    const pending: (() => void)[] = [];
    let version = 0;
    // Each write completes only when the test says so.
    const slowWrite = (_file: string, snapshot: { nextAccountId: number }) =>
      new Promise<void>((resolve) => {
        pending.push(() => {
          written.push(snapshot.nextAccountId);
          resolve();
        });
      });
    const writer = new SnapshotWriter(
      join(directory, "again.json"),
      () => ({
        format: "webstats-emulator/1",
        nextAccountId: ++version,
        nextWebsiteId: 1,
        accounts: [],
        websites: [],
      }),
      () => undefined,
      0,
      slowWrite,
    );
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

    writer.markDirty();
    await settle();
    expect(pending).toHaveLength(1); // the first write is running
    writer.markDirty();
    writer.markDirty();
    await settle();
    expect(pending).toHaveLength(1); // one write at a time
    pending.shift()!();
    await settle();
    // The changes made during the first write got a write of their own, with the latest state.
    expect(pending).toHaveLength(1);
    pending.shift()!();
    await settle();
    expect(written).toEqual([1, 2]);
    expect(pending).toHaveLength(0);
  });
});
