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
} from "../../../sdk";
import { mayRepeat, outcomeOf } from "../../../sdk/retry-policy";

const details = (status: number) => ({
  status,
  method: "POST",
  path: "/api/v1/websites",
  body: {},
  detail: "x",
});
const connection = (code: string | undefined, failedAt?: "certificate" | "proxy") =>
  new ConnectionError("POST", "/api/v1/websites", "failed", code, new Error("cause"), failedAt);

describe("serverMayHaveActed", () => {
  it.each([
    ["a refused connection", connection("ECONNREFUSED"), false],
    ["a connection that could not be set up in time", connection("UND_ERR_CONNECT_TIMEOUT"), false],
    ["a reset connection", connection("ECONNRESET"), true],
    ["a socket closed mid-answer", connection("UND_ERR_SOCKET"), true],
    ["a connection failure without a code", connection(undefined), true],
    ["a certificate that could not be verified", connection("CERT_HAS_EXPIRED", "certificate"), false],
    ["a certificate of another name", connection("ERR_TLS_CERT_ALTNAME_INVALID", "certificate"), false],
    ["a proxy asking for credentials", connection("UND_ERR_ABORTED", "proxy"), false],
    [
      "a proxy asking for credentials of a forwarded request",
      connection("UND_ERR_INVALID_ARG", "proxy"),
      false,
    ],
    ["a proxy refusing connections", connection("ECONNREFUSED", "proxy"), false],
    ["a proxy whose name does not resolve", connection("ENOTFOUND", "proxy"), false],
    ["a reset connection to the proxy", connection("ECONNRESET", "proxy"), false],
    ["a proxy failure without a code", connection(undefined, "proxy"), false],
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

describe("outcomeOf: failures before the installation is reached", () => {
  it.each([
    ["a certificate that could not be verified", connection("CERT_HAS_EXPIRED", "certificate"), undefined],
    ["a certificate failure without a code", connection(undefined, "certificate"), undefined],
    ["a proxy asking for credentials", connection("UND_ERR_ABORTED", "proxy"), undefined],
    ["a proxy's other refusal", connection("UND_ERR_INVALID_ARG", "proxy"), undefined],
    ["a proxy failure without a code", connection(undefined, "proxy"), undefined],
    ["a proxy refusing connections", connection("ECONNREFUSED", "proxy"), "connection"],
    ["a proxy whose name does not resolve", connection("ENOTFOUND", "proxy"), "connection"],
    ["a proxy that could not be reached in time", connection("ETIMEDOUT", "proxy"), "connection"],
    ["a refused connection to the installation", connection("ECONNREFUSED"), "connection"],
    ["a reset connection to the installation", connection("ECONNRESET"), "connection"],
  ])("after %s: %s", (_label, error, outcome) => {
    expect(outcomeOf(error)).toBe(outcome);
  });

  it("lets even a POST be repeated after a proxy that could not be reached", () => {
    expect(mayRepeat("POST", connection("ECONNREFUSED", "proxy"))).toBe(true);
    expect(mayRepeat("POST", connection("ECONNRESET", "proxy"))).toBe(true);
    expect(mayRepeat("POST", connection("ECONNRESET"))).toBe(false);
  });
});
