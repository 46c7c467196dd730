// The Go SDK generated from the package schema (language-sdks/go), installed as its users install
// it, from a Go module proxy (here the proxy layout the release writes, GOPROXY=file://..., ahead
// of the machine's own proxy for everything else), drives the provider plugin through a Go
// program (test/e2e/go-program), an Automation API inline program built with `go build`, against
// the emulator: create, refresh after a change made elsewhere and up that
// puts it back, an update, a preview with no change, a second account through an explicit
// provider, getAccount, and destroy. The API keys never reach the state or the engine's output
// in clear. The first up previews first, as `pulumi up` does, so that the functions' output forms
// (LookupWebsiteOutput of the websites the program creates, the documented GetAccountOutput) run
// on a first preview. The documented Go example builds against the same SDK.
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { findGo, goEnvironment } from "../../../tools/machine/ensure-pulumi.mjs";
import { e2e, uniqueDomain } from "../harness";
import { useEngineFixture } from "../fixture";
import * as sdkScenario from "../sdk-scenario";
import { pluginHome } from "../plugin-home";
import { docExample } from "../../support/docs";
import { goProxyRelease } from "../release-artifacts";

const run = promisify(execFile);
const programDir = join(__dirname, "..", "go-program");
const projectName = "webstats-go";
const stackName = "test";

const go = findGo();
// In CI a missing Go fails the file (in beforeAll) instead of skipping it.
const describeWithGo = sdkScenario.describeNeeding("GO", go ? undefined : "Go is not installed");

/** A website as the Go program declares it (see `website` in go-program/main.go). */
interface Website {
  name: string;
  domain: string;
  email?: boolean;
  excludeBots?: boolean;
  privacy?: "public" | "private" | "password";
  excludeIps?: string[];
  excludeParams?: string[];
  secondAccount?: boolean;
}

/** What the Go program prints (see `result` in go-program/main.go). */
interface GoResult {
  ok: boolean;
  summary?: Record<string, number>;
  changes?: boolean;
  outputs?: {
    websiteIds?: Record<string, number>;
    foundIds?: Record<string, number>;
    planName?: string;
    accountName?: string;
    secondAccountName?: string;
    trackingCodes?: Record<string, string>;
    trackingCode?: string;
  };
}

describeWithGo("the generated Go SDK through the provider plugin", () => {
  const fixture = useEngineFixture([{ name: "Main" }, { name: "Agency" }], undefined, "plugin");
  let dir = "";
  let binary = "";
  /** Go's environment for a module that requires the SDK from the release's proxy. */
  let releaseEnv: NodeJS.ProcessEnv = {};

  /**
   * A copy of the test program's module in `target`, named `moduleName`, that requires the SDK
   * at the release's version instead of the checkout's folder (the committed go.mod's replace,
   * which gofmt and go vet use). Its go.sum pins Pulumi's modules; the SDK's line is added from
   * the release's proxy, which the checksum database does not know yet (GONOSUMDB).
   */
  async function prepareFromRelease(target: string, moduleName: string): Promise<void> {
    if (!releaseEnv.GOPROXY) {
      const release = goProxyRelease(dir);
      const { stdout: machineProxy } = await run(go!, ["env", "GOPROXY"]);
      releaseEnv = {
        ...goEnvironment(),
        GOPROXY: [
          pathToFileURL(release.proxyDir).href,
          machineProxy.trim() || "https://proxy.golang.org",
        ].join(","),
        GONOSUMDB: `github.com/pulumi,${release.modulePath}`,
        GOFLAGS: "-mod=mod",
      };
      sdkRequirement = `${release.modulePath}@${release.version}`;
    }
    mkdirSync(target, { recursive: true });
    for (const file of ["go.mod", "go.sum", "main.go"]) cpSync(join(programDir, file), join(target, file));
    const modulePath = sdkRequirement.split("@")[0]!;
    await run(
      go!,
      ["mod", "edit", "-module", moduleName, `-dropreplace=${modulePath}`, `-require=${sdkRequirement}`],
      {
        cwd: target,
        env: releaseEnv,
      },
    );
  }
  /** `<module path>@v<version>` of the SDK in the release. */
  let sdkRequirement = "";
  /** Everything the engine printed, across operations. */
  let engineOutput = "";

  beforeAll(async () => {
    if (!go)
      throw new Error("the Go SDK test needs Go 1.25+ on PATH or in /usr/local/go, and none was found");
    dir = mkdtempSync(join(tmpdir(), "webstats-go-sdk-"));
    binary = join(dir, "go-program");
    await prepareFromRelease(join(dir, "program"), "pulumi-webstats/test/e2e/go-program");
    await run(go, ["build", "-o", binary, "."], {
      cwd: join(dir, "program"),
      env: releaseEnv,
      maxBuffer: 16 * 1024 * 1024,
    });
    mkdirSync(join(dir, "project"));
    mkdirSync(join(dir, "backend"));
    // The plugin installed as users install it, and, with ambient plugins ignored, only it.
    cpSync(join(pluginHome(), "plugins"), join(dir, "home", "plugins"), { recursive: true });
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const stateFile = () => join(dir, "backend", ".pulumi", "stacks", projectName, `${stackName}.json`);
  const apiKeys = () => [fixture.account(0).apiKey, fixture.account(1).apiKey];

  /** Runs one operation of the Go program on the stack; fails with the engine's output if it fails. */
  async function goProgram(
    operation: "up" | "refresh" | "preview" | "destroy",
    websites: Website[],
    options: { refresh?: boolean; previewFirst?: boolean } = {},
  ): Promise<GoResult> {
    const request = {
      operation,
      refresh: options.refresh ?? false,
      previewFirst: options.previewFirst ?? false,
      project: projectName,
      stack: stackName,
      workDir: join(dir, "project"),
      backendUrl: `file://${join(dir, "backend")}`,
      pulumiHome: join(dir, "home"),
      cliDir: e2e.binDir,
      passphrase: "e2e-passphrase",
      baseUrl: fixture.emulator.url,
      apiKey: fixture.account(0).apiKey,
      secondAccount: { baseUrl: fixture.emulator.url, apiKey: fixture.account(1).apiKey },
      websites,
    };
    // The keys go in a file, not on the command line, where any process could read them.
    const requestFile = join(dir, "request.json");
    writeFileSync(requestFile, JSON.stringify(request), { mode: 0o600 });
    const env = { ...process.env };
    // Credentials reach the provider only through the stack's configuration.
    delete env.WEBSTATS_API_KEY;
    delete env.WEBSTATS_BASE_URL;
    delete env.PULUMI_BACKEND_URL;
    try {
      const { stdout, stderr } = await run(binary, [requestFile], {
        env,
        maxBuffer: 64 * 1024 * 1024,
        timeout: 300_000,
      });
      engineOutput += stderr;
      // After every operation: the keys are in neither the state nor the stack's settings file.
      const settings = join(dir, "project", `Pulumi.${stackName}.yaml`);
      for (const file of [stateFile(), settings]) {
        const text = readFileSync(file, "utf8");
        for (const key of apiKeys()) expect(text, file).not.toContain(key);
      }
      return JSON.parse(stdout) as GoResult;
    } catch (error) {
      const failed = error as { stderr?: string; message: string };
      if (failed.stderr === undefined) throw error;
      throw new Error(`go-program ${operation} failed: ${failed.message}\n--- stderr ---\n${failed.stderr}`);
    } finally {
      rmSync(requestFile, { force: true });
    }
  }

  it("creates, refreshes, updates, previews and destroys websites in two accounts", async () => {
    const [first, second, agency] = [
      uniqueDomain("gosdk"),
      uniqueDomain("gosdk-b"),
      uniqueDomain("gosdk-agency"),
    ];
    const websites = (email: boolean, privacy: "private" | "public"): Website[] => [
      {
        name: "shop",
        domain: `https://www.${first}`,
        email,
        privacy,
        excludeIps: ["203.0.113.0/24"],
        excludeParams: ["utm_source"],
      },
      { name: "blog", domain: second, excludeBots: false },
      { name: "client", domain: agency, email: true, secondAccount: true },
    ];
    const domainsOf = (index: number) =>
      fixture.emulator.listWebsites(fixture.account(index).id).map((w) => w.domain);

    const printed = engineOutput.length;
    const created = await goProgram("up", websites(false, "private"), { previewFirst: true });
    expect(engineOutput.slice(printed)).toContain("Previewing update (");
    // The stack, the second account's provider and the three websites.
    expect(created).toMatchObject({
      ok: true,
      summary: { create: 5 },
      outputs: { accountName: "Main", secondAccountName: "Agency" },
    });
    const ids = created.outputs?.websiteIds ?? {};
    expect(Object.keys(ids).sort()).toEqual(["blog", "client", "shop"]);
    // LookupWebsiteOutput by each domain of the first account finds the website itself.
    expect(created.outputs?.foundIds).toEqual({ shop: ids.shop, blog: ids.blog });
    expect(created.outputs?.planName).toEqual(expect.any(String));
    // The tracking code, as each website's output and through the function.
    const snippet = sdkScenario.trackingSnippet(fixture.emulator.url);
    expect(created.outputs?.trackingCodes).toEqual({ shop: snippet, blog: snippet, client: snippet });
    expect(created.outputs?.trackingCode).toBe(snippet);
    const {
      shop: shopId,
      blog: blogId,
      client: clientId,
    } = ids as Record<"shop" | "blog" | "client", number>;
    expect(fixture.emulator.getWebsite(shopId)).toMatchObject({
      domain: first,
      privacy: 1,
      email: 0,
      exclude_bots: 1,
      exclude_ips: "203.0.113.0/24",
      exclude_params: "utm_source",
    });
    expect(fixture.emulator.getWebsite(blogId)).toMatchObject({
      domain: second,
      exclude_bots: 0,
      email: 0,
      privacy: 0,
    });
    expect(fixture.emulator.getWebsite(clientId)).toMatchObject({ domain: agency, email: 1 });
    expect(domainsOf(0).sort()).toEqual([first, second].sort());
    expect(domainsOf(1)).toEqual([agency]);
    // Both providers, the default one and the explicit one, hold their key encrypted.
    const state = JSON.parse(readFileSync(stateFile(), "utf8")) as {
      checkpoint: { latest: { resources: { type: string; inputs?: { apiKey?: unknown } }[] } };
    };
    const providers = state.checkpoint.latest.resources.filter((r) => r.type === "pulumi:providers:webstats");
    expect(providers).toHaveLength(2);
    for (const provider of providers) expect(JSON.stringify(provider.inputs?.apiKey)).toContain("ciphertext");

    // A change made elsewhere: refresh records it, up puts the declared values back.
    fixture.emulator.updateWebsite(blogId, { exclude_bots: 1, email: 1 });
    const refreshed = await goProgram("refresh", websites(false, "private"));
    expect(refreshed.summary).toEqual({ same: 4, update: 1 });
    const restored = await goProgram("up", websites(false, "private"));
    expect(restored.summary).toEqual({ same: 4, update: 1 });
    expect(fixture.emulator.getWebsite(blogId)).toMatchObject({ exclude_bots: 0, email: 0 });

    // An update in place keeps the website and its id.
    const updated = await goProgram("up", websites(true, "public"));
    expect(updated.summary).toEqual({ same: 4, update: 1 });
    expect(updated.outputs?.websiteIds).toEqual(ids);
    expect(fixture.emulator.getWebsite(shopId)).toMatchObject({
      email: 1,
      privacy: 0,
      exclude_ips: "203.0.113.0/24",
    });

    const preview = await goProgram("preview", websites(true, "public"), { refresh: true });
    expect(preview).toMatchObject({ ok: true, changes: false });

    const destroyed = await goProgram("destroy", websites(true, "public"));
    expect(destroyed.summary).toEqual({ delete: 5 });
    for (const id of [shopId, blogId, clientId]) expect(fixture.emulator.getWebsite(id)).toBeUndefined();
    expect(domainsOf(0)).toEqual([]);
    expect(domainsOf(1)).toEqual([]);

    for (const key of apiKeys()) expect(engineOutput).not.toContain(key);
  });

  it("builds the documented Go example against the generated SDK (running it needs the Go language host)", async () => {
    const example = join(dir, "readme-example");
    // The program's module, renamed, with the same pinned dependencies and the SDK from the release.
    await prepareFromRelease(example, "readme-example");
    writeFileSync(join(example, "main.go"), docExample("sdk-go", "go"));
    const env = releaseEnv;
    await run(go!, ["vet", "."], { cwd: example, env });
    await run(go!, ["build", "-o", join(example, "example"), "."], { cwd: example, env });
  });
});
