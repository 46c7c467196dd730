// The plugin's messages in the operation's output. The engine hides what a provider plugin
// writes to standard error (it keeps it for debug logs), so messages go through the engine's own
// Log service at the address it starts the plugin with, as warnings.
import * as grpc from "@grpc/grpc-js";
import { EngineClient } from "@pulumi/pulumi/proto/engine_grpc_pb";
import { LogRequest, LogSeverity } from "@pulumi/pulumi/proto/engine_pb";
import { notifyEngine } from "../core/website-custody";
import type { Notify } from "../core/website-custody";

export class EngineLog {
  private readonly client: EngineClient | undefined;
  private readonly pending = new Set<Promise<void>>();

  /** Without an engine address (a plugin started by hand, a test), messages go to standard error. */
  constructor(address: string | undefined) {
    // The engine is on this machine: never through a proxy. gRPC reads https_proxy and
    // http_proxy itself and would send even a loopback connection through them.
    this.client = address
      ? new EngineClient(address, grpc.credentials.createInsecure(), { "grpc.enable_http_proxy": 0 })
      : undefined;
  }

  /** Sends a warning; `settled` waits for it. */
  readonly notify: Notify = (message) => {
    if (!this.client) return notifyEngine(message);
    const request = new LogRequest().setSeverity(LogSeverity.WARNING).setMessage(`webstats: ${message}`);
    const sent = new Promise<void>((resolve) => {
      // A message that cannot be delivered must not fail the call that has done its work.
      this.client!.log(request, () => resolve());
    });
    this.pending.add(sent);
    void sent.then(() => this.pending.delete(sent));
  };

  /** Resolves once every message sent so far has reached the engine (or failed to). */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
