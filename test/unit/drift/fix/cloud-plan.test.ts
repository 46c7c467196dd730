// The rules drift --fix cloud applies to a stack's plan before changing anything, over what the
// engine printed: test/unit/drift/fix/fixtures/pulumi-preview/*.json are `pulumi preview --refresh
// --target URN... --json` of a Pulumi YAML stack (pinned CLI, provider plugin, emulator) with
// the website `shop` changed by hand and `blog` deleted by hand: changed-and-gone.json with the
// program unchanged, gone-no-longer-declared.json after the program dropped `blog`. A plan with
// a step these runs did not give (a delete, a replacement, another resource changed) is that
// real plan with one step's op changed, said at each test.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CloudPlanRefused,
  checkPlan,
  locateTargets,
  previewPlan,
  typeOfUrn,
} from "../../../../drift/fix/cloud-plan";
import type { LocatedTarget, PreviewPlan } from "../../../../drift/fix/cloud-plan";
import { thrownBy } from "../../../support/thrown";

const fixture = (name: string): string =>
  readFileSync(join(__dirname, "fixtures", "pulumi-preview", `${name}.json`), "utf8");

const stack = "webstats-e2e/test";
const urn = (name: string) => `urn:pulumi:test::webstats-e2e::webstats:index:Website::${name}`;
const shop: LocatedTarget = {
  stack,
  resource: "shop",
  domain: "shop-cc6850a0.example.com",
  id: 2,
  status: "changed",
  urn: urn("shop"),
};
const blog: LocatedTarget = {
  stack,
  resource: "blog",
  domain: "blog-0f6e8f7a.example.com",
  id: 1,
  status: "gone",
  urn: urn("blog"),
};

/** The real plan with the op of the step about `target` (not its refresh) changed to `op`. */
function withOp(plan: PreviewPlan, target: string, op: string): PreviewPlan {
  return {
    ...plan,
    steps: plan.steps.map((s) => (s.urn === target && s.op !== "refresh" ? { ...s, op } : s)),
  };
}

describe("drift --fix cloud: the plan's rules", () => {
  const real = previewPlan(fixture("changed-and-gone"), stack);

  it("accepts the plan that updates the changed website and creates the gone one again", () => {
    expect(real.errors).toEqual([]);
    const { planned, problems } = checkPlan(stack, [shop, blog], real);
    expect(problems).toEqual([]);
    expect(planned.map((p) => [p.resource, p.action])).toEqual([
      ["shop", "update"],
      ["blog", "create"],
    ]);
    // Live (the refreshed state) and declared (the program's inputs), field by field.
    expect(planned[0]?.fields).toEqual([
      { field: "excludeBots", live: false, declared: true },
      { field: "excludeIps", live: ["203.0.113.7"], declared: [] },
      { field: "privacy", live: "private", declared: "public" },
    ]);
  });

  it("refuses a gone website the program no longer declares, with the engine's own error", () => {
    const plan = previewPlan(fixture("gone-no-longer-declared"), stack);
    const { problems } = checkPlan(stack, [shop, blog], plan);
    expect(problems).toEqual([
      `stack ${stack}: pulumi preview reported an error: Target '${urn("blog")}' could not be found in the stack. Did you forget to escape $ in your shell?`,
      `stack ${stack}: website blog (blog-0f6e8f7a.example.com, id 1) is no longer declared in the stack's program: the up would not create it again. Declare it again, or drop it from the state with pulumi refresh.`,
    ]);
  });

  it("refuses a changed website the plan would delete (real plan, shop's update made a delete)", () => {
    const { problems } = checkPlan(stack, [shop, blog], withOp(real, urn("shop"), "delete"));
    expect(problems).toEqual([
      `stack ${stack}: website shop (shop-cc6850a0.example.com, id 2) is no longer declared in the stack's program: the up would delete it. Declare it again, or run pulumi up yourself if it is to go.`,
    ]);
  });

  it("refuses a replacement, which would lose the website's statistics (shop's update made a replace)", () => {
    const { problems } = checkPlan(stack, [shop], withOp(real, urn("shop"), "replace"));
    expect(problems.join("\n")).toContain("website shop (shop-cc6850a0.example.com, id 2) would be replaced");
  });

  it("refuses a plan that creates, deletes or updates any resource it was not asked to (blog not a target)", () => {
    for (const op of ["create", "delete", "update"]) {
      const { problems } = checkPlan(stack, [shop], withOp(real, urn("blog"), op));
      expect(problems).toEqual([
        `stack ${stack}: the plan would also ${op} webstats:index:Website blog, which --fix cloud does not put back.`,
      ]);
    }
  });

  it("refuses a gone website the plan would only update, and a changed one it would create", () => {
    expect(checkPlan(stack, [{ ...shop, status: "gone" }], real).problems.join("\n")).toContain(
      "is gone, and the plan would update it",
    );
    expect(
      checkPlan(stack, [blog, { ...shop }], withOp(real, urn("shop"), "create")).problems.join("\n"),
    ).toContain("is changed, and the plan would create it");
  });

  it("never shows a password's value", () => {
    const plan: PreviewPlan = {
      errors: [],
      steps: [
        {
          op: "update",
          urn: urn("shop"),
          detailedDiff: { password: { kind: "update" } },
          oldState: { outputs: { password: "[secret]" } },
          newState: { inputs: { password: "in-clear-by-mistake" } },
        },
      ],
    };
    expect(checkPlan(stack, [shop], plan).planned[0]?.fields).toEqual([
      { field: "password", live: "(secret)", declared: "(secret)" },
    ]);
  });

  it("reads a URN's type through its parents", () => {
    expect(typeOfUrn("urn:pulumi:prod::shop::webstats:fleet:WebsiteFleet$webstats:index:Website::blog")).toBe(
      "webstats:index:Website",
    );
  });
});

describe("drift --fix cloud: the stack's state", () => {
  const website = (name: string, id: number) => ({
    urn: urn(name),
    type: "webstats:index:Website",
    id: String(id),
  });
  const exported = (deployment: Record<string, unknown>) => JSON.stringify({ version: 3, deployment });

  it("finds each target's URN by name and id", () => {
    const text = exported({ resources: [website("blog", 1), website("shop", 2)] });
    const { urn: _u, ...target } = shop;
    expect(locateTargets(text, stack, [target])).toEqual([shop]);
  });

  it("refuses an export or a preview that is not JSON by its place, quoting none of it", () => {
    const secret = "Xq9#Wv7$Kp2";
    const text = `{"deployment": {"resources": [${secret}]}}`;
    for (const attempt of [() => locateTargets(text, stack, [shop]), () => previewPlan(text, stack)]) {
      expect(attempt).toThrow(CloudPlanRefused);
      expect(attempt).toThrow(/is not JSON \(line 1, column \d+: /);
      try {
        attempt();
      } catch (error) {
        for (let i = 0; i + 3 <= secret.length; i++) {
          expect((error as Error).message).not.toContain(secret.slice(i, i + 3));
        }
      }
    }
  });

  it("refuses a stack with pending operations, naming it", () => {
    const text = exported({
      resources: [website("shop", 2)],
      pending_operations: [{ resource: website("blog", 1), type: "creating" }],
    });
    expect(() => locateTargets(text, stack, [shop])).toThrow(CloudPlanRefused);
    expect(() => locateTargets(text, stack, [shop])).toThrow(
      `stack ${stack} has 1 pending operation left by an interrupted update`,
    );
  });

  it("refuses a stack that no longer records a target", () => {
    const text = exported({ resources: [website("shop", 3)] });
    expect(() => locateTargets(text, stack, [shop])).toThrow(
      `stack ${stack} no longer records website shop (shop-cc6850a0.example.com, id 2)`,
    );
  });
});

describe("drift --fix cloud: the refusals' words", () => {
  const exported = (deployment: Record<string, unknown>) => JSON.stringify({ version: 3, deployment });
  const website = (name: string, id: number) => ({
    urn: urn(name),
    type: "webstats:index:Website",
    id: String(id),
  });

  /** The refusal `attempt` throws, checked to be one the fix reports as a stack's problem. */
  const refusal = (attempt: () => unknown) => thrownBy(CloudPlanRefused, attempt);

  it("names the command whose output is not JSON, and is named itself", () => {
    const exportRefused = refusal(() => locateTargets("{", stack, [shop]));
    expect(exportRefused.message).toMatch(
      new RegExp(`^stack ${stack}: pulumi stack export is not JSON \\(line 1, `),
    );
    // Its name is what Node.js prints if it ever escapes, before its message.
    expect(exportRefused.name).toBe("CloudPlanRefused");
    expect(refusal(() => previewPlan("{", stack)).message).toMatch(
      new RegExp(`^stack ${stack}: pulumi preview --json is not JSON \\(line 1, `),
    );
  });

  it("refuses JSON not in the form expected, naming the first field that is not (or the top)", () => {
    expect(refusal(() => locateTargets(exported({ resources: "none" }), stack, [shop])).message).toBe(
      `stack ${stack}: pulumi stack export is not in the form expected (deployment.resources: Invalid input: expected array, received string).`,
    );
    expect(refusal(() => locateTargets("42", stack, [shop])).message).toBe(
      `stack ${stack}: pulumi stack export is not in the form expected (top: Invalid input: expected object, received number).`,
    );
    expect(refusal(() => previewPlan(JSON.stringify({ steps: [{ op: "update" }] }), stack)).message).toBe(
      `stack ${stack}: pulumi preview --json is not in the form expected (steps.0.urn: Invalid input: expected string, received undefined).`,
    );
  });

  it("says what to do with pending operations, counted in words", () => {
    const pending = { resource: website("blog", 1), type: "creating" };
    const text = exported({ resources: [website("shop", 2)], pending_operations: [pending, pending] });
    expect(refusal(() => locateTargets(text, stack, [shop])).message).toBe(
      `stack ${stack} has 2 pending operations left by an interrupted update: the engine does not know what they ` +
        "did on the server. Resolve them first (pulumi refresh offers to; pulumi refresh --clear-pending-creates " +
        "drops pending creates), then run drift again.",
    );
  });

  it("says what to do when the stack no longer records a target", () => {
    expect(refusal(() => locateTargets(exported({}), stack, [shop])).message).toBe(
      `stack ${stack} no longer records website shop (shop-cc6850a0.example.com, id 2): ` +
        "its state changed since drift read it; run drift again.",
    );
  });
});

describe("drift --fix cloud: which resource is the target", () => {
  const exported = (resources: unknown[]) => JSON.stringify({ version: 3, deployment: { resources } });
  const { urn: _u, ...target } = shop;

  it("takes the website of that name and id, not another resource of the same name and id", () => {
    const provider = {
      urn: "urn:pulumi:test::webstats-e2e::pulumi:providers:webstats::shop",
      type: "pulumi:providers:webstats",
      id: "2",
    };
    const website = { urn: urn("shop"), type: "webstats:index:Website", id: "2" };
    expect(locateTargets(exported([provider, website]), stack, [target])).toEqual([shop]);
    expect(() => locateTargets(exported([provider]), stack, [target])).toThrow(
      "no longer records website shop",
    );
  });

  it("takes a website of the dynamic provider too", () => {
    const dynamic = `urn:pulumi:test::webstats-e2e::pulumi-nodejs:dynamic/webstats:Website::shop`;
    const found = locateTargets(
      exported([{ urn: dynamic, type: "pulumi-nodejs:dynamic/webstats:Website", id: "2" }]),
      stack,
      [target],
    );
    expect(found.map((t) => t.urn)).toEqual([dynamic]);
  });

  it("refuses a website of that id under another name: the state no longer records the target", () => {
    const renamed = { urn: urn("store"), type: "webstats:index:Website", id: "2" };
    expect(() => locateTargets(exported([renamed]), stack, [target])).toThrow(
      "no longer records website shop",
    );
  });

  it("reads no type from a text that is not a URN", () => {
    expect(typeOfUrn("not-a-urn")).toBe("");
  });
});

describe("drift --fix cloud: the engine's errors", () => {
  const diagnostics = (list: unknown[]) =>
    previewPlan(JSON.stringify({ steps: [], diagnostics: list }), stack);

  it("keeps the errors alone, their leading `error:` dropped and nothing else", () => {
    const plan = diagnostics([
      { message: "warning: the plugin is old", severity: "warning" },
      { message: "error: Target could not be found", severity: "error" },
      { message: "error:no space after it", severity: "error" },
      { message: "the refresh failed: error: 403 Forbidden", severity: "error" },
      { severity: "error" },
    ]);
    expect(plan.errors).toEqual([
      "Target could not be found",
      "no space after it",
      "the refresh failed: error: 403 Forbidden",
      "",
    ]);
  });

  it("reads a preview that prints no steps and no diagnostics as a plan of nothing", () => {
    const plan = previewPlan("{}", stack);
    expect(plan).toEqual({ steps: [], errors: [] });
    // Nothing planned for the target: it is no longer declared.
    expect(checkPlan(stack, [shop], plan).problems).toEqual([
      `stack ${stack}: website shop (shop-cc6850a0.example.com, id 2) is no longer declared in the stack's program: the up would delete it. Declare it again, or run pulumi up yourself if it is to go.`,
    ]);
  });

  it("names another resource's step by its name alone when its URN has no type", () => {
    const plan: PreviewPlan = { errors: [], steps: [{ op: "create", urn: "odd::name" }] };
    expect(checkPlan(stack, [], plan).problems).toEqual([
      `stack ${stack}: the plan would also create  name, which --fix cloud does not put back.`,
    ]);
  });
});

describe("drift --fix cloud: what the plan does to each target", () => {
  const steps = (target: LocatedTarget, ...ops: string[]): PreviewPlan => ({
    errors: [],
    steps: ops.map((op) => ({ op, urn: target.urn })),
  });

  it("plans nothing but a refresh for a changed website the program already declares as it is live", () => {
    const { planned, problems } = checkPlan(stack, [shop], steps(shop, "refresh", "same"));
    expect(problems).toEqual([]);
    expect(planned).toEqual([{ ...shop, action: "none", fields: [] }]);
  });

  it("takes a read of a target as harmless beside its update", () => {
    const { planned, problems } = checkPlan(stack, [shop], steps(shop, "read", "update"));
    expect(problems).toEqual([]);
    expect(planned.map((p) => p.action)).toEqual(["update"]);
  });

  it("refuses a target the plan would both update and create, naming both", () => {
    expect(checkPlan(stack, [shop], steps(shop, "update", "create")).problems).toEqual([
      `stack ${stack}: website shop (shop-cc6850a0.example.com, id 2) is changed, and the plan would update and create it.`,
    ]);
  });

  it("refuses a replacement among other steps of the target", () => {
    expect(checkPlan(stack, [shop], steps(shop, "update", "replace")).problems).toEqual([
      `stack ${stack}: website shop (shop-cc6850a0.example.com, id 2) would be replaced (deleted and created again, its statistics lost): put back the fields that force a replacement by hand, or change the program.`,
    ]);
  });

  it("lists no fields for a website created again, whatever its step says differs", () => {
    const plan: PreviewPlan = {
      errors: [],
      steps: [
        { op: "create", urn: blog.urn, diffReasons: ["domain"], detailedDiff: { domain: { kind: "add" } } },
      ],
    };
    expect(checkPlan(stack, [blog], plan).planned).toEqual([{ ...blog, action: "create", fields: [] }]);
    const real = previewPlan(fixture("changed-and-gone"), stack);
    expect(checkPlan(stack, [shop, blog], real).planned[1]?.fields).toEqual([]);
  });

  it("lists each top-level field once, sorted, from the diff's paths and reasons", () => {
    const plan: PreviewPlan = {
      errors: [],
      steps: [
        {
          op: "update",
          urn: shop.urn,
          detailedDiff: { privacy: {}, "excludeIps[1]": {}, "excludeIps[0]": {} },
          diffReasons: ["excludeBots", "privacy"],
          oldState: { outputs: { privacy: "private", excludeIps: ["203.0.113.7"], excludeBots: false } },
          newState: { inputs: { privacy: "public", excludeIps: [], excludeBots: true } },
        },
      ],
    };
    expect(checkPlan(stack, [shop], plan).planned[0]?.fields).toEqual([
      { field: "excludeBots", live: false, declared: true },
      { field: "excludeIps", live: ["203.0.113.7"], declared: [] },
      { field: "privacy", live: "private", declared: "public" },
    ]);
  });

  it("shows a field without a live or a declared value as null", () => {
    const plan: PreviewPlan = {
      errors: [],
      steps: [{ op: "update", urn: shop.urn, diffReasons: ["email"], oldState: {}, newState: {} }],
    };
    expect(checkPlan(stack, [shop], plan).planned[0]?.fields).toEqual([
      { field: "email", live: null, declared: null },
    ]);
  });

  it("never shows a secret's value, whatever the field, and shows null as null", () => {
    const secret = {
      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
      value: "Zq8vXwKp",
    };
    const plan: PreviewPlan = {
      errors: [],
      steps: [
        {
          op: "update",
          urn: shop.urn,
          diffReasons: ["domain", "excludeIps", "favoritedAt"],
          oldState: { outputs: { domain: "[secret]", excludeIps: secret, favoritedAt: null } },
          newState: {
            inputs: { domain: "shop.example.com", excludeIps: ["203.0.113.7"], favoritedAt: "2026-01-01" },
          },
        },
      ],
    };
    expect(checkPlan(stack, [shop], plan).planned[0]?.fields).toEqual([
      { field: "domain", live: "(secret)", declared: "shop.example.com" },
      { field: "excludeIps", live: "(secret)", declared: ["203.0.113.7"] },
      { field: "favoritedAt", live: null, declared: "2026-01-01" },
    ]);
  });
});
