// A stack of Websites driven through one host the way the engine drives it, without the engine:
// each operation starts a fresh provider process, configures it as the engine configures that
// host (recorded shapes: recordings/), and steps each resource as the engine's step generator
// does: check against the recorded inputs; create; or diff, then update, or replace (create the
// new one, then delete the original); delete what the program no longer declares; refresh
// reads each one. A created but unfinished resource is recorded with its init errors and
// updated on the next `up`, as the engine does.
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { inject } from "vitest";
import { fromStruct, plain, ProviderProcess, secret, toStruct } from "./engine-processes";
import type { CallError, Host } from "./engine-processes";

type Props = Record<string, unknown>;

export interface StackConfig {
  /** The stack's `webstats:*` settings (apiKey is sent as a secret, as the engine does). */
  settings?: Record<string, string>;
  /** Environment of the provider process (WEBSTATS_*). */
  env?: Record<string, string>;
  /** Plugin only: an explicit provider's arguments instead of the stack's settings. */
  explicit?: Record<string, string>;
}

export interface Recorded {
  urn: string;
  id: string;
  inputs: Props;
  outputs: Props;
  initErrors?: string[];
}

export type StepOp = "create" | "update" | "replace" | "delete" | "same" | "refresh" | "discard";

export interface OperationResult {
  steps: { name: string; op: StepOp }[];
  /** What the operation's output shows of the provider: its logged messages. */
  notices: string;
  error?: CallError;
}

const websiteTypes: Record<Host, string> = {
  dynamic: "pulumi-nodejs:dynamic/webstats:Website",
  plugin: "webstats:index:Website",
};
const providerKey = "__provider";

export class ProviderStack {
  /** The state: each resource by name. */
  readonly resources = new Map<string, Recorded>();

  constructor(
    readonly host: Host,
    public config: StackConfig,
  ) {
    if (host === "dynamic" && config.explicit)
      throw new Error("dynamic resources have no explicit providers");
  }

  urn(name: string): string {
    return `urn:pulumi:test::webstats-provider::${websiteTypes[this.host]}::${name}`;
  }

  /** The recorded website of `name`, or an error. */
  get(name: string): Recorded {
    const found = this.resources.get(name);
    if (!found) throw new Error(`no resource ${name} in the state`);
    return found;
  }

  /** A provider process for one operation, configured as the engine configures this host. */
  async provider(): Promise<ProviderProcess> {
    const process = await ProviderProcess.start(this.host, this.config.env);
    const settings = this.config.explicit ?? this.config.settings ?? {};
    const args: Props = {};
    const request = new proto.ConfigureRequest().setAcceptsecrets(true).setAcceptresources(true);
    const variables = request.getVariablesMap();
    for (const [name, value] of Object.entries(settings)) {
      const key = this.host === "plugin" ? name : `webstats:${name}`;
      args[key] = name === "apiKey" ? secret(value) : value;
      variables.set(
        this.host === "plugin" ? `webstats:config:${name}` : `pulumi-nodejs:config:webstats:${name}`,
        value,
      );
    }
    request.setArgs(toStruct(args));
    if (this.host === "plugin") {
      // The engine checks a provider's inputs before configuring it; a failure stops the operation.
      const checked = await process.call<proto.CheckResponse>(
        "checkConfig",
        new proto.CheckRequest()
          .setUrn(`urn:pulumi:test::webstats-provider::pulumi:providers:webstats::default`)
          .setOlds(toStruct({}))
          .setNews(toStruct(plain(settings) as Props)),
      );
      const failures = checked.getFailuresList().map((f) => f.getReason());
      if (failures.length > 0) {
        process.kill();
        throw Object.assign(new Error(failures.join("\n")), { code: 0 });
      }
      request.setArgs(checked.getInputs());
    }
    await process.call("configure", request);
    return process;
  }

  /** The arguments as this host receives them: the dynamic host gets plain values and the serialized provider. */
  private news(args: Props): Props {
    if (this.host === "plugin") return args;
    return { ...(plain(args) as Props), [providerKey]: inject("providerTier").serializedProvider };
  }

  async check(provider: ProviderProcess, name: string, olds: Props, args: Props) {
    const response = await provider.call<proto.CheckResponse>(
      "check",
      new proto.CheckRequest()
        .setUrn(this.urn(name))
        .setType(websiteTypes[this.host])
        .setOlds(toStruct(olds))
        .setNews(toStruct(this.news(args))),
    );
    return {
      inputs: fromStruct(response.getInputs()),
      failures: response.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diff(provider: ProviderProcess, name: string, recorded: Recorded, news: Props) {
    const response = await provider.call<proto.DiffResponse>(
      "diff",
      new proto.DiffRequest()
        .setUrn(this.urn(name))
        .setId(recorded.id)
        .setType(websiteTypes[this.host])
        .setOlds(toStruct(recorded.outputs))
        .setOldInputs(toStruct(recorded.inputs))
        .setNews(toStruct(news)),
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
        new proto.CreateRequest()
          .setUrn(this.urn(name))
          .setType(websiteTypes[this.host])
          .setProperties(toStruct(inputs)),
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
      new proto.DeleteRequest()
        .setUrn(recorded.urn)
        .setId(recorded.id)
        .setType(websiteTypes[this.host])
        .setProperties(toStruct(recorded.outputs))
        .setOldInputs(toStruct(recorded.inputs)),
    );
  }

  /**
   * `pulumi up` (or, with `preview`, `pulumi preview`) of a program: each Website's arguments by
   * name, in declaration order. Resources to `replace` are replaced whatever their diff says.
   * A failure ends the operation (steps done so far stay recorded) and is returned, or thrown
   * unless `allowFailure`.
   */
  async up(
    program: Record<string, Props>,
    options: { preview?: boolean; replace?: string[]; allowFailure?: boolean } = {},
  ): Promise<OperationResult> {
    const provider = await this.provider();
    const steps: OperationResult["steps"] = [];
    try {
      for (const [name, args] of Object.entries(program)) {
        const recorded = this.resources.get(name);
        const { inputs, failures } = await this.check(provider, name, recorded?.inputs ?? {}, args);
        if (failures.length > 0) {
          const reasons = failures.map((f) =>
            f.property ? `property ${f.property}: ${f.reason}` : f.reason,
          );
          throw Object.assign(new Error(reasons.join("\n")), { code: 0, failures });
        }
        if (!recorded) {
          steps.push({ name, op: "create" });
          if (!options.preview) this.resources.set(name, await this.create(provider, name, inputs));
          continue;
        }
        const diff = await this.diff(provider, name, recorded, inputs);
        if (options.replace?.includes(name) || diff.replaces.length > 0) {
          steps.push({ name, op: "replace" });
          if (options.preview) continue;
          const replacement = await this.create(provider, name, inputs);
          await this.remove(provider, recorded);
          this.resources.set(name, replacement);
        } else if (diff.changes || recorded.initErrors) {
          steps.push({ name, op: "update" });
          if (options.preview) continue;
          const outputs = await this.update(provider, name, recorded, inputs);
          this.resources.set(name, { ...recorded, inputs, outputs, initErrors: undefined });
        } else {
          steps.push({ name, op: "same" });
        }
      }
      for (const [name, recorded] of [...this.resources]) {
        if (name in program) continue;
        steps.push({ name, op: "delete" });
        if (options.preview) continue;
        await this.remove(provider, recorded);
        this.resources.delete(name);
      }
      return { steps, notices: provider.notices() };
    } catch (error) {
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
      new proto.UpdateRequest()
        .setUrn(this.urn(name))
        .setId(recorded.id)
        .setType(websiteTypes[this.host])
        .setOlds(toStruct(recorded.outputs))
        .setOldInputs(toStruct(recorded.inputs))
        .setNews(toStruct(news)),
    );
    return fromStruct(response.getProperties());
  }

  /** `pulumi preview`: the steps an up would take, with nothing changed. */
  preview(program: Record<string, Props>): Promise<OperationResult> {
    return this.up(program, { preview: true });
  }

  /** `pulumi refresh`: each resource read again; one the host reports gone leaves the state. */
  async refresh(options: { allowFailure?: boolean } = {}): Promise<OperationResult> {
    const provider = await this.provider();
    const steps: OperationResult["steps"] = [];
    try {
      for (const [name, recorded] of [...this.resources]) {
        const response = await provider.call<proto.ReadResponse>(
          "read",
          new proto.ReadRequest()
            .setUrn(recorded.urn)
            .setId(recorded.id)
            .setType(websiteTypes[this.host])
            .setProperties(toStruct(recorded.outputs))
            .setInputs(toStruct(recorded.inputs)),
        );
        if (response.getId() === "") {
          steps.push({ name, op: "discard" });
          this.resources.delete(name);
          continue;
        }
        steps.push({ name, op: "refresh" });
        const inputs = response.hasInputs() ? fromStruct(response.getInputs()) : recorded.inputs;
        // The dynamic host's inputs keep the serialized provider, which a read does not return.
        if (this.host === "dynamic") inputs[providerKey] = recorded.inputs[providerKey];
        this.resources.set(name, { ...recorded, inputs, outputs: fromStruct(response.getProperties()) });
      }
      return { steps, notices: provider.notices() };
    } catch (error) {
      if (!options.allowFailure) throw error;
      return { steps, notices: provider.notices(), error: error as CallError };
    } finally {
      provider.kill();
    }
  }

  /** `pulumi destroy`. */
  destroy(options: { allowFailure?: boolean } = {}): Promise<OperationResult> {
    return this.up({}, options);
  }

  /** `pulumi import TYPE NAME ID` (plugin only): Read with no properties, then Check of what it returned. */
  async import(name: string, id: string): Promise<OperationResult> {
    if (this.host !== "plugin") throw new Error("dynamic resources cannot be imported");
    const provider = await this.provider();
    try {
      const read = await provider.call<proto.ReadResponse>(
        "read",
        new proto.ReadRequest().setUrn(this.urn(name)).setId(id).setType(websiteTypes[this.host]),
      );
      if (read.getId() === "") throw new Error(`website ${id} does not exist`);
      const { inputs, failures } = await this.check(provider, name, {}, fromStruct(read.getInputs()));
      if (failures.length > 0) throw new Error(failures.map((f) => f.reason).join("\n"));
      this.resources.set(name, {
        urn: this.urn(name),
        id,
        inputs,
        outputs: fromStruct(read.getProperties()),
      });
      return { steps: [{ name, op: "refresh" }], notices: provider.notices() };
    } finally {
      provider.kill();
    }
  }
}
