import { inspect } from "node:util";
import { MockAgent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnexpectedResponseError,
  ValidationError,
  WebstatsError,
} from "../../../sdk";
import { checkClientOptions } from "../../../sdk/client-options";
import { proxyEndpoint } from "../../../sdk/connection-rules";
import { RequestPacer } from "../../../sdk/pacer";
import { createRequester } from "../../../sdk/requester";
import { fakeClock } from "../../support/fake-clock";
import { mockedClients } from "../../support/mocked-server";
import { rejectionOf } from "../../support/thrown";

const KEY = "Zq7".repeat(21) + "x"; // 64 characters, like a real key
// The proxied requesters' agents, closed after each test.
const agents: MockAgent[] = [];
let originCounter = 0;

/** A client on a fresh origin with retries off, and its mocked server. */
const mockedClient = mockedClients("errors", { apiKey: KEY });

/** The WebstatsError `promise` rejects with: every failure of the client is one. */
const caught = (promise: Promise<unknown>) => rejectionOf(WebstatsError, promise);

function everythingVisibleAbout(error: unknown): string {
  const err = error as Error;
  return [
    err.message,
    err.stack ?? "",
    JSON.stringify(error),
    inspect(error, { showHidden: true, depth: Infinity }),
    String(error),
  ].join("\n");
}

afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
});

describe("error class per status", () => {
  it.each([
    [400, ApiError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [405, ApiError],
    [422, ValidationError],
    [429, RateLimitError],
    [500, ServerError],
    [502, ServerError],
    [503, ServerError],
  ])("%i -> %s", async (status, ErrorClass) => {
    const { client, server } = mockedClient();
    server.intercept({ path: "/api/v1/websites/5" }).reply(status, { message: "Some text.", status });
    const error = await caught(client.websites.get(5));
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, method: "GET", path: "/api/v1/websites/5" });
    expect(error.message).toBe(`${status} GET /api/v1/websites/5: Some text.`);
    expect(error.name).toBe(ErrorClass.name);
  });

  it("formats a 404 like the server says it", async () => {
    const { client, server } = mockedClient();
    server
      .intercept({ path: "/api/v1/websites/5" })
      .reply(404, { message: "Resource not found.", status: 404 });
    const error = await caught(client.websites.get(5));
    expect(error.message).toBe("404 GET /api/v1/websites/5: Resource not found.");
    expect((error as ApiError).body).toEqual({ message: "Resource not found.", status: 404 });
  });

  it("falls back to the status text when the body has no message", async () => {
    const { client, server } = mockedClient();
    server.intercept({ path: "/api/v1/account" }).reply(500, "");
    expect((await caught(client.account.get())).message).toBe(
      "500 GET /api/v1/account: Internal Server Error.",
    );
  });

  it("quotes a proxy's HTML error page briefly", async () => {
    const { client, server } = mockedClient();
    const page = `<html><head><title>502 Bad Gateway</title></head><body>${"x".repeat(5000)}</body></html>`;
    server
      .intercept({ path: "/api/v1/account" })
      .reply(502, page, { headers: { "content-type": "text/html" } });
    const error = await caught(client.account.get());
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toMatch(
      /^502 GET \/api\/v1\/account: Bad Gateway \(body is not JSON: "<html><head>/,
    );
    expect(error.message.length).toBeLessThan(300);
  });
});

describe("validation errors", () => {
  it("reads the object-shaped message into fieldErrors and the message", async () => {
    const { client, server } = mockedClient();
    server
      .intercept({ path: "/api/v1/websites", method: "POST" })
      .reply(422, { message: { domain: ["The domain has already been taken."] }, status: 422 });
    const error = await caught(client.websites.create({ domain: "example.com" }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe("422 POST /api/v1/websites: domain: The domain has already been taken.");
    expect((error as ValidationError).fieldErrors).toEqual({
      domain: ["The domain has already been taken."],
    });
  });

  it("joins several fields and uses domain-model names", async () => {
    const { client, server } = mockedClient();
    server.intercept({ path: "/api/v1/websites/3", method: "PATCH" }).reply(422, {
      message: "The given data was invalid.",
      errors: { exclude_bots: ["Must be 0 or 1."], password: ["Too long.", "Really."] },
    });
    const error = await caught(client.websites.update(3, { password: "x" }));
    expect(error.message).toBe(
      "422 PATCH /api/v1/websites/3: excludeBots: Must be 0 or 1.; password: Too long. Really.",
    );
    expect((error as ValidationError).fieldErrors).toEqual({
      excludeBots: ["Must be 0 or 1."],
      password: ["Too long.", "Really."],
    });
  });
});

describe("redirects", () => {
  it.each([
    [
      "treats a redirect to the login page as an authentication error",
      302,
      "http://errors.test/login",
      AuthenticationError,
      /^302 GET \/api\/v1\/account: .*login page/,
    ],
    [
      "reports another redirect as unexpected, pointing at the base URL",
      301,
      "https://errors.test/api/v1/account",
      UnexpectedResponseError,
      /redirect to https:\/\/errors\.test\/api\/v1\/account; check the base URL/,
    ],
  ])("%s", async (_title, status, location, ErrorClass, message) => {
    const { client, server } = mockedClient();
    server.intercept({ path: "/api/v1/account" }).reply(status, "", { headers: { location } });
    const error = await caught(client.account.get());
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error.message).toMatch(message);
  });

  it.each([
    ["a login redirect's page", 302, { location: "/login" }, AuthenticationError],
    ["a server error's page", 500, {}, ServerError],
  ])("keeps %s that is not JSON only redacted and cut", async (_label, status, headers, ErrorClass) => {
    const { client, server } = mockedClient();
    const page = `<html><pre>key=${KEY}</pre>${"y".repeat(100_000)}`;
    server.intercept({ path: "/api/v1/account" }).reply(status, page, { headers });
    const error = (await caught(client.account.get())) as ApiError;
    expect(error).toBeInstanceOf(ErrorClass);
    const start = "<html><pre>key=[REDACTED]</pre>";
    expect(error.body).toBe(`${start}${"y".repeat(2000 - 1 - start.length)}…`);
  });

  it("quotes a long redirect location cut", async () => {
    const { client, server } = mockedClient();
    const location = `https://errors.test/${"z".repeat(100_000)}`;
    server.intercept({ path: "/api/v1/account" }).reply(301, "", { headers: { location } });
    const error = await caught(client.account.get());
    expect(error.message).toContain(
      `redirect to https://errors.test/${"z".repeat(200 - 1 - 20)}…; check the base URL`,
    );
    expect(error.message.length).toBeLessThan(400);
  });
});

describe("bodies that cannot be used", () => {
  it.each([
    ["an HTML page", "<!DOCTYPE html><html><body>Welcome to nginx!</body></html>", /expected a JSON body/],
    ["truncated JSON", '{"data": {"id": 5, "domain": "exa', /expected a JSON body/],
    ["an empty body", "", /was empty/],
    ["the wrong shape", '{"data": {"id": 5}}', /expected shape \(data\.domain: /],
  ])("%s -> UnexpectedResponseError quoting an excerpt", async (_label, body, problem) => {
    const { client, server } = mockedClient();
    server.intercept({ path: "/api/v1/websites/5" }).reply(200, body);
    const error = await caught(client.websites.get(5));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.message).toMatch(/^200 GET \/api\/v1\/websites\/5: /);
    expect(error.message).toMatch(problem);
    expect((error as UnexpectedResponseError).excerpt).toBe(body.slice(0, 200));
  });

  it("keeps excerpts to 200 characters", async () => {
    const { client, server } = mockedClient();
    server.intercept({ path: "/api/v1/account" }).reply(200, `<html>${"y".repeat(1000)}`);
    const error = (await caught(client.account.get())) as UnexpectedResponseError;
    expect(error.excerpt.length).toBe(200);
    expect(error.message.length).toBeLessThan(300);
  });
});

describe("transport failures", () => {
  it("wraps a broken connection in ConnectionError with its code", async () => {
    const { client, server } = mockedClient();
    const reset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    server.intercept({ path: "/api/v1/account" }).replyWithError(reset);
    const error = await caught(client.account.get());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: "ECONNRESET", method: "GET", path: "/api/v1/account" });
    expect(error.message).toMatch(/^GET \/api\/v1\/account: connection to http:\/\/errors-\d+\.test failed/);
  });

  it("reports a slow answer as TimeoutError", async () => {
    const { client, server } = mockedClient({ timeoutMs: 30 });
    server.intercept({ path: "/api/v1/account" }).reply(200, {}).delay(1_000);
    const error = await caught(client.account.get());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe("GET /api/v1/account: no complete response within 30 ms.");
  });

  it("gives RateLimitError the server's wait", async () => {
    const { client, server } = mockedClient();
    server
      .intercept({ path: "/api/v1/account" })
      .reply(429, { message: "Too Many Attempts." }, { headers: { "retry-after": "17" } });
    const error = await caught(client.account.get());
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(17_000);
    expect(error.message).toBe("429 GET /api/v1/account: Too Many Attempts.");
  });
});

describe("the API key never leaks", () => {
  const echoes: [string, () => [number, string, Record<string, string>]][] = [
    ["a JSON message", () => [401, JSON.stringify({ message: `Bad token ${KEY}.` }), {}]],
    ["a field error", () => [422, JSON.stringify({ message: { api_token: [`${KEY} is wrong`] } }), {}]],
    ["an HTML debug page", () => [500, `<html><pre>Authorization: Bearer ${KEY}</pre></html>`, {}]],
    ["a 200 page that is not JSON", () => [200, `<p>token=${KEY}</p>`, {}]],
    ["a redirect location", () => [302, "", { location: `/elsewhere?api_token=${KEY}` }]],
    ["a login redirect", () => [302, `Redirecting to /login?t=${KEY}`, { location: `/login` }]],
  ];

  it.each(echoes)("when the server echoes it in %s", async (_label, reply) => {
    const { client, server } = mockedClient();
    const [status, body, headers] = reply();
    server.intercept({ path: "/api/v1/account" }).reply(status, body, { headers });
    const error = await caught(client.account.get());
    expect(everythingVisibleAbout(error)).not.toContain(KEY);
    expect(everythingVisibleAbout(error)).toContain("[REDACTED]");
  });

  it("when a transport error mentions it", async () => {
    const { client, server } = mockedClient();
    server.intercept({ path: "/api/v1/account" }).replyWithError(new Error(`socket hang up near ${KEY}`));
    const error = await caught(client.account.get());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(everythingVisibleAbout(error)).not.toContain(KEY);
  });

  it("in the client object itself", () => {
    const { client } = mockedClient();
    expect(inspect(client, { showHidden: true, depth: Infinity })).not.toContain(KEY);
    expect(JSON.stringify(client)).not.toContain(KEY);
  });

  it("while it is sent as a Bearer token", async () => {
    const { client, server } = mockedClient();
    let authorization: unknown;
    server.intercept({ path: "/api/v1/account" }).reply((request) => {
      authorization = (request.headers as Record<string, string>).authorization;
      return { statusCode: 404, data: { message: "Resource not found." } };
    });
    await caught(client.account.get());
    expect(authorization).toBe(`Bearer ${KEY}`);
  });
});

describe("the proxy's credentials never leak", () => {
  const PROXY_USER = "proxy-user-7f3a";
  const PROXY_PASSWORD = "Pr0xy-Secr3t/+=";
  const proxyUrl = `http://${PROXY_USER}:${encodeURIComponent(PROXY_PASSWORD)}@proxy.test:3128`;

  /** A requester whose requests go through the proxy above, answered by a MockAgent. */
  function proxiedRequester() {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agents.push(agent);
    const origin = `https://errors-${++originCounter}.test`;
    const clock = fakeClock();
    const requester = createRequester(checkClientOptions({ baseUrl: origin, apiKey: KEY, maxRetries: 0 }), {
      route: { dispatcher: agent, proxy: proxyEndpoint(proxyUrl) },
      pacer: new RequestPacer(clock),
      clock,
      random: () => 0,
    });
    return { requester, server: agent.get(origin) };
  }

  it("when the proxy asks for credentials and the error quotes its address", async () => {
    const { requester, server } = proxiedRequester();
    server.intercept({ path: "/api/v1/account" }).replyWithError(
      Object.assign(new Error(`Proxy response (407) !== 200 when HTTP Tunneling via ${proxyUrl}`), {
        code: "UND_ERR_ABORTED",
      }),
    );
    const error = await caught(requester.send({ method: "GET", path: "/account" }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ failedAt: "proxy", code: "UND_ERR_ABORTED" });
    expect(error.message).toBe(
      "GET /api/v1/account: the proxy http://***@proxy.test:3128 asks for credentials (407): " +
        "put user:password@ before its host in the proxy address.",
    );
    for (const secret of [PROXY_USER, PROXY_PASSWORD, encodeURIComponent(PROXY_PASSWORD), KEY]) {
      expect(everythingVisibleAbout(error)).not.toContain(secret);
    }
  });

  it("when an error of the installation mentions them", async () => {
    const { requester, server } = proxiedRequester();
    server
      .intercept({ path: "/api/v1/account" })
      .reply(500, JSON.stringify({ message: `upstream ${PROXY_USER}:${PROXY_PASSWORD} failed` }));
    const error = await caught(requester.send({ method: "GET", path: "/account" }));
    expect(error).toBeInstanceOf(ServerError);
    expect(everythingVisibleAbout(error)).not.toContain(PROXY_USER);
    expect(everythingVisibleAbout(error)).not.toContain(PROXY_PASSWORD);
    expect(everythingVisibleAbout(error)).toContain("[REDACTED]");
  });
});

describe("a website's password never leaks", () => {
  // Spelled differently in JSON, in a URL, in a form body, in HTML: each spelling must be hidden
  // (test/unit/sdk/redact.test.ts has the redactor's own table of spellings).
  const PASSWORD = 'S3cret pass+word/"é';
  const lowerCaseEscapes = (text: string) => text.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
  const spellings = [
    PASSWORD,
    JSON.stringify(PASSWORD).slice(1, -1),
    encodeURIComponent(PASSWORD),
    new URLSearchParams({ p: PASSWORD }).toString().slice(2),
    // HTML-escaped: named, decimal and hexadecimal references.
    "S3cret pass+word/&quot;é",
    "S3cret pass+word/&#34;&#233;",
    "S3cret pass&#x2B;word&#x2f;&#x22;&#xE9;",
    // PHP's JSON: `\/` for `/`, `\u00e9` for é.
    'S3cret pass+word\\/\\"\\u00e9',
    // Percent-encoding in lower case.
    lowerCaseEscapes(encodeURIComponent(PASSWORD)),
    lowerCaseEscapes(new URLSearchParams({ p: PASSWORD }).toString().slice(2)),
  ];
  const echoes: [string, (echo: string) => [number, string]][] = [
    ["a field error", (echo) => [422, JSON.stringify({ message: { password: [`${echo} is too weak`] } })]],
    ["an HTML debug page", (echo) => [500, `<html><pre>password=${echo}</pre></html>`]],
    ["a created website that is not JSON", (echo) => [201, `<p>saved ${echo}</p>`]],
  ];
  const cases = echoes.flatMap(([label, reply]) =>
    spellings.map((spelling, i): [string, number, string] => [
      `${label} (spelling ${i})`,
      ...reply(spelling),
    ]),
  );

  it.each(cases)("when the server echoes it in %s", async (_label, status, body) => {
    const { client, server } = mockedClient();
    server.intercept({ path: "/api/v1/websites", method: "POST" }).reply(status, body);
    const error = await caught(
      client.websites.create({ domain: "shop.example.com", privacy: "password", password: PASSWORD }),
    );
    for (const spelling of spellings) expect(everythingVisibleAbout(error)).not.toContain(spelling);
    expect(everythingVisibleAbout(error)).toContain("[REDACTED]");
  });

  it("when an update's answer echoes it", async () => {
    const { client, server } = mockedClient();
    server
      .intercept({ path: "/api/v1/websites/7", method: "PATCH" })
      .reply(500, JSON.stringify({ message: `could not store ${PASSWORD}` }));
    const error = await caught(client.websites.update(7, { privacy: "password", password: PASSWORD }));
    expect(everythingVisibleAbout(error)).not.toContain(PASSWORD);
  });

  it("a short one is hidden where it stands as a word, and the words around it stay readable", async () => {
    const { client, server } = mockedClient();
    server
      .intercept({ path: "/api/v1/websites", method: "POST" })
      .reply(422, JSON.stringify({ message: { password: ['"e" is shorter than the rule allows'] } }));
    const error = await caught(
      client.websites.create({ domain: "shop.example.com", privacy: "password", password: "e" }),
    );
    expect(error.message).toContain('password: "[REDACTED]" is shorter than the rule allows');
  });
});
