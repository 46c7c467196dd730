// The plugin's single executable (Node.js inside) as a machine without Node.js runs it: this
// machine's release archive, built as `npm run plugin:release` builds it, installed with
// `pulumi plugin install resource webstats <version> --file <archive>`, serves a Pulumi YAML
// program that creates, changes and destroys a website against the emulator, while the PATH the
// CLI gets (and hands on to the plugins it starts) holds the YAML host's folder and no `node`.
// The same run takes the proxy path: the emulator speaks HTTPS with a certificate of a private
// authority (webstats:caCertFile) under a name that only a forwarding proxy resolves, and the
// CLI's environment names that proxy in HTTPS_PROXY, https_proxy and http_proxy (which gRPC
// reads), so the executable's requests go through it and its gRPC to the engine does not.
import { execFileSync, spawnSync } from "node:child_process";
import {
  accessSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  closeSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { executableFileName, hostPlatformName } from "../../../tools/release/plugin-executables.mjs";
import { releasePlugin } from "../../../tools/release/release-plugin.mjs";
import { INSTALLATION_NAME, startCompanyInstallation } from "../../support/company-installation";
import type { CompanyInstallation } from "../../support/company-installation";
import { describeEngine, e2e, TestStack, uniqueDomain } from "../harness";
import { plainOutputs, yamlWebsite } from "../programs";

const root = join(__dirname, "..", "..", "..");
/** The installation's name, which only the forwarding proxy resolves. */
const NAME = INSTALLATION_NAME;
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };

/** Where a command named `name` is found on `path`, as a shell or Go's exec.LookPath finds it. */
function lookPath(name: string, path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not there, or not executable.
    }
  }
  return undefined;
}

function firstBytes(file: string, count: number): Buffer {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(count);
    readSync(fd, buffer, 0, count, 0);
    return buffer;
  } finally {
    closeSync(fd);
  }
}

describeEngine("provider plugin: the single executable, with no Node.js to be found", () => {
  const os = hostPlatformName().split("-")[0] ?? "";
  let installation: CompanyInstallation;
  let work = "";
  let home = "";
  const stacks: TestStack[] = [];
  // All an engine running a YAML program needs on PATH: the YAML host's folder, which is the
  // CLI's own cache folder or one holding the host alone (the CLI runs by its full path, and
  // finds a host beside itself without PATH). Never the CLI's folder as such: a `pulumi` found on
  // PATH may sit beside a `node`.
  const enginePath = e2e.yamlHostDir;

  beforeAll(async () => {
    installation = await startCompanyInstallation({
      authority: "Webstats Executable Root",
      account: "Executable",
    });
    work = mkdtempSync(join(tmpdir(), "webstats-executable-"));
    const [archive] = await releasePlugin({
      releaseDir: join(work, "release"),
      platforms: [hostPlatformName()],
    });
    home = join(work, "pulumi-home");
    execFileSync(
      join(e2e.binDir, "pulumi"),
      ["plugin", "install", "resource", "webstats", version, "--file", archive ?? ""],
      {
        env: {
          ...process.env,
          PULUMI_HOME: home,
          PULUMI_SKIP_UPDATE_CHECK: "true",
          PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        },
        stdio: "pipe",
      },
    );
  }, 120_000);

  afterAll(async () => {
    stacks.forEach((stack) => stack.cleanup());
    await installation?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("creates, changes and destroys a website with no node on the engine's PATH, through a proxy", async () => {
    // What the engine will run is the executable, not the script with its `#!` line.
    const installed = join(home, "plugins", `resource-webstats-v${version}`, executableFileName(os));
    expect(firstBytes(installed, 2).toString("latin1")).not.toBe("#!");

    // No `node` on that PATH: the script plugin, given the same PATH, cannot even start.
    expect(lookPath("node", enginePath)).toBeUndefined();
    const script = spawnSync(join(root, "dist", "plugin", "pulumi-resource-webstats.js"), ["127.0.0.1:1"], {
      env: { PATH: enginePath },
      encoding: "utf8",
      timeout: 10_000,
    });
    expect(script.status).toBe(127);
    expect(script.stderr).toContain("node");

    const domain = uniqueDomain("sea");
    const program = (email: boolean) =>
      yamlWebsite({ domain, email }, { websiteId: "site.websiteId", email: "site.email" });
    const { emulator, account, proxy, pem, byName } = installation;
    const stack = TestStack.create({
      yaml: program(false),
      pluginHome: home,
      config: {
        "webstats:baseUrl": { value: byName },
        "webstats:apiKey": { value: account.apiKey, secret: true },
        "webstats:caCertFile": { value: pem.path("company-root.pem") },
      },
      env: {
        PATH: enginePath,
        HTTPS_PROXY: proxy.url,
        https_proxy: proxy.url,
        http_proxy: proxy.url,
        NO_PROXY: "",
        no_proxy: "",
      },
    });
    stacks.push(stack);

    const created = plainOutputs((await stack.up()).outputs);
    const id = created.websiteId as number;
    expect(created.email).toBe(false);
    expect(emulator.getWebsite(id)).toMatchObject({ domain, email: 0 });

    stack.setYamlProgram(program(true));
    const changed = plainOutputs((await stack.up()).outputs);
    expect(changed).toEqual({ websiteId: id, email: true });
    expect(emulator.getWebsite(id)?.email).toBe(1);

    await stack.destroy();
    expect(emulator.getWebsite(id)).toBeUndefined();
    // Every request went through the proxy (nothing else resolves the name), and only those did:
    // none of the engine's own loopback connections.
    expect(proxy.connects.length).toBeGreaterThan(0);
    expect(proxy.connects.filter((tunnel) => tunnel.host !== NAME)).toEqual([]);
  }, 120_000);
});
