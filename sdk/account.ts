// The account that owns the API key.
import type { Requester } from "./requester";
import type { Account } from "./types";
import { decodeAccount } from "./wire";

/** The account endpoint, reached through `client.account`. */
export class AccountApi {
  private readonly requester: Requester;

  /** @internal Created by WebstatsClient. */
  constructor(requester: Requester) {
    this.requester = requester;
  }

  /** The account that owns the API key, with its plan. */
  async get(): Promise<Account> {
    const answer = await this.requester.send({ method: "GET", path: "/account" });
    return this.requester.decode(answer, decodeAccount);
  }
}
