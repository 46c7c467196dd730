// The Website resource's lifecycle: what `check`, `diff`, `create`, `read`, `update` and
// `delete` do against the API. Loaded by dynamic-provider.ts when the engine calls it.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError } from "../sdk";
import type { WebstatsClient } from "../sdk";
import { clientFor, settingsFromConfig, useStackSettings } from "./connection";
import { connectionValue } from "./argument-schemas";
import { checkWebsiteInputs } from "./website-check";
import { containsUnknown } from "./unknown-values";
import { createWebsite, updateOrExplain } from "./website-create";
import { diffWebsite, passwordGap, updatePatch } from "./website-diff";
import { readerFor } from "./website-reader";
import { inputsFromOutputs, outputsFrom, readInputs, readState } from "./website-state";

type Props = Record<string, unknown>;

export function configure(req: dynamic.ConfigureRequest): Promise<void> {
  useStackSettings(settingsFromConfig((key) => req.config.get(key)));
  return Promise.resolve();
}

export function check(olds: Props, news: Props): Promise<dynamic.CheckResult> {
  const { inputs, failures } = checkWebsiteInputs(news, olds);
  // Credentials that are missing or malformed fail the preview rather than the first request
  // (once the arguments themselves are right). Reported on the resource: the connection is secret.
  if (failures.length === 0 && !containsUnknown(inputs.connection)) {
    try {
      clientFor(connectionOf(inputs.connection));
    } catch (error) {
      failures.push({ property: "", argument: "connection", reason: (error as Error).message });
    }
  }
  return Promise.resolve({ inputs, failures });
}

export function diff(_id: string, olds: Props, news: Props): Promise<dynamic.DiffResult> {
  // News may hold placeholders for values unknown during a preview: compared, never parsed.
  const result = diffWebsite(readState(olds), news);
  // Create the new website before deleting the old one: the default order, stated for clarity.
  return Promise.resolve({ changes: result.changes, replaces: result.replaces, deleteBeforeReplace: false });
}

/** The connection argument when it has the right shape (check reports it otherwise). */
function connectionOf(value: unknown) {
  const parsed = connectionValue.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Runs a change, then drops any listing read before it, whatever the outcome. */
async function changing<T>(client: WebstatsClient, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } finally {
    readerFor(client).invalidate();
  }
}

export async function create(props: Props): Promise<dynamic.CreateResult> {
  const inputs = readInputs(props);
  const client = clientFor(inputs.connection);
  // Adoptions look their domains up in the listing the whole operation shares. A create only
  // adds a website, which no shared listing needs to know: absent domains are created, and a
  // domain taken meanwhile is found out by the create itself.
  const reader = readerFor(client);
  const outs = await createWebsite(client, inputs, inputs.__provider, (domain) =>
    reader.findByDomain(domain),
  );
  return { id: String(outs.websiteId), outs };
}

export async function read(id: string, props?: Props): Promise<dynamic.ReadResult> {
  const state = readState(props);
  const website = await readerFor(clientFor(state.connection)).read(Number(id));
  // Deleted outside Pulumi: an empty id drops it from the state; the next `up` recreates it.
  if (!website) return { id: "", props: {} };
  const outputs = outputsFrom(website, state);
  return { id, props: outputs, inputs: inputsFromOutputs(outputs) };
}

export async function update(id: string, olds: Props, news: Props): Promise<dynamic.UpdateResult> {
  const state = readState(olds);
  const inputs = readInputs(news);
  const client = clientFor(inputs.connection);
  const gap = passwordGap(state, inputs);
  if (gap) throw new Error(gap);
  const patch = updatePatch(state, inputs);
  const website =
    Object.keys(patch).length > 0
      ? await changing(client, () =>
          updateOrExplain(client, Number(id), state.domain ?? inputs.domain, patch),
        )
      : await client.websites.get(Number(id));
  return { outs: outputsFrom(website, inputs) };
}

export async function remove(id: string, props: Props): Promise<void> {
  const state = readState(props);
  const client = clientFor(state.connection);
  try {
    await changing(client, () => client.websites.delete(Number(id)));
  } catch (error) {
    // Already gone (deleted outside Pulumi): the goal of a delete is met.
    if (!(error instanceof NotFoundError)) throw error;
  }
}
