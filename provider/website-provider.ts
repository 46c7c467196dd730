// The dynamic provider's host: translates the engine's dynamic-provider calls into the Website
// core (core/website-lifecycle.ts) and back. Loaded by dynamic-provider.ts when the engine calls
// it. What is particular to this host lives here: the serialized provider (`__provider`) that
// travels in every input and state, and the stack settings that `configure` hands over.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { ClientRegistry } from "../core/clients";
import { engineAddressFrom, watchEngine } from "../core/engine-watch";
import * as lifecycle from "../core/website-lifecycle";
import type { WebsiteContext } from "../core/website-lifecycle";
import { PartialCreateError } from "../core/website-create";
import { Custody } from "../core/website-custody";
import { holdSettings, namespacedLookup, resolveSettings } from "../core/settings";

type Props = Record<string, unknown>;

/** The key the engine adds to a dynamic resource's inputs and state: the serialized provider. */
const providerKey = "__provider";

// In the provider process started by the engine (its script is @pulumi/pulumi's dynamic-provider
// command, which receives the engine's address), leave when the engine is gone: a killed CLI
// would otherwise leave this process waiting forever.
if (/[\\/]dynamic-provider([\\/]index\.js)?$/.test(process.argv[1] ?? "")) {
  const engine = engineAddressFrom(process.argv.slice(2));
  if (engine) watchEngine(engine);
}

/** The settings of a stack configuration lookup (then the environment), held for later calls. */
const settingsFrom = (get: (key: string) => unknown) =>
  holdSettings(() => resolveSettings(namespacedLookup(get)));

// This process's settings (from `configure`; the environment's until then), clients and custody:
// one provider process serves every Website of an operation, so they share pools, pacing and
// listings, and it knows which websites the operation's Websites hold.
const context: WebsiteContext = {
  settings: settingsFrom(() => undefined),
  clients: new ClientRegistry(),
  custody: new Custody(),
};

/** The engine's key split off the arguments, which the core never sees. */
function withoutProvider(props: Props | undefined): { args: Props; provider: unknown } {
  const { [providerKey]: provider, ...args } = props ?? {};
  return { args, provider };
}

export function configure(req: dynamic.ConfigureRequest): Promise<void> {
  // Stored synchronously: the engine may call the provider before this promise settles.
  context.settings = settingsFrom((key) => req.config.get(key));
  return Promise.resolve();
}

export async function check(olds: Props, news: Props): Promise<dynamic.CheckResult> {
  const { args, provider } = withoutProvider(news);
  const { inputs, failures } = await lifecycle.check(context, withoutProvider(olds).args, args);
  if (provider !== undefined) inputs[providerKey] = provider;
  return { inputs, failures: failures.map(({ property, reason }) => ({ property, reason })) };
}

export function diff(id: string, olds: Props, news: Props): Promise<dynamic.DiffResult> {
  const result = lifecycle.diff(context, id, withoutProvider(olds).args, withoutProvider(news).args);
  // Create the new website before deleting the old one: the default order, stated for clarity.
  return Promise.resolve({ changes: result.changes, replaces: result.replaces, deleteBeforeReplace: false });
}

/** The engine's form of a created-but-unfinished website: its state must hold the provider too. */
class InitializationError extends Error {
  constructor(
    failure: PartialCreateError,
    readonly id: string,
    readonly properties: Props,
    readonly reasons: string[],
  ) {
    super(failure.message);
    this.name = "PartialCreateError";
  }
}

export async function create(props: Props): Promise<dynamic.CreateResult> {
  const { args, provider } = withoutProvider(props);
  try {
    const { id, outputs } = await lifecycle.create(context, args);
    return { id, outs: outputs };
  } catch (error) {
    if (!(error instanceof PartialCreateError)) throw error;
    // Without the provider in its state, the recorded website could not be refreshed or deleted.
    const properties = { ...error.outputs, [providerKey]: provider };
    throw new InitializationError(error, error.id, properties, error.reasons);
  }
}

export async function read(id: string, props?: Props): Promise<dynamic.ReadResult> {
  const found = await lifecycle.read(context, id, withoutProvider(props).args);
  // Deleted outside Pulumi: an empty id drops it from the state; the next `up` recreates it.
  if (!found) return { id: "", props: {} };
  return { id, props: found.outputs, inputs: found.inputs };
}

export async function update(id: string, olds: Props, news: Props): Promise<dynamic.UpdateResult> {
  const outs = await lifecycle.update(context, id, withoutProvider(olds).args, withoutProvider(news).args);
  return { outs };
}

export async function remove(id: string, props: Props): Promise<void> {
  await lifecycle.remove(context, id, withoutProvider(props).args);
}
