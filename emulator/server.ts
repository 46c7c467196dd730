// Starts the emulator: state (loaded from the data file when there is one), the HTTP server with
// its API, login page and admin routes, and the handle that controls and stops it all.
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { registerAdminRoutes } from "./admin-routes";
import { answerFrameworkError, createApiHandler, registerApiRoutes } from "./api-http";
import { MAX_BODY_BYTES, registerBodyParsers } from "./body-parsers";
import { createControls } from "./emulator-controls";
import { FaultRegistry } from "./faults";
import { registerLoginPage } from "./login-page";
import { registerTrackingScript } from "./tracking-script";
import { resolveQuirks } from "./quirks";
import { randomAlphanumeric } from "./random-tokens";
import { RequestCounters } from "./request-counters";
import { readSnapshotFile } from "./snapshot-file";
import { SnapshotWriter } from "./snapshot-writer";
import { EmulatorStore } from "./store";
import { ClientThrottle, DEFAULT_WINDOW_SECONDS } from "./throttle";
import type { Emulator, EmulatorOptions } from "./types";

/** The real server's limit: 60 requests a minute per client IP. */
export const DEFAULT_REQUESTS_PER_MINUTE = 60;

/**
 * Starts an emulator of the Website Statistics Service API on a local port and resolves once it
 * listens. Needs the optional peer dependency fastify.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const host = options.host ?? "127.0.0.1";
  const adminToken = options.adminToken ?? randomAlphanumeric(32);
  const now = (): Date => new Date();

  let writer: SnapshotWriter | undefined;
  const markDirty = (): void => writer?.markDirty();
  const snapshot = options.dataFile ? await readSnapshotFile(options.dataFile) : undefined;
  const store = snapshot ? EmulatorStore.fromSnapshot(snapshot, markDirty) : new EmulatorStore(markDirty);
  if (options.dataFile) {
    writer = new SnapshotWriter(
      options.dataFile,
      () => store.snapshot(),
      (error) =>
        process.stderr.write(`webstats emulator: could not save ${options.dataFile}: ${String(error)}\n`),
    );
  }

  const throttle = new ClientThrottle(
    options.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE,
    Date.now,
    options.rateWindowSeconds ?? DEFAULT_WINDOW_SECONDS,
  );
  const faults = new FaultRegistry();
  const counters = new RequestCounters();
  const quirks = resolveQuirks(options.quirks);
  const controls = createControls({
    store,
    throttle,
    faults,
    counters,
    defaultWebsiteLimit: options.websiteLimit ?? -1,
    now,
  });

  const apiHandler = createApiHandler({ store, quirks, throttle, faults, counters, now });
  const app = Fastify({
    logger:
      typeof options.logger === "object" ? { stream: options.logger.stream } : (options.logger ?? false),
    bodyLimit: MAX_BODY_BYTES,
    frameworkErrors: answerFrameworkError(apiHandler),
    // null: plain HTTP. With a certificate, clients' TLS handling (private authorities, proxy
    // tunnels) meets a real handshake; routes and answers are the same.
    https: options.tls ? { key: options.tls.key, cert: options.tls.cert } : null,
  });
  registerBodyParsers(app);
  registerLoginPage(app);
  registerTrackingScript(app);
  registerApiRoutes(app, apiHandler);
  registerAdminRoutes(app, adminToken, controls);
  await app.listen({ port: options.port ?? 0, host });
  const { port } = app.server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    ...controls,
    url: `${options.tls ? "https" : "http"}://${urlHost(host)}:${port}`,
    adminToken,
    close(): Promise<void> {
      closing ??= (async () => {
        await app.close();
        await writer?.flush();
      })();
      return closing;
    },
  };
}

/** A wildcard address is reached through loopback; IPv6 literals need brackets in a URL. */
function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}
