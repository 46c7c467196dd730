// The rules `drift --fix cloud` applies to the engine's plan before it changes anything: pure
// functions over what `pulumi stack export` and `pulumi preview --refresh --target ... --json`
// print. A stack's plan is accepted only when it puts back the websites drift found and touches
// nothing else: a changed website is updated (or left as it is), a gone one is created again,
// and every other resource stays the same. Pulumi's formats are read loosely (they grow between
// versions): only the fields these rules need are read.
import { z } from "zod";
import { notJsonReason } from "../../core/json-text";
import { websiteTypes } from "../read/stack-export";
import { plural } from "../model/words";

/** A website drift found changed or gone, in the stack that records it. */
export interface CloudTarget {
  /** `project/stack`, as the state names it. */
  stack: string;
  /** The resource's name in its program. */
  resource: string;
  domain: string;
  id: number;
  status: "changed" | "gone";
}

/** A target with its URN in the stack's state. */
export interface LocatedTarget extends CloudTarget {
  urn: string;
}

/** One field the up sets: the value on the server now, and the value the program declares. */
interface FieldPlan {
  field: string;
  live: unknown;
  declared: unknown;
}

/** What the plan does to one target: update its fields, create it again, or nothing. */
export interface PlannedFix extends LocatedTarget {
  action: "update" | "create" | "none";
  fields: FieldPlan[];
}

const exportSchema = z
  .object({
    deployment: z
      .object({
        resources: z
          .array(z.object({ urn: z.string(), type: z.string(), id: z.string().optional() }).loose())
          .nullish(),
        pending_operations: z.array(z.unknown()).nullish(),
      })
      .loose(),
  })
  .loose();

const stateSchema = z
  .object({
    inputs: z.record(z.string(), z.unknown()).optional(),
    outputs: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

const previewSchema = z
  .object({
    steps: z
      .array(
        z
          .object({
            op: z.string(),
            urn: z.string(),
            diffReasons: z.array(z.string()).nullish(),
            detailedDiff: z.record(z.string(), z.unknown()).nullish(),
            oldState: stateSchema.nullish(),
            newState: stateSchema.nullish(),
          })
          .loose(),
      )
      .nullish(),
    diagnostics: z
      .array(z.object({ message: z.string().optional(), severity: z.string().optional() }).loose())
      .nullish(),
  })
  .loose();

type PreviewStep = NonNullable<z.infer<typeof previewSchema>["steps"]>[number];

/** The stack's plan or state could not be read or is not one to apply: the message says why. */
export class CloudPlanRefused extends Error {
  override name = "CloudPlanRefused";
}

/** The last part of a URN: the resource's name. */
const nameOf = (urn: string): string => urn.slice(urn.lastIndexOf("::") + 2);

/** A URN's type: the last of its parent-qualified types (`a$b$webstats:index:Website`). */
export function typeOfUrn(urn: string): string {
  const qualified = urn.split("::")[2] ?? "";
  return qualified.slice(qualified.lastIndexOf("$") + 1);
}

function parsed<T>(schema: z.ZodType<T>, text: string, what: string, stack: string): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text, which may hold secrets: only the place is said.
    throw new CloudPlanRefused(`stack ${stack}: ${what} is not JSON (${notJsonReason(text)}).`);
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new CloudPlanRefused(
      `stack ${stack}: ${what} is not in the form expected (${issue?.path.join(".") || "top"}: ${issue?.message ?? "unreadable"}).`,
    );
  }
  return result.data;
}

/**
 * Each target's URN, from the stack's export (`pulumi stack export`, secrets not needed). Refused
 * when the stack has pending operations (an update was interrupted: the engine does not know what
 * it left on the server) or no longer records a target.
 */
export function locateTargets(
  exportText: string,
  stack: string,
  targets: readonly CloudTarget[],
): LocatedTarget[] {
  const { deployment } = parsed(exportSchema, exportText, "pulumi stack export", stack);
  const pending = deployment.pending_operations ?? [];
  if (pending.length > 0) {
    throw new CloudPlanRefused(
      `stack ${stack} has ${plural(pending.length, "pending operation")} left by an interrupted update: ` +
        "the engine does not know what they did on the server. Resolve them first (pulumi refresh offers to; " +
        "pulumi refresh --clear-pending-creates drops pending creates), then run drift again.",
    );
  }
  const websites = (deployment.resources ?? []).filter(
    (r) => r.type === websiteTypes.plugin || r.type === websiteTypes.dynamic,
  );
  return targets.map((target) => {
    const found = websites.find((r) => nameOf(r.urn) === target.resource && r.id === String(target.id));
    if (!found) {
      throw new CloudPlanRefused(
        `stack ${stack} no longer records website ${target.resource} (${target.domain}, id ${target.id}): ` +
          "its state changed since drift read it; run drift again.",
      );
    }
    return { ...target, urn: found.urn };
  });
}

/** What `pulumi preview --json` printed: its steps, and the messages of its errors. */
export interface PreviewPlan {
  steps: PreviewStep[];
  /**
   * Its error diagnostics: the engine can report one and still exit 0, e.g. a target that the
   * refresh found gone and the program no longer declares ("could not be found in the stack").
   */
  errors: string[];
}

export function previewPlan(previewText: string, stack: string): PreviewPlan {
  const plan = parsed(previewSchema, previewText, "pulumi preview --json", stack);
  const errors = (plan.diagnostics ?? [])
    .filter((d) => d.severity === "error")
    .map((d) => (d.message ?? "").replace(/^error:\s*/, "").trim());
  return { steps: plan.steps ?? [], errors };
}

/**
 * Steps that change nothing on the server, whatever resource they are about. With --refresh the
 * plan starts with a `refresh` step for each target (its live state read into the plan).
 */
const harmless = new Set(["same", "read", "refresh"]);

/** Values a plan may print: a secret, or a password, is never shown. */
function shown(field: string, value: unknown): unknown {
  if (/password/i.test(field)) return "(secret)";
  if (value === "[secret]") return "(secret)";
  if (typeof value === "object" && value !== null && "4dabf18193072939515e22adb298388d" in value)
    return "(secret)";
  return value ?? null;
}

/** The top-level fields a step changes (`excludeIps[0]` is `excludeIps`). */
function changedFields(step: PreviewStep): string[] {
  const paths = [...Object.keys(step.detailedDiff ?? {}), ...(step.diffReasons ?? [])];
  return [...new Set(paths.map((p) => p.replace(/[[.].*$/, "")))].sort();
}

const what = (t: LocatedTarget): string => `website ${t.resource} (${t.domain}, id ${t.id})`;

/** Why the plan's steps for one target are not putting it back, or undefined when they are. */
function targetProblem(target: LocatedTarget, allOps: string[]): string | undefined {
  const ops = allOps.filter((op) => op !== "refresh" && op !== "read");
  const only = ops.length === 1 ? ops[0] : undefined;
  if (ops.length === 0 || ops.includes("delete")) {
    const way =
      target.status === "gone"
        ? "the up would not create it again. Declare it again, or drop it from the state with pulumi refresh."
        : "the up would delete it. Declare it again, or run pulumi up yourself if it is to go.";
    return `${what(target)} is no longer declared in the stack's program: ${way}`;
  }
  if (ops.some((op) => /replace/.test(op))) {
    return `${what(target)} would be replaced (deleted and created again, its statistics lost): put back the fields that force a replacement by hand, or change the program.`;
  }
  if (target.status === "changed" && (only === "update" || only === "same")) return undefined;
  if (target.status === "gone" && only === "create") return undefined;
  return `${what(target)} is ${target.status}, and the plan would ${ops.join(" and ")} it.`;
}

/**
 * The plan for one stack's targets, or the problems that refuse it: every target put back as its
 * status calls for (see targetProblem), and every other resource left the same.
 */
export function checkPlan(
  stack: string,
  targets: readonly LocatedTarget[],
  { steps, errors }: PreviewPlan,
): { planned: PlannedFix[]; problems: string[] } {
  const byUrn = new Map(targets.map((t) => [t.urn, t]));
  const problems: string[] = errors.map((e) => `stack ${stack}: pulumi preview reported an error: ${e}`);
  for (const step of steps) {
    if (byUrn.has(step.urn) || harmless.has(step.op)) continue;
    problems.push(
      `stack ${stack}: the plan would also ${step.op} ${typeOfUrn(step.urn)} ${nameOf(step.urn)}, which --fix cloud does not put back.`,
    );
  }
  const planned: PlannedFix[] = [];
  for (const target of targets) {
    const own = steps.filter((s) => s.urn === target.urn);
    const problem = targetProblem(target, [...new Set(own.map((s) => s.op))]);
    if (problem) {
      problems.push(`stack ${stack}: ${problem}`);
      continue;
    }
    const step = own.find((s) => !harmless.has(s.op));
    const action = step?.op === "update" ? "update" : step?.op === "create" ? "create" : "none";
    const fields =
      step && action === "update"
        ? changedFields(step).map((field) => ({
            field,
            live: shown(field, step.oldState?.outputs?.[field]),
            declared: shown(field, step.newState?.inputs?.[field]),
          }))
        : [];
    planned.push({ ...target, action, fields });
  }
  return { planned, problems };
}
