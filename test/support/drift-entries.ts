// Drift entries and file problems for the unit tests of drift's files (baselines, ignore rules).
import { expect } from "vitest";
import { liveWebsite } from "./wire-records";
import type { WebsiteOutputs } from "../../core/website-state";
import type { DriftEntry } from "../../drift/model/entries";
import { DriftFileError } from "../../drift/model/data-files";

// Given here too for the drift tests: the SDK's website record has its home beside its wire form.
export { liveWebsite };

const account = { url: "https://stats.example.com", id: 7, email: "team@example.com" };

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

/** The outputs a stack records for `liveWebsite`'s website (its id as `websiteId`), with `overrides`. */
export const recordedWebsite = (
  id: number,
  domain: string,
  overrides: Partial<WebsiteOutputs> = {},
): WebsiteOutputs => {
  const { id: websiteId, ...live } = liveWebsite(id, domain);
  return { websiteId, ...live, ...overrides };
};

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
