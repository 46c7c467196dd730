// Both hosts driven as the engine drives them within one operation, in this process: a fresh
// host per operation (the engine starts a provider process per operation), configured the
// engine's way (the dynamic provider's `configure` with the stack config; the plugin's
// Configure with `webstats:config:*` variables, or an explicit provider's arguments), and
// called with the engine's shapes (the plugin through its gRPC handlers and protobuf Structs).
// `up` steps one resource as the engine's step generator does: check, then create, or diff and
// then update or replace (create the new website, then delete the old one).
import { vi } from "vitest";
import type { Empty } from "google-protobuf/google/protobuf/empty_pb";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { WebstatsProviderService } from "../../plugin/server";
import { fromStruct, toStruct } from "../../plugin/values";

type Props = Record<string, unknown>;

export type HostName = "dynamic" | "plugin";

/** How an operation's provider is configured: the stack's `webstats:*` keys, or an explicit provider's arguments. */
export type ProviderConfig = { stack: Record<string, string> } | { explicit: Record<string, string> };

export interface HostOperation {
  check(olds: Props, news: Props): Promise<{ inputs: Props; failures: unknown[] }>;
  diff(id: string, olds: Props, news: Props): Promise<{ changes: boolean; replaces: string[] }>;
  create(inputs: Props): Promise<{ id: string; outputs: Props }>;
  read(id: string, state: Props): Promise<{ id: string; outputs: Props } | undefined>;
  update(id: string, olds: Props, news: Props): Promise<Props>;
  remove(id: string, state: Props): Promise<void>;
  /** What the host wrote to the operation's output (the engine shows a provider's standard error). */
  readonly notices: string[];
}

/** A resource as the state holds it. */
export interface Recorded {
  id: string;
  inputs: Props;
  outputs: Props;
}

/** Captures what the host process writes to standard error while `run` runs. */
async function capturingNotices<T>(notices: string[], run: () => Promise<T>): Promise<T> {
  const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    notices.push(String(chunk));
    return true;
  });
  try {
    return await run();
  } finally {
    spy.mockRestore();
  }
}

async function dynamicOperation(config: ProviderConfig): Promise<HostOperation> {
  if (!("stack" in config)) throw new Error("dynamic resources have no explicit providers");
  // A new module instance: a new provider process, with its own clients and custody.
  vi.resetModules();
  const host = await import("../../provider/website-provider");
  const stackConfig = Object.fromEntries(Object.entries(config.stack).map(([k, v]) => [`webstats:${k}`, v]));
  await host.configure({ config: { get: (key: string) => stackConfig[key] } } as never);
  const notices: string[] = [];
  const quiet = <T>(run: () => Promise<T>) => capturingNotices(notices, run);
  return {
    notices,
    check: (olds, news) => quiet(() => host.check(olds, news)) as never,
    diff: (id, olds, news) =>
      quiet(async () => {
        const result = await host.diff(id, olds, news);
        return { changes: result.changes ?? false, replaces: result.replaces ?? [] };
      }),
    create: (inputs) =>
      quiet(async () => {
        const created = await host.create(inputs);
        return { id: created.id, outputs: created.outs as Props };
      }),
    read: (id, state) =>
      quiet(async () => {
        const result = await host.read(id, state);
        return result.id ? { id: result.id, outputs: result.props as Props } : undefined;
      }),
    update: (id, olds, news) => quiet(async () => (await host.update(id, olds, news)).outs as Props),
    remove: (id, state) => quiet(() => host.remove(id, state)),
  };
}

/** One of the plugin's gRPC handlers, as the server calls it. */
type GrpcHandler = (
  call: { request: unknown },
  callback: (error: unknown, response?: unknown) => void,
) => void;

/** Calls one of the plugin's gRPC handlers as the server would. */
function callHandler<Res>(handler: GrpcHandler, request: unknown): Promise<Res> {
  return new Promise((resolve, reject) =>
    handler({ request }, (error, response) =>
      // The engine shows a failed call's details as its message.
      error ? reject(new Error((error as { details?: string }).details)) : resolve(response as Res),
    ),
  );
}

async function pluginOperation(config: ProviderConfig): Promise<HostOperation> {
  const service = new WebstatsProviderService("0.0.0-test").implementation() as unknown as Record<
    string,
    GrpcHandler
  >;
  const configure = new proto.ConfigureRequest();
  if ("stack" in config) {
    for (const [name, value] of Object.entries(config.stack)) {
      configure.getVariablesMap().set(`webstats:config:${name}`, value);
    }
  } else {
    configure.setArgs(toStruct(config.explicit, ["apiKey"]));
  }
  await callHandler(service.configure!, configure);
  const notices: string[] = [];
  const call = <Res>(name: string, request: unknown) =>
    capturingNotices(notices, () => callHandler<Res>(service[name]!, request));
  const type = "webstats:index:Website";
  return {
    notices,
    async check(olds, news) {
      const request = new proto.CheckRequest().setType(type).setOlds(toStruct(olds)).setNews(toStruct(news));
      const response = await call<proto.CheckResponse>("check", request);
      return { inputs: fromStruct(response.getInputs()), failures: response.getFailuresList() };
    },
    async diff(id, olds, news) {
      const request = new proto.DiffRequest()
        .setId(id)
        .setType(type)
        .setOlds(toStruct(olds))
        .setNews(toStruct(news));
      const response = await call<proto.DiffResponse>("diff", request);
      return {
        changes: response.getChanges() === proto.DiffResponse.DiffChanges.DIFF_SOME,
        replaces: response.getReplacesList(),
      };
    },
    async create(inputs) {
      const request = new proto.CreateRequest().setType(type).setProperties(toStruct(inputs));
      const response = await call<proto.CreateResponse>("create", request);
      return { id: response.getId(), outputs: fromStruct(response.getProperties()) };
    },
    async read(id, state) {
      const request = new proto.ReadRequest().setId(id).setType(type).setProperties(toStruct(state));
      const response = await call<proto.ReadResponse>("read", request);
      return response.getId()
        ? { id: response.getId(), outputs: fromStruct(response.getProperties()) }
        : undefined;
    },
    async update(id, olds, news) {
      const request = new proto.UpdateRequest()
        .setId(id)
        .setType(type)
        .setOlds(toStruct(olds))
        .setNews(toStruct(news));
      return fromStruct((await call<proto.UpdateResponse>("update", request)).getProperties());
    },
    async remove(id, state) {
      const request = new proto.DeleteRequest().setId(id).setType(type).setProperties(toStruct(state));
      await call<Empty>("delete", request);
    },
  };
}

/** A fresh provider of `host` for one operation. */
export function operation(host: HostName, config: ProviderConfig): Promise<HostOperation> {
  return host === "dynamic" ? dynamicOperation(config) : pluginOperation(config);
}

/**
 * One resource's step in an `up`, as the engine takes it: check against the recorded inputs,
 * then create, or diff and update, or replace (create first, then delete the original), or
 * nothing. `replace` forces a replacement (`pulumi up --replace`).
 */
export async function up(
  op: HostOperation,
  recorded: Recorded | undefined,
  args: Props,
  replace = false,
): Promise<Recorded> {
  const { inputs, failures } = await op.check(recorded?.inputs ?? {}, args);
  if (failures.length > 0) throw new Error(`check failed: ${JSON.stringify(failures)}`);
  if (!recorded) return { ...(await op.create(inputs)), inputs };
  const diff = await op.diff(recorded.id, recorded.outputs, inputs);
  if (replace || diff.replaces.length > 0) {
    const created = await op.create(inputs);
    await op.remove(recorded.id, recorded.outputs);
    return { ...created, inputs };
  }
  if (!diff.changes) return recorded;
  return { id: recorded.id, inputs, outputs: await op.update(recorded.id, recorded.outputs, inputs) };
}

/** A refresh of one resource: its new record, or undefined when the host reports it gone. */
export async function refresh(op: HostOperation, recorded: Recorded): Promise<Recorded | undefined> {
  const found = await op.read(recorded.id, recorded.outputs);
  return found ? { id: found.id, inputs: recorded.inputs, outputs: found.outputs } : undefined;
}
