// A shard run's shard and run id, from the command line or from the CI that runs it. The CI's own
// matrix is the engine: GitLab's `parallel:` sets CI_NODE_INDEX (from 1) and CI_NODE_TOTAL, a
// Kubernetes Indexed Job sets JOB_COMPLETION_INDEX (from 0) but not the number of completions,
// which the Job's spec holds, so that one comes with --shard-total. The run id tells the shards of
// one pipeline from those of another: GitHub's run id and attempt, GitLab's pipeline id.
//
// The environment is read only for a run that asked to be a shard (--shard-file): GitLab sets the
// same two variables for `parallel: matrix:` jobs, which split nothing.
import type { Shard } from "./split";
import { MAX_SHARDS } from "./split";

/** What the command line says of the shard: `--shard I/N`, or `--shard-total N` for JOB_COMPLETION_INDEX. */
export interface ShardRequest {
  shard?: Shard;
  total?: number;
}

/** A run id as the shard file holds it: letters, digits and `._:/@+-`, so that it prints as it is. */
export const RUN_ID_PATTERN = /^[\w.:/@+-]{1,128}$/;

const wholeNumber = (value: string | undefined): number | undefined =>
  value !== undefined && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : undefined;

/** A shard from its index (from 1) and total, or a problem naming where they came from. */
function checkedShard(index: number | undefined, total: number | undefined, where: string): Shard | string {
  if (total === undefined || total < 1 || total > MAX_SHARDS)
    return `${where}: the number of shards is a whole number from 1 to ${MAX_SHARDS}.`;
  if (index === undefined || index < 1 || index > total)
    return `${where}: the shard's index is not one of the ${total} shards.`;
  return { index, total };
}

/**
 * The shard of this run: --shard, else JOB_COMPLETION_INDEX with --shard-total, else GitLab's
 * CI_NODE_INDEX and CI_NODE_TOTAL; a problem (in words, never quoting a value) when none says.
 */
export function shardOfRun(
  request: ShardRequest,
  env: Readonly<Record<string, string | undefined>>,
): Shard | string {
  if (request.shard) return request.shard;
  const completion = env.JOB_COMPLETION_INDEX;
  if (request.total !== undefined) {
    if (completion === undefined)
      return "--shard-total goes with a Kubernetes Indexed Job, whose JOB_COMPLETION_INDEX is not set here: give --shard I/N instead.";
    const index = wholeNumber(completion);
    return checkedShard(
      index === undefined ? undefined : index + 1,
      request.total,
      "JOB_COMPLETION_INDEX and --shard-total",
    );
  }
  const [gitlabIndex, gitlabTotal] = [env.CI_NODE_INDEX, env.CI_NODE_TOTAL];
  if (gitlabIndex !== undefined || gitlabTotal !== undefined) {
    return checkedShard(
      wholeNumber(gitlabIndex),
      wholeNumber(gitlabTotal),
      "CI_NODE_INDEX and CI_NODE_TOTAL (GitLab parallel)",
    );
  }
  if (completion !== undefined)
    return "JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job), but not how many shards there are: give --shard-total N, the Job's completions.";
  return (
    "--shard-file makes this run one shard of many, and no shard is given: add --shard I/N, or run it as a " +
    "GitLab parallel job (CI_NODE_INDEX, CI_NODE_TOTAL) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with --shard-total N)."
  );
}

/**
 * The run the shard belongs to: --run-id, else GitHub's run id and attempt, else GitLab's
 * pipeline id, else none (null); a problem when the CI's variable is not the number it should be.
 */
export function runIdOf(
  given: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string | null | { problem: string } {
  if (given !== undefined) return given;
  const digits = (name: string): string | undefined | { problem: string } => {
    const value = env[name];
    if (value === undefined) return undefined;
    return /^\d{1,20}$/.test(value.trim())
      ? value.trim()
      : { problem: `${name} is not a number: give --run-id ID.` };
  };
  const github = digits("GITHUB_RUN_ID");
  if (typeof github === "object") return github;
  if (github !== undefined) {
    const attempt = digits("GITHUB_RUN_ATTEMPT") ?? "1";
    return typeof attempt === "object" ? attempt : `github-${github}-${attempt}`;
  }
  const gitlab = digits("CI_PIPELINE_ID");
  if (typeof gitlab === "object") return gitlab;
  return gitlab === undefined ? null : `gitlab-${gitlab}`;
}
