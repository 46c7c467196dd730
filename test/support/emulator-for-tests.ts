// An emulator for a test file or one describe block: started before its tests with the options
// given, closed after them.
import { afterAll, beforeAll } from "vitest";
import { startEmulator } from "../../emulator";
import type { Emulator } from "../../emulator";

/** Registers the emulator; call it at a file's or a describe block's top level, read it in tests and hooks. */
export function useEmulator(options: Parameters<typeof startEmulator>[0] = {}): () => Emulator {
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    emulator = await startEmulator(options);
  });
  afterAll(async () => {
    await emulator?.close();
  });
  return () => {
    if (!emulator) throw new Error("the emulator starts in beforeAll");
    return emulator;
  };
}
