// The count of an operation's new websites against the room of the account's plan
// (core/plan-budget.ts), checked as the engine checks a program's websites: one after the other,
// the operation ending at the first refusal. The refusal cannot know the websites declared after
// it, so it says "at least" the websites counted so far, and names them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlanBudget } from "../../../core/plan-budget";
import { WebsiteReader } from "../../../core/website-reader";
import { startEmulator, type Emulator } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
});
afterAll(async () => {
  await emulator.close();
});

/** A budget for a fresh account whose plan allows `limit` websites, holding `held` of them. */
async function budgetOf(limit: number, held: string[]) {
  const account = emulator.createAccount({ websiteLimit: limit });
  const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
  for (const domain of held) await client.websites.create({ domain });
  return { account, budget: new PlanBudget(client, new WebsiteReader(client)) };
}

/** Admits each domain in turn, as the engine checks them, stopping at the first refusal. */
async function checkInTurn(budget: PlanBudget, domains: string[]) {
  for (const [index, domain] of domains.entries()) {
    const refusal = await budget.admit(domain, false);
    if (refusal) return { checked: index + 1, refusal };
  }
  return { checked: domains.length, refusal: undefined };
}

describe("the plan's room against an operation's new websites", () => {
  it("refuses the second of four new websites when the plan has room for one, saying at least 2, not 2", async () => {
    const { account, budget } = await budgetOf(2, ["held-1.example.com"]);
    const program = ["a-1.example.com", "b-1.example.com", "c-1.example.com", "d-1.example.com"];
    const { checked, refusal } = await checkInTurn(budget, program);
    expect(checked).toBe(2);
    expect(refusal).toBe(
      `The plan of account ${account.email} (${emulator.url}) allows 2 websites and the account holds 1, ` +
        "so it has room for 1 more; this operation would create at least 2 (a-1.example.com, b-1.example.com: " +
        "the new websites checked so far; the operation stops at this refusal and checks no more). " +
        "Refused before b-1.example.com is created; at a preview (pulumi up previews first) nothing is " +
        "created, while an up with --skip-preview may already have created the websites checked before it. " +
        "Remove websites from the program, delete unused ones, or move the account to a larger plan.",
    );
    // No total is claimed: the two websites after the refusal were never checked.
    expect(refusal).not.toMatch(/would create \d/);
  });

  it("counts a website checked twice once, and one that fits nothing", async () => {
    const { budget } = await budgetOf(3, ["held-2.example.com"]);
    expect(await budget.admit("a-2.example.com", false)).toBeUndefined();
    // The engine checks a replacement again as a new resource: the same domain counts once.
    expect(await budget.admit("https://www.A-2.example.com", false)).toBeUndefined();
    expect(await budget.admit("b-2.example.com", false)).toBeUndefined();
    expect(await budget.admit("c-2.example.com", false)).toContain(
      "would create at least 3 (a-2.example.com, b-2.example.com, c-2.example.com: ",
    );
  });
});
