// `pulumi-webstats drift --fix code` in-process (runCli) against the emulator over real HTTP,
// with stack exports written here in the shape the engine writes them (a WebsiteFleet with its
// fleetFile output and two websites, a program's Website with its source positions): the
// refusals, each with the file and nothing written anywhere (a fleet file with uncommitted
// changes unless --force, a file that is not writable, a project that is not there, while the
// other stack's file would have been fine), a file in no git repository, --adopt-unmanaged and
// --adopt-into, the summary and the exit codes, and only reads reaching the server; a fleet file
// someone saves while the run goes on (between its read and its write) is not written over, and
// a server value that fails its field's rule is that website's reason, not the run's end. The
// rewriting rules are proven in test/unit/drift/fix/fix-text.test.ts; the real engine in
// test/e2e/drift/fix-code.test.ts.
import { execFileSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../../emulator";
import { outputsFrom } from "../../../../core/website-state";
import { runCaptured } from "../../../support/run-cli";
import { WebstatsClient } from "../../../../sdk";
import type { Website } from "../../../../sdk";
import { exportedSecret } from "../../../support/stack-exports";

const run = runCaptured;

const root = mkdtempSync(join(tmpdir(), "drift-fix-code-"));
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
  });

const fleetText = `# Websites of the team. Reviewed weekly.
defaults:
  excludeBots: true   # bots never count
websites:
  - domain: shop.fix.example  # the shop
    privacy: public
  - domain: blog.fix.example
`;

/** What `pulumi stack export --show-secrets` writes for a fleet and a program Website. */
function stateOf(
  url: string,
  apiKey: string,
  fleet: Website[],
  program: Website,
  fleetFile: string,
  project = "team",
): string {
  const stack = `urn:pulumi:prod::${project}`;
  const provider = `${stack}::pulumi:providers:pulumi-nodejs::default`;
  const fleetUrn = `${stack}::webstats:fleet:WebsiteFleet::sites`;
  const websiteOf = (website: Website, name: string, extra: Record<string, unknown>) => ({
    urn: `${stack}::pulumi-nodejs:dynamic/webstats:Website::${name}`,
    type: "pulumi-nodejs:dynamic/webstats:Website",
    id: String(website.id),
    provider: `${provider}::p1`,
    outputs: {
      __provider: "exports.handler = ...",
      ...outputsFrom(website, { adoptExisting: false }),
      installation: url,
    },
    ...extra,
  });
  const packageFrame = {
    sourcePosition: "project:///node_modules/pulumi-webstats/dist/provider/website.js#66,9",
  };
  const resources = [
    { urn: `${stack}::pulumi:pulumi:Stack::${project}-prod`, type: "pulumi:pulumi:Stack" },
    {
      urn: provider,
      type: "pulumi:providers:pulumi-nodejs",
      id: "p1",
      outputs: { "webstats:baseUrl": url, "webstats:apiKey": exportedSecret(apiKey) },
    },
    {
      urn: fleetUrn,
      type: "webstats:fleet:WebsiteFleet",
      outputs: { websiteIds: {}, fleetFile },
      sourcePosition: "project:///index.ts#4,15",
    },
    ...fleet.map((w) => websiteOf(w, `sites-${w.domain}`, { parent: fleetUrn })),
    websiteOf(program, "docs", {
      sourcePosition: packageFrame.sourcePosition,
      stackTrace: [packageFrame, { sourcePosition: "project:///index.ts#6,1" }],
    }),
  ];
  return JSON.stringify({ version: 3, deployment: { manifest: {}, resources } });
}

describe("pulumi-webstats drift --fix code", () => {
  let emulator: Emulator;
  let account: EmulatorAccount;
  /** A project in a git repository, with everything committed. */
  const repo = join(root, "repo");
  const fleetFile = join(repo, "websites.yaml");
  const state = join(root, "prod.json");
  const other = join(root, "other.json");
  /** drift --fix code in the project `cwd`, on the stack of `state`, with `more` options. */
  const fixIn = (cwd: string, ...more: string[]) =>
    run(["drift", "--cwd", cwd, "--state", state, "--fix", "code", ...more]);

  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
    account = emulator.createAccount({});
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    const shop = await client.websites.create({ domain: "shop.fix.example" });
    const blog = await client.websites.create({ domain: "blog.fix.example" });
    const docs = await client.websites.create({ domain: "docs.fix.example" });
    mkdirSync(repo);
    writeFileSync(join(repo, "Pulumi.yaml"), "name: team\nruntime: nodejs\n");
    writeFileSync(join(repo, "index.ts"), "// the program\n\n\n// the fleet\n\n// docs\n");
    writeFileSync(fleetFile, fleetText);
    git(repo, "init", "-q");
    git(repo, "add", ".");
    git(repo, "commit", "-q", "-m", "start");
    writeFileSync(state, stateOf(emulator.url, account.apiKey, [shop, blog], docs, "websites.yaml"));
    // A second stack, whose program is not where its --cwd says.
    const extra = await client.websites.create({ domain: "extra.fix.example" });
    writeFileSync(other, stateOf(emulator.url, account.apiKey, [], extra, "websites.yaml", "team2"));
    emulator.updateWebsite(extra.id, { email: 1 });
    // Out of band: the shop made private, the blog's office excluded, the docs' reports on, and
    // a website added by hand.
    emulator.updateWebsite(shop.id, { privacy: 1 });
    emulator.updateWebsite(blog.id, { exclude_ips: "10.0.0.1" });
    emulator.updateWebsite(docs.id, { email: 1 });
    await client.websites.create({ domain: "manual.fix.example", privacy: "private" });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  it("refuses a fleet file with changes not yet committed, and writes nothing", async () => {
    const edited = `${fleetText}  # someone's edit in progress\n`;
    writeFileSync(fleetFile, edited);
    const refused = await fixIn(repo);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("drift --fix code wrote nothing:");
    expect(refused.err).toContain(
      "websites.yaml: has changes not yet committed (git status): commit or set them aside first, or give --force",
    );
    expect(refused.out).toBe("");
    expect(readFileSync(fleetFile, "utf8")).toBe(edited);
    git(repo, "checkout", "-q", "--", "websites.yaml");
  });

  it("refuses a fleet file that is not writable, and writes nothing", async () => {
    chmodSync(fleetFile, 0o444);
    const refused = await fixIn(repo);
    chmodSync(fleetFile, 0o644);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/websites\.yaml: it is read-only: make it writable \(chmod u\+w\)/);
    expect(readFileSync(fleetFile, "utf8")).toBe(fleetText);
  });

  it("refuses a stack whose program is not there, and writes no other stack's file either", async () => {
    const missing = join(root, "not-a-project");
    mkdirSync(missing);
    const refused = await run([
      "drift",
      "--cwd",
      repo,
      "--state",
      state,
      "--cwd",
      missing,
      "--state",
      other,
      "--fix",
      "code",
    ]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`team2/prod:docs (extra.fix.example): no Pulumi.yaml in ${missing}`);
    expect(readFileSync(fleetFile, "utf8")).toBe(fleetText);

    // A fleet file the state names that is not there: its WebsiteFleet's line is named.
    const moved = join(root, "moved.json");
    writeFileSync(
      moved,
      readFileSync(state, "utf8").replace('"fleetFile":"websites.yaml"', '"fleetFile":"fleets/prod.yaml"'),
    );
    const gone = await run(["drift", "--cwd", repo, "--state", moved, "--fix", "code"]);
    expect(gone.code).toBe(1);
    expect(gone.err).toContain(
      `${join(repo, "fleets/prod.yaml")}: the fleet file of WebsiteFleet sites (declared at ${join(repo, "index.ts")}:4)`,
    );
  });

  it("asks for the project folder of a state file, and for --fix with its companions", async () => {
    const noFolder = await run(["drift", "--state", state, "--fix", "code"]);
    expect(noFolder.code).toBe(1);
    expect(noFolder.err).toContain("--fix code needs the project folder of each --state FILE");
    expect((await run(["drift", "--state", state, "--adopt-unmanaged"])).err).toContain(
      "--adopt-unmanaged goes with --fix code.",
    );
    expect((await fixIn(repo, "--format", "sarif")).err).toContain("--fix code prints what it did as text");
  });

  it("leaves a field an ignore rule covers as it is, and writes the website's other fields", async () => {
    const copy = join(root, "ignored-field");
    cpSync(repo, copy, { recursive: true, filter: (source) => !source.includes(".git") });
    const rules = join(root, "ignore-blog.yaml");
    writeFileSync(
      rules,
      "ignore:\n  - domain: blog.fix.example\n    field: excludeIps\n    reason: the office edits its own\n",
    );
    const blog = emulator.listWebsites(account.id).find((w) => w.domain === "blog.fix.example")!;
    // The blog differs in two fields: its excluded addresses (ignored) and its reports.
    emulator.updateWebsite(blog.id, { email: 1 });
    try {
      const fixed = await fixIn(copy, "--ignore", rules);
      expect(fixed.err).not.toContain("wrote nothing");
      const written = readFileSync(join(copy, "websites.yaml"), "utf8");
      expect(written).toContain("  - domain: blog.fix.example\n    email: true\n");
      expect(written).not.toContain("excludeIps");
      expect(fixed.out).toContain("blog.fix.example: email: false → true");
      expect(fixed.out).not.toContain("blog.fix.example: excludeIps");
    } finally {
      emulator.updateWebsite(blog.id, { email: 0 });
    }
  });

  it("writes the live values into the fleet file, lists the program's website, and exits 2 for what is left", async () => {
    emulator.resetRequestCounts();
    const fixed = await fixIn(repo);
    expect(fixed.err).not.toContain("wrote nothing");
    expect(fixed.code).toBe(2);
    expect(readFileSync(fleetFile, "utf8")).toBe(
      fleetText
        .replace("    privacy: public\n", "    privacy: private\n")
        .replace(
          "  - domain: blog.fix.example\n",
          "  - domain: blog.fix.example\n    excludeIps: [10.0.0.1]\n",
        ),
    );
    expect(fixed.out).toContain("Written (2 changes in 1 file):");
    expect(fixed.out).toContain(
      `${join(repo, "websites.yaml")}: shop.fix.example: privacy: "public" → "private"`,
    );
    expect(fixed.out).toContain(
      `${join(repo, "index.ts")}:6 new webstats.Website("docs", { email: false → true })`,
    );
    expect(fixed.out).toContain("unmanaged manual.fix.example");
    expect(fixed.out).toContain("--adopt-unmanaged appends it to a fleet file");
    expect(Object.keys(emulator.requestCounts()).every((route) => route.startsWith("GET "))).toBe(true);
    git(repo, "commit", "-q", "-am", "fixed");
  });

  it("appends the unmanaged website with --adopt-unmanaged, into a file outside git, said so", async () => {
    const plain = join(root, "plain");
    cpSync(repo, plain, { recursive: true, filter: (source) => !source.includes(".git") });
    const markdown = await fixIn(plain, "--adopt-unmanaged", "--format", "markdown");
    expect(markdown.code).toBe(2);
    expect(readFileSync(join(plain, "websites.yaml"), "utf8")).toContain(
      "  - domain: manual.fix.example\n    privacy: private\n    adoptExisting: true\n",
    );
    expect(markdown.out).toMatch(/^## Drift fixed in code/);
    expect(markdown.out).toContain("in no git repository, written without the check");
    // Every other website is now as the code says: only the program's website is left (exit 2).
    const json = await fixIn(plain, "--adopt-unmanaged", "--format", "json");
    const outcome = JSON.parse(json.out) as { written: unknown[]; notFixed: { domain: string }[] };
    expect(outcome.written).toEqual([]);
    expect(outcome.notFixed.map((n) => n.domain)).toEqual(["docs.fix.example"]);
    // --fail-on decides what is left that counts.
    expect((await fixIn(repo, "--fail-on", "gone,duplicate")).code).toBe(0);
    // --adopt-into must name a fleet file of the account's stacks.
    const wrong = await fixIn(repo, "--adopt-unmanaged", "--adopt-into", join(root, "elsewhere.yaml"));
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain("not a fleet file of the stacks given that use account");
  });

  it("writes nothing over a file saved between its read and its write, and says so", async () => {
    const copy = join(root, "saved-meanwhile");
    cpSync(repo, copy, { recursive: true, filter: (source) => !source.includes(".git") });
    const file = join(copy, "websites.yaml");
    const before = readFileSync(file, "utf8");
    // Someone saves the file while drift runs: a stand-in for git, which drift runs after it has
    // read the file and before it writes it, appends a line first.
    const realGit = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
    const bin = join(root, "saving-git");
    mkdirSync(bin);
    writeFileSync(
      join(bin, "git"),
      `#!/bin/sh\nprintf '  # saved by someone during the run\\n' >> '${file}'\nexec '${realGit}' "$@"\n`,
      { mode: 0o755 },
    );
    // Drift to fix: the shop pinned to the dashboard.
    const shop = emulator.listWebsites(account.id).find((w) => w.domain === "shop.fix.example")!;
    emulator.updateWebsite(shop.id, { favorite: true });
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    let refused: Awaited<ReturnType<typeof run>>;
    try {
      refused = await fixIn(copy);
    } finally {
      process.env.PATH = path;
      emulator.updateWebsite(shop.id, { favorite: false });
    }
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      `drift --fix code wrote nothing:\n  ${file} changed since it was read, so it was not written: run again.`,
    );
    expect(refused.out).toBe("");
    expect(readFileSync(file, "utf8")).toBe(`${before}  # saved by someone during the run\n`);
    expect(readdirSync(copy).sort()).toEqual(["Pulumi.yaml", "index.ts", "websites.yaml"]);
  });

  it("does not write a server value that fails its field's rule: that website is not fixed, the others are", async () => {
    const copy = join(root, "free-text");
    cpSync(repo, copy, { recursive: true, filter: (source) => !source.includes(".git") });
    const [shop, blog] = ["shop.fix.example", "blog.fix.example"].map((domain) =>
      emulator.listWebsites(account.id).find((w) => w.domain === domain)!,
    );
    // exclude_ips is free text on the server; the blog's reports are switched on too.
    emulator.updateWebsite(blog!.id, { exclude_ips: "${secretValue}", email: 1 });
    emulator.updateWebsite(shop!.id, { favorite: true });
    try {
      const fixed = await fixIn(copy);
      expect(fixed.err).not.toContain("wrote nothing");
      expect(fixed.code).toBe(2);
      const written = readFileSync(join(copy, "websites.yaml"), "utf8");
      expect(written).not.toContain("secretValue");
      expect(written).toContain(
        "  - domain: shop.fix.example  # the shop\n    privacy: private\n    favorite: true\n",
      );
      // The blog's addresses stay as the code had them; its reports are written.
      expect(written).toContain(
        "  - domain: blog.fix.example\n    excludeIps: [10.0.0.1]\n    email: true\n",
      );
      expect(fixed.out).toMatch(
        /changed blog\.fix\.example \(\d+\): .*websites\.yaml:7: blog\.fix\.example: the server's excludeIps is not written into the code, as it fails the field's rule: The IP entry "\$\{secretValue\}" is not an IPv4 or IPv6 address or CIDR range/,
      );
    } finally {
      emulator.updateWebsite(blog!.id, { exclude_ips: "10.0.0.1", email: 0 });
      emulator.updateWebsite(shop!.id, { favorite: false });
    }
  });
});
