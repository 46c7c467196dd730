import type { StoreSnapshot } from "./store";
import { writeSnapshotFile } from "./snapshot-file";

/**
 * Keeps the data file in step with the store without slowing requests down: a change only marks
 * the store dirty, and one write at a time, after a short pause, saves whatever has piled up.
 */
export class SnapshotWriter {
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly file: string,
    private readonly takeSnapshot: () => StoreSnapshot,
    private readonly onError: (error: unknown) => void,
    private readonly delayMs = 25,
    private readonly write: (file: string, snapshot: StoreSnapshot) => Promise<void> = writeSnapshotFile,
  ) {}

  /** Called after every change. */
  markDirty(): void {
    this.dirty = true;
    this.scheduleWrite();
  }

  /** Resolves once everything changed so far is on disk. */
  async flush(): Promise<void> {
    for (;;) {
      this.cancelTimer();
      if (this.inFlight) {
        await this.inFlight;
        continue;
      }
      if (!this.dirty) return;
      await this.writeNow();
    }
  }

  private scheduleWrite(): void {
    if (this.timer || this.inFlight) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.writeNow();
    }, this.delayMs);
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private writeNow(): Promise<void> {
    this.dirty = false;
    this.inFlight = this.write(this.file, this.takeSnapshot())
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.inFlight = undefined;
        // Changes made during the write get a write of their own.
        if (this.dirty) this.scheduleWrite();
      });
    return this.inFlight;
  }
}
