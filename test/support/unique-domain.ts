// Domains for tests that share an emulator: each test's own, so no two tests collide on the
// server (an account refuses a domain it already holds).
import { randomBytes } from "node:crypto";

let domainCount = 0;

/**
 * A domain unique to one test: counted within this process (random bytes alone may repeat), with
 * random bytes telling processes apart.
 */
export function uniqueDomain(prefix = "site"): string {
  return `${prefix}-${++domainCount}-${randomBytes(4).toString("hex")}.example.com`;
}
