// The shared tables of the server's domain and IP rules, run against both implementations: the
// client's (pure functions the provider uses at preview) and the emulator's (over real HTTP, as a
// program would meet it). A rule changed in either one fails here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../emulator";
import { domainProblem, normalizeDomain } from "../../../sdk/domain";
import { ipProblem } from "../../../sdk/ip";
import { domainCases } from "../../support/domain-cases";
import { ipCases } from "../../support/ip-cases";

/** The parts of the emulator's answers these tests read. */
interface Answer {
  data: { id: number; domain: string; exclude_ips: string | null };
  message: Record<string, string[]>;
}

const accepted = domainCases.filter((c) => c.stored !== undefined);
const refused = domainCases.filter((c) => c.stored === undefined);

describe("domain rules: the client", () => {
  it.each(accepted.map((c) => [c.why, c.input, c.stored!] as const))(
    "%s: %j is stored as %j",
    (_why, input, stored) => {
      expect(normalizeDomain(input)).toBe(stored);
      expect(domainProblem(normalizeDomain(input))).toBeUndefined();
    },
  );

  it.each(refused.map((c) => [c.why, c.input] as const))("%s: %j is refused with a reason", (_why, input) => {
    const problem = domainProblem(normalizeDomain(input));
    expect(problem).toBeDefined();
    // A sentence a person can act on.
    expect(problem).toMatch(/^[A-Za-z"].*[.]$/);
  });
});

describe("IP entries: the client", () => {
  it.each(ipCases.map((c) => [c.why, c.entry, c.matches] as const))(
    "%s: %j matches = %s",
    (_why, entry, matches) => {
      const problem = ipProblem(entry);
      if (matches) expect(problem).toBeUndefined();
      else expect(problem).toMatch(/^The IP entry .*[.)]$/);
    },
  );
});

describe("domain and IP rules: the emulator", () => {
  let emulator: Emulator;
  let account: EmulatorAccount;

  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
    account = emulator.createAccount({ websiteLimit: -1 });
  });
  afterAll(() => emulator.close());

  async function send(method: string, path: string, form?: Record<string, string>) {
    const response = await fetch(`${emulator.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${account.apiKey}`,
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    return { status: response.status, body: (await response.json()) as Answer };
  }

  /** Creates a website and deletes it again, so that cases storing the same domain do not collide. */
  async function post(form: Record<string, string>) {
    const answer = await send("POST", "/websites", form);
    if (answer.status === 201)
      expect((await send("DELETE", `/websites/${answer.body.data.id}`)).status).toBe(200);
    return answer;
  }

  it.each(domainCases.map((c) => [c.why, c.input, c.stored] as const))(
    "%s: %j is stored as %j",
    async (_why, input, stored) => {
      const { status, body } = await post({ domain: input, privacy: "0", email: "0", exclude_bots: "1" });
      if (stored === undefined) {
        expect(status).toBe(422);
        expect(Object.keys(body.message)).toContain("domain");
      } else {
        expect(status).toBe(201);
        expect(body.data.domain).toBe(stored);
      }
    },
  );

  // Each entry travels between two valid ones, as one line of the list: the server trims the
  // whole field, not its lines. Entries that are empty or hold a line break are about how a
  // program splits its list, not about the matcher, so they are the client's concern only.
  const entryCases = ipCases.filter((c) => c.entry !== "" && !/[\r\n]/.test(c.entry));
  let entryCase = 0;
  it.each(entryCases.map((c) => [c.why, c.entry, c.matches] as const))(
    "%s: %j matches = %s",
    async (_why, entry, matches) => {
      // A domain of its own per case, by count: random ones could meet and be refused as taken.
      const domain = `ip-${++entryCase}.example.com`;
      const list = `192.0.2.1\n${entry}\n192.0.2.2`;
      const { status, body } = await post({ domain, exclude_ips: list });
      if (matches) {
        expect(status).toBe(201);
        expect(body.data.exclude_ips).toBe(list);
      } else {
        expect(status).toBe(422);
        expect(Object.keys(body.message)).toEqual(["exclude_ips"]);
      }
    },
  );
});
