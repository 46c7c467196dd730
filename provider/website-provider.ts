// The Website resource's lifecycle: what `check`, `diff`, `create`, `read`, `update` and
// `delete` do against the API. Loaded by dynamic-provider.ts when the engine calls it.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError } from "../sdk";
import type { WebstatsClient } from "../sdk";
import { clientFor, settingsFromConfig, useStackSettings } from "./connection";
import { diffWebsite, updatePatch } from "./website-diff";
import { checkWebsiteInputs } from "./website-inputs";
import type { WebsiteInputs } from "./website-inputs";
import { createWebsite, updateOrExplain } from "./website-create";
import { readerFor } from "./website-reader";
import { inputsFromOutputs, outputsFrom, rememberedFrom } from "./website-state";
import type { WebsiteOutputs } from "./website-state";

type Props = Record<string, unknown>;

export function configure(req: dynamic.ConfigureRequest): Promise<void> {
  useStackSettings(settingsFromConfig((key) => req.config.get(key)));
  return Promise.resolve();
}

export function check(_olds: Props, news: Props): Promise<dynamic.CheckResult> {
  const { inputs, failures } = checkWebsiteInputs(news);
  return Promise.resolve({ inputs, failures });
}

export function diff(_id: string, olds: Props, news: Props): Promise<dynamic.DiffResult> {
  const result = diffWebsite(olds, news);
  // Create the new website before deleting the old one: the default order, stated for clarity.
  return Promise.resolve({ changes: result.changes, replaces: result.replaces, deleteBeforeReplace: false });
}

/** Runs a change, then drops any listing read before it, whatever the outcome. */
async function changing<T>(client: WebstatsClient, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } finally {
    readerFor(client).invalidate();
  }
}

export async function create(inputs: Props): Promise<dynamic.CreateResult> {
  const checked = inputs as unknown as WebsiteInputs & Props;
  const client = clientFor(checked.connection);
  const outs = await changing(client, () => createWebsite(client, checked));
  return { id: String(outs.websiteId), outs };
}

export async function read(id: string, props?: Props): Promise<dynamic.ReadResult> {
  const state = (props ?? {}) as Partial<WebsiteOutputs>;
  const website = await readerFor(clientFor(state.connection)).read(Number(id));
  // Deleted outside Pulumi: an empty id drops it from the state; the next `up` recreates it.
  if (!website) return { id: "", props: {} };
  const outputs = outputsFrom(website, rememberedFrom(state));
  return { id, props: outputs, inputs: inputsFromOutputs(outputs) };
}

export async function update(id: string, olds: Props, news: Props): Promise<dynamic.UpdateResult> {
  const state = olds as Partial<WebsiteOutputs>;
  const inputs = news as unknown as WebsiteInputs;
  const client = clientFor(inputs.connection);
  const patch = updatePatch(state, news);
  const website =
    Object.keys(patch).length > 0
      ? await changing(client, () =>
          updateOrExplain(client, Number(id), state.domain ?? inputs.domain, patch),
        )
      : await client.websites.get(Number(id));
  return { outs: outputsFrom(website, rememberedFrom(inputs)) };
}

export async function remove(id: string, props: Props): Promise<void> {
  const state = props as Partial<WebsiteOutputs>;
  const client = clientFor(state.connection);
  try {
    await changing(client, () => client.websites.delete(Number(id)));
  } catch (error) {
    // Already gone (deleted outside Pulumi): the goal of a delete is met.
    if (!(error instanceof NotFoundError)) throw error;
  }
}
