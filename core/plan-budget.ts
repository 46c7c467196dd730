// The account's plan limits the number of websites it holds, and the server refuses a create
// past it ("You created too many websites."). An operation that declares more new websites than
// the plan has room for would create them up to the limit and then fail half-way. So each check
// of a website that this operation would create counts it against its account's room, and the
// one that does not fit fails at preview (`pulumi up` previews first), before anything is
// created. An up with --skip-preview checks and creates as it goes: there the websites checked
// before the one that does not fit may be created; the message says so.
//
// What it knows: the plan's limit and the websites the account holds when the operation first
// asks (GET /account and one listing page, once per account and operation), and the websites this
// provider process has checked for creation (a host serves an operation from one process).
// What it cannot know: websites another program or person creates meanwhile, creates by another
// provider of the same account in the same program (the plugin starts one process per provider),
// and deletes later in the same operation (the engine runs them after the creates, so at the
// moment of a create they still count, as the server counts them).
//
// How many the whole operation would create is not known when the refusal is made. Check is per
// resource: the engine calls it for each resource as the program registers it, one after the
// other, and a failed check ends the operation (the step generator bails: the resources
// registered after it are never checked). So the check that first finds no room has seen the
// websites checked before it and itself, never those the program declares after it, and a
// refusal can only come at that first check, since a check that passed lets the create go
// ahead. A program of four new websites on an account with room for one is refused at the
// second; "would create 2" would be a wrong total. The message therefore says "at least" the
// websites counted so far, which is true whatever the rest of the program declares, and names
// them, so that the count reads as what it is.
import type { Account, WebstatsClient } from "../sdk";
import { normalizeDomain } from "../sdk/domain";
import type { WebsiteReader } from "./website-reader";

interface AccountRoom {
  account: Account;
  limit: number;
  held: number;
}

/** One account's planned creates and room, for one operation. */
export class PlanBudget {
  private room: Promise<AccountRoom | undefined> | undefined;
  /** The websites this operation would create on the account, by domain. */
  private readonly planned = new Set<string>();

  constructor(
    private readonly client: WebstatsClient,
    private readonly reader: WebsiteReader,
  ) {}

  /**
   * Counts a website the operation would create (unless it adopts one that exists) and says why
   * it does not fit, or undefined when it does. When the account cannot be read, nothing is
   * refused here: the create itself then meets the server's own rule.
   */
  async admit(domain: string, adopting: boolean): Promise<string | undefined> {
    const wanted = normalizeDomain(domain);
    // An adopted website exists already (the listing is the one its create reads anyway).
    if (adopting && (await this.reader.findByDomain(wanted).catch(() => undefined))) return undefined;
    const room = await this.roomOf();
    if (room === undefined || room.limit < 0) return undefined;
    if (this.planned.has(wanted)) return undefined;
    this.planned.add(wanted);
    const free = Math.max(0, room.limit - room.held);
    if (this.planned.size <= free) return undefined;
    const { account } = room;
    return (
      `The plan of account ${account.email} (${this.client.baseUrl}) allows ${room.limit} website${room.limit === 1 ? "" : "s"} and the ` +
      `account holds ${room.held}, so it has room for ${free} more; this operation would create at least ` +
      `${this.planned.size} (${[...this.planned].join(", ")}: the new websites checked so far; the operation ` +
      `stops at this refusal and checks no more). Refused before ${wanted} is created; at a ` +
      `preview (pulumi up previews first) nothing is created, while an up with --skip-preview may already ` +
      `have created the websites checked before it. Remove websites from the program, delete unused ` +
      `ones, or move the account to a larger plan.`
    );
  }

  private roomOf(): Promise<AccountRoom | undefined> {
    this.room ??= (async () => {
      try {
        const account = await this.client.account.get();
        const limit = account.plan?.features.websites ?? -1;
        if (limit < 0) return { account, limit, held: 0 };
        const page = await this.client.websites.listPage({ perPage: 10 });
        return { account, limit, held: page.total };
      } catch {
        return undefined;
      }
    })();
    return this.room;
  }
}
