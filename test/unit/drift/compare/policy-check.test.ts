// drift's policy check (drift/compare/policy-check.ts) as a pure function of what a run read:
// a managed website judged by the parameter list its stack last applied, an unmanaged one given
// no verdict on that list, a website the server no longer lists skipped, and the stack rules
// kept apart from the website rules.
import { describe, expect, it } from "vitest";
import type { Website } from "../../../../sdk";
import { checkPolicies, findingSubject, policyFails } from "../../../../drift/compare/policy-check";
import { liveKey } from "../../../../drift/model/entries";
import type { DriftEntry } from "../../../../drift/model/entries";
import type { RecordedStack } from "../../../../drift/read/stack-export";
import { parsePolicyConfig } from "../../../../policy";
import { account, liveWebsite as website } from "../../../support/drift-entries";
import { stackWebsite } from "../../../support/recorded-website";

const entry = (id: number, domain: string, resources: string[]): DriftEntry => ({
  domain,
  id,
  status: resources.length > 0 ? "in-sync" : "unmanaged",
  stacks: resources.map((r) => r.split(":")[0] as string),
  resources,
  account,
});

/** Stack a/prod, recording blog.example.com with `excludeParams` applied (none when not given). */
const stack = (excludeParams?: string[]): RecordedStack => ({
  name: "a/prod",
  websites: [stackWebsite(1, "blog.example.com", { outputs: excludeParams && { excludeParams } })],
});

const only = (config: Record<string, unknown>) =>
  parsePolicyConfig(
    {
      "required-excluded-ips": "disabled",
      "bots-excluded": "disabled",
      "required-excluded-params": "disabled",
      "non-public-domains": "disabled",
      "allowed-domain-suffixes": "disabled",
      "websites-per-stack": "disabled",
      ...config,
    },
    "policy.json",
  );

const live = (...sites: Website[]) => new Map(sites.map((s) => [liveKey(account, s.id), s]));

describe("drift: checkPolicies", () => {
  const params = only({
    "required-excluded-params": { enforcementLevel: "mandatory", parameters: ["email"] },
  });

  it("judges a managed website by the list its stack applied, an unmanaged one not at all", () => {
    const run = (excludeParams: string[] | undefined, resources = ["a/prod:blog"]) =>
      checkPolicies(
        "policy.json",
        params,
        {
          entries: [entry(1, "blog.example.com", resources)],
          live: live(website(1, "blog.example.com")),
          stacks: [stack(excludeParams)],
        },
        false,
      ).findings.map((f) => f.message);
    expect(run(["utm_source"])).toEqual([
      expect.stringContaining("Website blog.example.com keeps the query parameters"),
    ]);
    expect(run(["email"])).toEqual([]);
    expect(run(undefined)).toEqual([expect.stringContaining("leaves excludeParams unset")]);
    expect(run(["utm_source"], [])).toEqual([]);
  });

  it("skips a website the server no longer lists", () => {
    const check = checkPolicies(
      "policy.json",
      params,
      {
        entries: [entry(1, "blog.example.com", ["a/prod:blog"])],
        live: live(),
        stacks: [stack(["utm_source"])],
      },
      false,
    );
    expect(check.findings).toEqual([]);
  });

  it("runs the stack rules over stacks only, and the website rules over websites only", () => {
    const both = only({
      "websites-per-stack": { enforcementLevel: "advisory", maximum: 0 },
      "bots-excluded": "mandatory",
    });
    const site = { ...website(1, "blog.example.com"), excludeBots: false };
    const check = checkPolicies(
      "policy.json",
      both,
      {
        entries: [entry(1, "blog.example.com", ["a/prod:blog"])],
        live: live(site),
        stacks: [stack(["email"])],
      },
      true,
    );
    expect(check.findings.map((f) => [f.rule, f.level, f.stack ?? f.entry?.domain])).toEqual([
      ["bots-excluded", "mandatory", "blog.example.com"],
      ["websites-per-stack", "advisory", "a/prod"],
    ]);
  });
});

describe("drift: policy findings in words, and whether they fail the run", () => {
  it("passes a stack under its maximum, and fails the run only on a mandatory finding with failOn", () => {
    const limit = (level: string) => only({ "websites-per-stack": { enforcementLevel: level, maximum: 5 } });
    const under = checkPolicies(
      "policy.json",
      limit("mandatory"),
      { entries: [], live: live(), stacks: [stack(["email"])] },
      true,
    );
    expect(under.findings).toEqual([]);
    const over = (level: string, failOn: boolean) =>
      checkPolicies(
        "policy.json",
        only({ "websites-per-stack": { enforcementLevel: level, maximum: 0 } }),
        { entries: [], live: live(), stacks: [stack(["email"])] },
        failOn,
      );
    expect(policyFails(over("mandatory", true))).toBe(true);
    expect(policyFails(over("advisory", true))).toBe(false);
    expect(policyFails(over("mandatory", false))).toBe(false);
    expect(policyFails(undefined)).toBe(false);
  });

  it("names the website with its account, or the stack", () => {
    const e = entry(1, "blog.example.com", ["a/prod:blog"]);
    expect(findingSubject({ rule: "bots-excluded", level: "mandatory", message: "m", entry: e })).toBe(
      "blog.example.com (1) on the account team@example.com (7) at https://stats.example.com",
    );
    expect(
      findingSubject({ rule: "websites-per-stack", level: "advisory", message: "m", stack: "a/prod" }),
    ).toBe("stack a/prod");
  });
});
