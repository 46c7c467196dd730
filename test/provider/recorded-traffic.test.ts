// The provider tier's footing, proven against what the real engine said (recordings/, made by
// `npm run recordings` with PULUMI_DEBUG_GRPC through test/harness/record-engine-traffic.mjs), without
// running the engine:
// - every recorded request is sent again, in order, to the host it was sent to, started from the
//   packed package as the engine starts it (a new process at each Handshake, the engine's first
//   call to every provider process), against a fresh emulator with the recording's accounts and
//   out-of-band changes; each answer must be the recorded one: the same properties, diffs, check
//   failures, ids and errors (timestamps aside). So the hosts answer the engine's exact requests
//   as they did under the engine.
// - ProviderStack, which the scenario tables use to imitate the engine, runs the same scenarios
//   and must send the same requests, operation by operation. So the tables' requests are the
//   engine's, not invented ones.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { afterAll, describe, expect, inject, it } from "vitest";
import { startEmulator } from "../../emulator";
import type { Emulator, EmulatorAccount } from "../../emulator";
import { WebstatsClient } from "../../sdk";
import { applyOutOfBand, recordedAccounts, scenarios } from "../harness/record-engine-traffic.mjs";
import type { OutOfBandChange, ProgramValue, ScenarioStep } from "../harness/record-engine-traffic.mjs";
import { engine, ProviderProcess, secret, startedProcesses, stopAll, unknown } from "./engine-processes";
import type { CallError, Host } from "./engine-processes";
import { ProviderStack } from "./provider-stack";

type Props = Record<string, unknown>;

interface Meta {
  scenario: string;
  host: Host;
  accounts: number;
  serializedProvider?: string;
}

interface Call {
  method: string;
  provider: string;
  request: Props;
  response?: Props;
  errors?: string[];
}

type Line =
  | { meta: Meta }
  | { operation: { command: string; summary: string; failed: boolean } }
  | { outOfBand: OutOfBandChange }
  | Call;

const recordingsDir = join(__dirname, "recordings");
const recordings = readdirSync(recordingsDir)
  .filter((file) => file.endsWith(".jsonl"))
  .sort();

/** Stands in for a recorded timestamp in a request; answers' timestamps are compared as {{timestamp}}. */
const someTimestamp = "2026-01-01T00:00:00Z";
/** Stands in for an id the engine made up (a provider resource's). */
const someEngineId = "00000000-0000-4000-8000-000000000000";
const timestampKeys = new Set(["createdAt", "updatedAt", "favoritedAt"]);

afterAll(() => stopAll());

/** The values a recording's placeholders stand for in this replay. */
interface Substitutions {
  baseUrl: string;
  apiKeys: string[];
  serializedProvider: string;
}

/** A recorded value with its placeholders replaced by this replay's values. */
function fill(value: unknown, subs: Substitutions): unknown {
  if (typeof value === "string") {
    if (value === "{{serializedProvider}}") return subs.serializedProvider;
    if (value === "{{timestamp}}") return someTimestamp;
    return value
      .replaceAll("{{baseUrl}}", subs.baseUrl)
      .replaceAll("{{engineId}}", someEngineId)
      .replace(/\{\{apiKey(?::(\d+))?\}\}/g, (_, index?: string) => subs.apiKeys[Number(index ?? 0)]!);
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, subs));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, subs)]));
  }
  return value;
}

/** An answer with this replay's values put back as the recording's placeholders. */
function placeholders(value: unknown, subs: Substitutions, key?: string): unknown {
  if (typeof value === "string") {
    if (value === subs.serializedProvider) return "{{serializedProvider}}";
    if (key && timestampKeys.has(key)) return "{{timestamp}}";
    let text = value.split(subs.baseUrl).join("{{baseUrl}}");
    subs.apiKeys.forEach((apiKey, index) => {
      text = text.split(apiKey).join(index === 0 ? "{{apiKey}}" : `{{apiKey:${index}}}`);
    });
    return text;
  }
  if (Array.isArray(value)) return value.map((item) => placeholders(item, subs));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, placeholders(v, subs, k)]));
  }
  return value;
}

/** Fields that carry property maps (google.protobuf.Struct) in the requests the engine sends. */
const structFields = new Set(["olds", "news", "properties", "inputs", "oldInputs", "oldOutputs", "args"]);
/** Fields that carry string maps. */
const mapFields = new Set(["variables"]);

/**
 * The protobuf request of a recorded call: each recorded field through its setter, property maps
 * as Structs. A field this replay cannot send fails the test: the engine sends something new.
 */
function buildRequest(method: string, json: Props): unknown {
  const messages: Record<string, new () => object> = {
    Handshake: proto.ProviderHandshakeRequest,
    CheckConfig: proto.CheckRequest,
    DiffConfig: proto.DiffRequest,
    Configure: proto.ConfigureRequest,
    Check: proto.CheckRequest,
    Diff: proto.DiffRequest,
    Create: proto.CreateRequest,
    Read: proto.ReadRequest,
    Update: proto.UpdateRequest,
    Delete: proto.DeleteRequest,
    Invoke: proto.InvokeRequest,
    Cancel: Empty,
  };
  const Message = messages[method];
  if (!Message) throw new Error(`the replay cannot send ${method} requests`);
  const message = new Message() as Record<string, (value?: unknown) => unknown>;
  const methods = new Map<string, string>();
  for (let prototype = Object.getPrototypeOf(message) as object | null; prototype;) {
    for (const name of Object.getOwnPropertyNames(prototype)) methods.set(name.toLowerCase(), name);
    prototype = Object.getPrototypeOf(prototype) as object | null;
  }
  for (const [field, value] of Object.entries(json)) {
    const lower = field.toLowerCase();
    if (mapFields.has(field) && methods.has(`get${lower}map`)) {
      const map = message[methods.get(`get${lower}map`)!]!() as { set(key: string, value: string): void };
      for (const [key, item] of Object.entries(value as Record<string, string>)) map.set(key, item);
    } else if (structFields.has(field) && methods.has(`set${lower}`)) {
      message[methods.get(`set${lower}`)!]!(Struct.fromJavaScript(value as never));
    } else if (Array.isArray(value) && methods.has(`set${lower}list`)) {
      message[methods.get(`set${lower}list`)!]!(value);
    } else if ((value === null || typeof value !== "object") && methods.has(`set${lower}`)) {
      message[methods.get(`set${lower}`)!]!(value);
    } else {
      throw new Error(`the replay cannot send the field ${field} of ${method} (${JSON.stringify(value)})`);
    }
  }
  return message;
}

const struct = (value: Struct | undefined): Props | undefined => value?.toJavaScript();
/** protojson's habit, which the recordings have: a field at its default value is left out. */
function withoutDefaults(json: Record<string, unknown>): Props {
  return Object.fromEntries(
    Object.entries(json).filter(
      ([, value]) =>
        value !== undefined &&
        value !== false &&
        value !== 0 &&
        value !== "" &&
        !(Array.isArray(value) && value.length === 0) &&
        !(value !== null && typeof value === "object" && Object.keys(value).length === 0),
    ),
  );
}

const diffChanges = ["DIFF_UNKNOWN", "DIFF_NONE", "DIFF_SOME"];
const propertyDiffKinds = ["ADD", "ADD_REPLACE", "DELETE", "DELETE_REPLACE", "UPDATE", "UPDATE_REPLACE"];

/** A Check's or an Invoke's failures in the recordings' JSON form (none: no key). */
const failuresJson = (r: { getFailuresList(): proto.CheckFailure[] }): Props =>
  withoutDefaults({
    failures: r
      .getFailuresList()
      .map((f) => withoutDefaults({ property: f.getProperty(), reason: f.getReason() })),
  });

/** What Create, Read and Update answer alike: refreshBeforeUpdate, and the properties when there are any. */
const resourceJson = (r: proto.CreateResponse | proto.ReadResponse | proto.UpdateResponse): Props => ({
  ...withoutDefaults({ refreshBeforeUpdate: r.getRefreshBeforeUpdate() }),
  ...(r.hasProperties() ? { properties: struct(r.getProperties()) } : {}),
});

/** A host's answer in the recordings' JSON form (the engine's protojson, defaults left out). */
function responseJson(method: string, response: unknown): Props {
  switch (method) {
    case "Check":
    case "CheckConfig": {
      const r = response as proto.CheckResponse;
      return { ...(r.hasInputs() ? { inputs: struct(r.getInputs()) } : {}), ...failuresJson(r) };
    }
    case "Diff":
    case "DiffConfig": {
      const r = response as proto.DiffResponse;
      const detailed: Props = {};
      r.getDetaileddiffMap().forEach((diff, name) => {
        detailed[name] = withoutDefaults({
          kind:
            diff.getKind() === proto.PropertyDiff.Kind.ADD ? undefined : propertyDiffKinds[diff.getKind()],
          inputDiff: diff.getInputdiff(),
        });
      });
      return withoutDefaults({
        replaces: r.getReplacesList(),
        stables: r.getStablesList(),
        deleteBeforeReplace: r.getDeletebeforereplace(),
        changes:
          r.getChanges() === proto.DiffResponse.DiffChanges.DIFF_UNKNOWN
            ? undefined
            : diffChanges[r.getChanges()],
        diffs: r.getDiffsList(),
        detailedDiff: detailed,
        hasDetailedDiff: r.getHasdetaileddiff(),
      });
    }
    case "Configure": {
      const r = response as proto.ConfigureResponse;
      return withoutDefaults({
        acceptSecrets: r.getAcceptsecrets(),
        supportsPreview: r.getSupportspreview(),
        acceptResources: r.getAcceptresources(),
        acceptOutputs: r.getAcceptoutputs(),
        supportsAutonamingConfiguration: r.getSupportsAutonamingConfiguration(),
      });
    }
    case "Create": {
      const r = response as proto.CreateResponse;
      return { ...withoutDefaults({ id: r.getId() }), ...resourceJson(r) };
    }
    case "Read": {
      const r = response as proto.ReadResponse;
      return {
        ...withoutDefaults({ id: r.getId() }),
        ...resourceJson(r),
        ...(r.hasInputs() ? { inputs: struct(r.getInputs()) } : {}),
      };
    }
    case "Update": {
      return resourceJson(response as proto.UpdateResponse);
    }
    case "Invoke": {
      const r = response as proto.InvokeResponse;
      return { ...(r.hasReturn() ? { return: struct(r.getReturn()) } : {}), ...failuresJson(r) };
    }
    case "Delete":
    case "Cancel":
      return {};
    default:
      throw new Error(`the replay cannot read ${method} answers`);
  }
}

/** gRPC status names as the engine (Go) prints them, by code. */
const statusNames = [
  "OK",
  "Canceled",
  "Unknown",
  "InvalidArgument",
  "DeadlineExceeded",
  "NotFound",
  "AlreadyExists",
  "PermissionDenied",
  "ResourceExhausted",
  "FailedPrecondition",
  "Aborted",
  "OutOfRange",
  "Unimplemented",
  "Internal",
  "Unavailable",
  "DataLoss",
  "Unauthenticated",
];

/** A failed call as the engine's log prints it. */
const errorText = (error: CallError): string =>
  `rpc error: code = ${statusNames[error.code] ?? error.code} desc = ${error.message}`;

/** The client method of a ResourceProvider method name. */
const clientMethod = (method: string): string => method[0]!.toLowerCase() + method.slice(1);

describe.each(recordings)("%s", (file) => {
  const lines = readFileSync(join(recordingsDir, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Line);
  const first = lines[0];
  if (!first || !("meta" in first)) throw new Error(`${file} does not start with its meta line`);
  const meta = first.meta;

  if (meta.host === "dynamic") {
    it("the program serialized the dynamic provider as the provider tier does", () => {
      expect(meta.serializedProvider).toBe(inject("providerTier").serializedProvider);
    });
  }

  it(`the ${meta.host} host answers every recorded request as it answered the engine`, async () => {
    let emulator: Emulator | undefined;
    let current: ProviderProcess | undefined;
    try {
      emulator = await startEmulator({ requestsPerMinute: 0 });
      const accounts: EmulatorAccount[] = recordedAccounts
        .slice(0, meta.accounts)
        .map((account) => emulator!.createAccount(account));
      const subs: Substitutions = {
        baseUrl: emulator.url,
        apiKeys: accounts.map((account) => account.apiKey),
        serializedProvider: inject("providerTier").serializedProvider,
      };
      const engineAddress = await engine.start();
      let operation = "";
      let configured = 0;
      let replayed = 0;
      const fresh = async () => {
        current?.kill();
        current = await ProviderProcess.start(meta.host);
        configured = 0;
      };
      for (const [index, line] of lines.entries()) {
        if ("meta" in line) continue;
        if ("operation" in line) {
          current?.kill();
          current = undefined;
          operation = `${line.operation.command} (${line.operation.summary})`;
          continue;
        }
        if ("outOfBand" in line) {
          await applyOutOfBand(line.outOfBand, { emulator, accounts, Client: WebstatsClient });
          continue;
        }
        const method = line.method.replace("/pulumirpc.ResourceProvider/", "");
        const where =
          `${file}:${index + 1}: ${method} in ${operation}` +
          " (if the host's new answer is intended, run npm run recordings and review the change)";
        if (method === "Handshake" || !current) await fresh();
        if (method === "Configure") {
          configured += 1;
          // One Configure per process: the recording's process marks hold.
          expect(configured, `${where}: a second Configure in one process`).toBe(1);
        }
        const request = fill(line.request, subs) as Props;
        // The engine's address is the stand-in engine's, as the process was started with it.
        if (method === "Handshake") request.engineAddress = engineAddress;
        const outcome = await current!
          .call<unknown>(clientMethod(method), buildRequest(method, request))
          .then(
            (response) => ({ response: placeholders(responseJson(method, response), subs) as Props }),
            (error: CallError) => ({ errors: [placeholders(errorText(error), subs) as string] }),
          );
        if (line.errors) expect(outcome, where).toEqual({ errors: line.errors });
        else expect(outcome, where).toEqual({ response: line.response });
        replayed += 1;
      }
      expect(replayed).toBeGreaterThan(0);
    } finally {
      current?.kill();
      await emulator?.close();
    }
  });
});

// Recorded errors name the status as the engine prints it; the names must be grpc's codes.
it("the engine's status names are grpc's codes", () => {
  expect(statusNames[grpc.status.UNIMPLEMENTED]).toBe("Unimplemented");
  expect(statusNames[grpc.status.UNKNOWN]).toBe("Unknown");
  expect(statusNames[grpc.status.UNAUTHENTICATED]).toBe("Unauthenticated");
});

/** A request ProviderStack sent, in the recordings' form: field names lowercased, defaults left out. */
function sentJson(message: unknown): Props {
  const jspb = message as Record<string, () => unknown> & { toObject(): Props };
  const json: Props = {};
  for (const field of Object.keys(jspb.toObject())) {
    const value = jspb[`get${field[0]!.toUpperCase()}${field.slice(1)}`]!();
    const name = field.replace(/(List|Map)$/, "").toLowerCase();
    if (value instanceof Struct) json[name] = value.toJavaScript();
    else if (field.endsWith("Map")) {
      const entries = (value as { toArray(): [string, unknown][] }).toArray();
      if (entries.length > 0) json[name] = Object.fromEntries(entries);
    } else if (Array.isArray(value)) {
      if (value.length > 0) json[name] = value;
    } else if (value !== null && typeof value === "object") {
      throw new Error(`a request with a nested ${field}, which the recordings do not have`);
    } else if (value !== undefined && value !== false && value !== 0 && value !== "") json[name] = value;
  }
  return json;
}

/** A recorded request with its field names lowercased (protojson's camelCase against protobuf-js's). */
const lowerKeys = (json: Props): Props =>
  Object.fromEntries(Object.entries(json).map(([key, value]) => [key.toLowerCase(), value]));

/** A program's Website arguments as ProviderStack takes them (secrets marked; in a preview, unknowns). */
function stackArgs(args: Record<string, ProgramValue>, preview: boolean): Props {
  const value = (item: ProgramValue): unknown => {
    if (Array.isArray(item)) return item.map(value);
    if (item !== null && typeof item === "object" && "secret" in item) return secret(item.secret);
    if (item !== null && typeof item === "object" && "websiteIdOf" in item) {
      if (!preview) throw new Error("a value made of another Website's id is known after a preview");
      return unknown;
    }
    return item;
  };
  return Object.fromEntries(Object.entries(args).map(([key, item]) => [key, value(item)]));
}

/** Runs one scenario step through ProviderStack; a failure the step expects is kept, as the engine's is. */
async function stackStep(stack: ProviderStack, step: ScenarioStep): Promise<void> {
  const preview = step.command === "preview";
  const program = Object.fromEntries(
    Object.entries(step.websites ?? {}).map(([name, args]) => [name, stackArgs(args, preview)]),
  );
  const run = async () => {
    if (step.command === "up" || preview)
      await stack.up(program, { preview, allowFailure: step.allowFailure });
    else if (step.command === "refresh") await stack.refresh({ allowFailure: step.allowFailure });
    else if (step.command === "destroy") await stack.destroy({ allowFailure: step.allowFailure });
    else await stack.import(step.import!.name, step.import!.id);
  };
  // A provider's failed check fails the operation before its steps, which allowFailure does not cover.
  await run().catch((error: unknown) => {
    if (!step.allowFailure) throw error;
  });
}

// The scenario tables drive the hosts through ProviderStack, which imitates the engine. Here it
// runs the recorded scenarios itself, and each operation's requests must be the engine's: the same
// calls in the same order, with the same fields and values (URNs' project, engine ids and
// timestamps aside). An operation's functions are left out: ProviderStack.invoke calls one in a
// process of its own, where the engine calls it in the operation's process. Where `pulumi import`
// previews first, in a process of its own, the update's process is compared.
describe.each(scenarios)("ProviderStack in $name", (scenario) => {
  it(`sends the ${scenario.host} host what the engine sent, operation by operation`, async () => {
    const lines = readFileSync(join(recordingsDir, `${scenario.name}.jsonl`), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Line);
    const recorded: Call[][] = [];
    for (const line of lines) {
      if ("operation" in line) recorded.push([]);
      else if ("method" in line) {
        if (line.method.endsWith("/Handshake")) recorded.at(-1)!.length = 0;
        if (!line.method.endsWith("/Invoke")) recorded.at(-1)!.push(line);
      }
    }
    expect(recorded.length, "one operation per step").toBe(scenario.steps.length);
    const emulator = await startEmulator({ requestsPerMinute: 0 });
    try {
      const accounts = recordedAccounts.slice(0, scenario.accounts).map((a) => emulator.createAccount(a));
      const subs: Substitutions = {
        baseUrl: emulator.url,
        apiKeys: accounts.map((account) => account.apiKey),
        serializedProvider: inject("providerTier").serializedProvider,
      };
      const fillText = (values: Record<string, string>) => fill(values, subs) as Record<string, string>;
      const stack = new ProviderStack(scenario.host, {
        settings: { baseUrl: emulator.url, apiKey: accounts[0]!.apiKey },
      });
      for (const [index, step] of scenario.steps.entries()) {
        for (const change of step.outOfBand ?? []) {
          await applyOutOfBand(change, { emulator, accounts, Client: WebstatsClient });
        }
        if (step.settings) stack.config.settings = { ...stack.config.settings, ...fillText(step.settings) };
        if (step.explicit) stack.config.explicit = fillText(step.explicit);
        const before = startedProcesses.length;
        await stackStep(stack, step);
        const sent = startedProcesses.slice(before).flatMap((process) => process.calls);
        const normalize = (json: Props): Props =>
          JSON.parse(
            JSON.stringify(placeholders(json, subs))
              .replaceAll("urn:pulumi:test::webstats-provider::", "urn:pulumi:test::webstats-e2e::")
              .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (uuid) =>
                uuid === unknown ? uuid : "{{engineId}}",
              ),
          ) as Props;
        const ours = sent.map((call) => {
          const request = normalize(sentJson(call.request));
          // The recordings leave out the engine's address, as it differs on every run.
          delete request.engineaddress;
          return { method: call.method.toLowerCase(), request };
        });
        const engines = recorded[index]!.map((call) => ({
          method: call.method.replace("/pulumirpc.ResourceProvider/", "").toLowerCase(),
          request: lowerKeys(call.request),
        }));
        expect(ours, `${step.command} (${step.summary})`).toEqual(engines);
      }
    } finally {
      await emulator.close();
    }
  });
});
