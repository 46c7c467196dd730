// Every quirk of the real server can be switched off; each switch must change what a client sees.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  NO_QUIRKS,
  startEmulator,
  type Emulator,
  type EmulatorAccount,
  type EmulatorQuirks,
} from "../../../emulator";

type JsonObject = Record<string, unknown>;

interface Instance {
  emulator: Emulator;
  account: EmulatorAccount;
}

async function start(quirks: Partial<EmulatorQuirks>): Promise<Instance> {
  const emulator = await startEmulator({ requestsPerMinute: 0, quirks });
  return { emulator, account: emulator.createAccount() };
}

async function call(
  instance: Instance,
  method: string,
  path: string,
  form?: Record<string, string>,
  accept = "application/json",
): Promise<{ status: number; json: JsonObject }> {
  const headers: Record<string, string> = { authorization: `Bearer ${instance.account.apiKey}`, accept };
  if (form) headers["content-type"] = "application/x-www-form-urlencoded";
  const response = await fetch(`${instance.emulator.url}/api/v1${path}`, {
    method,
    headers,
    body: form ? new URLSearchParams(form).toString() : undefined,
    redirect: "manual",
  });
  const text = await response.text();
  return { status: response.status, json: text.startsWith("{") ? (JSON.parse(text) as JsonObject) : {} };
}

const dataOf = (reply: { json: JsonObject }): JsonObject => reply.json.data as JsonObject;

let real: Instance;
let tidy: Instance;

beforeAll(async () => {
  real = await start({});
  tidy = await start(NO_QUIRKS);
});

afterAll(async () => {
  await real.emulator.close();
  await tidy.emulator.close();
});

describe("each quirk, on and off", () => {
  it("createEchoesRequestTypes: form strings in the create response, or integers", async () => {
    const form = { domain: "echo.example", privacy: "1", email: "1", exclude_bots: "0" };
    expect(dataOf(await call(real, "POST", "/websites", form))).toMatchObject({ privacy: "1", email: "1" });
    expect(dataOf(await call(tidy, "POST", "/websites", form))).toMatchObject({
      privacy: 1,
      email: 1,
      exclude_bots: 0,
    });
  });

  it("createEchoesRequestTypes also covers the update response", async () => {
    const created = await call(tidy, "POST", "/websites", { domain: "echo-update.example" });
    const updated = await call(tidy, "PATCH", `/websites/${String(dataOf(created).id)}`, { email: "1" });
    expect(dataOf(updated).email).toBe(1);
  });

  it("createStoresNullForOmitted: null privacy and email when omitted, or 0", async () => {
    const realReply = await call(real, "POST", "/websites", { domain: "omitted.example" });
    const tidyReply = await call(tidy, "POST", "/websites", { domain: "omitted.example" });
    expect(real.emulator.getWebsite(dataOf(realReply).id as number)).toMatchObject({
      privacy: null,
      email: null,
    });
    expect(tidy.emulator.getWebsite(dataOf(tidyReply).id as number)).toMatchObject({ privacy: 0, email: 0 });
    const shown = await call(tidy, "GET", `/websites/${String(dataOf(tidyReply).id)}`);
    expect(dataOf(shown)).toMatchObject({ privacy: 0, email: 0, exclude_bots: 1 });
  });

  it("updateMissingReturns500: 500 for a missing website, or 404", async () => {
    expect((await call(real, "PATCH", "/websites/424242", { email: "1" })).status).toBe(500);
    const tidyReply = await call(tidy, "PATCH", "/websites/424242", { email: "1" });
    expect(tidyReply.status).toBe(404);
    expect(tidyReply.json).toEqual({ message: "Resource not found.", status: 404 });
  });

  it("redirectWithoutAcceptJson: 302 to /login for a failed login without Accept JSON, or 401", async () => {
    const anonymous = { ...real, account: { ...real.account, apiKey: "wrong" } };
    expect((await call(anonymous, "GET", "/websites", undefined, "text/html")).status).toBe(302);
    const tidyAnonymous = { ...tidy, account: { ...tidy.account, apiKey: "wrong" } };
    const tidyReply = await call(tidyAnonymous, "GET", "/websites", undefined, "text/html");
    expect(tidyReply.status).toBe(401);
    expect(tidyReply.json).toEqual({ message: "Unauthenticated." });
  });

  it("objectValidationMessages: field errors as the message, or a string message plus errors", async () => {
    expect((await call(real, "POST", "/websites", {})).json).toEqual({
      message: { domain: ["The domain field is required."] },
      status: 422,
    });
    expect((await call(tidy, "POST", "/websites", {})).json).toEqual({
      message: "The given data was invalid.",
      errors: { domain: ["The domain field is required."] },
      status: 422,
    });
  });

  it("stringPerPage: off by default; on, meta.per_page is a string", async () => {
    expect(((await call(real, "GET", "/websites")).json.meta as JsonObject).per_page).toBe(10);
    const old = await start({ stringPerPage: true });
    try {
      expect(((await call(old, "GET", "/websites?per_page=25")).json.meta as JsonObject).per_page).toBe("25");
    } finally {
      await old.emulator.close();
    }
  });

  it("isoFavoritedAtOnUpdate: ISO with microseconds in the update response, or the column text", async () => {
    for (const [instance, pattern] of [
      [real, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/],
      [tidy, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/],
    ] as const) {
      const created = await call(instance, "POST", "/websites", { domain: "favorite-format.example" });
      const updated = await call(instance, "PATCH", `/websites/${String(dataOf(created).id)}`, {
        favorite: "1",
      });
      expect(dataOf(updated).favorited_at).toMatch(pattern);
    }
  });
});
