// The generate round trip, through the engine: an account of 150 websites with mixed
// settings (write-only ones set on the server, password-protected sites, favorites);
// `pulumi-webstats generate`, run from the packed package as users run it; then the first
// `up` of the generated project adopts every website without a create, a delete or a
// change on the server, in at most 10 requests, and the next preview shows no change.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import type { EmulatorAccount, StoredWebsite } from "../../emulator";
import { WebstatsClient } from "../../sdk";
import type { Privacy } from "../../sdk";
import { compileProgram } from "../../tools/program-project.mjs";
import { describeEngine, e2e } from "./harness";
import { useEngineFixture } from "./fixture";
import { websiteType } from "./programs";

const run = promisify(execFile);
const websiteCount = 150;

/** Creates the account's websites: every kind of setting, spread over the 150. */
async function seedAccount(baseUrl: string, account: EmulatorAccount, prefix: string): Promise<void> {
  const client = new WebstatsClient({ baseUrl, apiKey: account.apiKey });
  const privacies: Privacy[] = ["password", "private", "public", "public", "public"];
  for (let i = 0; i < websiteCount; i++) {
    const privacy = privacies[i % privacies.length]!;
    const site = await client.websites.create({
      domain: `${prefix}-${String(i).padStart(3, "0")}.example.com`,
      privacy,
      ...(privacy === "password" ? { password: `statistics-password-${i}` } : {}),
      email: i % 3 === 0,
      excludeBots: i % 4 !== 0,
      // Write-only: the API never returns it, so the generated project cannot declare it.
      ...(i % 7 === 0 ? { excludeParams: ["utm_source", "ref"] } : {}),
      ...(i % 6 === 0 ? { excludeIps: [`10.0.${i}.0/24`, `2001:db8::${i.toString(16)}`] } : {}),
    });
    if (i % 10 === 0) await client.websites.update(site.id, { favorite: true });
  }
}

/** What the server stores for each website, write-only columns included, timestamps aside. */
function storedSettings(rows: StoredWebsite[]) {
  return rows.map((row) => ({
    id: row.id,
    domain: row.domain,
    privacy: row.privacy,
    password: row.password,
    email: row.email,
    exclude_bots: row.exclude_bots,
    exclude_params: row.exclude_params,
    exclude_ips: row.exclude_ips,
    favorite: row.favorite,
    favorited_at: row.favorited_at,
  }));
}

describeEngine("generate round trip", () => {
  const fixture = useEngineFixture([{ name: "As TypeScript" }, { name: "As YAML" }]);

  it.each([
    ["ts", 0],
    ["yaml", 1],
  ] as const)(
    "--format %s: the first up adopts 150 websites unchanged, the next preview shows no change",
    async (format, index) => {
      const account = fixture.account(index);
      await seedAccount(fixture.emulator.url, account, `round-trip-${format}`);
      const before = storedSettings(fixture.emulator.listWebsites(account.id));
      expect(before).toHaveLength(websiteCount);
      expect(before.filter((w) => w.password !== null).length).toBeGreaterThan(0);
      expect(before.filter((w) => w.exclude_params !== null).length).toBeGreaterThan(0);
      expect(before.filter((w) => w.favorite).length).toBeGreaterThan(0);

      // As a user runs it: the bin of the package installed from its tarball.
      const out = join(mkdtempSync(join(tmpdir(), "generated-")), "project");
      const bin = join(e2e.templateDir, "node_modules", ".bin", "pulumi-webstats");
      const generated = await run(bin, ["generate", "--out", out, "--format", format], {
        env: { ...process.env, WEBSTATS_BASE_URL: fixture.emulator.url, WEBSTATS_API_KEY: account.apiKey },
      });
      expect(generated.stdout).toContain(`Listed ${websiteCount} websites`);

      const stack = fixture.stack(compileProgram(readFileSync(join(out, "index.ts"), "utf8")), account);
      if (format === "yaml")
        stack.writeFile("websites.yaml", readFileSync(join(out, "websites.yaml"), "utf8"));

      fixture.emulator.resetRequestCounts();
      await stack.up();
      // Every website of the account is in the state, under its own id.
      const adopted = await stack.resourcesOfType(websiteType);
      expect(adopted.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(before.map((w) => w.id));
      const counts = fixture.emulator.requestCounts();
      expect(counts["POST /api/v1/websites"] ?? 0).toBe(0);
      expect(counts["DELETE /api/v1/websites/:id"] ?? 0).toBe(0);
      // Soft, so that every shortfall is reported together with the preview's verdict.
      expect.soft(storedSettings(fixture.emulator.listWebsites(account.id))).toEqual(before);
      const requests = Object.values(counts).reduce((sum, n) => sum + n, 0);
      expect.soft(requests, `requests of the first up: ${JSON.stringify(counts)}`).toBeLessThanOrEqual(10);

      await stack.preview({ expectNoChanges: true });
    },
  );
});
