// A stack of Websites driven through one host the way the engine drives it, without the engine:
// each operation starts a fresh provider process, configures it as the engine configures that
// host (recorded shapes: recordings/), and steps each resource as the engine's step generator
// does: check against the recorded inputs; create; or diff, then update, or replace (create the
// new one, then delete the original); delete what the program no longer declares; refresh
// reads each one. A created but unfinished resource is recorded with its init errors and
// updated on the next `up`, as the engine does.
import { randomUUID } from "node:crypto";
import * as grpc from "@grpc/grpc-js";
import { availableParallelism } from "node:os";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { inject } from "vitest";
import { engine, fromStruct, plain, ProviderProcess, secret, toStruct } from "./engine-processes";
import type { CallError, Host } from "./engine-processes";
import { startInProcess } from "./in-process-hosts";

type Props = Record<string, unknown>;

export interface StackConfig {
  /** The stack's `webstats:*` settings (apiKey is sent as a secret, as the engine does). */
  settings?: Record<string, string>;
  /** Environment of the provider process (WEBSTATS_*, the proxy variables); nothing else of either reaches it. */
  env?: Record<string, string>;
  /** Plugin only: an explicit provider's arguments instead of the stack's settings. */
  explicit?: Record<string, string>;
  /** Dynamic only: the `__provider` the program sends, instead of the packed package's require. */
  serializedProvider?: string;
}

export interface Recorded {
  urn: string;
  id: string;
  inputs: Props;
  outputs: Props;
  initErrors?: string[];
}

/** What every resource request of a step sets first (Check, Create, Diff, Update, Read, Delete). */
interface ResourceRequest {
  setUrn(value: string): unknown;
  setName(value: string): unknown;
  setType(value: string): unknown;
}

/** Diff and Update requests: a recorded resource and its new inputs. */
interface ChangeRequest extends ResourceRequest {
  setId(value: string): unknown;
  setOlds(value: ReturnType<typeof toStruct>): unknown;
  setOldInputs(value: ReturnType<typeof toStruct>): unknown;
  setNews(value: ReturnType<typeof toStruct>): unknown;
}

export type StepOp = "create" | "update" | "replace" | "delete" | "same" | "refresh" | "discard";

export interface OperationResult {
  steps: { name: string; op: StepOp }[];
  /** What the operation's output shows of the provider: its logged messages. */
  notices: string;
  error?: CallError;
}

/** How many steps the engine runs at once by default (`pulumi up --parallel`): 4 per core. */
export const engineParallelism = 4 * availableParallelism();

/**
 * Runs steps one after another (each awaited where it is taken), or with `parallel`, up to that
 * many at a time; the first failure stops new steps and is thrown by `run` or `settled`.
 */
class StepExecutor {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly running = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;

  constructor(private readonly parallel?: number) {}

  async run(step: () => Promise<void>): Promise<void> {
    if (!this.parallel) return step();
    this.rethrow();
    if (this.active >= this.parallel) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      this.rethrow();
    } catch (error) {
      this.release();
      throw error;
    }
    const running: Promise<void> = step()
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => {
        this.running.delete(running);
        this.release();
      });
    this.running.add(running);
  }

  /** Waits for every running step; throws the first failure. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
    this.rethrow();
  }

  private rethrow(): void {
    if (this.failure) throw this.failure.error;
  }

  /** Hands the slot to a waiting step, or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

const websiteTypes: Record<Host, string> = {
  dynamic: "pulumi-nodejs:dynamic/webstats:Website",
  plugin: "webstats:index:Website",
};
const providerKey = "__provider";

export class ProviderStack {
  /** The state: each resource by name. */
  readonly resources = new Map<string, Recorded>();
  /**
   * The provider as the state records it: the settings of the last up (or import) that left
   * resources. Refresh and destroy configure with these, as the engine does (it takes a
   * provider's inputs from the state there, not from the current settings), and an up checks
   * and diffs the current settings against them (CheckConfig olds, DiffConfig).
   */
  private recordedProvider: Record<string, string> | undefined;
  /** The settings the current operation's provider was configured with. */
  private operationSettings: Record<string, string> | undefined;
  /** The engine's id of the provider resource (a UUID, sent with Configure). */
  private readonly providerId = randomUUID();
  private destroying = false;

  constructor(
    readonly host: Host,
    public config: StackConfig,
    /**
     * Where each operation's host runs: a process started as the engine starts it (the default),
     * or, with `inProcess`, the same host loaded in this process (in-process-hosts.ts), for the
     * cells whose proof does not need the process boundary.
     */
    readonly boundary: { inProcess?: boolean } = {},
  ) {
    if (host === "dynamic" && config.explicit)
      throw new Error("dynamic resources have no explicit providers");
  }

  urn(name: string): string {
    return `urn:pulumi:test::webstats-provider::${websiteTypes[this.host]}::${name}`;
  }

  /** A resource request's first fields, as every step's request carries them: the URN, name and type. */
  private about<R extends ResourceRequest>(request: R, name: string, urn = this.urn(name)): R {
    request.setUrn(urn);
    request.setName(name);
    request.setType(websiteTypes[this.host]);
    return request;
  }

  /** Diff's and Update's shared fields: the resource, its recorded outputs and inputs, and the new inputs. */
  private change<R extends ChangeRequest>(request: R, name: string, recorded: Recorded, news: Props): R {
    this.about(request, name).setId(recorded.id);
    request.setOlds(toStruct(recorded.outputs));
    request.setOldInputs(toStruct(recorded.inputs));
    request.setNews(toStruct(news));
    return request;
  }

  /** The recorded website of `name`, or an error. */
  get(name: string): Recorded {
    const found = this.resources.get(name);
    if (!found) throw new Error(`no resource ${name} in the state`);
    return found;
  }

  /**
   * A provider process for one operation, configured as the engine configures this host (the
   * recorded shapes: recordings/). An operation that runs the program (up, preview, import)
   * checks the provider's settings first (CheckConfig, then DiffConfig once the state records a
   * provider); the engine sends both to both hosts, and goes on when the dynamic host answers
   * UNIMPLEMENTED. With `fromState` (refresh, destroy) the provider is configured with the
   * settings the state records, unchecked, as the engine does.
   */
  async provider(options: { fromState?: boolean } = {}): Promise<ProviderProcess> {
    const process = this.boundary.inProcess
      ? await startInProcess(this.host, this.config.env)
      : await ProviderProcess.start(this.host, this.config.env);
    try {
      await this.configure(process, options.fromState === true);
    } catch (error) {
      process.kill();
      throw error;
    }
    return process;
  }

  private async configure(process: ProviderProcess, fromState: boolean): Promise<void> {
    this.operationSettings = undefined;
    // The engine's first call to every provider process; both hosts answer UNIMPLEMENTED.
    const handshake = new proto.ProviderHandshakeRequest()
      .setEngineAddress(await engine.start())
      .setConfigureWithUrn(true)
      .setSupportsViews(true)
      .setSupportsRefreshBeforeUpdate(true)
      .setInvokeWithPreview(true)
      .setAcceptsByteString(true)
      .setSendsOldOutputsToCheck(true)
      .setAcceptsOutputsInInvoke(true)
      .setAcceptsOutputsInCall(true);
    await process.call("handshake", handshake).catch((error: CallError) => {
      if (error.code !== Number(grpc.status.UNIMPLEMENTED)) throw error;
    });
    const recorded = this.recordedProvider;
    const settings = fromState && recorded ? recorded : (this.config.explicit ?? this.config.settings ?? {});
    const name = this.config.explicit ? "explicit" : "default";
    const type = this.host === "plugin" ? "pulumi:providers:webstats" : "pulumi:providers:pulumi-nodejs";
    const urn = `urn:pulumi:test::webstats-provider::${type}::${name}`;
    // A provider's inputs: the plugin's settings; for the dynamic host's, the stack's config keys.
    const inputsOf = (values: Record<string, string>): Props =>
      Object.fromEntries(
        Object.entries(values).map(([key, value]) => [
          this.host === "plugin" ? key : `webstats:${key}`,
          value,
        ]),
      );
    const args: Props = {};
    const request = new proto.ConfigureRequest()
      .setAcceptsecrets(true)
      .setAcceptresources(true)
      .setSendsOldInputs(true)
      .setSendsOldInputsToDelete(true)
      .setId(this.providerId)
      .setUrn(urn)
      .setName(name)
      .setType(type);
    const variables = request.getVariablesMap();
    for (const [key, value] of Object.entries(settings)) {
      args[this.host === "plugin" ? key : `webstats:${key}`] = key === "apiKey" ? secret(value) : value;
      variables.set(
        this.host === "plugin" ? `webstats:config:${key}` : `pulumi-nodejs:config:webstats:${key}`,
        value,
      );
    }
    request.setArgs(toStruct(args));
    if (!(fromState && recorded)) {
      const olds = recorded ? inputsOf(recorded) : {};
      const news = inputsOf(settings);
      // The engine checks a provider's inputs before configuring it; a failure stops the operation.
      const checked = await this.configCall<proto.CheckResponse>(
        process,
        "checkConfig",
        new proto.CheckRequest()
          .setUrn(urn)
          .setName(name)
          .setType(type)
          .setOlds(toStruct(olds))
          .setNews(toStruct(news)),
      );
      if (checked) {
        const failures = checked
          .getFailuresList()
          .map((f) => ({ property: f.getProperty(), reason: f.getReason() }));
        if (failures.length > 0)
          throw Object.assign(new Error(failures.map((f) => f.reason).join("\n")), { code: 0, failures });
        // The checked inputs are what the engine configures the provider with (secrets marked).
        request.setArgs(checked.getInputs());
      }
      if (recorded) {
        const diff = await this.configCall<proto.DiffResponse>(
          process,
          "diffConfig",
          new proto.DiffRequest()
            .setUrn(urn)
            .setName(name)
            .setType(type)
            .setOlds(toStruct(olds))
            .setOldInputs(toStruct(olds))
            .setNews(toStruct(news)),
        );
        const replaces = diff?.getReplacesList() ?? [];
        if (replaces.length > 0) {
          throw new Error(
            `the provider asks to be replaced (${replaces.join(", ")}), which is not modelled here`,
          );
        }
      }
    }
    await process.call("configure", request);
    this.operationSettings = settings;
  }

  /** A provider-configuration call; undefined when the dynamic host answers UNIMPLEMENTED, as it does. */
  private async configCall<Res>(process: ProviderProcess, method: string, request: unknown) {
    try {
      return await process.call<Res>(method, request);
    } catch (error) {
      if (this.host === "dynamic" && (error as CallError).code === Number(grpc.status.UNIMPLEMENTED))
        return undefined;
      throw error;
    }
  }

  /** After an up or import: the state records the provider while it holds resources. */
  private recordProvider(): void {
    if (this.resources.size === 0) this.recordedProvider = undefined;
    else if (this.operationSettings) this.recordedProvider = this.operationSettings;
  }

  /** The arguments as this host receives them: the dynamic host gets plain values and the serialized provider. */
  private news(args: Props): Props {
    if (this.host === "plugin") return args;
    const serialized = this.config.serializedProvider ?? inject("providerTier").serializedProvider;
    return { ...(plain(args) as Props), [providerKey]: serialized };
  }

  /** Check, with the old inputs and the old outputs, which the engine sends as well. */
  async check(provider: ProviderProcess, name: string, olds: Props, args: Props, oldOutputs: Props = {}) {
    const response = await provider.call<proto.CheckResponse>(
      "check",
      this.about(new proto.CheckRequest(), name)
        .setOlds(toStruct(olds))
        .setNews(toStruct(this.news(args)))
        .setOldOutputs(toStruct(oldOutputs)),
    );
    return {
      inputs: fromStruct(response.getInputs()),
      failures: response.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diff(provider: ProviderProcess, name: string, recorded: Recorded, news: Props) {
    const response = await provider.call<proto.DiffResponse>(
      "diff",
      this.change(new proto.DiffRequest(), name, recorded, news),
    );
    return {
      changes: response.getChanges() === proto.DiffResponse.DiffChanges.DIFF_SOME,
      replaces: response.getReplacesList(),
      diffs: response.getDiffsList(),
      deleteBeforeReplace: response.getDeletebeforereplace(),
    };
  }

  private async create(provider: ProviderProcess, name: string, inputs: Props): Promise<Recorded> {
    try {
      const response = await provider.call<proto.CreateResponse>(
        "create",
        this.about(new proto.CreateRequest(), name).setProperties(toStruct(inputs)),
      );
      return {
        urn: this.urn(name),
        id: response.getId(),
        inputs,
        outputs: fromStruct(response.getProperties()),
      };
    } catch (error) {
      const failure = (error as CallError).initFailure;
      if (failure) {
        // The engine records the resource with its init errors, and fails the operation.
        this.resources.set(name, {
          urn: this.urn(name),
          id: failure.id,
          inputs,
          outputs: failure.properties,
          initErrors: failure.reasons,
        });
      }
      throw error;
    }
  }

  private async remove(provider: ProviderProcess, recorded: Recorded): Promise<void> {
    await provider.call(
      "delete",
      this.about(new proto.DeleteRequest(), recorded.urn.split("::").pop() ?? "", recorded.urn)
        .setId(recorded.id)
        .setProperties(toStruct(recorded.outputs))
        .setOldInputs(toStruct(recorded.inputs)),
    );
  }

  /**
   * `pulumi up` (or, with `preview`, `pulumi preview`) of a program: each Website's arguments by
   * name, in declaration order. Resources to `replace` are replaced whatever their diff says.
   * A failure ends the operation (steps done so far stay recorded) and is returned, or thrown
   * unless `allowFailure`. With `parallel`, the creates, updates, replacements and deletes run
   * up to that many at a time, as the engine's step executor runs independent resources (its
   * default is 4 per core), while check and diff stay in declaration order.
   */
  async up(
    program: Record<string, Props>,
    options: { preview?: boolean; replace?: string[]; allowFailure?: boolean; parallel?: number } = {},
  ): Promise<OperationResult> {
    const provider = await this.provider({ fromState: this.destroying });
    return this.operate(provider, options, async (executor, steps) => {
      for (const [name, args] of Object.entries(program)) {
        const recorded = this.resources.get(name);
        const { inputs, failures } = await this.check(
          provider,
          name,
          recorded?.inputs ?? {},
          args,
          recorded?.outputs ?? {},
        );
        if (failures.length > 0) {
          const reasons = failures.map((f) =>
            f.property ? `property ${f.property}: ${f.reason}` : f.reason,
          );
          throw Object.assign(new Error(reasons.join("\n")), { code: 0, failures });
        }
        if (!recorded) {
          steps.push({ name, op: "create" });
          if (!options.preview)
            await executor.run(async () => {
              this.resources.set(name, await this.create(provider, name, inputs));
            });
          continue;
        }
        const diff = await this.diff(provider, name, recorded, inputs);
        if (options.replace?.includes(name) || diff.replaces.length > 0) {
          steps.push({ name, op: "replace" });
          // The engine checks the replacement again as a new resource (no olds), in a preview too,
          // and creates it from that check's inputs.
          const renewed = await this.check(provider, name, {}, args);
          if (options.preview) continue;
          await executor.run(async () => {
            const replacement = await this.create(provider, name, renewed.inputs);
            await this.remove(provider, recorded);
            this.resources.set(name, replacement);
          });
        } else if (diff.changes || recorded.initErrors) {
          steps.push({ name, op: "update" });
          if (options.preview) continue;
          await executor.run(async () => {
            const outputs = await this.update(provider, name, recorded, inputs);
            this.resources.set(name, { ...recorded, inputs, outputs, initErrors: undefined });
          });
        } else {
          steps.push({ name, op: "same" });
          // The engine records the checked inputs of an unchanged resource, keeping its outputs.
          if (!options.preview) this.resources.set(name, { ...recorded, inputs });
        }
      }
      await executor.settled();
      for (const [name, recorded] of [...this.resources]) {
        if (name in program) continue;
        steps.push({ name, op: "delete" });
        if (options.preview) continue;
        await executor.run(async () => {
          await this.remove(provider, recorded);
          this.resources.delete(name);
        });
      }
    }).finally(() => {
      if (!options.preview) this.recordProvider();
    });
  }

  /**
   * One operation's steps on `provider`, taken by `run`: the steps taken and the notices, or with
   * them the failure (thrown unless `allowFailure`) once the steps already running have finished,
   * as in the engine. The provider is stopped either way.
   */
  private async operate(
    provider: ProviderProcess,
    options: { allowFailure?: boolean; parallel?: number },
    run: (executor: StepExecutor, steps: OperationResult["steps"]) => Promise<void>,
  ): Promise<OperationResult> {
    const steps: OperationResult["steps"] = [];
    const executor = new StepExecutor(options.parallel);
    try {
      await run(executor, steps);
      await executor.settled();
      return { steps, notices: provider.notices() };
    } catch (error) {
      await executor.settled().catch(() => undefined);
      if (!options.allowFailure) throw error;
      return { steps, notices: provider.notices(), error: error as CallError };
    } finally {
      provider.kill();
    }
  }

  private async update(
    provider: ProviderProcess,
    name: string,
    recorded: Recorded,
    news: Props,
  ): Promise<Props> {
    const response = await provider.call<proto.UpdateResponse>(
      "update",
      this.change(new proto.UpdateRequest(), name, recorded, news),
    );
    return fromStruct(response.getProperties());
  }

  /** `pulumi preview`: the steps an up would take, with nothing changed. */
  preview(program: Record<string, Props>): Promise<OperationResult> {
    return this.up(program, { preview: true });
  }

  /**
   * `pulumi refresh`: each resource read again; one the host reports gone leaves the state. With
   * `parallel`, up to that many reads at a time, as the engine runs them.
   */
  async refresh(options: { allowFailure?: boolean; parallel?: number } = {}): Promise<OperationResult> {
    const provider = await this.provider({ fromState: true });
    return this.operate(provider, options, async (executor, steps) => {
      for (const [name, recorded] of [...this.resources]) {
        await executor.run(async () => {
          const response = await provider.call<proto.ReadResponse>(
            "read",
            this.about(new proto.ReadRequest(), name, recorded.urn)
              .setId(recorded.id)
              .setProperties(toStruct(recorded.outputs))
              .setInputs(toStruct(recorded.inputs)),
          );
          if (response.getId() === "") {
            steps.push({ name, op: "discard" });
            this.resources.delete(name);
            return;
          }
          steps.push({ name, op: "refresh" });
          const inputs = response.hasInputs() ? fromStruct(response.getInputs()) : recorded.inputs;
          // The dynamic host's inputs keep the serialized provider, which a read does not return.
          if (this.host === "dynamic") inputs[providerKey] = recorded.inputs[providerKey];
          const outputs = fromStruct(response.getProperties());
          // The engine then diffs what it read against the program's inputs, to show the drift.
          await this.diff(provider, name, { ...recorded, inputs, outputs }, recorded.inputs);
          this.resources.set(name, { ...recorded, inputs, outputs });
        });
      }
    });
  }

  /** `pulumi destroy`. */
  destroy(options: { allowFailure?: boolean; parallel?: number } = {}): Promise<OperationResult> {
    // The engine configures the provider of a destroy with the settings the state records.
    this.destroying = true;
    return this.up({}, options).finally(() => {
      this.destroying = false;
    });
  }

  /**
   * A function of the package called by a program (plugin only: the dynamic host's functions run
   * in the program's own process), e.g. `webstats:index:getAccount`: its result, or the error.
   */
  async invoke(token: string, args: Props = {}): Promise<Props> {
    if (this.host !== "plugin") throw new Error("the dynamic host's functions run in the program");
    const provider = await this.provider();
    try {
      const request = new proto.InvokeRequest().setTok(token).setArgs(toStruct(args));
      const response = await provider.call<proto.InvokeResponse>("invoke", request);
      const failures = response.getFailuresList().map((f) => f.getReason());
      if (failures.length > 0) throw new Error(failures.join("\n"));
      return fromStruct(response.getReturn());
    } finally {
      provider.kill();
    }
  }

  /** `pulumi import TYPE NAME ID` (plugin only): Read with no properties, then Check of what it returned. */
  async import(name: string, id: string): Promise<OperationResult> {
    if (this.host !== "plugin") throw new Error("dynamic resources cannot be imported");
    const provider = await this.provider();
    try {
      const read = await provider.call<proto.ReadResponse>(
        "read",
        this.about(new proto.ReadRequest(), name).setId(id).setProperties(toStruct({})),
      );
      if (read.getId() === "") throw new Error(`website ${id} does not exist`);
      // The engine checks what the read returned, as both the old and the new inputs, and
      // records the read's inputs (the check only validates them).
      const inputs = fromStruct(read.getInputs());
      const { failures } = await this.check(provider, name, inputs, inputs);
      if (failures.length > 0) throw new Error(failures.map((f) => f.reason).join("\n"));
      this.resources.set(name, {
        urn: this.urn(name),
        id,
        inputs,
        outputs: fromStruct(read.getProperties()),
      });
      this.recordProvider();
      return { steps: [{ name, op: "refresh" }], notices: provider.notices() };
    } finally {
      provider.kill();
    }
  }
}
