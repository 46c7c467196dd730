// The two hosts in this process, for the scenario tables whose cells the process boundary proves
// nothing new for. Each operation still gets a host of its own, loaded from the packed package
// and spoken to over gRPC on loopback with the engine's requests, exactly as a process is:
//
// - plugin: the packed package's plugin service (dist/plugin/server.js, the module the plugin's
//   executable bundles), served by its own `serve` with an EngineLog to the operation's engine;
// - dynamic: @pulumi/pulumi's dynamic-provider host (its cmd/dynamic-provider/index.js, the
//   script the engine starts), whose `main` is called with the engine's address and prints its
//   port, and which deserializes the `__provider` of each request as it does in a process.
//
// What a process has of its own, each operation has here too: the package's modules are loaded
// afresh for it (settings, clients, connection pools, pacing, custody start empty), and so is the
// dynamic host's script (its provider cache and configuration). Those modules see an environment
// built as a process's is (the test's WEBSTATS_* and proxy variables only) and a standard error
// and output of their own, so what the dynamic host writes there is the operation's alone.
// Libraries (undici, gRPC, the rest of @pulumi/pulumi) are shared with the test, which loads a
// stub resolver instead of the host processes' preload (useStubResolver).
//
// What only a real process shows (the executable bundle, the engine address as argument, the
// port on standard output, the stub resolver preload, standard error as a file) is proven by the
// cells that still start processes (ProviderProcess.start); each file says which.
import { readFileSync, realpathSync } from "node:fs";
import { Console } from "node:console";
import { EventEmitter } from "node:events";
import Module, { createRequire, isBuiltin } from "node:module";
import { dirname, join, sep } from "node:path";
import { compileFunction } from "node:vm";
import type * as grpc from "@grpc/grpc-js";
import { inject } from "vitest";
import { hostEnvironment, ProviderProcess } from "./engine-processes";
import type { Host } from "./engine-processes";

type Exports = Record<string, unknown>;

/** The names a CommonJS module's code is wrapped with, plus the two globals an operation has of its own. */
const wrapperParameters = ["exports", "require", "module", "__filename", "__dirname", "process", "console"];

/** Standard output or error of one operation: what was written, synchronously, in order. */
class Capture extends EventEmitter {
  readonly chunks: string[] = [];
  readonly isTTY = false;
  write(chunk: string | Uint8Array, ...rest: unknown[]): boolean {
    this.chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    const callback = rest.find((r) => typeof r === "function") as (() => void) | undefined;
    callback?.();
    return true;
  }
}

/** The module system's internals this loader resolves with (Node's own resolution, unchanged). */
const ModuleInternals = Module as unknown as {
  _resolveFilename(request: string, parent: unknown): string;
  _nodeModulePaths(from: string): string[];
};

/**
 * The modules of one operation: the package's own files (and the dynamic host's script) loaded
 * afresh, with the operation's `process` and `console`; everything else from Node's shared cache.
 */
class OperationModules {
  readonly stdout = new Capture();
  readonly stderr = new Capture();
  private readonly fresh = new Map<string, { exports: unknown }>();
  private readonly process: NodeJS.Process;
  private readonly console: Console;

  constructor(
    private readonly packageDir: string,
    env: NodeJS.ProcessEnv,
    /** Modules replaced for this operation, by resolved file name. */
    private readonly replaced: Map<string, unknown> = new Map(),
    /** Source rewrites of fresh modules, by resolved file name. */
    private readonly rewrites: Map<string, (source: string) => string> = new Map(),
  ) {
    // The process's handlers the host registers (uncaught errors, exit) belong to a process
    // of its own: here an operation's emitter, which nothing fires; an uncaught error fails the test.
    const events = new EventEmitter();
    this.process = Object.create(process, {
      env: { value: env, enumerable: true },
      stdout: { value: this.stdout, enumerable: true },
      stderr: { value: this.stderr, enumerable: true },
      on: { value: events.on.bind(events) },
      once: { value: events.once.bind(events) },
      off: { value: events.off.bind(events) },
      removeListener: { value: events.removeListener.bind(events) },
    }) as NodeJS.Process;
    this.console = new Console({
      stdout: this.stdout as unknown as NodeJS.WritableStream,
      stderr: this.stderr as unknown as NodeJS.WritableStream,
    });
  }

  /** `require(request)` as the module `from` makes it. */
  requireFrom(from: string, request: string): unknown {
    if (isBuiltin(request)) return createRequire(from)(request);
    const parent = Object.assign(new Module(from), {
      filename: from,
      paths: ModuleInternals._nodeModulePaths(dirname(from)),
    });
    const resolved = ModuleInternals._resolveFilename(request, parent);
    if (this.replaced.has(resolved)) return this.replaced.get(resolved);
    if (this.rewrites.has(resolved) || (resolved.startsWith(this.packageDir) && resolved.endsWith(".js")))
      return this.load(resolved);
    return createRequire(resolved)(resolved);
  }

  /** Loads `filename` for this operation (once), as Node loads a CommonJS module. */
  load(filename: string): unknown {
    const cached = this.fresh.get(filename);
    if (cached) return cached.exports;
    const module = Object.assign(new Module(filename), {
      filename,
      paths: ModuleInternals._nodeModulePaths(dirname(filename)),
    });
    this.fresh.set(filename, module);
    const source = readFileSync(filename, "utf8").replace(/^#!.*/, "");
    return this.run(module, (this.rewrites.get(filename) ?? ((s) => s))(source));
  }

  /** Compiles `code` as a module of this operation at `filename` (require-from-string's way). */
  evaluate(code: string, filename: string, paths: string[]): unknown {
    const module = Object.assign(new Module(filename), { filename, paths });
    return this.run(module, code);
  }

  private run(module: Module, source: string): unknown {
    const filename = module.filename;
    const run = compileFunction(source, wrapperParameters, { filename }) as (...args: unknown[]) => void;
    const from = filename === "" ? join(module.paths[0] ?? "", "..", "index.js") : filename;
    const require = Object.assign((request: string) => this.requireFrom(from, request), {
      resolve: (request: string) => createRequire(from).resolve(request),
      cache: createRequire(from).cache,
    });
    run.call(
      module.exports,
      module.exports,
      require,
      module,
      filename,
      dirname(filename),
      this.process,
      this.console,
    );
    module.loaded = true;
    return module.exports;
  }
}

/** A change to the dynamic host's script, which must match it exactly once. */
function rewrite(source: string, from: string, to: string): string {
  const parts = source.split(from);
  if (parts.length !== 2) {
    throw new Error(
      `@pulumi/pulumi's cmd/dynamic-provider/index.js no longer holds ${JSON.stringify(from)} once: update test/provider/in-process-hosts.ts`,
    );
  }
  return parts.join(to);
}

/**
 * The dynamic host's script, run in this process: its `main` also returns its gRPC server (to
 * be shut down when the operation ends), and it does not start itself on load (the test calls
 * `main` with the engine's address, as the engine passes it). Source maps are the test's.
 */
function inProcessDynamicHost(source: string): string {
  let script = rewrite(source, 'require("source-map-support/register");', "");
  script = rewrite(
    script,
    "console.log(port.toString());\n}",
    "console.log(port.toString());\n    return server;\n}",
  );
  return rewrite(script, "main(process.argv.slice(2));", "");
}

const installed = () => {
  const { installDir } = inject("providerTier");
  const modules = join(installDir, "node_modules");
  return { installDir, modules, packageDir: realpathSync(join(modules, "pulumi-webstats")) + sep };
};

/**
 * A host for one operation, in this process: loaded from the packed package, serving on a
 * loopback port and logging to an engine of its own, like ProviderProcess.start's process.
 */
export async function startInProcess(host: Host, env: Record<string, string> = {}): Promise<ProviderProcess> {
  const { installDir, modules, packageDir } = installed();
  return ProviderProcess.serve(host, { inProcess: true }, async (engineAddress) => {
    if (host === "plugin") {
      const operation = new OperationModules(packageDir, hostEnvironment(env));
      const server = operation.load(join(packageDir, "dist", "plugin", "server.js")) as Exports;
      const engineLog = operation.load(join(packageDir, "dist", "plugin", "engine-log.js")) as Exports;
      const EngineLog = engineLog.EngineLog as new (address: string) => unknown;
      const Service = server.WebstatsProviderService as new (version: undefined, log: unknown) => unknown;
      const serve = server.serve as (service: unknown) => Promise<{ port: number; server: grpc.Server }>;
      const served = await serve(new Service(undefined, new EngineLog(engineAddress)));
      return {
        port: served.port,
        stop: () => served.server.forceShutdown(),
        stderr: () => [operation.stderr.chunks.join("")],
      };
    }
    const script = realpathSync(join(modules, "@pulumi", "pulumi", "cmd", "dynamic-provider", "index.js"));
    const requireFromString = createRequire(script).resolve("require-from-string");
    // The host deserializes `__provider` with require-from-string, from its working folder (the
    // engine starts it in the program's folder): here through this operation's modules.
    const operation: OperationModules = new OperationModules(
      packageDir,
      hostEnvironment(env),
      new Map([
        [
          requireFromString,
          (code: string) =>
            operation.evaluate(code, "", ModuleInternals._nodeModulePaths(realpathSync(installDir))),
        ],
      ]),
      new Map([[script, inProcessDynamicHost]]),
    );
    const hostModule = operation.load(script) as Exports;
    const main = hostModule.main as (args: string[]) => Promise<grpc.Server>;
    const server = await main([engineAddress]);
    // The engine reads the port from the first line of the host's standard output.
    const port = Number(operation.stdout.chunks.join("").split("\n")[0]!.trim());
    return { port, stop: () => server.forceShutdown(), stderr: () => [operation.stderr.chunks.join("")] };
  });
}
