// The rules drift --fix cloud applies to a stack's plan before changing anything, over what the
// engine printed: test/unit/fixtures/pulumi-preview/*.json are `pulumi preview --refresh
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
} from "../../drift/fix/cloud-plan";
import type { LocatedTarget, PreviewPlan } from "../../drift/fix/cloud-plan";

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
