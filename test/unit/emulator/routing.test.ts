import { describe, expect, it } from "vitest";
import { expectsJson, findApiToken } from "../../../emulator/api-auth";
import { matchApiRoute } from "../../../emulator/api-routes";
import { parseCliArguments } from "../../../emulator/cli-options";

describe("matchApiRoute", () => {
  it("maps methods and paths to actions and templates", () => {
    expect(matchApiRoute("GET", "/api/v1/websites")).toMatchObject({
      kind: "action",
      action: "listWebsites",
    });
    expect(matchApiRoute("PATCH", "/api/v1/websites/12/")).toEqual({
      kind: "action",
      action: "updateWebsite",
      template: "/api/v1/websites/:id",
      id: "12",
    });
    expect(matchApiRoute("HEAD", "/api/v1/account")).toMatchObject({ action: "showAccount" });
    expect(matchApiRoute("GET", "/api/v1/websites/1/stats")).toMatchObject({
      action: "unknownRoute",
      template: "/api/v1/*",
    });
  });

  it("refuses other methods with the allowed list", () => {
    expect(matchApiRoute("POST", "/api/v1/websites/3")).toEqual({
      kind: "method-not-allowed",
      template: "/api/v1/websites/:id",
      allowed: ["GET", "HEAD", "PUT", "PATCH", "DELETE"],
    });
  });
});

describe("authentication helpers", () => {
  it("prefers api_token in the query, then the body, then Bearer, then Basic", () => {
    const bearer = { authorization: "Bearer from-header" };
    expect(findApiToken({ api_token: "q" }, { api_token: "b" }, bearer)).toBe("q");
    expect(findApiToken({}, { api_token: "b" }, bearer)).toBe("b");
    expect(findApiToken({}, {}, bearer)).toBe("from-header");
    const basic = { authorization: `Basic ${Buffer.from("user:pw-key").toString("base64")}` };
    expect(findApiToken({}, {}, basic)).toBe("pw-key");
    expect(findApiToken({}, {}, { authorization: "bearer lower" })).toBeUndefined();
  });

  it.each([
    [{ accept: "application/json" }, true],
    [{ accept: "application/vnd.api+json" }, true],
    [{ accept: "text/html, application/json" }, false],
    [{ accept: "text/html;q=0.5, application/json" }, true],
    [{ accept: "*/*" }, false],
    [{ "x-requested-with": "XMLHttpRequest" }, true],
    [{}, false],
  ])("expectsJson(%j) is %s", (headers, expected) => {
    expect(expectsJson(headers)).toBe(expected);
  });
});

describe("parseCliArguments", () => {
  it("has defaults for a local run", () => {
    expect(parseCliArguments([])).toEqual({
      kind: "start",
      options: {
        port: 4010,
        host: "127.0.0.1",
        requestsPerMinute: 60,
        rateWindowSeconds: 60,
        websiteLimit: -1,
      },
    });
  });

  it("reads every flag", () => {
    const command = parseCliArguments([
      "--port=0",
      "--host",
      "0.0.0.0",
      "--data",
      "state.json",
      "--requests-per-minute",
      "0",
      "--rate-window-seconds",
      "5",
      "--admin-token",
      "t",
      "--website-limit",
      "5",
      "--no-quirks",
    ]);
    expect(command).toMatchObject({
      kind: "start",
      options: {
        port: 0,
        host: "0.0.0.0",
        dataFile: "state.json",
        requestsPerMinute: 0,
        rateWindowSeconds: 5,
        adminToken: "t",
        websiteLimit: 5,
      },
    });
    expect(command.kind === "start" && Object.values(command.options.quirks ?? {}).every((on) => !on)).toBe(
      true,
    );
  });

  it("takes --tls-cert and --tls-key together, as files for the caller to read", () => {
    expect(parseCliArguments(["--tls-cert", "cert.pem", "--tls-key", "key.pem"])).toMatchObject({
      kind: "start",
      tlsFiles: { cert: "cert.pem", key: "key.pem" },
    });
    expect(parseCliArguments([])).not.toHaveProperty("tlsFiles");
    for (const half of [
      ["--tls-cert", "cert.pem"],
      ["--tls-key", "key.pem"],
    ]) {
      expect(() => parseCliArguments(half)).toThrow(/--tls-cert and --tls-key go together/);
    }
  });

  it("rejects unknown flags and bad numbers", () => {
    expect(() => parseCliArguments(["--nope"])).toThrow();
    expect(() => parseCliArguments(["--port", "1.5"])).toThrow(/--port/);
    expect(() => parseCliArguments(["--rate-window-seconds", "0"])).toThrow(/--rate-window-seconds/);
  });
});
