// API keys and the admin token are compared through fixed-length digests in constant time, and
// the comparison still tells the right secret from every near miss.
import type * as nodeCrypto from "node:crypto";
import { timingSafeEqual } from "node:crypto";
import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { registerAdminRoutes, type AdminControls } from "../../../emulator/admin-routes";
import { EmulatorStore } from "../../../emulator/store";

// The real function, watched: every call is recorded with its arguments.
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof nodeCrypto>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const constantTimeCompare = vi.mocked(timingSafeEqual);
const SHA256_BYTES = 32;

/** Near misses of a secret: same length, shorter, longer, case, blank. */
function nearMisses(secret: string): string[] {
  const flipped = secret.startsWith("a") ? `b${secret.slice(1)}` : `a${secret.slice(1)}`;
  return [
    flipped,
    secret.slice(0, -1),
    `${secret}x`,
    secret.toUpperCase(),
    ` ${secret}`,
    "",
    secret.repeat(2),
  ];
}

function expectDigestComparisons(): void {
  expect(constantTimeCompare).toHaveBeenCalled();
  for (const [left, right] of constantTimeCompare.mock.calls) {
    expect([left.byteLength, right.byteLength]).toEqual([SHA256_BYTES, SHA256_BYTES]);
  }
}

afterEach(() => {
  constantTimeCompare.mockClear();
});

describe("API key lookup", () => {
  const store = new EmulatorStore();
  const key = "k3yOfSixtyFourCharactersXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX";
  const account = store.addAccount({
    apiKey: key,
    name: "Owner",
    email: "owner@example.com",
    websiteLimit: -1,
    apiAccess: true,
    created_at: "2025-01-01 00:00:00",
  });

  it("finds the account of the right key through a constant-time digest comparison", () => {
    expect(store.findAccountByApiKey(key)).toBe(account);
    expectDigestComparisons();
  });

  it.each(nearMisses(key))("refuses the near miss %j", (guess) => {
    expect(store.findAccountByApiKey(guess)).toBeUndefined();
  });

  it("finds accounts restored from a snapshot by their key", () => {
    const restored = EmulatorStore.fromSnapshot(store.snapshot());
    expect(restored.findAccountByApiKey(key)?.id).toBe(account.id);
    expect(restored.findAccountByApiKey(`${key}x`)).toBeUndefined();
  });
});

describe("admin token", () => {
  const token = "admin-token-0123456789abcdefghijk";
  const app = Fastify();
  const controls = { listAccounts: () => [] } as unknown as AdminControls;
  registerAdminRoutes(app, token, controls);

  const status = async (authorization: string | undefined): Promise<number> => {
    const response = await app.inject({
      method: "GET",
      url: "/_emulator/accounts",
      headers: authorization === undefined ? {} : { authorization },
    });
    return response.statusCode;
  };

  it("accepts the right token through a constant-time digest comparison", async () => {
    expect(await status(`Bearer ${token}`)).toBe(200);
    expectDigestComparisons();
  });

  it.each(nearMisses(token))(
    "refuses the near miss %j, comparing digests whatever its length",
    async (guess) => {
      expect(await status(`Bearer ${guess}`)).toBe(401);
      expectDigestComparisons();
    },
  );

  it.each([undefined, token, `Basic ${token}`, `bearer ${token}`, "Bearer"])(
    "refuses the header %j",
    async (authorization) => {
      expect(await status(authorization)).toBe(401);
    },
  );
});
