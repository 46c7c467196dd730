import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  RateLimitError,
  ServerError,
  serverMayHaveActed,
  TimeoutError,
  UnexpectedResponseError,
  ValidationError,
} from "../../sdk";

const details = (status: number) => ({
  status,
  method: "POST",
  path: "/api/v1/websites",
  body: {},
  detail: "x",
});
const connection = (code: string | undefined) =>
  new ConnectionError("POST", "/api/v1/websites", "failed", code, new Error("cause"));

describe("serverMayHaveActed", () => {
  it.each([
    ["a refused connection", connection("ECONNREFUSED"), false],
    ["a connection that could not be set up in time", connection("UND_ERR_CONNECT_TIMEOUT"), false],
    ["a reset connection", connection("ECONNRESET"), true],
    ["a socket closed mid-answer", connection("UND_ERR_SOCKET"), true],
    ["a connection failure without a code", connection(undefined), true],
    ["an attempt that timed out", new TimeoutError("POST", "/api/v1/websites", 100), true],
    [
      "a body cut short",
      new UnexpectedResponseError(201, "POST", "/", "cut", "{", { truncated: true }),
      true,
    ],
    ["a body that is not JSON", new UnexpectedResponseError(201, "POST", "/", "not json", "<html>"), true],
    ["a 500", new ServerError(details(500)), true],
    ["a 502 from a proxy", new ServerError(details(502)), true],
    ["a 503 from a proxy", new ServerError(details(503)), true],
    ["a 429 from the throttle", new RateLimitError(details(429), 1000), false],
    ["a 401", new AuthenticationError(details(401)), false],
    ["a 404", new NotFoundError(details(404)), false],
    ["a 422", new ValidationError(details(422), { domain: ["taken"] }), false],
    ["an error of another kind", new Error("boom"), false],
  ])("after %s: %s", (_label, error, acted) => {
    expect(serverMayHaveActed(error)).toBe(acted);
  });
});
