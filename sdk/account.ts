// The account that owns the API key.
import type { Requester } from "./requester";
import type { Account } from "./types";
import { decodeAccount } from "./wire";

export class AccountApi {
  private readonly requester: Requester;

  constructor(requester: Requester) {
    this.requester = requester;
  }

  async get(): Promise<Account> {
    const answer = await this.requester.send({ method: "GET", path: "/account" });
    return this.requester.decode(answer, decodeAccount);
  }
}
