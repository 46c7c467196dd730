// The two hosts as the engine runs them: a process per provider per operation, started from the
// packed package with an engine address as its argument, printing its port, then spoken to over
// gRPC on loopback with the engine's requests (shapes as recorded from the engine: see
// recordings/). The engine's side is played by a small gRPC server per process that takes the
// hosts' Log calls, so their messages can be asserted like the engine's printed diagnostics.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve as resolvePath } from "node:path";
import { createInterface } from "node:readline";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as engineRpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import type { LogRequest } from "@pulumi/pulumi/proto/engine_pb";
import * as providerRpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import { inject } from "vitest";

export type Host = "dynamic" | "plugin";
export const hosts: Host[] = ["dynamic", "plugin"];

/** Loaded into every host process: node:dns's lookup answers from the tests' table alone. */
const stubResolverPreload = resolvePath(__dirname, "..", "support", "stub-resolver-preload.cjs");

type Props = Record<string, unknown>;

/** The engine's marker of a secret value inside a Struct. */
export const secretSig = {
  key: "4dabf18193072939515e22adb298388d",
  value: "1b47061264138c4ac30d75fd1eb44270",
};
/** The engine's placeholder for a value not known during a preview. */
export const unknown = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** A value marked secret, as the engine sends it to a provider that accepts secrets. */
export const secret = (value: unknown) => ({ [secretSig.key]: secretSig.value, value });

export const isSecret = (value: unknown): value is { value: unknown } =>
  value !== null && typeof value === "object" && (value as Props)[secretSig.key] === secretSig.value;

/** The value with every secret marker removed, as the engine sends it to a provider that refuses secrets. */
export function plain(value: unknown): unknown {
  if (isSecret(value)) return plain(value.value);
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

export const toStruct = (props: Props) => Struct.fromJavaScript(props as never);
export const fromStruct = (struct: Struct | undefined): Props => struct?.toJavaScript() ?? {};

type EngineMessage = { severity: number; message: string; urn: string };

/**
 * The engine's side of the connection: takes Log calls, answers the rest as the engine would not
 * need. Each provider process gets one of its own, so that what it logged is known even while
 * other processes run; every message is also kept in `shared`.
 */
class FakeEngine {
  readonly messages: EngineMessage[] = [];
  private server: grpc.Server | undefined;
  private address: Promise<string> | undefined;

  constructor(private readonly shared?: EngineMessage[]) {}

  start(): Promise<string> {
    this.address ??= new Promise((resolve, reject) => {
      const server = new grpc.Server();
      server.addService(engineRpc.EngineService, {
        log: (call: grpc.ServerUnaryCall<LogRequest, Empty>, callback: grpc.sendUnaryData<Empty>) => {
          const request = call.request;
          const message = {
            severity: request.getSeverity(),
            message: request.getMessage(),
            urn: request.getUrn(),
          };
          this.messages.push(message);
          this.shared?.push(message);
          callback(null, new Empty());
        },
      });
      server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) => {
        if (error) return reject(error);
        this.server = server;
        resolve(`127.0.0.1:${port}`);
      });
    });
    return this.address;
  }

  close(): void {
    this.server?.forceShutdown();
    this.server = undefined;
    this.address = undefined;
  }
}

/** Every message any provider process logged, in order. */
export const engine = new FakeEngine();
const running = new Set<ProviderProcess>();
/** The standard proxy variables (either case), which a provider honours like Go programs and curl. */
const proxyVariables = new Set(["HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY"]);
/** Every provider host started so far (processes and in-process), in order: what they answered and wrote stays inspectable. */
export const startedProcesses: ProviderProcess[] = [];

/**
 * The folder of the processes' standard error files. A process writes to a file synchronously,
 * so whatever it wrote before answering a call is in the file when the answer arrives; from a
 * pipe, that data may be read after the answer.
 */
let stderrFolder: string | undefined;

/** Stops every provider host and the engine's server (for afterAll). */
export function stopAll(): void {
  for (const process of running) process.kill();
  engine.close();
  if (stderrFolder) rmSync(stderrFolder, { recursive: true, force: true });
  stderrFolder = undefined;
}

export interface CallError extends Error {
  /** gRPC status code. */
  code: number;
  /** A created but unfinished resource (ErrorResourceInitFailed), when the host reported one. */
  initFailure?: { id: string; properties: Props; reasons: string[] };
}

/**
 * The environment of a host: this machine's, without its WEBSTATS_* and proxy variables, plus
 * `env`. Credentials and proxies reach the provider only the way a test gives them: a proxy in
 * this machine's environment must not change where a provider's requests go.
 */
export function hostEnvironment(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const name of Object.keys(environment)) {
    if ((name.startsWith("WEBSTATS_") || proxyVariables.has(name.toUpperCase())) && !(name in env))
      delete environment[name];
  }
  return environment;
}

/** A host serving on `port`, as its starter reports it. */
export interface ServingHost {
  port: number;
  /** Ends the host (the process, or the in-process server). */
  stop: () => void;
  /** What the host wrote to standard error so far. */
  stderr: () => string[];
}

/**
 * One host serving one provider for one operation: a process started from the packed package as
 * the engine starts it (`start`), or the same host's entry point in this process
 * (in-process-hosts.ts). Either is spoken to over gRPC on loopback.
 */
export class ProviderProcess {
  /** Every call made to the host: its method, request and response, or the error it failed with. */
  readonly calls: { method: string; request?: unknown; response?: unknown; error?: CallError }[] = [];
  private readonly client: providerRpc.ResourceProviderClient;

  private constructor(
    readonly host: Host,
    /** Whether the host runs in this process rather than a process of its own. */
    readonly inProcess: boolean,
    private readonly serving: ServingHost,
    /** The engine this host logs to: its own, so its messages are its alone. */
    private readonly ownEngine: FakeEngine,
  ) {
    this.client = new providerRpc.ResourceProviderClient(
      `127.0.0.1:${serving.port}`,
      grpc.credentials.createInsecure(),
    );
  }

  /** What the host wrote to standard error so far (the engine shows a dynamic provider's). */
  get stderr(): string[] {
    return this.serving.stderr();
  }

  /**
   * A host started by `starter`, given the address of an engine of its own (the engine's side of
   * the connection, which takes its Log calls).
   */
  static async serve(
    host: Host,
    options: { inProcess: boolean },
    starter: (engineAddress: string) => Promise<ServingHost>,
  ): Promise<ProviderProcess> {
    const ownEngine = new FakeEngine(engine.messages);
    let serving: ServingHost;
    try {
      serving = await starter(await ownEngine.start());
    } catch (error) {
      ownEngine.close();
      throw error;
    }
    const started = new ProviderProcess(host, options.inProcess, serving, ownEngine);
    running.add(started);
    startedProcesses.push(started);
    return started;
  }

  /** Starts the host from the packed package, as the engine starts it, and waits for its port. */
  static start(host: Host, env: Record<string, string> = {}): Promise<ProviderProcess> {
    const { installDir } = inject("providerTier");
    const modules = join(installDir, "node_modules");
    const script =
      host === "plugin"
        ? join(modules, "pulumi-webstats", "dist", "plugin", "pulumi-resource-webstats.js")
        : join(modules, "@pulumi", "pulumi", "cmd", "dynamic-provider", "index.js");
    stderrFolder ??= mkdtempSync(join(tmpdir(), "webstats-provider-stderr-"));
    const stderrFile = join(stderrFolder, `${randomUUID()}.txt`);
    return ProviderProcess.serve(host, { inProcess: false }, async (engineAddress) => {
      const stderr = openSync(stderrFile, "w");
      // Names resolve through the tests' stub, never the machine's resolver: localhost is the
      // loopback, every other name is not found (test/support/stub-resolver-preload.cjs).
      const child = spawn(process.execPath, ["--require", stubResolverPreload, script, engineAddress], {
        cwd: installDir,
        env: hostEnvironment(env),
        stdio: ["ignore", "pipe", stderr],
      });
      closeSync(stderr);
      const port = await new Promise<number>((resolve, reject) => {
        const lines = createInterface({ input: child.stdout! });
        lines.once("line", (line) => resolve(Number(line.trim())));
        child.once("exit", (code) =>
          reject(new Error(`${host} host exited (${code}) before printing its port`)),
        );
        child.once("error", reject);
      });
      return {
        port,
        stop: () => child.kill(),
        stderr: () => {
          try {
            return [readFileSync(stderrFile, "utf8")];
          } catch {
            return [];
          }
        },
      };
    });
  }

  /** Messages the operation's output would show: the engine's Log calls and, for the dynamic host, standard error. */
  notices(): string {
    const logged = this.ownEngine.messages.map((m) => m.message);
    return [...logged, ...(this.host === "dynamic" ? this.stderr : [])].join("\n");
  }

  kill(): void {
    running.delete(this);
    this.client.close();
    this.serving.stop();
    this.ownEngine.close();
  }

  /** Calls a method of the ResourceProvider service with a request built from `build`. */
  call<Res>(method: string, request: unknown): Promise<Res> {
    const client = this.client as unknown as Record<
      string,
      (request: unknown, callback: (error: grpc.ServiceError | null, response: Res) => void) => void
    >;
    return new Promise((resolve, reject) =>
      client[method]!.call(this.client, request, (error, response) => {
        if (!error) {
          this.calls.push({ method, request, response });
          return resolve(response);
        }
        const failure = callError(error);
        this.calls.push({ method, request, error: failure });
        reject(failure);
      }),
    );
  }
}

/** The error a failed call reports, with a created-but-unfinished resource's details when it carries them. */
function callError(error: grpc.ServiceError): CallError {
  const failure = Object.assign(new Error(error.details), { code: error.code }) as CallError;
  const details = error.metadata?.get("grpc-status-details-bin")[0];
  if (details instanceof Buffer) {
    for (const any of Status.deserializeBinary(details).getDetailsList()) {
      const init = proto.ErrorResourceInitFailed.deserializeBinary(any.getValue_asU8());
      failure.initFailure = {
        id: init.getId(),
        properties: fromStruct(init.getProperties()),
        reasons: init.getReasonsList(),
      };
    }
  }
  return failure;
}
