// drift's entry (drift/index.ts) writing a baseline of a single entry, in-process (runCli)
// against the emulator: the line it writes counts one entry in the singular. The baseline's
// contents and its use are test/integration/drift/accept/baseline.test.ts's.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";
import { runCaptured } from "../../support/run-cli";
import { writeStackExport } from "../../support/stack-exports";

const root = mkdtempSync(join(tmpdir(), "drift-index-"));
const at = (name: string) => join(root, name);

describe("pulumi-webstats drift --write-baseline", () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  it("says it wrote one entry, in the singular", async () => {
    const account = emulator.createAccount({ name: "One" });
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    const kept = await client.websites.create({ domain: "kept.one.example" });
    await client.websites.create({ domain: "stray.one.example" });
    writeStackExport(at("one.json"), {
      project: "one",
      url: emulator.url,
      apiKey: account.apiKey,
      websites: [kept],
    });
    const result = await runCaptured([
      "drift",
      "--state",
      at("one.json"),
      "--write-baseline",
      at("one.yaml"),
    ]);
    expect(result.err).toContain(`Wrote 1 entry to the baseline ${at("one.yaml")}.\n`);
    expect(result.code).toBe(0);
    expect(readFileSync(at("one.yaml"), "utf8")).toContain(
      "  - status: unmanaged\n    domain: stray.one.example\n",
    );
  });
});
