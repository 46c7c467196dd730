// --verbose's log (cli/verbose.ts): when the line or WEBSTATS_VERBOSE asks for it, what each sdk
// event reads as, and that every line is neutralised and free of the environment's API key.
import { describe, expect, it } from "vitest";
import { requestLine, verboseAsked, verboseLog, VERBOSE_VARIABLE } from "../../../cli/verbose";
import { UsageError } from "../../../cli/usage-error";

describe("verboseAsked", () => {
  it.each([
    [false, undefined, false],
    [true, undefined, true],
    [true, "0", true],
    [false, "1", true],
    [false, " TRUE ", true],
    [false, "yes", true],
    [false, "on", true],
    [false, "", false],
    [false, "0", false],
    [false, "false", false],
    [false, "No", false],
    [false, "off", false],
  ])("--verbose %s, %s=%j: %s", (flag, value, asked) => {
    expect(verboseAsked(flag, value === undefined ? {} : { [VERBOSE_VARIABLE]: value })).toBe(asked);
  });

  it("refuses any other value without quoting it", () => {
    const ask = () => verboseAsked(false, { [VERBOSE_VARIABLE]: "sk-secret-value" });
    expect(ask).toThrow(UsageError);
    expect(ask).not.toThrow(/sk-secret-value/);
  });
});

describe("requestLine", () => {
  const request = { method: "GET", path: "/api/v1/websites?page=2" } as const;
  it.each([
    [
      { kind: "attempt", ...request, retry: 0, durationMs: 12, status: 200 },
      "GET /api/v1/websites?page=2: 200 in 12 ms (retry 0)",
    ],
    [
      { kind: "attempt", ...request, retry: 2, durationMs: 30000, status: undefined, problem: "timed out" },
      "GET /api/v1/websites?page=2: no answer after 30000 ms (retry 2): timed out",
    ],
    [
      { kind: "retry", ...request, retry: 1, maxRetries: 4, delayMs: 250, outcome: "gateway" },
      "GET /api/v1/websites?page=2: retry 1 of 4 in 250 ms (gateway)",
    ],
    [
      { kind: "retry", ...request, retry: 1, maxRetries: 4, delayMs: 0, outcome: "rate-limited" },
      "GET /api/v1/websites?page=2: retry 1 of 4 when the server's window ends (rate-limited)",
    ],
    [
      { kind: "paced", ...request, waitedMs: 1000, heldBy: "window" },
      "GET /api/v1/websites?page=2: held 1000 ms before sending, by the server's rate-limit window",
    ],
  ] as const)("%j", (event, line) => {
    expect(requestLine(event)).toBe(line);
  });
});

describe("verboseLog", () => {
  it("writes each line to its writer, prefixed, neutralised, the environment's API key redacted", () => {
    const key = "verbose-unit-key-0123456789";
    let err = "";
    const log = verboseLog((text) => (err += text), { WEBSTATS_API_KEY: key });
    log.say(`stack ::set-output x\n::error::forged ${key}`);
    log.onRequest({
      kind: "attempt",
      method: "GET",
      path: "/api/v1/account",
      retry: 0,
      durationMs: 5,
      status: undefined,
      problem: "reset\u001b[31m",
    });
    expect(err).toBe(
      "verbose: stack ::set-output x\\n::error::forged [REDACTED]\n" +
        "verbose: GET /api/v1/account: no answer after 5 ms (retry 0): reset\\u001b[31m\n",
    );
  });
});
