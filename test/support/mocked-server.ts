// A WebstatsClient against undici's MockAgent, for the SDK's unit tests below the network: each
// client on an origin of its own (so the process-wide pacer starts clean for it), retries off,
// and the requests its server answered recorded. The origins are plain http:// names of no
// machine, accepted with allowHttp.
import { MockAgent } from "undici";
import { afterEach } from "vitest";
import { WebstatsClient, type WebstatsClientOptions } from "../../sdk";

/** A request the mocked server answered, as the client sent it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface MockedClientOptions extends Partial<WebstatsClientOptions> {
  /** What follows the origin in the client's baseUrl (a trailing slash, a path). */
  basePath?: string;
}

/**
 * Makes mocked clients on origins `http://NAME-N.test`, with `defaults` under each call's own
 * options; every agent is closed after each test. Call it at a test file's top level.
 */
export function mockedClients(name: string, defaults: MockedClientOptions = {}) {
  const agents: MockAgent[] = [];
  let originCounter = 0;
  afterEach(async () => {
    await Promise.all(agents.splice(0).map((agent) => agent.close()));
  });
  return (options: MockedClientOptions = {}) => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agents.push(agent);
    const origin = `http://${name}-${++originCounter}.test`;
    const server = agent.get(origin);
    const seen: SeenRequest[] = [];
    /** A reply of `status` with `body` that records the request it answers. */
    const answer =
      (status: number, body: unknown) =>
      (request: { method: string; path: string; headers?: unknown; body?: unknown }) => {
        seen.push({
          method: request.method,
          path: request.path,
          headers: request.headers as Record<string, string>,
          body: typeof request.body === "string" ? request.body : "",
        });
        return { statusCode: status, data: body as object };
      };
    const { basePath = "", ...clientOptions } = { ...defaults, ...options };
    const client = new WebstatsClient({
      baseUrl: `${origin}${basePath}`,
      apiKey: "mocked-test-key-".padEnd(64, "0"),
      dispatcher: agent,
      maxRetries: 0,
      allowHttp: true,
      ...clientOptions,
    });
    return { client, server, seen, answer, origin };
  };
}
