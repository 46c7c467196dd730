// Bodies no client should send: unreadable, oversized, absurdly nested or of the wrong types.
// Each is answered with a 4xx (422 when validation sees it, 413 when the size limit refuses it),
// nothing is stored, and the server goes on serving.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorAccount } from "../../../emulator";
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from "../../../emulator/body-parsers";

type JsonObject = Record<string, unknown>;

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";

let emulator: Emulator;
let account: EmulatorAccount;
let websiteId: number;

async function send(
  method: string,
  path: string,
  body: string | Uint8Array | undefined,
  contentType: string | undefined,
  headers: Record<string, string> = { authorization: `Bearer ${account.apiKey}` },
): Promise<{ status: number; json: JsonObject }> {
  const response = await fetch(`${emulator.url}/api/v1${path}`, {
    method,
    headers: { accept: JSON_TYPE, ...headers, ...(contentType ? { "content-type": contentType } : {}) },
    body,
    redirect: "manual",
  });
  return { status: response.status, json: (await response.json()) as JsonObject };
}

const create = (body: string | Uint8Array, contentType: string | undefined) =>
  send("POST", "/websites", body, contentType);

/** The fields a 422 names. */
function fieldsOf(reply: { status: number; json: JsonObject }): string[] {
  expect(reply.status).toBe(422);
  return Object.keys(reply.json.message as JsonObject).sort();
}

function nestedArrays(depth: number): string {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  account = emulator.createAccount();
  websiteId = ((await create("domain=hostile-target.example", FORM)).json.data as { id: number }).id;
});

afterEach(async () => {
  // Whatever the previous request did, the server still answers and holds only the one website.
  const alive = await send("GET", "/account", undefined, undefined);
  expect(alive.status).toBe(200);
  expect(emulator.listWebsites().map((site) => site.domain)).toEqual(["hostile-target.example"]);
});

afterAll(async () => {
  await emulator.close();
});

describe("bodies the framework cannot read count as empty", () => {
  it.each<[string, string | Uint8Array, string | undefined]>([
    ["invalid percent-encoding in a form", "domain%zz=%%&&==&%E0%A4%A", FORM],
    ["invalid JSON with a JSON content type", '{"domain": "broken.example",', JSON_TYPE],
    ["JSON that is an array", '["domain", "array.example"]', JSON_TYPE],
    ["JSON that is a string", '"domain=string.example"', JSON_TYPE],
    ["JSON null", "null", "application/vnd.api+json"],
    [
      "binary garbage as octet-stream",
      new Uint8Array([0, 255, 254, 1, 0x7b, 0x22, 2]),
      "application/octet-stream",
    ],
    ["binary garbage labelled JSON", new Uint8Array([0xff, 0xfe, 0x7b, 0, 0x22]), JSON_TYPE],
    ["binary garbage labelled form", new Uint8Array([0xc3, 0x28, 0x3d, 0xa0, 0xa1]), FORM],
    ["a form body without content type", "domain=untyped.example", undefined],
    ["a form body labelled multipart", "domain=multipart.example", "multipart/form-data; boundary=x"],
    ["a form body with an empty Content-Type", "domain=empty-type.example", ""],
    ["a form body with an unparseable Content-Type", "domain=bad-type.example", "form urlencoded"],
  ])("%s: 422 domain required", async (_label, body, contentType) => {
    const reply = await create(body, contentType);
    expect(fieldsOf(reply)).toEqual(["domain"]);
    expect(reply.json.message).toEqual({ domain: ["The domain field is required."] });
  });

  it("reads an update with an unreadable body as changing nothing", async () => {
    const before = emulator.getWebsite(websiteId);
    for (const method of ["PUT", "PATCH"]) {
      const reply = await send(method, `/websites/${websiteId}`, "{not json", JSON_TYPE);
      expect(reply.status).toBe(200);
    }
    expect(emulator.getWebsite(websiteId)).toEqual(before);
  });
});

describe("nesting", () => {
  it(`reads JSON nested ${MAX_JSON_DEPTH} levels deep, as PHP's decoder does`, async () => {
    const body = `{"domain": "nested-ok.example", "junk": ${nestedArrays(MAX_JSON_DEPTH - 1)}}`;
    const reply = await create(body, JSON_TYPE);
    expect(reply.status).toBe(201);
    expect(emulator.deleteWebsite((reply.json.data as { id: number }).id)).toBe(true);
  });

  it("treats one level more as an unreadable body", async () => {
    const body = `{"domain": "nested-deep.example", "junk": ${nestedArrays(MAX_JSON_DEPTH)}}`;
    expect(fieldsOf(await create(body, JSON_TYPE))).toEqual(["domain"]);
  });

  it.each([
    ["arrays", `{"domain": ${nestedArrays(200_000)}}`],
    ["objects", `{"domain": ${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}}`],
  ])("answers nesting far deeper than the call stack (%s) with 422, not a crash", async (_label, body) => {
    expect(fieldsOf(await create(body, JSON_TYPE))).toEqual(["domain"]);
    expect(fieldsOf(await create(body, "application/problem+json"))).toEqual(["domain"]);
  });

  it("keeps a __proto__ key an ordinary field, so it cannot carry the API key", async () => {
    const body = JSON.stringify({ domain: "proto.example" }).replace(
      "{",
      `{"__proto__": {"api_token": "${account.apiKey}"}, `,
    );
    const reply = await send("POST", "/websites", body, JSON_TYPE, {});
    expect(reply.status).toBe(401);
  });
});

describe("size", () => {
  it(`refuses a body over ${MAX_BODY_BYTES} bytes with 413 before reading it`, async () => {
    const padding = "a".repeat(MAX_BODY_BYTES);
    for (const [body, contentType] of [
      [`domain=oversized.example&pad=${padding}`, FORM],
      [JSON.stringify({ domain: "oversized.example", pad: padding }), JSON_TYPE],
      [padding.repeat(4), "application/octet-stream"],
    ] as const) {
      const reply = await create(body, contentType);
      expect(reply.status).toBe(413);
    }
    const update = await send("PATCH", `/websites/${websiteId}`, `email=1&pad=${padding}`, FORM);
    expect(update.status).toBe(413);
    expect(emulator.getWebsite(websiteId)?.email).toBeNull();
  });

  it("still takes a body just under the limit", async () => {
    const head = "domain=almost-too-big.example&pad=";
    const reply = await create(`${head}${"a".repeat(MAX_BODY_BYTES - head.length)}`, FORM);
    expect(reply.status).toBe(201);
    expect(emulator.deleteWebsite((reply.json.data as { id: number }).id)).toBe(true);
  });

  it("answers a form with a hundred thousand fields", async () => {
    const fields = Array.from({ length: 100_000 }, (_, index) => `f${index}=1`).join("&");
    expect(fieldsOf(await create(`${fields}&privacy=9`, FORM))).toEqual(["domain", "privacy"]);
  });

  it("refuses a query string longer than the server reads", async () => {
    const response = await fetch(`${emulator.url}/api/v1/websites?search=${"a".repeat(64 * 1024)}`, {
      headers: { authorization: `Bearer ${account.apiKey}`, accept: JSON_TYPE },
    });
    expect(response.status).toBe(431);
  });
});

describe("fields of the wrong type", () => {
  const containers: [string, unknown][] = [
    ["an array", ["1"]],
    ["an object", { value: "1" }],
    ["a nested array", [[["1"]]]],
  ];
  const settings = ["privacy", "password", "email", "exclude_bots", "exclude_params", "exclude_ips"];

  describe.each(containers)("%s", (_label, value) => {
    it.each(["domain", ...settings])("in %s on create: 422 naming it", async (field) => {
      const body = JSON.stringify({ domain: "wrong-type.example", [field]: value });
      expect(fieldsOf(await create(body, JSON_TYPE))).toEqual([field]);
    });

    it.each(settings.flatMap((field) => [["PUT", field] as const, ["PATCH", field] as const]))(
      "in %s %s on update: 422 naming it",
      async (method, field) => {
        const reply = await send(
          method,
          `/websites/${websiteId}`,
          JSON.stringify({ [field]: value }),
          JSON_TYPE,
        );
        expect(fieldsOf(reply)).toEqual([field]);
      },
    );
  });

  it.each([
    ["domain", "12345"],
    ["domain", "true"],
    ["password", "12345"],
    ["exclude_params", "1"],
    ["exclude_ips", "false"],
    ["privacy", "1.5"],
    ["email", "1e400"],
    ["exclude_bots", '"1e400"'],
  ])("%s = %s (JSON) on create: 422 naming it", async (field, json) => {
    const domain = field === "domain" ? "" : '"domain": "scalar-type.example", ';
    expect(fieldsOf(await create(`{${domain}"${field}": ${json}}`, JSON_TYPE))).toEqual([field]);
  });

  it.each([
    ["an array", ["1"]],
    ["an object", { value: true }],
    ["a number", 7],
  ])("favorite as %s is read as a flag and stored as a boolean", async (_label, value) => {
    const reply = await send(
      "PATCH",
      `/websites/${websiteId}`,
      JSON.stringify({ favorite: value }),
      JSON_TYPE,
    );
    expect(reply.status).toBe(200);
    expect(typeof emulator.getWebsite(websiteId)?.favorite).toBe("boolean");
    emulator.updateWebsite(websiteId, { favorite: false });
  });
});
