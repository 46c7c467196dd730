// The options that change a run's results, as a shard file holds them: the same in every shard
// of a run, and, for those that shape the report (--fail-on, the policy configuration, the
// baseline, the ignore file), the same in `drift merge` as in its shards, so that the merged
// reports are the ones `drift` with those options would write over every stack. Files count by
// their content (a SHA-256 of their bytes), not their path: a CI job's checkout is another path.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { FailOnName } from "../model/entries";
import type { Acceptance } from "../accept/acceptance";
import { ignoreFileName } from "../accept/ignore-file";
import type { CheckOptions } from "../compare/compare-run";
import { DEFAULT_PAGE_RUN_TIMEOUT_MS } from "../compare/page-run";
import type { StackSelection } from "../read/stack-listing";
import type { ShardOptions } from "./shard-format";

export const sha256Of = (text: string | Buffer): string => createHash("sha256").update(text).digest("hex");

/** What shapes the report of a run, from its options and its (already checked) files. */
type ReportFingerprint = Pick<ShardOptions, "failOn" | "policy" | "baseline" | "ignore">;

const fileHash = async (path: string): Promise<{ sha256: string }> => ({
  sha256: sha256Of(await readFile(path)),
});

export async function reportFingerprint(
  options: { failOn: readonly FailOnName[]; policy?: { file: string; failOn: boolean } },
  acceptance: Acceptance,
): Promise<ReportFingerprint> {
  const { policy } = options;
  return {
    failOn: [...options.failOn].sort(),
    policy: policy ? { ...(await fileHash(policy.file)), failOn: policy.failOn } : null,
    baseline: acceptance.baseline ? await fileHash(acceptance.baseline.file) : null,
    ignore: acceptance.ignore ? await fileHash(acceptance.ignore.file) : null,
  };
}

/** Every option of a shard run that changes what it reads or reports. */
export async function shardOptionsOf(
  options: CheckOptions & {
    failOn: readonly FailOnName[];
    policy?: { file: string; failOn: boolean };
    all?: StackSelection;
  },
  acceptance: Acceptance,
): Promise<ShardOptions> {
  const { tracking, pages, all } = options;
  return {
    ...(await reportFingerprint(options, acceptance)),
    tracking: tracking ? { days: tracking.days } : null,
    pages: pages
      ? {
          parallel: pages.parallel,
          timeoutMs: pages.timeoutMs,
          runTimeoutMs: pages.runTimeoutMs ?? DEFAULT_PAGE_RUN_TIMEOUT_MS,
          allowPrivate: pages.allowPrivate === true,
        }
      : null,
    selection: {
      all: all !== undefined,
      backendWide: all?.backendWide === true,
      filters: [...(all?.filters ?? [])],
    },
  };
}

/** How a message names each option of the fingerprint. */
const optionWords: Record<keyof ShardOptions, string> = {
  failOn: "--fail-on",
  policy: "--policy-pack-config (its file's content) or --fail-on policy",
  baseline: "--baseline (its file's content)",
  ignore: `the ignore file (--ignore FILE, else ${ignoreFileName} in the folder drift runs in; its content)`,
  tracking: "--check-tracking and --silent-days",
  pages: "--check-pages and its --page-* bounds",
  selection: "--all, --backend-wide and --stack-filter",
};

/** The options in which two fingerprints differ, in words. */
export function differingOptions(a: Partial<ShardOptions>, b: Partial<ShardOptions>): string[] {
  const keys = Object.keys(optionWords) as (keyof ShardOptions)[];
  return keys
    .filter((key) => key in a && key in b && JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .map((key) => optionWords[key]);
}
