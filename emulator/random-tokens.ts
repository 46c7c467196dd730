import { randomInt } from "node:crypto";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A token of letters and digits from a cryptographic source, like the server's API keys. */
export function randomAlphanumeric(length: number): string {
  let token = "";
  for (let index = 0; index < length; index += 1) {
    token += ALPHANUMERIC.charAt(randomInt(ALPHANUMERIC.length));
  }
  return token;
}

export const API_KEY_LENGTH = 64;
