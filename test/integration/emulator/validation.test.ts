// Validation on create and update: messages, domain normalisation, installation-wide
// uniqueness and the plan's website limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorAccount } from "../../../emulator";
import { apiRequest } from "../../support/emulator-api";

type JsonObject = Record<string, unknown>;

let emulator: Emulator;
let account: EmulatorAccount;

async function send(
  key: string,
  method: string,
  path: string,
  form: Record<string, string>,
): Promise<{ status: number; json: JsonObject }> {
  const response = await apiRequest(emulator.url, key, method, path, form);
  return { status: response.status, json: (await response.json()) as JsonObject };
}

const create = (form: Record<string, string>, key = account.apiKey) => send(key, "POST", "/websites", form);

/** The field errors of a 422 answer. */
async function errorsOf(reply: Promise<{ status: number; json: JsonObject }>): Promise<JsonObject> {
  const { status, json } = await reply;
  expect(status).toBe(422);
  expect(json.status).toBe(422);
  return json.message as JsonObject;
}

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  account = emulator.createAccount();
});

afterAll(async () => {
  await emulator.close();
});

describe("domain on create", () => {
  it("is required", async () => {
    expect(await errorsOf(create({}))).toEqual({ domain: ["The domain field is required."] });
    expect(await errorsOf(create({ domain: "   " }))).toEqual({ domain: ["The domain field is required."] });
  });

  it.each([
    ["  HTTPS://Normalised-One.Example  ", "normalised-one.example"],
    ["http://www.normalised-two.example", "normalised-two.example"],
    ["www.www.normalised-three.www.example", "normalised-three.example"],
    ["normalised-four.example.", "normalised-four.example."],
    ["192.0.2.10", "192.0.2.10"],
    ["sub.www.normalised-five.example", "sub.www.normalised-five.example"],
  ])("normalises %j to %j", async (given, stored) => {
    const reply = await create({ domain: given });
    expect(reply.status).toBe(201);
    expect((reply.json.data as JsonObject).domain).toBe(stored);
  });

  it.each([
    "localhost",
    "example.com:8080",
    "example.com/",
    "example.com/path",
    "-leading.example",
    "trailing-.example",
    "under_score.example",
    "numeric.123",
    "1.2.3",
    `${"a".repeat(64)}.example`,
    "two..dots.example",
    "spa ce.example",
  ])("rejects %j", async (domain) => {
    expect(await errorsOf(create({ domain }))).toEqual({
      domain: ["The domain must be a valid domain name."],
    });
  });

  it("rejects names longer than 255 characters", async () => {
    const label = "a".repeat(60);
    const domain = `${[label, label, label, label, label].join(".")}.example`;
    const errors = await errorsOf(create({ domain }));
    expect(errors.domain).toContain("The domain field must not be greater than 255 characters.");
  });

  it("is unique across the whole installation, after normalisation", async () => {
    const other = emulator.createAccount();
    expect((await create({ domain: "taken.example" }, other.apiKey)).status).toBe(201);
    expect(await errorsOf(create({ domain: "https://www.TAKEN.example" }))).toEqual({
      domain: ["The domain has already been taken."],
    });
  });

  it("stops at the plan's website limit", async () => {
    const limited = emulator.createAccount({ websiteLimit: 2 });
    expect((await create({ domain: "limit-1.example" }, limited.apiKey)).status).toBe(201);
    expect((await create({ domain: "limit-2.example" }, limited.apiKey)).status).toBe(201);
    expect(await errorsOf(create({ domain: "limit-3.example" }, limited.apiKey))).toEqual({
      domain: ["You created too many websites."],
    });
    const first = emulator.listWebsites(limited.id)[0];
    if (!first) throw new Error("no website stored");
    emulator.deleteWebsite(first.id);
    expect((await create({ domain: "limit-3.example" }, limited.apiKey)).status).toBe(201);
  });

  it("takes the default limit for new accounts from the emulator options", async () => {
    const strict = await startEmulator({ requestsPerMinute: 0, websiteLimit: 0 });
    try {
      const key = strict.createAccount().apiKey;
      const response = await fetch(`${strict.url}/api/v1/websites`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${key}`,
          accept: "application/json",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "domain=none-allowed.example",
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({
        message: { domain: ["You created too many websites."] },
      });
    } finally {
      await strict.close();
    }
  });
});

describe("settings", () => {
  it("accepts only the listed choices", async () => {
    const errors = await errorsOf(
      create({ domain: "choices.example", privacy: "3", email: "2", exclude_bots: "yes" }),
    );
    expect(errors).toEqual({
      privacy: ["The selected privacy is invalid."],
      email: ["The selected email is invalid."],
      exclude_bots: ["The selected exclude bots is invalid."],
    });
    expect(emulator.listWebsites().some((site) => site.domain === "choices.example")).toBe(false);
  });

  it("requires a password for privacy 2 on create, up to 128 characters", async () => {
    expect(await errorsOf(create({ domain: "password.example", privacy: "2" }))).toEqual({
      password: ["The password field is required when privacy is 2."],
    });
    expect(
      await errorsOf(create({ domain: "password.example", privacy: "2", password: "p".repeat(129) })),
    ).toEqual({
      password: ["The password field must not be greater than 128 characters."],
    });
    const reply = await create({ domain: "password.example", privacy: "2", password: "p".repeat(128) });
    expect(reply.status).toBe(201);
  });

  it("requires a password on update only while the website has none", async () => {
    const created = await create({ domain: "password-update.example", privacy: "0" });
    const id = (created.json.data as JsonObject).id as number;
    expect(await errorsOf(send(account.apiKey, "PATCH", `/websites/${id}`, { privacy: "2" }))).toEqual({
      password: ["The password field is required when privacy is 2."],
    });
    expect(
      (await send(account.apiKey, "PATCH", `/websites/${id}`, { privacy: "2", password: "pw" })).status,
    ).toBe(200);
    expect((await send(account.apiKey, "PATCH", `/websites/${id}`, { privacy: "2" })).status).toBe(200);
    expect(emulator.getWebsite(id)).toMatchObject({ privacy: 2, password: "pw" });
  });

  it("accepts IPv4, IPv6 and CIDR entries in exclude_ips, split on either line break", async () => {
    const reply = await create({
      domain: "ips.example",
      exclude_ips: "192.0.2.1\r\n2001:db8::1\r198.51.100.0/24\n\n2001:db8::/32",
    });
    expect(reply.status).toBe(201);
  });

  it.each(["192.0.2.300", "192.0.2.0/33", "2001:db8::/129", "example.com", "192.0.2.0/"])(
    "rejects %j in exclude_ips",
    async (entry) => {
      const errors = await errorsOf(
        create({ domain: "bad-ips.example", exclude_ips: `192.0.2.1\n${entry}` }),
      );
      expect(errors).toEqual({
        exclude_ips: ["The exclude ips field must contain valid IP addresses or ranges."],
      });
    },
  );

  it("takes free-form exclude_params entries, & included", async () => {
    const reply = await create({ domain: "params.example", exclude_params: "utm_source\n&\nfbclid" });
    expect(reply.status).toBe(201);
  });

  it("validates updates with the same rules", async () => {
    const created = await create({ domain: "update-rules.example" });
    const id = (created.json.data as JsonObject).id as number;
    const errors = await errorsOf(
      send(account.apiKey, "PATCH", `/websites/${id}`, { email: "5", exclude_ips: "x" }),
    );
    expect(Object.keys(errors).sort()).toEqual(["email", "exclude_ips"]);
    expect(emulator.getWebsite(id)?.email).toBeNull();
  });

  it("reports every failing field at once", async () => {
    const errors = await errorsOf(create({ privacy: "9", exclude_ips: "nope" }));
    expect(Object.keys(errors).sort()).toEqual(["domain", "exclude_ips", "privacy"]);
  });
});
