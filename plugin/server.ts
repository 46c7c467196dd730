// The provider plugin's host: the ResourceProvider gRPC service, served over the Website core
// (core/website-lifecycle.ts, core/functions.ts) like the dynamic provider, for programs in every
// Pulumi language and for `pulumi import`. It translates the engine's requests into plain values
// and the core's answers back; what a Website is and does is the core's alone.
import * as grpc from "@grpc/grpc-js";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import * as providerRpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import { ClientRegistry } from "../core/clients";
import * as functions from "../core/functions";
import type { FunctionName } from "../core/functions";
import { functionToken, packageSchema, websiteToken } from "../core/package-schema";
import { holdSettings, resolveSettings, settingEntries } from "../core/settings";
import type { CheckFailure } from "../core/website-check";
import { PartialCreateError } from "../core/website-create";
import { Custody } from "../core/website-custody";
import { EngineLog } from "./engine-log";
import { secretFields } from "../core/website-fields";
import * as lifecycle from "../core/website-lifecycle";
import type { WebsiteContext } from "../core/website-lifecycle";
import { SDK_VERSION } from "../sdk";
import { configDiff, configFailures, settingsFromConfigure } from "./provider-config";
import { fromStruct, toStruct } from "./values";

type Props = Record<string, unknown>;
type Handler<Req, Res> = (request: Req) => Promise<Res> | Res;

/** A Website's secret arguments, wrapped again whenever its properties go back to the engine. */
const secretKeys = secretFields as readonly string[];
/** The provider's secret settings (the API key), kept encrypted in a provider's recorded inputs. */
const secretSettings = settingEntries.filter(([, spec]) => spec.secret).map(([name]) => name);

/** gRPC's form of an error; a created-but-unfinished website travels as ErrorResourceInitFailed. */
function grpcError(error: unknown): Partial<grpc.StatusObject> {
  const message = error instanceof Error ? error.message : String(error);
  const metadata = new grpc.Metadata();
  if (error instanceof PartialCreateError) {
    const detail = new proto.ErrorResourceInitFailed();
    detail.setId(error.id);
    detail.setProperties(toStruct(error.outputs, secretKeys));
    detail.setReasonsList(error.reasons);
    const packed = new Any();
    packed.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(packed);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}

/** Adapts an async handler to gRPC's callback style: every failure becomes a gRPC error. */
function unary<Req, Res>(handler: Handler<Req, Res>): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    Promise.resolve()
      .then(() => handler(call.request))
      .then(
        (response) => callback(null, response),
        (error: unknown) => callback(grpcError(error)),
      );
  };
}

function unimplemented<Req, Res>(what: string): grpc.handleUnaryCall<Req, Res> {
  return (_call, callback) =>
    callback({ code: grpc.status.UNIMPLEMENTED, details: `webstats does not implement ${what}` });
}

function checkResponse(
  inputs: Props,
  failures: CheckFailure[],
  secrets: readonly string[],
): proto.CheckResponse {
  const response = new proto.CheckResponse();
  response.setInputs(toStruct(inputs, secrets));
  response.setFailuresList(
    failures.map(({ property, reason }) => {
      const failure = new proto.CheckFailure();
      failure.setProperty(property);
      failure.setReason(reason);
      return failure;
    }),
  );
  return response;
}

function diffResponse(changed: string[], replaces: string[]): proto.DiffResponse {
  const response = new proto.DiffResponse();
  response.setChanges(
    changed.length > 0 ? proto.DiffResponse.DiffChanges.DIFF_SOME : proto.DiffResponse.DiffChanges.DIFF_NONE,
  );
  response.setDiffsList(changed);
  response.setReplacesList(replaces);
  response.setDeletebeforereplace(false);
  response.setHasdetaileddiff(true);
  const detailed = response.getDetaileddiffMap();
  for (const name of changed) {
    const diff = new proto.PropertyDiff();
    diff.setKind(
      replaces.includes(name) ? proto.PropertyDiff.Kind.UPDATE_REPLACE : proto.PropertyDiff.Kind.UPDATE,
    );
    diff.setInputdiff(true);
    detailed.set(name, diff);
  }
  return response;
}

/** The function a token names, or undefined. */
function functionOf(token: string): FunctionName | undefined {
  return (Object.keys(functions.functionSpecs) as FunctionName[]).find(
    (name) => functionToken(name) === token,
  );
}

/**
 * One plugin process's service: configured once by the engine (Configure), then serving every
 * Website and function call of one provider (the default one, or one explicit provider resource).
 */
export class WebstatsProviderService {
  /**
   * The settings (from Configure; the environment's until then), the clients and the custody of
   * this process: the engine starts one per provider, which serves that provider's whole operation.
   */
  private readonly context: WebsiteContext;

  /** `log` shows the custody's messages in the operation's output. */
  constructor(
    private readonly version: string = SDK_VERSION,
    private readonly log: EngineLog = new EngineLog(undefined),
  ) {
    this.context = {
      settings: holdSettings(() => resolveSettings(() => undefined)),
      clients: new ClientRegistry(log.notify),
      custody: new Custody(log.notify),
    };
  }

  /** Refuses another resource type (an engine that does not say which type passes ""). */
  private assertWebsite(type: string): void {
    if (type !== "" && type !== websiteToken) {
      throw new Error(`webstats has no resource type ${type}; it has ${websiteToken}.`);
    }
  }

  /** The gRPC service implementation. */
  implementation(): providerRpc.IResourceProviderServer {
    return {
      getPluginInfo: unary<Empty, PluginInfo>(() => new PluginInfo().setVersion(this.version)),
      getSchema: unary<proto.GetSchemaRequest, proto.GetSchemaResponse>(() =>
        new proto.GetSchemaResponse().setSchema(JSON.stringify(packageSchema(this.version))),
      ),
      checkConfig: unary<proto.CheckRequest, proto.CheckResponse>((request) => {
        const news = fromStruct(request.getNews());
        return checkResponse(news, configFailures(news, request.getUrn()), secretSettings);
      }),
      diffConfig: unary<proto.DiffRequest, proto.DiffResponse>((request) => {
        const { changed, replaces } = configDiff(
          fromStruct(request.getOlds()),
          fromStruct(request.getNews()),
        );
        return diffResponse(changed, replaces);
      }),
      configure: unary<proto.ConfigureRequest, proto.ConfigureResponse>((request) => {
        const args = fromStruct(request.getArgs());
        const variables = new Map(request.getVariablesMap().toArray());
        // Kept until a call needs it: a setting that cannot be read fails that call with its message.
        this.context.settings = holdSettings(() => settingsFromConfigure(args, variables));
        return new proto.ConfigureResponse()
          .setAcceptsecrets(true)
          .setSupportspreview(false)
          .setAcceptresources(false);
      }),
      check: unary<proto.CheckRequest, proto.CheckResponse>(async (request) => {
        this.assertWebsite(request.getType());
        const { inputs, failures } = await lifecycle.check(
          this.context,
          fromStruct(request.getOlds()),
          fromStruct(request.getNews()),
        );
        // A preview may end right after its checks: their messages must have been delivered.
        await this.log.settled();
        return checkResponse(inputs, failures, secretKeys);
      }),
      diff: unary<proto.DiffRequest, proto.DiffResponse>(async (request) => {
        const result = lifecycle.diff(
          this.context,
          request.getId(),
          fromStruct(request.getOlds()),
          fromStruct(request.getNews()),
        );
        await this.log.settled();
        return diffResponse(result.changed, result.replaces);
      }),
      create: unary<proto.CreateRequest, proto.CreateResponse>(async (request) => {
        this.assertWebsite(request.getType());
        const { id, outputs } = await lifecycle.create(this.context, fromStruct(request.getProperties()));
        return new proto.CreateResponse().setId(id).setProperties(toStruct(outputs, secretKeys));
      }),
      read: unary<proto.ReadRequest, proto.ReadResponse>(async (request) => {
        // `pulumi import` sends no properties: the website is read by id alone.
        const state = request.hasProperties() ? fromStruct(request.getProperties()) : undefined;
        const found = await lifecycle.read(this.context, request.getId(), state);
        await this.log.settled();
        if (!found) return new proto.ReadResponse().setId("");
        return new proto.ReadResponse()
          .setId(found.id)
          .setProperties(toStruct(found.outputs, secretKeys))
          .setInputs(toStruct(found.inputs, secretKeys));
      }),
      update: unary<proto.UpdateRequest, proto.UpdateResponse>(async (request) => {
        const outputs = await lifecycle.update(
          this.context,
          request.getId(),
          fromStruct(request.getOlds()),
          fromStruct(request.getNews()),
        );
        return new proto.UpdateResponse().setProperties(toStruct(outputs, secretKeys));
      }),
      delete: unary<proto.DeleteRequest, Empty>(async (request) => {
        await lifecycle.remove(this.context, request.getId(), fromStruct(request.getProperties()));
        await this.log.settled();
        return new Empty();
      }),
      invoke: unary<proto.InvokeRequest, proto.InvokeResponse>(async (request) => {
        const name = functionOf(request.getTok());
        if (!name) throw new Error(`webstats has no function ${request.getTok()}.`);
        const args = fromStruct(request.getArgs());
        const result = await functions[name](this.context, args);
        return new proto.InvokeResponse().setReturn(toStruct(result as unknown as Props));
      }),
      cancel: unary<Empty, Empty>(() => new Empty()),
      handshake: unimplemented("Handshake"),
      parameterize: unimplemented("Parameterize"),
      call: unimplemented("Call"),
      construct: unimplemented("Construct"),
      attach: unimplemented("Attach"),
      getMapping: unary<proto.GetMappingRequest, proto.GetMappingResponse>(
        () => new proto.GetMappingResponse(),
      ),
      getMappings: unary<proto.GetMappingsRequest, proto.GetMappingsResponse>(
        () => new proto.GetMappingsResponse(),
      ),
      list: (call) =>
        call.emit("error", { code: grpc.status.UNIMPLEMENTED, details: "webstats does not implement List" }),
    };
  }
}

/** Serves the provider on a free loopback port; resolves with the port. */
export async function serve(
  service = new WebstatsProviderService(),
): Promise<{ port: number; server: grpc.Server }> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 1024 * 1024 * 400 });
  server.addService(providerRpc.ResourceProviderService, service.implementation());
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return { port, server };
}
