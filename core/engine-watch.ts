// A provider process must not outlive the Pulumi CLI that started it. When the CLI is killed
// (`kill -9` in a pipeline step), nothing tells its plugins: the dynamic provider, started
// through a shell script, keeps a living parent, and an idle gRPC server waits forever. Both
// hosts therefore watch the engine's own gRPC address, which the CLI passes to every plugin:
// once it refuses connections twice in a row, the engine is gone and the process exits.
import { connect } from "node:net";

/** How often the engine is looked for. */
const intervalMs = 2_000;
/** Refusals in a row that mean the engine is gone (one may be a passing hiccup). */
const refusalsToExit = 2;

/** The engine's address among a plugin's arguments: the first that is not a logging flag. */
export function engineAddressFrom(args: readonly string[]): string | undefined {
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--logtostderr" || arg.startsWith("-v=")) continue;
    if (arg === "--tracing") {
      i++;
      continue;
    }
    rest.push(arg);
  }
  const address = rest[0];
  return address !== undefined && /^[\w.-]+:\d+$/.test(address) ? address : undefined;
}

/** Resolves true when something accepts a connection at the address, false when it is refused. */
function answers(address: string): Promise<boolean> {
  const colon = address.lastIndexOf(":");
  return new Promise((resolve) => {
    const socket = connect({ host: address.slice(0, colon), port: Number(address.slice(colon + 1)) });
    socket.setTimeout(intervalMs);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    // A timeout is a busy engine, not a gone one: only a refusal counts.
    socket.once("timeout", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code !== "ECONNREFUSED"));
  });
}

/**
 * Exits the process (via `onGone`) once the engine at `address` stops answering. The timer
 * never keeps the process alive on its own.
 */
export function watchEngine(address: string, onGone: () => void = () => process.exit(1)): () => void {
  let refusals = 0;
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void answers(address).then((alive) => {
      checking = false;
      refusals = alive ? 0 : refusals + 1;
      if (refusals >= refusalsToExit) {
        clearInterval(timer);
        onGone();
      }
    });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
