// The Node.js SDK generated from the package schema (language-sdks/nodejs), packed and installed
// in the test project as a user installs it, drives the provider plugin through Automation API
// inline programs against the emulator: create, refresh after a change made elsewhere, update,
// an explicit provider for a second account, the functions, and destroy. Its TypeScript types
// refuse what the plugin would refuse by name, before any program runs. Each stack's first up
// previews first, as `pulumi up` does, so that the output forms of the functions (getWebsiteOutput
// of a website the program creates, the documented getAccountOutput) run on a first preview.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { nodejsSdkPackage, pluginWebsiteType } from "../../harness/plugin-program.mjs";
import { compileProgram } from "../../harness/program-project.mjs";
import { docExample } from "../../support/docs";
import { describeEngine, e2e, uniqueDomain } from "../harness";
import { useEngineFixture } from "../fixture";
import * as sdkScenario from "../sdk-scenario";
import { plainOutputs, program } from "../programs";

const run = promisify(execFile);

/** A program that uses the generated SDK, as its author writes it. */
const sdkProgram = (body: string): string => program(body, nodejsSdkPackage);

describeEngine("the generated Node.js SDK through the provider plugin", () => {
  const fixture = useEngineFixture([{ name: "Main" }, { name: "Agency" }], undefined, "plugin");

  it("creates, refreshes, updates and destroys websites, a second account through an explicit provider", async () => {
    const main = uniqueDomain("nodesdk");
    const agency = uniqueDomain("nodesdk-agency");
    const password = "node-sdk-password-never-in-clear";
    const program = (email: boolean) =>
      sdkProgram(`
  const config = new pulumi.Config();
  const site = new webstats.Website("site", {
    domain: "https://www.${main}",
    privacy: webstats.Privacy.Password,
    password: config.requireSecret("statsPassword"),
    email: ${email},
    excludeIps: ["203.0.113.0/24"],
    excludeParams: ["utm_source"],
  });
  const agencyProvider = new webstats.Provider("agency", {
    baseUrl: config.require("agencyUrl"),
    apiKey: config.requireSecret("agencyKey"),
  });
  const client = new webstats.Website("client", { domain: "${agency}", excludeBots: true }, { provider: agencyProvider });
  const account = await webstats.getAccount();
  const agencyAccount = await webstats.getAccount({}, { provider: agencyProvider });
  const found = webstats.getWebsiteOutput({ domain: site.domain });
  return {
    siteId: site.websiteId,
    domain: site.domain,
    hasPassword: site.hasPassword,
    password: site.password,
    clientId: client.websiteId,
    accountName: account.name,
    agencyName: agencyAccount.name,
    foundId: found.id,
    trackingCode: site.trackingCode,
    agencyTrackingCode: (await webstats.getTrackingCode({}, { provider: agencyProvider })).trackingCode,
  };`);
    const stack = fixture.stack(program(false));
    stack.setConfig("webstats-e2e:statsPassword", { value: password, secret: true });
    stack.setConfig("webstats-e2e:agencyUrl", { value: fixture.emulator.url });
    stack.setConfig("webstats-e2e:agencyKey", { value: fixture.account(1).apiKey, secret: true });

    // The preview runs getWebsiteOutput of the site before the site exists.
    const created = await stack.up({ previewFirst: true });
    expect(created.output).toContain(sdkScenario.previewing);
    const outputs = plainOutputs(created.outputs);
    sdkScenario.expectOutputs(fixture, outputs, { main });
    // The SDK marks the password secret, so the engine keeps it encrypted as an output too.
    expect(created.outputs?.password?.secret).toBe(true);
    const siteId = outputs.siteId as number;
    expect(fixture.emulator.getWebsite(siteId)).toMatchObject({
      domain: main,
      privacy: 2,
      email: 0,
      exclude_ips: "203.0.113.0/24",
      exclude_params: "utm_source",
    });
    expect(fixture.emulator.listWebsites(fixture.account(1).id).map((w) => w.domain)).toEqual([agency]);
    expect(fixture.emulator.listWebsites(fixture.account(0).id).map((w) => w.domain)).not.toContain(agency);

    // A change made elsewhere: refresh records it, up puts the declared value back.
    fixture.emulator.updateWebsite(siteId, { email: 1, exclude_bots: 0 });
    const refreshed = await stack.refresh();
    expect(refreshed.summary?.resourceChanges).toMatchObject({ update: 1 });
    await stack.up();
    expect(fixture.emulator.getWebsite(siteId)).toMatchObject({ email: 0, exclude_bots: 1 });

    // An update in place keeps the website (same id) and the password.
    stack.setProgram(program(true));
    const updated = await stack.up();
    expect(updated.summary?.resourceChanges).toMatchObject({ update: 1 });
    expect(plainOutputs(updated.outputs).siteId).toBe(siteId);
    expect(fixture.emulator.getWebsite(siteId)).toMatchObject({ email: 1, privacy: 2 });
    await stack.preview({ expectNoChanges: true, refresh: true });

    const state = await stack.exportState();
    for (const secret of [password, fixture.account(0).apiKey, fixture.account(1).apiKey]) {
      expect(state.raw).not.toContain(secret);
      expect(stack.output).not.toContain(secret);
    }
    expect(state.resources.filter((r) => r.type === pluginWebsiteType)).toHaveLength(2);
    expect(state.resources.some((r) => r.type === "pulumi:providers:webstats")).toBe(true);

    await stack.destroy();
    expect(fixture.emulator.listWebsites(fixture.account(0).id).map((w) => w.domain)).not.toContain(main);
    expect(fixture.emulator.listWebsites(fixture.account(1).id)).toHaveLength(0);
  });

  it("runs the documented Node.js SDK example as written", async () => {
    const stack = fixture.stack(compileProgram(docExample("sdk-nodejs")), undefined, {
      config: sdkScenario.readmeConfig(fixture, "webstats-e2e", {
        main: 0,
        agency: 1,
        password: "readme-sdk-password",
      }),
    });
    const created = await stack.up({ previewFirst: true });
    expect(created.output).toContain(sdkScenario.previewing);
    const outputs = plainOutputs(created.outputs);
    sdkScenario.expectReadmeWebsites(fixture, outputs, 1);
    await stack.preview({ expectNoChanges: true });
    await stack.destroy();
    expect(fixture.emulator.listWebsites(fixture.account(1).id)).toHaveLength(0);
  });

  it("has types that refuse a misspelt argument or a bad value before anything runs", async () => {
    // A TypeScript project beside the test project's installation, as a user's project has it.
    const dir = mkdtempSync(join(tmpdir(), "webstats-sdk-types-"));
    symlinkSync(join(e2e.templateDir, "node_modules"), join(dir, "node_modules"), "dir");
    const compile = async (source: string) => {
      writeFileSync(join(dir, "index.ts"), source);
      try {
        await run(
          process.execPath,
          [
            join(process.cwd(), "node_modules", "typescript", "bin", "tsc"),
            "--noEmit",
            "--strict",
            "--module",
            "commonjs",
            "--moduleResolution",
            "node10",
            "--skipLibCheck",
            join(dir, "index.ts"),
          ],
          { cwd: dir },
        );
        return "";
      } catch (error) {
        return (error as { stdout?: string }).stdout ?? String(error);
      }
    };
    const header = `import * as webstats from "${nodejsSdkPackage}";\n`;
    expect(
      await compile(`${header}new webstats.Website("ok", { domain: "a.example.com", excludeBots: true });\n`),
    ).toBe("");
    expect(
      await compile(
        `${header}new webstats.Website("typo", { domain: "a.example.com", privcy: "private" });\n`,
      ),
    ).toMatch(/'privcy' does not exist in type 'WebsiteArgs'/);
    expect(
      await compile(
        `${header}new webstats.Website("wire", { domain: "a.example.com", exclude_bots: true });\n`,
      ),
    ).toMatch(/'exclude_bots' does not exist in type 'WebsiteArgs'/);
    expect(
      await compile(
        `${header}new webstats.Website("privacy", { domain: "a.example.com", privacy: "secret" });\n`,
      ),
    ).toMatch(/"secret"' is not assignable/);
    expect(await compile(`${header}new webstats.Website("none", {});\n`)).toMatch(/'domain' is missing/);
    rmSync(dir, { recursive: true, force: true });
  });
});
