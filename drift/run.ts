// `pulumi-webstats drift`: what the given stacks recorded against what their accounts hold.
// Cost: one GET /account per key, one listing of each account (100 websites a request, one pacer
// per installation), and a GET only for a recorded website the listing lacks. Nothing is
// written: the client is only ever asked to read.
import { NotFoundError } from "../sdk";
import type { Website } from "../sdk";
import type { Environment, ProviderSettings } from "../core/settings";
import { accountsOf } from "./accounts";
import type { DriftAccount } from "./accounts";
import { compareAccount, sortEntries } from "./compare";
import type { DriftEntry, DriftStatus } from "./compare";
import { formatReport } from "./report";
import type { ReportFormat } from "./report";
import { readSources } from "./state-sources";
import type { StateSource } from "./state-sources";

export interface DriftOptions {
  sources: StateSource[];
  format: ReportFormat;
  /** The statuses that make the exit code 2. */
  failOn: DriftStatus[];
}

export interface DriftConsole {
  out: (text: string) => void;
  /** Progress, on standard error so that the report on standard output stays clean. */
  err: (text: string) => void;
}

async function confirmGone(account: DriftAccount, id: number): Promise<Website | undefined> {
  try {
    return await account.client.websites.get(id);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

async function entriesOf(account: DriftAccount): Promise<DriftEntry[]> {
  const listed = await account.client.websites.list({ sortBy: "id", sort: "asc" });
  const listedIds = new Set(listed.map((w) => w.id));
  const missing = [...new Set(account.websites.map((w) => w.id).filter((id) => !listedIds.has(id)))];
  const confirmed = new Map(
    await Promise.all(missing.map(async (id) => [id, await confirmGone(account, id)] as const)),
  );
  return compareAccount(account.name, account.websites, listed, confirmed);
}

/** Runs the comparison and prints the report; resolves with the exit code (0 in sync, 2 drift). */
export async function runDrift(
  options: DriftOptions,
  env: Environment,
  settings: ProviderSettings,
  io: DriftConsole,
): Promise<number> {
  const stacks = await readSources(options.sources, env);
  const recorded = stacks.flatMap((s) => s.websites);
  io.err(
    `Read ${stacks.length} stack${stacks.length === 1 ? "" : "s"}: ${recorded.length} recorded websites.\n`,
  );
  const accounts = await accountsOf(recorded, settings);
  io.err(`Listing the websites of ${accounts.length} account${accounts.length === 1 ? "" : "s"}...\n`);
  const entries = sortEntries((await Promise.all(accounts.map(entriesOf))).flat());
  io.out(formatReport({ stacks: stacks.map((s) => s.name), websites: entries }, options.format));
  return entries.some((e) => options.failOn.includes(e.status)) ? 2 : 0;
}
