// A website record in both spellings: as a real server's GET returns it, for decoding and client
// tests, and as the SDK gives it (its Website), for the code that takes it from the client.
import type { Website } from "../../sdk";

export function wireWebsite(id = 7, domain = `site${id}.example`) {
  return {
    id,
    domain,
    privacy: 0,
    email: 0,
    password: false,
    exclude_bots: 1,
    exclude_ips: null,
    favorite: false,
    favorited_at: null,
    created_at: "2024-05-01T10:00:00.000000Z",
    updated_at: "2024-05-01T10:00:00.000000Z",
  };
}

/** A website as the SDK lists it: public, bots excluded, nothing else set, unless overridden. */
export const liveWebsite = (id: number, domain: string, overrides: Partial<Website> = {}): Website => ({
  id,
  domain,
  privacy: "public",
  email: false,
  excludeBots: true,
  favorite: false,
  favoritedAt: null,
  excludeIps: [],
  hasPassword: false,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  ...overrides,
});
