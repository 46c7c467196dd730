// The set-up of a provider test file whose cells share one emulator (accounts and domains keep
// them apart): the emulator, throttle off, started before the file's tests and closed after
// them, with every provider host the file started stopped. A table that injects faults or counts
// requests keeps an emulator per cell instead.
import { afterAll, beforeAll } from "vitest";
import { startEmulator } from "../../emulator";
import type { Emulator } from "../../emulator";
import { stopAll } from "./engine-processes";

/** Registers the file's emulator; call at the file's top level, read it in tests and hooks after. */
export function useSharedEmulator(): () => Emulator {
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
  });
  afterAll(async () => {
    stopAll();
    await emulator?.close();
  });
  return () => {
    if (!emulator) throw new Error("the emulator starts in beforeAll");
    return emulator;
  };
}
