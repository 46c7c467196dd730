// The Website's recorded state (its outputs): what the API reports, plus the arguments the API
// never returns, kept from the last applied inputs. Also how the lifecycle methods read inputs and
// state back: parsed against the types of website-fields.ts, never cast.
import { z } from "zod";
import type { Website as ApiWebsite } from "../sdk";
import { apiOnlyOutputs, fieldEntries, protectedPrivacy, recordedOutputs } from "./website-fields";
import type { WebsiteInputs, WebsiteOutputs } from "./website-fields";

export type { WebsiteOutputs };

const optionalShape = (entries: [string, { value: z.ZodType }][]) =>
  Object.fromEntries(entries.map(([name, spec]) => [name, spec.value.optional()]));

// Loose objects: the engine's own keys (__provider) travel along with the arguments.
const inputsSchema = z
  .object(
    Object.fromEntries(
      fieldEntries.map(([name, spec]) => [
        name,
        "default" in spec || spec.required ? spec.value : spec.value.optional(),
      ]),
    ),
  )
  .loose();

// State written by earlier versions may lack fields: everything is optional when reading it back.
const stateSchema = z
  .object({
    ...optionalShape(fieldEntries),
    ...optionalShape(Object.entries(apiOnlyOutputs)),
    ...optionalShape(Object.entries(recordedOutputs)),
  })
  .loose();

function parsed<T>(schema: z.ZodType, value: unknown, what: string): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const where = result.error.issues.map((issue) => issue.path.join(".") || "(top)").join(", ");
    throw new Error(
      `The Website's ${what} could not be read (${where}). ${z.prettifyError(result.error).split("\n")[0] ?? ""}`,
    );
  }
  return result.data as T;
}

/** Inputs as check returned them. */
export const readInputs = (value: unknown) =>
  parsed<WebsiteInputs & { __provider?: unknown }>(inputsSchema, value, "arguments");

/** A recorded state, from this version or an earlier one. */
export const readState = (value: unknown) =>
  parsed<Partial<WebsiteOutputs>>(stateSchema, value, "recorded state");

/** The outputs for a website as the API reports it, with the arguments it cannot report taken from `applied`. */
export function outputsFrom(website: ApiWebsite, applied: Partial<WebsiteInputs>): WebsiteOutputs {
  const outputs: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(apiOnlyOutputs)) outputs[name] = spec.read(website);
  for (const [name, spec] of fieldEntries) {
    const value = spec.read ? spec.read(website) : applied[name];
    if (value !== undefined) outputs[name] = value;
  }
  // A password only matters while the site is password-protected; keeping a stale one would make
  // a later switch back to "password" look like no change.
  if (website.privacy !== protectedPrivacy) delete outputs.password;
  // Built from the client's typed answer and already-checked inputs: nothing here to validate
  // again, and a refresh of hundreds of websites calls this once per website.
  return outputs as WebsiteOutputs;
}

/**
 * The arguments that would produce the website as it is now: returned by `read` so a refresh
 * records drift in the inputs too. Secrets are left out: the engine cannot mark values returned
 * this way as secret, and the diff reads them from the outputs anyway.
 */
export function inputsFromOutputs(outputs: Partial<WebsiteOutputs>): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const [name, spec] of fieldEntries) {
    if (!spec.secret && outputs[name] !== undefined) inputs[name] = outputs[name];
  }
  return inputs;
}
