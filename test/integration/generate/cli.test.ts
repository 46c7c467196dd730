// `pulumi-webstats generate` against the emulator over real HTTP: credentials from the
// environment only, every website of every page listed, folders never overwritten unasked.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../emulator";
import { parsedOptions, runCaptured } from "../../support/run-cli";
import { WebstatsClient } from "../../../sdk";
import { defaultParallel } from "../../../core/bounded-pool";
import { USAGE_EXIT_CODE } from "../../../core/exit-codes";

const run = runCaptured;

describe("pulumi-webstats generate", () => {
  let emulator: Emulator;
  let account: EmulatorAccount;
  let env: Record<string, string>;
  const siteCount = 120; // more than one page of 100
  const root = mkdtempSync(join(tmpdir(), "generate-cli-"));

  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
    account = emulator.createAccount();
    env = { WEBSTATS_BASE_URL: emulator.url, WEBSTATS_API_KEY: account.apiKey };
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    for (let i = 0; i < siteCount; i++) {
      await client.websites.create({
        domain: `site-${String(i).padStart(3, "0")}.example.com`,
        email: i % 2 === 0,
      });
    }
  });
  afterAll(async () => {
    await emulator.close();
  });

  it("writes a project with every website of the account", async () => {
    const out = join(root, "all-sites");
    emulator.resetRequestCounts();
    const result = await run(["generate", "--out", out], env);
    expect(result).toMatchObject({ code: 0, err: "" });
    expect(result.out).toContain(`Listed ${siteCount} websites of ${emulator.url}.`);
    const program = readFileSync(join(out, "index.ts"), "utf8");
    expect(program.match(/new webstats\.Website\(/g)).toHaveLength(siteCount);
    expect(program).toContain(`new webstats.Website("site-119.example.com", {`);
    expect(readFileSync(join(out, "Pulumi.yaml"), "utf8")).toMatch(/^name: all-sites$/m);
    // Two pages of 100: two requests, nothing else.
    expect(emulator.requestCounts()).toEqual({ "GET /api/v1/websites": 2 });
  });

  it("reads pacing and timeout as the provider does, with the provider's messages", async () => {
    const paced = await run(["generate", "--out", join(root, "paced")], {
      ...env,
      WEBSTATS_REQUESTS_PER_MINUTE: "fast",
    });
    expect(paced.code).toBe(1);
    expect(paced.err).toBe(
      'pulumi-webstats: WEBSTATS_REQUESTS_PER_MINUTE must be a non-negative number of requests per minute, not "fast".\n',
    );
    const slow = await run(["generate", "--out", join(root, "slow")], {
      ...env,
      WEBSTATS_TIMEOUT_MS: "soon",
    });
    expect(slow.err).toMatch(
      /WEBSTATS_TIMEOUT_MS must be a whole number of milliseconds of at least 1, not "soon"/,
    );
    expect(existsSync(join(root, "paced"))).toBe(false);
  });

  it("writes the YAML format", async () => {
    const out = join(root, "as-yaml");
    const result = await run(["generate", "--out", out, "--format", "yaml", "--name", "fleet"], env);
    expect(result.code).toBe(0);
    const fleet = readFileSync(join(out, "websites.yaml"), "utf8");
    expect(fleet.match(/^ {2}- domain: /gm)).toHaveLength(siteCount);
    expect(readFileSync(join(out, "Pulumi.yaml"), "utf8")).toMatch(/^name: fleet$/m);
  });

  it("says that every website is protected, and that pulumi import --file protects what it imports", async () => {
    const project = await run(["generate", "--out", join(root, "protected")], env);
    expect(project.code).toBe(0);
    const program = readFileSync(join(root, "protected", "index.ts"), "utf8");
    expect(program.match(/\}, \{ protect: true \}\),$/gm)).toHaveLength(siteCount);

    const out = join(root, "import");
    const result = await run(["generate", "--out", out, "--format", "import"], env);
    expect(result).toMatchObject({ code: 0, err: "" });
    expect(result.out).toContain(
      "run pulumi import --file import.json. It protects every website it imports (unless --protect=false).\n",
    );
    const file = JSON.parse(readFileSync(join(out, "import.json"), "utf8")) as { resources: unknown[] };
    expect(file.resources).toHaveLength(siteCount);
    expect((await run(["generate", "--help"], {})).out).toContain(
      "Every website is protected (protect: true)",
    );
  });

  it("refuses a folder that is not empty, unless --force", async () => {
    const out = join(root, "busy");
    mkdirSync(out);
    writeFileSync(join(out, "notes.txt"), "mine");
    const refused = await run(["generate", "--out", out], env);
    expect(refused.code).toBe(USAGE_EXIT_CODE);
    expect(refused.err).toContain("is not empty: choose a new folder, or add --force");
    expect(existsSync(join(out, "index.ts"))).toBe(false);

    const forced = await run(["generate", "--out", out, "--force"], env);
    expect(forced.code).toBe(0);
    expect(existsSync(join(out, "index.ts"))).toBe(true);
    expect(readFileSync(join(out, "notes.txt"), "utf8")).toBe("mine");
  });

  it("takes credentials only from the environment and never echoes a key given as an argument", async () => {
    const key = account.apiKey;
    for (const argv of [
      ["generate", "--out", join(root, "k1"), "--api-key", key],
      ["generate", "--out", join(root, "k2"), `--apiKey=${key}`],
      ["generate", "--out", join(root, "k3"), `--token=${key}`],
    ]) {
      const result = await run(argv, env);
      expect(result.code).toBe(USAGE_EXIT_CODE);
      expect(result.err).toContain("does not take an API key on the command line");
      expect(result.err).toContain("WEBSTATS_API_KEY");
      expect(result.err).not.toContain(key);
    }
    const missing = await run(["generate", "--out", join(root, "k4")], { WEBSTATS_BASE_URL: emulator.url });
    expect(missing).toMatchObject({ code: USAGE_EXIT_CODE });
    expect(missing.err).toContain("WEBSTATS_API_KEY is not set");
  });

  it("reports a refused key as the API's error, without the key", async () => {
    const wrong = "x".repeat(64);
    const result = await run(["generate", "--out", join(root, "bad-key")], {
      ...env,
      WEBSTATS_API_KEY: wrong,
    });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/401|Unauthenticated/);
    expect(result.err).not.toContain(wrong);
    expect(existsSync(join(root, "bad-key", "index.ts"))).toBe(false);
  });
});

describe("pulumi-webstats command line", () => {
  it("prints an overview of the commands, and each command's own help", async () => {
    for (const argv of [["--help"], ["-h"], ["help"]]) {
      const result = await run(argv, {});
      expect(result.code).toBe(0);
      expect(result.out).toMatch(/^Usage: pulumi-webstats <command> \[options\]/);
      for (const name of ["generate", "drift", "schema", "plugin install"])
        expect(result.out).toMatch(new RegExp(`^  ${name} +\\w`, "m"));
    }
    for (const argv of [
      ["generate", "--help"],
      ["help", "generate"],
      ["generate", "-h", "--out", "x"],
    ]) {
      const result = await run(argv, {});
      expect(result.code).toBe(0);
      expect(result.out).toMatch(/^Usage: pulumi-webstats generate --out DIR/);
      expect(result.out).toContain("--only-unmanaged");
      expect(result.out).not.toContain("--fail-on");
    }
    for (const argv of [
      ["drift", "--help"],
      ["help", "drift"],
      ["--stack", "x", "drift", "-h"],
    ]) {
      const result = await run(argv, {});
      expect(result.code).toBe(0);
      expect(result.out).toMatch(/^Usage: pulumi-webstats drift/);
      expect(result.out).toContain("--fail-on LIST");
      expect(result.out).not.toContain("--out DIR");
      expect(result.out).toContain("WEBSTATS_API_KEY");
    }
    expect((await run(["schema", "--help"], {})).out).toMatch(/^Usage: pulumi-webstats schema\n/);
    expect((await run(["plugin", "install", "--help"], {})).out).toMatch(
      /^Usage: pulumi-webstats plugin install\n/,
    );
  });

  it("explains wrong usage without repeating the arguments", async () => {
    const cases: [string[], RegExp][] = [
      [[], /say what to do: generate, drift, drift merge, schema, policy check or plugin install/],
      [["deploy"], /the commands are generate, drift, drift merge, schema, policy check and plugin install/],
      [["generate"], /--out DIR is required/],
      [["generate", "--out", "x", "--format", "json"], /--format is ts, yaml or import, not "json"/],
      [["generate", "--out", "x", "--colour=s3cr3t"], /unknown option --colour\./],
      [["generate", "--out", "x", "s3cr3t"], /takes no further arguments/],
      [
        ["generate", "--out", "x", "--only-unmanaged"],
        /--only-unmanaged needs the stacks that manage websites/,
      ],
      [["generate", "--out", "x", "--stack", "prod"], /--stack and --state go with --only-unmanaged/],
      [["generate", "--out", "x", "--fail-on", "gone"], /--fail-on is an option of drift, not of generate/],
      [["plugin"], /the plugin command is: pulumi-webstats plugin install/],
      [["plugin", "install", "now"], /plugin install takes no further arguments/],
    ];
    for (const [argv, message] of cases) {
      const result = await run(argv, {});
      expect(result.code, argv.join(" ")).toBe(USAGE_EXIT_CODE);
      expect(result.err).toMatch(message);
      expect(result.err).not.toContain("s3cr3t");
    }
  });

  it("exits 1, not drift's 2, when drift is used wrongly", async () => {
    const cases: [string[], RegExp][] = [
      [["drift"], /drift needs the stacks to compare: --stack NAME/],
      [["drift", "--stack", ""], /--stack needs a value/],
      [
        ["drift", "--stack", "prod", "--format", "ts"],
        /--format of drift is text, json, markdown, sarif, junit or html\.$/m,
      ],
      [
        ["drift", "--stack", "prod", "--fail-on", "changed,s3cr3t"],
        /--fail-on takes changed, gone, unmanaged, duplicate/,
      ],
      [["drift", "--stack", "prod", "--out", "x"], /--out is an option of generate, not of drift/],
      [["drift", "--stack", "prod", "--api-key=s3cr3t"], /does not take an API key on the command line/],
      [["drift", "--stack", "prod", "s3cr3t"], /drift takes no further arguments/],
      [["--stack", "prod", "drift", "--bogus"], /unknown option --bogus/],
    ];
    for (const [argv, message] of cases) {
      const result = await run(argv, {});
      expect(result.code, argv.join(" ")).toBe(1);
      expect(result.err).toMatch(message);
      expect(result.err).not.toContain("s3cr3t");
    }
  });

  it("exits with the usage code when generate is used wrongly, whatever its values are named", async () => {
    for (const argv of [
      ["--out", "drift", "--format", "cs"],
      ["--out", "x", "--bogus"],
    ]) {
      const result = await run(argv, {});
      expect(result.code, argv.join(" ")).toBe(USAGE_EXIT_CODE);
    }
  });

  it("prints the package schema", async () => {
    const result = await run(["schema"], {});
    expect(result).toMatchObject({ code: 0, err: "" });
    const schema = JSON.parse(result.out) as { name: string; resources: Record<string, unknown> };
    expect(schema.name).toBe("webstats");
    expect(Object.keys(schema.resources)).toEqual(["webstats:index:Website"]);
    expect((await run(["schema", "--out", "x"], {})).err).toMatch(
      /--out is an option of generate, not of schema\./,
    );
    expect((await run(["schema", "x"], {})).err).toMatch(/schema takes no arguments or options/);
  });

  const optionsOf = parsedOptions;

  it("parses the options", () => {
    expect(optionsOf(["generate", "--out", "dir", "--format", "yaml", "--name", "n", "--force"])).toEqual({
      out: "dir",
      format: "yaml",
      name: "n",
      force: true,
    });
    expect(optionsOf(["generate", "--out", "dir"])).toEqual({ out: "dir", format: "ts", force: false });
    expect(
      optionsOf([
        "generate",
        "--out",
        "dir",
        "--only-unmanaged",
        "--state",
        "a.json",
        "--cwd",
        "b",
        "--stack",
        "prod",
      ]),
    ).toEqual({
      out: "dir",
      format: "ts",
      force: false,
      onlyUnmanaged: [
        { kind: "file", path: "a.json" },
        { kind: "stack", name: "prod", cwd: "b" },
      ],
    });
  });

  it("reads each --stack in the folder of the --cwd before it", () => {
    const argv = ["drift", "--stack", "dev", "--cwd", "teams/a", "--stack", "prod", "--state", "x.json"];
    expect(
      optionsOf([
        ...argv,
        "--cwd",
        "teams/b",
        "--stack",
        "prod",
        "--fail-on",
        "gone,changed",
        "--fail-on",
        "unmanaged",
      ]),
    ).toEqual({
      sources: [
        { kind: "stack", name: "dev", cwd: "." },
        { kind: "stack", name: "prod", cwd: "teams/a" },
        // A --state takes the folder of the --cwd before it as its project folder.
        { kind: "file", path: "x.json", cwd: "teams/a" },
        { kind: "stack", name: "prod", cwd: "teams/b" },
      ],
      parallel: defaultParallel(),
      readWith: "auto",
      format: "text",
      failOn: ["gone", "changed", "unmanaged"],
    });
    expect(
      optionsOf(["drift", "--state", "x.json", "--format", "markdown", "--fail-on", "none"]),
    ).toMatchObject({ format: "markdown", failOn: [] });
    expect(optionsOf(["drift", "--state", "x.json"])).toMatchObject({
      failOn: ["changed", "gone", "unmanaged", "duplicate"],
    });
  });
});
