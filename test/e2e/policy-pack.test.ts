// The webstats policy pack through the real engine, installed as users install it (the pack's
// folder in node_modules) and run with --policy-pack / --policy-pack-config, for both hosts: a
// TypeScript program (the dynamic provider, a fleet among its Websites) and a Pulumi YAML program
// (the provider plugin). Per host, one preview that a mandatory violation fails, naming the
// website, the rule and the fix, with an advisory one warned of; then an up with the violation
// gone, where the remediating rule changes what is sent (bots excluded although the program says
// otherwise) and the advisory one still warns. The Pulumi CLI (3.274 and later) starts a pack
// folder only through the Node.js language host, which every Pulumi installation has but a CLI
// built here from its Go modules does not; so the engine is handed the installed pack as an
// executable analyzer (a file given to --policy-pack, which the engine starts with its address):
// a script that runs @pulumi/pulumi's run-policy-pack in the pack's folder, as the language host
// does. The pack, its configuration and the engine's judgement are the user's.
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { describeEngine, e2e, uniqueDomain } from "./harness";
import type { OperationResult } from "./harness";
import { useEngineFixture } from "./fixture";
import { program } from "./programs";

/** The pack as `npm install pulumi-webstats-policy` leaves it. */
const packFolder = () => join(e2e.templateDir, "node_modules", "pulumi-webstats-policy");

/** The installed pack as an executable analyzer: run-policy-pack in the pack's folder. */
function packExecutable(): string {
  const file = join(mkdtempSync(join(tmpdir(), "webstats-policy-pack-")), "pulumi-webstats-policy");
  const script = [
    "#!/bin/sh",
    `cd '${packFolder()}' || exit 1`,
    `RUN=$(node -e "process.stdout.write(require.resolve('@pulumi/pulumi/cmd/run-policy-pack'))") || exit 1`,
    'exec node "$RUN" "$1" .',
    "",
  ].join("\n");
  writeFileSync(file, script);
  chmodSync(file, 0o755);
  return file;
}

function writeConfig(): string {
  const file = join(mkdtempSync(join(tmpdir(), "webstats-policy-config-")), "policy.json");
  const config = {
    "bots-excluded": "remediate",
    "required-excluded-ips": { enforcementLevel: "advisory", ranges: ["203.0.113.0/24"] },
    "non-public-domains": { enforcementLevel: "mandatory", patterns: ["staging-*.example.com"] },
    "required-excluded-params": "disabled",
  };
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

/** What both hosts' first preview prints: the mandatory violation fails it, the advisory one warns. */
function expectRefusedPreview(result: OperationResult, staging: string, shop: string): void {
  const output = result.output;
  expect(result.ok, output).toBe(false);
  expect(output).toMatch(/mandatory/);
  expect(output).toContain("non-public-domains");
  expect(output).toContain(
    `Website ${staging} matches "staging-*.example.com" but its statistics page is public. Fix: set privacy to "private" or "password" (with a password).`,
  );
  expect(output).toMatch(/advisory/);
  expect(output).toContain("required-excluded-ips");
  expect(output).toContain(`Website ${shop} does not exclude "203.0.113.0/24"`);
}

/** What both hosts' up does: the bots of the shop excluded on the server by the remediation. */
function expectRemediatedUp(result: OperationResult, shop: string): void {
  expect(result.ok, result.output).toBe(true);
  expect(result.output).toContain("bots-excluded");
  expect(result.output).toContain(`Website ${shop} does not exclude "203.0.113.0/24"`);
}

describeEngine("the webstats policy pack through the engine", () => {
  const fixture = useEngineFixture([{ name: "Policies" }]);

  it("TypeScript (dynamic provider, a fleet): mandatory fails the preview, advisory warns, remediate changes what is sent", async () => {
    const config = writeConfig();
    const shop = uniqueDomain("shop");
    const staging = `staging-${shop}`;
    const fleetFile = (privacy: string) =>
      `defaults:\n  excludeIps: [203.0.113.0/24]\nwebsites:\n  - domain: ${staging}\n    privacy: ${privacy}\n`;
    const stack = fixture.stack(
      program(`
  const shop = new webstats.Website("shop", { domain: "https://www.${shop}", excludeBots: false });
  const fleet = new webstats.WebsiteFleet("sites", { fleet: "websites.yaml" });
  return { shopId: shop.websiteId };`),
    );
    stack.writeFile("websites.yaml", fleetFile("public"));
    const policies = { policyPacks: [packExecutable()], policyPackConfigs: [config] };

    expectRefusedPreview(await stack.preview({ ...policies, allowFailure: true }), staging, shop);
    expect(fixture.emulator.listWebsites(fixture.account().id)).toEqual([]);

    stack.writeFile("websites.yaml", fleetFile("private"));
    const up = await stack.up(policies);
    expectRemediatedUp(up, shop);
    const shopId = (up.outputs?.shopId?.value ?? 0) as number;
    expect(fixture.emulator.getWebsite(shopId)).toMatchObject({ domain: shop, exclude_bots: 1 });
    await stack.destroy();
  });

  it("Pulumi YAML (provider plugin): the same rules, the same outcomes", async () => {
    const config = writeConfig();
    const shop = uniqueDomain("yshop");
    const staging = `staging-${shop}`;
    const yaml = (privacy: string) => `
resources:
  shop:
    type: webstats:index:Website
    properties:
      domain: ${shop}
      excludeBots: false
  staging:
    type: webstats:index:Website
    properties:
      domain: ${staging}
      privacy: ${privacy}
      excludeIps: [203.0.113.0/24]
outputs:
  shopId: \${shop.websiteId}
`;
    const stack = fixture.yamlStack(yaml("public"));
    const policies = { policyPacks: [packExecutable()], policyPackConfigs: [config] };

    expectRefusedPreview(await stack.preview({ ...policies, allowFailure: true }), staging, shop);

    stack.setYamlProgram(yaml("private"));
    const up = await stack.up(policies);
    expectRemediatedUp(up, shop);
    const shopId = (up.outputs?.shopId?.value ?? 0) as number;
    expect(fixture.emulator.getWebsite(shopId)).toMatchObject({ domain: shop, exclude_bots: 1 });
    await stack.destroy();
  });
});
