// The proof of `pulumi-webstats drift --fix code`, through the real engine: a fleet stack is
// up; settings are changed on the server directly (one of them a value the entry inherits
// from defaults) and a website is added by hand; `drift --fix code --adopt-unmanaged` rewrites
// the fleet file (comments kept); then `pulumi up --refresh` sends the server no write at all,
// and the next drift run is in sync. The same for a Pulumi YAML program served by the provider
// plugin: its Pulumi.yaml rewritten (comments kept), then no write and in sync. What only the
// engine shows is here: the fleetFile output WebsiteFleet records in a real state, the source
// position the YAML host records for a resource, and that the rewritten file is exactly what
// the live websites are. The rewriting rules are test/unit/drift/fix/fix-text.test.ts; the refusals
// test/integration/drift/fix/fix-code.test.ts.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { WebstatsClient } from "../../../sdk";
import type { Emulator } from "../../../emulator";
import { describeEngine, e2e, uniqueDomain } from "../harness";
import type { TestStack } from "../harness";
import { useEngineFixture } from "../fixture";
import { program, yamlWebsite } from "../programs";
import { driftJsonReport } from "../../support/drift-json-report";

/** `pulumi-webstats ARGS` as a user runs it (the packed package's bin). */
function webstats(args: string[], cwd: string, env: Record<string, string>) {
  const bin = join(e2e.templateDir, "node_modules", ".bin", "pulumi-webstats");
  const clean = { ...process.env };
  delete clean.WEBSTATS_API_KEY;
  delete clean.WEBSTATS_BASE_URL;
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(bin, args, { cwd, env: { ...clean, ...env } }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** `drift`'s arguments naming the test stack of the project in `stack.workDir`. */
const stackArgs = (stack: TestStack) => ["--cwd", stack.workDir, "--stack", "test"];

/**
 * `drift --fix code` of the stack in `stack.workDir`, as a user runs it there: it must succeed
 * and write something.
 */
async function fixCode(stack: TestStack, more: string[] = []) {
  const fixed = await webstats(
    ["drift", ...stackArgs(stack), "--fix", "code", ...more],
    stack.workDir,
    stack.shellEnvironment(),
  );
  expect(fixed.stderr).not.toMatch(/wrote nothing|error/i);
  expect(fixed.code).toBe(0);
  return fixed;
}

/** The code now says what the server holds: a refresh and an up send no write, and drift finds `domains` in sync. */
async function expectInSyncAfterFix(stack: TestStack, emulator: Emulator, domains: string[]): Promise<void> {
  emulator.resetRequestCounts();
  await stack.up({ refresh: true });
  const writes = Object.keys(emulator.requestCounts()).filter((route) => !route.startsWith("GET "));
  expect(writes).toEqual([]);

  const after = await webstats(
    ["drift", ...stackArgs(stack), "--format", "json"],
    stack.workDir,
    stack.shellEnvironment(),
  );
  expect(after.code).toBe(0);
  const report = driftJsonReport<{ websites: { domain: string; status: string }[] }>(after.stdout);
  expect(report.websites.map((w) => [w.domain, w.status]).sort()).toEqual(
    domains.map((d) => [d, "in-sync"]).sort(),
  );
}

const fleetProgram = program(`
  const fleet = new webstats.WebsiteFleet("sites", { fleet: webstats.loadFleet("websites.yaml") });
  return { websiteIds: fleet.websiteIds };`);

describeEngine("pulumi-webstats drift --fix code", () => {
  const fixture = useEngineFixture([{}, {}]);

  it("writes the live values into the fleet file, after which up --refresh writes nothing and drift is in sync", async () => {
    const shop = uniqueDomain("shop");
    const blog = uniqueDomain("blog");
    const manual = uniqueDomain("manual");
    const fleetFile = [
      "# The team's websites: reviewed in pull requests.",
      "defaults:",
      "  excludeBots: true   # bots never count",
      "websites:",
      `  - domain: ${shop}  # the shop`,
      '    privacy: "public"',
      "    excludeParams: [utm_source]",
      "  # the blog takes the defaults",
      `  - domain: ${blog}`,
      "",
    ].join("\n");
    const stack = fixture.stack(fleetProgram);
    stack.writeFile("websites.yaml", fleetFile);
    const up = await stack.up();
    const ids = (up.outputs?.websiteIds?.value ?? {}) as Record<string, number>;
    const [component] = await stack.resourcesOfType("webstats:fleet:WebsiteFleet");
    expect(component?.outputs?.fleetFile).toBe("websites.yaml");

    // Out of band, in the web interface: the shop made private with an address excluded, the
    // blog counting bots again (a value it inherits from defaults), and a website added.
    fixture.emulator.updateWebsite(ids[shop]!, { privacy: 1, exclude_ips: "203.0.113.7" });
    fixture.emulator.updateWebsite(ids[blog]!, { exclude_bots: 0 });
    const client = new WebstatsClient({ baseUrl: fixture.emulator.url, apiKey: fixture.account().apiKey });
    await client.websites.create({ domain: manual, email: true });

    const fixed = await fixCode(stack, ["--adopt-unmanaged"]);
    expect(readFileSync(join(stack.workDir, "websites.yaml"), "utf8")).toBe(
      fleetFile
        .replace('    privacy: "public"\n', '    privacy: "private"\n')
        .replace(
          "    excludeParams: [utm_source]\n",
          "    excludeParams: [utm_source]\n    excludeIps: [203.0.113.7]\n",
        )
        .replace(`  - domain: ${blog}\n`, `  - domain: ${blog}\n    excludeBots: false\n`) +
        `  - domain: ${manual}\n    email: true\n    adoptExisting: true\n`,
    );
    expect(fixed.stdout).toContain(`${shop}: privacy: "public" → "private"`);
    expect(fixed.stdout).toContain(
      `${blog}: excludeBots: true → false (inherited from defaults: written on the entry, defaults unchanged)`,
    );

    await expectInSyncAfterFix(stack, fixture.emulator, [shop, blog, manual]);
  }, 300_000);

  it("writes the live values into a Pulumi YAML program, after which up --refresh writes nothing and drift is in sync", async () => {
    const domain = uniqueDomain("yamlfix");
    const program = yamlWebsite(
      { domain, excludeBots: "true # bots never count" },
      { websiteId: "site.websiteId" },
      "# The docs website, reviewed in pull requests.\n",
    );
    // An account of its own: the fleet test's websites would be unmanaged here.
    const stack = fixture.yamlStack(program, fixture.account(1));
    const id = (await stack.up()).outputs?.websiteId?.value as number;
    // Out of band: the docs website counting bots again and sending reports.
    fixture.emulator.updateWebsite(id, { exclude_bots: 0, email: 1 });

    const fixed = await fixCode(stack);
    const written = readFileSync(join(stack.workDir, "Pulumi.yaml"), "utf8");
    expect(written).toContain(
      program.replace(
        "      excludeBots: true # bots never count\n",
        "      excludeBots: false # bots never count\n      email: true\n",
      ),
    );
    expect(fixed.stdout).toContain(`${domain}: excludeBots: true → false`);

    await expectInSyncAfterFix(stack, fixture.emulator, [domain]);
  }, 300_000);
});
