// Comparing secrets (API keys, the admin token) without letting response times tell how much of a
// guess was right. Both sides are reduced to SHA-256 digests, which have one length whatever the
// secret, and the digests are compared with timingSafeEqual, so neither the content nor the length
// of the secret shows.
import { createHash, timingSafeEqual } from "node:crypto";

export function secretDigest(secret: string): Buffer {
  return createHash("sha256").update(secret, "utf8").digest();
}

export function matchesDigest(given: string, expected: Buffer): boolean {
  return timingSafeEqual(secretDigest(given), expected);
}
