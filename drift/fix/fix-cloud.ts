// `drift --fix cloud`: the declared values put back on the server by the engine, for the
// websites drift found changed or gone, and nothing else. Each stack with such websites is
// exported (pending operations refuse it; the websites' URNs), previewed with
// `pulumi preview --refresh --target URN... --json`, and its plan checked (cloud-plan.ts).
// Every stack is previewed, and looked at for another update's lock (cloud-locks.ts), before any
// is changed: one refusal, and nothing is changed anywhere.
// The plan is shown, confirmed (--yes, or a yes at the terminal), then each stack gets
// `pulumi up --refresh --target URN... --yes`, which previews once more itself. pulumi is the
// user's own (their backend, login and secrets provider), run in the stack's project folder.
import type { Environment } from "../../core/settings";
import type { CommandConsole } from "../../core/console";
import { mapBounded } from "../../core/bounded-pool";
import { CloudPlanRefused, checkPlan, locateTargets, previewPlan } from "./cloud-plan";
import type { CloudTarget, PlannedFix } from "./cloud-plan";
import { formatCloudFixSummary } from "./cloud-fix-summary";
import { fileBackendFolder, heldLocks, lockedText, whoamiBackend } from "./cloud-locks";
import type { CloudFixOutcome, StackFixResult } from "./cloud-fix-summary";
import { findingCounts, findingsOf } from "../model/entries";
import type { DriftEntry, FailOnName } from "../model/entries";
import { neutralLines, neutralText, valueText } from "../model/neutral-text";
import type { FixSummaryFormat } from "./fix-summary";
import { PulumiCommandError, runPulumi } from "../../core/pulumi-command";
import type { ReadStack } from "../read/read-stacks";
import type { StateSource } from "../read/state-sources";
import { plural } from "../model/words";
import { exitCodes } from "../../core/exit-codes";

export interface CloudFixOptions {
  /** The summary on standard output, in the --format given (text, markdown or json). */
  summary: FixSummaryFormat;
  /** `--yes`: apply without asking. */
  yes: boolean;
}

/** Refused before anything is read: nobody can confirm, and --yes was not given. */
export function unconfirmableProblem(
  options: CloudFixOptions,
  io: Pick<CommandConsole, "confirm">,
): string | undefined {
  if (options.yes || io.confirm) return undefined;
  return (
    "drift --fix cloud changes websites on the server with pulumi up, and standard input is not a terminal " +
    "to confirm the plan: give --yes to apply it without asking (nothing was read or changed)."
  );
}

/** The changed and gone websites to put back, by stack (drift accepted or ignored is left). */
function targetsByStack(entries: readonly DriftEntry[]): Map<string, CloudTarget[]> {
  const byStack = new Map<string, CloudTarget[]>();
  for (const e of entries) {
    if (e.accepted !== undefined || e.ignored !== undefined) continue;
    if (e.status !== "changed" && e.status !== "gone") continue;
    const [stack] = e.stacks;
    const [recorded] = e.resources;
    if (stack === undefined || recorded === undefined) continue;
    const target = {
      stack,
      resource: recorded.slice(recorded.indexOf(":") + 1),
      domain: e.domain,
      id: e.id,
      status: e.status,
    };
    byStack.set(stack, [...(byStack.get(stack) ?? []), target]);
  }
  return byStack;
}

type StackSource = StateSource & { kind: "stack" };

/** Runs pulumi in a stack's project folder and on its backend. */
function pulumiIn(source: StackSource, args: string[], env: Environment): Promise<string> {
  return runPulumi([...args, "--non-interactive"], {
    cwd: source.cwd,
    env: source.backendUrl ? { ...env, PULUMI_BACKEND_URL: source.backendUrl } : env,
    maxBuffer: 256 * 1024 * 1024,
  });
}

/** Runs pulumi for one stack, in its project folder and on its backend. */
const pulumiOn = (source: StackSource, args: string[], env: Environment): Promise<string> =>
  pulumiIn(source, [...args, "--stack", source.name], env);

/**
 * pulumi's refusal of a stack another update holds: a file or cloud-storage backend ends its
 * message with the lock file's path (under .pulumi/locks/), Pulumi Cloud answers a conflict.
 */
const lockedPattern = /locked|\/\.pulumi\/locks\/|another update is currently in progress/i;

/** pulumi's own failure, in a sentence that names the stack and what to do. */
function failureText(stack: string, command: string, error: PulumiCommandError): string {
  if (lockedPattern.test(error.reason)) return lockedText(stack, error.reason);
  return `stack ${stack}: ${command} failed: ${error.reason}`;
}

/**
 * The backend pulumi resolves for a stack, or undefined when it cannot say (not logged in, say):
 * the preview that follows fails then with pulumi's own words.
 */
async function stackBackend(source: StackSource, env: Environment): Promise<string | undefined> {
  try {
    return whoamiBackend(await pulumiIn(source, ["whoami", "--verbose", "--json"], env));
  } catch (error) {
    if (error instanceof PulumiCommandError) return undefined;
    throw error;
  }
}

interface StackPlan {
  stack: string;
  source: StackSource;
  planned: PlannedFix[];
}

/** Exports and previews one stack; resolves with its plan, or the problems that refuse it. */
async function planStack(
  stack: string,
  targets: CloudTarget[],
  source: StateSource | undefined,
  env: Environment,
): Promise<{ plan?: StackPlan; problems: string[] }> {
  if (source?.kind !== "stack" || source.listedBackendWide) {
    return {
      problems: [
        `stack ${stack}: --fix cloud needs the stack's project folder (--stack NAME with --cwd DIR).`,
      ],
    };
  }
  // The command a failure is named by: the export is run again here, and can fail on its own.
  let command = "pulumi stack export";
  try {
    const backend = await stackBackend(source, env);
    const folder = backend === undefined ? undefined : fileBackendFolder(backend, source.cwd);
    const locks = folder === undefined ? [] : heldLocks(folder, stack);
    if (locks.length > 0) return { problems: [lockedText(stack, `lock file ${locks.join(", ")}`)] };
    const located = locateTargets(await pulumiOn(source, ["stack", "export"], env), stack, targets);
    const targetArgs = located.flatMap((t) => ["--target", t.urn]);
    command = "pulumi preview";
    const preview = await pulumiOn(source, ["preview", "--refresh", ...targetArgs, "--json"], env);
    const { planned, problems } = checkPlan(stack, located, previewPlan(preview, stack));
    return problems.length > 0 ? { problems } : { plan: { stack, source, planned }, problems };
  } catch (error) {
    if (error instanceof CloudPlanRefused) return { problems: [error.message] };
    if (error instanceof PulumiCommandError) return { problems: [failureText(stack, command, error)] };
    throw error;
  }
}

/** The plan, for people, before it is applied. */
export function planText(plans: readonly StackPlan[]): string {
  const lines = plans.flatMap(({ stack, planned }) => [
    `Stack ${stack}:`,
    ...planned.flatMap((p) => {
      const name = `${p.resource} (${p.domain}, id ${p.id})`;
      if (p.action === "create") return [`  create ${name} again: it is gone (a new website, with a new id)`];
      if (p.action === "none") return [`  refresh ${name}: the program already declares its live values`];
      return [
        `  update ${name}:`,
        ...p.fields.map((f) => `    ${f.field}: ${valueText(f.live)} → ${valueText(f.declared)}`),
      ];
    }),
  ]);
  return `${lines.map(neutralText).join("\n")}\n`;
}

/**
 * What is left for --fail-on that putting websites back does not cover: each website's findings
 * that count (as the report counts them: not excused by a baseline entry or an ignore rule) and
 * that --fail-on names, other than `changed` and `gone`, which the fix puts back.
 */
function leftOver(
  entries: readonly DriftEntry[],
  failOn: readonly FailOnName[],
): CloudFixOutcome["notFixed"] {
  return entries.flatMap((e) => {
    const left = findingsOf(e).filter(
      (f) => f !== "changed" && f !== "gone" && failOn.includes(f) && findingCounts(e, f),
    );
    const status = left[0];
    if (status === undefined) return [];
    return [
      {
        domain: e.domain,
        id: e.id,
        status,
        reason:
          status === "unmanaged"
            ? "in no stack: adopt it in code, or delete it on the server"
            : status === "duplicate"
              ? `recorded by ${e.resources.join(", ")}: keep it in one stack`
              : "no pageview: check its tracking code",
      },
    ];
  });
}

/**
 * Puts the websites back; resolves with the exit code (0: every changed and gone website put back,
 * nothing else left; 2: drift --fail-on names is left; 1: refused, declined or failed).
 */
export async function runCloudFix(
  options: CloudFixOptions,
  input: {
    stacks: readonly ReadStack[];
    entries: readonly DriftEntry[];
    failOn: readonly FailOnName[];
    parallel: number;
  },
  env: Environment,
  io: Pick<CommandConsole, "out" | "err" | "confirm">,
): Promise<number> {
  const byStack = targetsByStack(input.entries);
  const sources = new Map(input.stacks.map((s) => [s.name, s.source]));
  const notFixed = leftOver(input.entries, input.failOn);
  const finish = (outcome: Omit<CloudFixOutcome, "notFixed">) => {
    io.out(formatCloudFixSummary({ ...outcome, notFixed }, options.summary));
    return outcome.exitCode;
  };
  const leftExit = notFixed.length > 0 ? exitCodes.drift : exitCodes.success;
  if (byStack.size === 0) return finish({ exitCode: leftExit, stacks: [] });

  io.err(`Previewing ${plural(byStack.size, "stack")} (pulumi preview --refresh --target)...\n`);
  const results = await mapBounded([...byStack], input.parallel, ([stack, targets]) =>
    planStack(stack, targets, sources.get(stack), env),
  );
  const problems = results.flatMap((r) => r.problems);
  if (problems.length > 0) {
    io.err(`${problems.map(neutralText).join("\n")}\nNothing was changed.\n`);
    return exitCodes.error;
  }
  const plans = results.map((r) => r.plan as StackPlan);
  const count = plans.reduce((n, p) => n + p.planned.length, 0);
  io.err(
    `The plan: ${plural(count, "website")} put back in ${plural(plans.length, "stack")}.\n${planText(plans)}`,
  );
  if (!options.yes) {
    const yes = await (io.confirm as NonNullable<CommandConsole["confirm"]>)(
      `Put back ${plural(count, "website")} with pulumi up? (yes/no) `,
    );
    if (!yes) {
      io.err("Declined: nothing was changed.\n");
      return exitCodes.error;
    }
  }

  const stacks: StackFixResult[] = plans.map((p) => ({
    stack: p.stack,
    result: "not run",
    websites: p.planned,
  }));
  for (const [index, plan] of plans.entries()) {
    const result = stacks[index] as StackFixResult;
    io.err(
      `Stack ${neutralText(plan.stack)}: pulumi up --refresh --target (${plural(plan.planned.length, "website")})...\n`,
    );
    try {
      const targetArgs = plan.planned.flatMap((p) => ["--target", p.urn]);
      const output = await pulumiOn(plan.source, ["up", "--refresh", ...targetArgs, "--yes"], env);
      // pulumi's own output shows the websites' values: each line is kept, none can be a command.
      io.err(neutralLines(output));
      result.result = "put back";
    } catch (error) {
      if (!(error instanceof PulumiCommandError)) throw error;
      result.result = "failed";
      result.error = failureText(plan.stack, "pulumi up", error);
      io.err(`${neutralLines(result.error)}\n`);
      return finish({ exitCode: exitCodes.error, stacks });
    }
  }
  return finish({ exitCode: leftExit, stacks });
}
