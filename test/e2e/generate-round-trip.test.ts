// The generate round trip, through the engine: an account of 101 websites with mixed
// settings (write-only ones set on the server, password-protected sites, favorites);
// `pulumi-webstats generate`, run from the packed package as users run it; then the first
// `up` of the generated project adopts every website without a create, a delete or a
// change on the server, in the two requests of one listing (the provider's reads cost the same
// however the engine spreads them in time), every one protected, and the next preview
// shows no change. Then, on a small account: removing a website from a generated project
// fails while it is protected, and deletes it once released as the generated README says.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { isMap, isSeq, parseDocument } from "yaml";
import type { EmulatorAccount, StoredWebsite } from "../../emulator";
import { WebstatsClient } from "../../sdk";
import type { Privacy } from "../../sdk";
import { compileProgram } from "../harness/program-project.mjs";
import { describeEngine, e2e } from "./harness";
import type { StateResource } from "./harness";
import { useEngineFixture } from "./fixture";
import { websiteType } from "./programs";

const run = promisify(execFile);
// One more than a listing page holds: the fewest that make the listing take two pages.
const websiteCount = 101;

/** Creates the account's websites: every kind of setting, spread over the 101. */
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

/** Whether the state marks the resource protected (the checkpoint's `protect`). */
const isProtected = (resource: StateResource): boolean =>
  (resource as StateResource & { protect?: boolean }).protect === true;

/** Each website of the state by id: whether it is protected. */
const protectionById = (resources: StateResource[]): Record<string, boolean> =>
  Object.fromEntries(resources.map((r) => [String(r.id), isProtected(r)]));

/** Runs `pulumi-webstats generate` as a user runs it: the bin of the package installed from its tarball. */
async function generate(baseUrl: string, account: EmulatorAccount, format: "ts" | "yaml") {
  const out = join(mkdtempSync(join(tmpdir(), "generated-")), "project");
  const bin = join(e2e.templateDir, "node_modules", ".bin", "pulumi-webstats");
  const generated = await run(bin, ["generate", "--out", out, "--format", format], {
    env: { ...process.env, WEBSTATS_BASE_URL: baseUrl, WEBSTATS_API_KEY: account.apiKey },
  });
  const file = (name: string) => readFileSync(join(out, name), "utf8");
  return {
    stdout: generated.stdout,
    program: file("index.ts"),
    fleet: format === "yaml" ? file("websites.yaml") : "",
  };
}

/** One website's declaration in a generated index.ts, from its first line to its `{ protect: true }`. */
function declarationOf(program: string, domain: string): string {
  const start = program.indexOf(`  ${JSON.stringify(domain)}: new webstats.Website(`);
  const last = "  }, { protect: true }),\n";
  const end = program.indexOf(last, start);
  expect(start, `the declaration of ${domain}`).toBeGreaterThanOrEqual(0);
  expect(end, `the end of the declaration of ${domain}`).toBeGreaterThan(start);
  return program.slice(start, end + last.length);
}

/** A generated websites.yaml with one entry changed (`protect: false`) or removed. */
function editFleet(text: string, domain: string, edit: "release" | "remove"): string {
  const doc = parseDocument(text);
  const websites = doc.get("websites", true);
  if (!isSeq(websites)) throw new Error("the fleet file has no websites list");
  const index = websites.items.findIndex((item) => isMap(item) && item.get("domain") === domain);
  const entry = websites.items[index];
  if (!isMap(entry)) throw new Error(`the fleet file has no entry for ${domain}`);
  if (edit === "release") entry.set("protect", false);
  else websites.items.splice(index, 1);
  return doc.toString();
}

describeEngine("generate round trip", () => {
  const fixture = useEngineFixture(
    ["As TypeScript", "As YAML", "Release as TypeScript", "Release as YAML"].map((name) => ({ name })),
  );
  /** Each format, with the index of its account: the first of `first` and the next one. */
  const formats = (first: number) =>
    [
      ["ts", first],
      ["yaml", first + 1],
    ] as const;

  it.each(formats(0))(
    "--format %s: the first up adopts 101 websites unchanged, the next preview shows no change",
    async (format, index) => {
      const account = fixture.account(index);
      await seedAccount(fixture.emulator.url, account, `round-trip-${format}`);
      const before = storedSettings(fixture.emulator.listWebsites(account.id));
      expect(before).toHaveLength(websiteCount);
      expect(before.filter((w) => w.password !== null).length).toBeGreaterThan(0);
      expect(before.filter((w) => w.exclude_params !== null).length).toBeGreaterThan(0);
      expect(before.filter((w) => w.favorite).length).toBeGreaterThan(0);

      const generated = await generate(fixture.emulator.url, account, format);
      expect(generated.stdout).toContain(`Listed ${websiteCount} websites`);

      const stack = fixture.stack(compileProgram(generated.program), account);
      if (format === "yaml") stack.writeFile("websites.yaml", generated.fleet);

      fixture.emulator.resetRequestCounts();
      await stack.up();
      // Every website of the account is in the state, under its own id.
      const adopted = await stack.resourcesOfType(websiteType);
      expect(adopted.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(before.map((w) => w.id));
      // Taking over is not consenting to deletion: every website is protected, as pulumi import does.
      expect(adopted.filter((r) => !isProtected(r)).map((r) => r.urn)).toEqual([]);
      const counts = fixture.emulator.requestCounts();
      expect(counts["POST /api/v1/websites"] ?? 0).toBe(0);
      expect(counts["DELETE /api/v1/websites/:id"] ?? 0).toBe(0);
      // Soft, so that every shortfall is reported together with the preview's verdict.
      expect.soft(storedSettings(fixture.emulator.listWebsites(account.id))).toEqual(before);
      // 101 websites are two pages of 100: the listing every look-up of the operation shares.
      expect.soft(counts, "requests of the first up").toEqual({ "GET /api/v1/websites": 2 });

      await stack.preview({ expectNoChanges: true });
    },
  );

  it.each(formats(2))(
    "--format %s: removing a protected website fails; released as the README says, it is deleted",
    async (format, index) => {
      const account = fixture.account(index);
      const client = new WebstatsClient({ baseUrl: fixture.emulator.url, apiKey: account.apiKey });
      const kept = await client.websites.create({ domain: `kept-${format}.example.com` });
      const gone = await client.websites.create({ domain: `gone-${format}.example.com` });
      const generated = await generate(fixture.emulator.url, account, format);
      const stack = fixture.stack(compileProgram(generated.program), account);
      if (format === "yaml") stack.writeFile("websites.yaml", generated.fleet);
      await stack.up();
      expect(protectionById(await stack.resourcesOfType(websiteType))).toEqual({
        [kept.id]: true,
        [gone.id]: true,
      });

      /** The project with `gone` released (its protection removed) or removed from it. */
      const edited = (edit: "release" | "remove") => {
        if (format === "yaml") {
          stack.writeFile("websites.yaml", editFleet(generated.fleet, gone.domain, edit));
          return;
        }
        const declaration = declarationOf(generated.program, gone.domain);
        const replacement = edit === "release" ? declaration.replace("}, { protect: true }),", "}),") : "";
        stack.setProgram(compileProgram(generated.program.replace(declaration, replacement)));
      };

      // Deleting a line of the generated project erases nothing: the up fails, the website stays.
      edited("remove");
      fixture.emulator.resetRequestCounts();
      const refused = await stack.up({ allowFailure: true });
      expect(refused.ok).toBe(false);
      expect(`${refused.error ?? ""}\n${refused.output}`).toMatch(
        /cannot be deleted\s+because it is protected/,
      );
      expect(fixture.emulator.requestCounts()["DELETE /api/v1/websites/:id"] ?? 0).toBe(0);
      expect(fixture.emulator.getWebsite(gone.id)?.domain).toBe(gone.domain);

      // The README's steps: release it and run up (no change on the server), then remove it.
      edited("release");
      fixture.emulator.resetRequestCounts();
      await stack.up();
      const writes = Object.keys(fixture.emulator.requestCounts()).filter((r) => !r.startsWith("GET "));
      expect(writes).toEqual([]);
      expect(protectionById(await stack.resourcesOfType(websiteType))).toEqual({
        [kept.id]: true,
        [gone.id]: false,
      });
      edited("remove");
      await stack.up();
      expect(fixture.emulator.getWebsite(gone.id)).toBeUndefined();
      expect(fixture.emulator.getWebsite(kept.id)?.domain).toBe(kept.domain);
      expect((await stack.resourcesOfType(websiteType)).map((r) => Number(r.id))).toEqual([kept.id]);
    },
  );
});
