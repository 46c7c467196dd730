// How the real engine shows a bad Website argument, through each host: the preview fails before
// any request, printing the host's check failure the engine's way, `property <name> value {<raw
// value>} has a problem: <reason>` for a plain argument and `<type> resource '<name>' has a
// problem: <reason>` for a secret one (a password, a connection), a missing one or one that is no
// argument, and no secret value is printed. A few cases show that printing; every bad input, with
// its reason and its fix, is refused by both hosts at the provider tier
// (test/provider/bad-input.test.ts). The Node.js SDK generated for the plugin acts first on some
// cases, which only a program run through the engine shows.
//
// The account's plan is input the program cannot see: new websites that do not fit it fail the
// preview the same way, naming the account and the numbers, and `pulumi up`, which previews first,
// stops there with nothing created (the rules, adoption and cost at the provider tier:
// test/provider/plan-limits.test.ts).
import { expect, it } from "vitest";
import { WebstatsClient } from "../../../sdk";
import { describeEngine, uniqueDomain } from "../harness";
import type { TestStack } from "../harness";
import { useEngineFixture } from "../fixture";
import { program, scenarioHosts } from "../programs";

const password = "pw-in-clear-3c9e";
const apiKey = "key-in-clear-77d1";

/** [case, Website arguments as a JavaScript expression, what the engine must print] */
const cases: [string, string, RegExp][] = [
  [
    "a plain argument",
    `{ domain: "a.example.com", email: "yes" }`,
    /property email value \{yes\} has a problem: email must be true or false, not "yes"/,
  ],
  [
    "a secret argument",
    `{ domain: "a.example.com", privacy: "password", password: "${password}${"x".repeat(130)}" }`,
    /\S+:Website resource 'case-\d+' has a problem: password must be a string of 1 to 128 characters/,
  ],
  [
    "a connection",
    `{ domain: "a.example.com", connection: { baseUrl: "https://user:${apiKey}@stats.example.com" } }`,
    /\S+:Website resource 'case-\d+' has a problem: Invalid base URL \(connection\.baseUrl\): remove the user name and password/,
  ],
  [
    "misspelt argument",
    `{ domain: "a.example.com", privcy: "private" }`,
    /\S+:Website resource 'case-\d+' has a problem: privcy is not an argument of Website \(did you mean privacy\?\)/,
  ],
  [
    "no domain",
    `{ privacy: "private" }`,
    /\S+:Website resource 'case-\d+' has a problem: domain is required/,
  ],
];

/**
 * Through the provider plugin, programs use the Node.js SDK generated from the schema, which acts
 * first on a few cases: it requires `domain` itself, and sends the plugin only the arguments the
 * schema declares (TypeScript refuses any other at compile time: test/e2e/language-sdks/nodejs.test.ts).
 */
const throughGeneratedSdk: [string, string, RegExp | "dropped by the SDK"][] = [
  ["no domain", `{ privacy: "private" }`, /Missing required property 'domain'/],
  ["no arguments at all", `{}`, /Missing required property 'domain'/],
  ["misspelt argument", `{ domain: "a.example.com", privcy: "private" }`, "dropped by the SDK"],
  ["wire spelling of an argument", `{ domain: "a.example.com", exclude_bots: false }`, "dropped by the SDK"],
];

describeEngine.each(scenarioHosts)("bad Website arguments at preview through the %s host", (host) => {
  const fixture = useEngineFixture(undefined, undefined, host);

  it("prints check failures the engine's way, without a request or a secret", async () => {
    fixture.emulator.resetRequestCounts();
    const outputs: string[] = [];
    const failures: string[] = [];
    const sdkLabels = throughGeneratedSdk.map(([label]) => label);
    const hostCases =
      host === "plugin"
        ? [...cases.filter(([label]) => !sdkLabels.includes(label)), ...throughGeneratedSdk]
        : cases;
    const pending = [...hostCases.entries()];
    const caseProgram = (i: number, args: string) =>
      program(`  new webstats.Website("case-${i}", ${args});\n  return {};`);
    const previewOne = async () => {
      // A preview changes no state, so each of the parallel previewers keeps one stack for the
      // cases it takes, with only the program changed between them.
      let stack: TestStack | undefined;
      for (let next = pending.shift(); next; next = pending.shift()) {
        const [i, [label, args, reason]] = next;
        if (stack) stack.setProgram(caseProgram(i, args));
        else stack = fixture.stack(caseProgram(i, args));
        const preview = await stack.preview({ allowFailure: true });
        outputs.push(preview.output);
        if (reason === "dropped by the SDK") {
          if (!preview.ok) failures.push(`${label}: the SDK should drop it, but: ${preview.output}`);
        } else if (preview.ok) failures.push(`${label}: the preview succeeded`);
        else if (!reason.test(preview.output)) failures.push(`${label}: ${preview.output}`);
      }
    };
    // Four previews at a time: each starts the engine and a provider.
    await Promise.all([previewOne(), previewOne(), previewOne(), previewOne()]);
    expect(failures).toEqual([]);
    const everything = outputs.join("\n");
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(apiKey);
    // A refused preview sends nothing; one that passes (an argument the SDK dropped) reads the
    // account's plan, as every operation that would create a website does (plan-limits.test.ts).
    const passed = hostCases.filter(([, , reason]) => reason === "dropped by the SDK").length;
    expect(fixture.emulator.requestCounts()).toEqual(passed > 0 ? { "GET /api/v1/account": passed } : {});
  });

  it("fails the preview, and the up that previews first, when new websites do not fit the plan", async () => {
    // A plan of three websites, one of them held already: room for two; the program declares four.
    // The engine checks them one after the other and stops at the first refusal, the third: the
    // fourth is never checked, so the refusal counts three, "at least", and names those three.
    const account = fixture.emulator.createAccount({ websiteLimit: 3 });
    const held = uniqueDomain("held");
    await new WebstatsClient({ baseUrl: fixture.emulator.url, apiKey: account.apiKey }).websites.create({
      domain: held,
    });
    const domains = [
      uniqueDomain("plan-a"),
      uniqueDomain("plan-b"),
      uniqueDomain("plan-c"),
      uniqueDomain("plan-d"),
    ];
    const sites = domains.map((domain, i) => `  new webstats.Website("plan-${i}", { domain: "${domain}" });`);
    const stack = fixture.stack(program(`${sites.join("\n")}\n  return {};`), account);
    const numbers =
      `The plan of account ${account.email} (${fixture.emulator.url}) allows 3 websites and the account ` +
      "holds 1, so it has room for 2 more; this operation would create at least 3 (";
    for (const operation of [
      () => stack.preview({ allowFailure: true }),
      () => stack.up({ previewFirst: true, allowFailure: true }),
    ]) {
      const result = await operation();
      expect(result.ok).toBe(false);
      expect(result.output).toMatch(
        /\S+:Website resource 'plan-\d'(: property domain value \{[^}]+\})? has a problem: The plan of account /,
      );
      expect(result.output).toContain(numbers);
      const counted = [...result.output.matchAll(/this operation would create at least (\d+) \(([^:]+):/g)];
      expect(counted.length).toBeGreaterThan(0);
      for (const [, count, named] of counted) {
        expect(count).toBe("3");
        expect(named!.split(", ").filter((domain) => domains.includes(domain))).toHaveLength(3);
      }
      expect(result.output).toContain("at a preview (pulumi up previews first) nothing is created");
      expect(fixture.emulator.listWebsites(account.id).map((w) => w.domain)).toEqual([held]);
    }
    // The up stopped at its preview: the engine never started the update.
    expect(stack.output).not.toMatch(/Updating \(test\)|created \(/);
  });
});
