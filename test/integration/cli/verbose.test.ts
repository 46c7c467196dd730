// `--verbose` and WEBSTATS_VERBOSE, the command line run in-process against the emulator over
// real HTTP: standard error gains a line per request (method, path, status, duration, retries),
// per retry and per stack read, each starting "verbose: "; standard output, the report files and
// the exit code are the same as without it; neither the API key nor a website's password shows.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERBOSE_PREFIX, VERBOSE_VARIABLE } from "../../../cli/verbose";
import { exitCodes } from "../../../core/exit-codes";
import { startEmulator, type Emulator } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";
import { runCaptured } from "../../support/run-cli";
import { writeStackExport } from "../../support/stack-exports";

let emulator: Emulator;
const root = mkdtempSync(join(tmpdir(), "cli-verbose-"));
const state = join(root, "prod.json");
const PASSWORD = "verbose-test-password";
let env: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  const account = emulator.createAccount({});
  const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey, maxRetries: 0 });
  const shop = await client.websites.create({
    domain: "shop.example.com",
    privacy: "password",
    password: PASSWORD,
  });
  await client.websites.create({ domain: "blog.example.com" });
  // The stack records shop alone: blog is unmanaged, so drift finds drift.
  writeStackExport(state, {
    project: "shop",
    url: emulator.url,
    apiKey: account.apiKey,
    websites: [shop],
    password: PASSWORD,
  });
  env = { WEBSTATS_BASE_URL: emulator.url, WEBSTATS_API_KEY: account.apiKey };
});
afterAll(async () => {
  await emulator.close();
  rmSync(root, { recursive: true, force: true });
});

const verboseLines = (err: string): string[] => err.split("\n").filter((l) => l.startsWith(VERBOSE_PREFIX));

/** Neither the key nor the password, in any spelling a log could take. */
function expectNoSecret(text: string): void {
  for (const secret of [env.WEBSTATS_API_KEY!, PASSWORD]) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(encodeURIComponent(secret));
  }
}

describe("drift --verbose", () => {
  // The two ways to ask, each against the same run without it.
  const asked: [string, string[], Record<string, string>][] = [
    ["--verbose", ["--verbose"], {}],
    [`${VERBOSE_VARIABLE}=1`, [], { [VERBOSE_VARIABLE]: "1" }],
  ];

  it.each(asked)(
    "%s: a line per request, retry and stack on stderr; stdout and the files unchanged",
    async (_, flag, extra) => {
      const line = (out: string) => [
        "drift",
        "--state",
        state,
        "--format",
        "json",
        "--format",
        "markdown",
        "--output",
        out,
      ];
      const plain = await runCaptured(line(join(root, "plain.md")), env);
      // The account's read fails once: its retry shows.
      emulator.injectFault({ route: "GET /api/v1/account", kind: "status", status: 503, count: 1 });
      const verbose = await runCaptured([...line(join(root, "verbose.md")), ...flag], { ...env, ...extra });

      expect(plain.code).toBe(exitCodes.drift);
      expect(verbose.code).toBe(plain.code);
      expect(verbose.out).toBe(plain.out);
      expect(readFileSync(join(root, "verbose.md"), "utf8")).toBe(
        readFileSync(join(root, "plain.md"), "utf8"),
      );
      expect(verboseLines(plain.err)).toEqual([]);
      // The progress lines are the same; the verbose ones come besides them.
      expect(verbose.err.split("\n").filter((l) => !l.startsWith(VERBOSE_PREFIX))).toEqual(
        plain.err.replace("plain.md", "verbose.md").split("\n"),
      );

      const lines = verboseLines(verbose.err);
      expect(lines).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^verbose: state file .*prod\.json: read from the file, 1 recorded website$/),
          expect.stringMatching(/^verbose: GET \/api\/v1\/account: 503 in \d+ ms \(retry 0\)$/),
          expect.stringMatching(/^verbose: GET \/api\/v1\/account: retry 1 of \d+ in \d+ ms \(gateway\)$/),
          expect.stringMatching(/^verbose: GET \/api\/v1\/account: 200 in \d+ ms \(retry 1\)$/),
          expect.stringMatching(/^verbose: GET \/api\/v1\/websites\?\S+: 200 in \d+ ms \(retry 0\)$/),
        ]),
      );
      // Every line is one of those shapes: nothing else slips into the log.
      for (const verboseLine of lines) {
        expect(verboseLine).toMatch(
          /^verbose: (state file \S+: read from the file, \d+ recorded websites?|(GET|POST|PUT|PATCH|DELETE) \/api\/v1\/\S*: (\d{3} in \d+ ms \(retry \d+\)|retry \d+ of \d+ in \d+ ms \(\w[\w-]*\)))$/,
        );
      }
      expectNoSecret(verbose.err);
    },
  );
});

describe("generate --verbose", () => {
  it("says each request on stderr; the import file and stdout are the same as without it", async () => {
    const plain = await runCaptured(["generate", "--out", join(root, "plain"), "--format", "import"], env);
    const verbose = await runCaptured(
      ["generate", "--out", join(root, "verbose"), "--format", "import", "--verbose"],
      env,
    );
    expect(verbose.code).toBe(exitCodes.success);
    expect(plain.code).toBe(exitCodes.success);
    expect(verbose.out).toBe(plain.out.split(join(root, "plain")).join(join(root, "verbose")));
    const file = (dir: string) => readFileSync(join(root, dir, "import.json"), "utf8");
    expect(file("verbose")).toBe(file("plain"));
    expect(verboseLines(plain.err)).toEqual([]);
    expect(verboseLines(verbose.err)).toEqual([
      expect.stringMatching(/^verbose: GET \/api\/v1\/websites\?\S+: 200 in \d+ ms \(retry 0\)$/),
    ]);
    expectNoSecret(verbose.err);
  });
});

describe("the commands that ask no server", () => {
  it.each([
    ["schema", ["schema", "--verbose"]],
    ["policy check", ["policy", "check", join(root, "missing.json"), "--verbose"]],
  ])("%s takes --verbose and says nothing more", async (_, argv) => {
    const plain = await runCaptured(
      argv.filter((a) => a !== "--verbose"),
      env,
    );
    const verbose = await runCaptured(argv, env);
    expect(verbose).toEqual(plain);
  });
});
