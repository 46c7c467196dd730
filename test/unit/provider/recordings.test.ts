// The engine recordings the provider tier replays (test/provider/recordings/, made by
// `npm run recordings`) are current: each says which engine, package schema and recording script
// made it, and those must be the ones of this checkout. A recording made by another CLI or YAML
// host, before the schema changed (a new argument or output changes what the engine sends and
// the hosts answer) or before the scenarios changed would prove an old conversation. The schema is
// compared with its version fixed, so a release alone never asks for new recordings. Here, not in
// the provider tier, because it needs no process: it reads the files.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageSchema } from "../../../core/package-schema";
import { lockedPulumiVersion } from "../../../tools/machine/ensure-pulumi.mjs";
import { expectedProvenance, recordingsDir, scenarios } from "../../harness/record-engine-traffic.mjs";

const rerecord = "run npm run recordings (after npm run build) and commit test/provider/recordings/";

interface Meta {
  pulumiVersion: string;
  pulumiSdkVersion: string;
  yamlHostVersion: string;
  schemaSha256: string;
  recorderSha256: string;
  scenario: string;
  recordings: string[];
}

const files = readdirSync(recordingsDir)
  .filter((file) => file.endsWith(".jsonl"))
  .sort();

const linesOf = (file: string): Record<string, unknown>[] =>
  readFileSync(join(recordingsDir, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("engine recordings", () => {
  it("there is one recording per scenario of the recording script, and no other", () => {
    expect(files, rerecord).toEqual(scenarios.map((scenario) => `${scenario.name}.jsonl`).sort());
  });

  it.each(files)("%s was made by this engine, from this schema and this script", (file) => {
    const meta = linesOf(file)[0]?.meta as Meta | undefined;
    expect(meta, `${file} has no meta line; ${rerecord}`).toBeDefined();
    const expected = { ...expectedProvenance(packageSchema), pulumiSdkVersion: lockedPulumiVersion() };
    const why: Record<keyof typeof expected, string> = {
      pulumiVersion: "the Pulumi CLI under test changed",
      pulumiSdkVersion: "the @pulumi/pulumi under test (the dynamic host) changed",
      yamlHostVersion: "the Pulumi YAML language host changed",
      schemaSha256: "the package schema (core/package-schema.ts, the field table) changed",
      recorderSha256: "test/harness/record-engine-traffic.mjs changed",
    };
    const stale = (Object.keys(expected) as (keyof typeof expected)[])
      .filter((key) => meta?.[key] !== expected[key])
      .map((key) => `${why[key]} (recorded ${meta?.[key]}, now ${expected[key]})`);
    expect(stale.length, `${file} is stale: ${stale.join("; ")}; ${rerecord}`).toBe(0);
    expect(meta?.recordings.map((name) => `${name}.jsonl`).sort(), rerecord).toEqual(files);
  });

  it.each(files)("%s holds nothing of the run that made it, and every call its answer", (file) => {
    const [, ...lines] = linesOf(file);
    const text = lines.map((line) => JSON.stringify(line)).join("\n");
    // An address, a folder or an API key (64 letters and digits) would tie the replay to that run.
    expect(text).not.toMatch(/127\.0\.0\.1:\d+|\/tmp\/|[A-Za-z0-9]{64}/);
    const calls = lines.filter((line) => "method" in line);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      const answered = "response" in call !== "errors" in call;
      expect("request" in call && answered, JSON.stringify(call)).toBe(true);
    }
  });
});
