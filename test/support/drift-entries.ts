// Drift entries and file problems for the unit tests of drift's files (baselines, ignore rules).
import { expect } from "vitest";
import { liveWebsite } from "./wire-records";
import type { DriftEntry } from "../../drift/model/entries";
import type { DriftReport } from "../../drift/model/report";
import { DriftFileError } from "../../drift/model/data-files";

// Given here too for the drift tests: the SDK's website record has its home beside its wire form.
export { liveWebsite };

/** The account the entries here belong to. */
export const account = { url: "https://stats.example.com", id: 7, email: "team@example.com" };

export const entry = (
  domain: string,
  status: DriftEntry["status"],
  more: Partial<DriftEntry> = {},
): DriftEntry => ({
  domain,
  id: domain.length,
  status,
  stacks: [],
  resources: [],
  account,
  ...more,
});

/**
 * An entry of `account` with its own id, recorded by the stack web/prod under its domain's name
 * (an unmanaged website by no stack): the shape the report formats' tests share.
 */
export const prodEntry = (
  domain: string,
  id: number,
  status: DriftEntry["status"],
  more: Partial<DriftEntry> = {},
): DriftEntry => ({
  domain,
  id,
  status,
  stacks: status === "unmanaged" ? [] : ["web/prod"],
  resources: status === "unmanaged" ? [] : [`web/prod:${domain}`],
  account,
  ...more,
});

/** A stale baseline entry (drift-baseline.yaml line 12) and a stale ignore rule (.webstats-drift.yaml line 7). */
export const staleAcceptances = (): Pick<DriftReport, "baseline" | "ignore"> => ({
  baseline: {
    file: "drift-baseline.yaml",
    stale: [
      {
        status: "unmanaged",
        domain: "old.example.com",
        installation: account.url,
        account: 7,
        firstSeen: "2024-12-01",
        file: "drift-baseline.yaml",
        line: 12,
      },
    ],
  },
  ignore: {
    file: ".webstats-drift.yaml",
    stale: [
      {
        domain: "*.gone.example",
        reason: "old",
        at: ".webstats-drift.yaml:7",
        file: ".webstats-drift.yaml",
        line: 7,
      },
    ],
  },
});

/** A changed entry whose `fields` differ. */
export const changed = (domain: string, ...fields: string[]): DriftEntry =>
  entry(domain, "changed", { changes: fields.map((field) => ({ field, recorded: 1, live: 2 })) });

/** The problem lines of the DriftFileError `parse` throws, or a failure when it throws none. */
export function problemsOf(parse: () => unknown): string[] {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(DriftFileError);
    return (error as Error).message
      .split("\n")
      .slice(1)
      .map((l) => l.trim());
  }
  throw new Error("no problem found");
}
