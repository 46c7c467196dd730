// The proxy path through the real engine, once per host. The CLI's environment has HTTPS_PROXY and
// the lower-case https_proxy and http_proxy (which gRPC libraries read) pointing at a proxy that,
// like a company's, runs on another machine: it cannot reach this machine's loopback, so it
// refuses a tunnel to 127.0.0.1 (502). It alone resolves the installation's name, which the stack
// names over HTTPS with a certificate of a private authority (webstats:caCertFile). `up` creates a
// website, `preview` shows no change, `destroy` removes it, and the proxy carried the
// installation's tunnels and nothing else.
//
// The plugin host (Pulumi YAML) needs nothing more: the engine, the YAML host (Go, which never
// proxies loopback) and the plugin's gRPC to the engine (proxying turned off) keep to loopback.
// A Node.js program does not: @pulumi/pulumi's gRPC clients to the engine (grpc-js) read
// https_proxy and http_proxy, not NO_PROXY, and send even 127.0.0.1 through the proxy, so the
// program fails before any resource ("14 UNAVAILABLE: No connection established"). A user must
// set no_proxy (lower case, without spaces) or no_grpc_proxy (read by gRPC alone) to a list that
// holds 127.0.0.1; the dynamic host's run shows the failure, then works with it.
//
// The plugin's run also shows that skipTlsVerify's warning reaches the engine's output once in the
// operation. Every setting's behaviour is proven below the engine (test/integration/
// test/integration/sdk/networks.test.ts, test/integration/cli/networks.test.ts); here, only what the engine and its processes
// do with the variables.
import { Server, RequestError } from "proxy-chain";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ForwardingProxy } from "../../support/network";
import { INSTALLATION_NAME, startCompanyInstallation } from "../../support/company-installation";
import type { CompanyInstallation } from "../../support/company-installation";
import { describeEngine, TestStack, uniqueDomain } from "../harness";
import type { ConfigValue } from "../harness";
import { pluginHome } from "../plugin-home";
import { plainOutputs, program, websiteTypeOf, yamlWebsite } from "../programs";

const NAME = INSTALLATION_NAME;

/** A proxy on another machine, as far as this machine's loopback goes. */
interface RemoteProxy {
  url: string;
  /** Every tunnel or request asked for, as `host:port`, oldest first. */
  asked: string[];
  /** Those it refused: this machine's loopback addresses. */
  refused: string[];
  close(): Promise<void>;
}

/**
 * A proxy in front of `upstream` that answers 502 to any loopback target, as a company's proxy
 * does (its 127.0.0.1 is itself), and hands everything else to `upstream`, which resolves the
 * installation's name and records the tunnels.
 */
async function startRemoteProxy(upstream: ForwardingProxy): Promise<RemoteProxy> {
  const asked: string[] = [];
  const refused: string[] = [];
  const server = new Server({
    port: 0,
    host: "127.0.0.1",
    prepareRequestFunction: ({ hostname, port }) => {
      const target = `${hostname}:${port}`;
      asked.push(target);
      if (/^(127\.|localhost$|\[?::1\]?$)/i.test(hostname)) {
        refused.push(target);
        throw new RequestError(`The proxy cannot reach ${target} (its own loopback).`, 502);
      }
      return { upstreamProxyUrl: upstream.url };
    },
  });
  await server.listen();
  return { url: `http://127.0.0.1:${server.port}`, asked, refused, close: () => server.close(true) };
}

describeEngine("Websites through a forwarding proxy, to an installation of a private authority", () => {
  let installation: CompanyInstallation;
  let remote: RemoteProxy;
  const stacks: TestStack[] = [];

  beforeAll(async () => {
    installation = await startCompanyInstallation({
      authority: "Webstats Engine Root",
      account: "Behind a proxy",
    });
    remote = await startRemoteProxy(installation.proxy);
  });

  afterAll(async () => {
    stacks.forEach((stack) => stack.cleanup());
    await Promise.all([installation?.close(), remote?.close()]);
  });

  /** The stack's configuration: the installation by name, its authority's file, the key. */
  const config = (): Record<string, ConfigValue> => ({
    "webstats:baseUrl": { value: installation.byName },
    "webstats:caCertFile": { value: installation.pem.path("company-root.pem") },
    "webstats:apiKey": { value: installation.account.apiKey, secret: true },
  });

  /**
   * A user's shell behind the company's proxy: both spellings of the variables, as Go, curl and
   * gRPC read them, and no exception for this machine (an empty value is unset for all of them;
   * gRPC's own grpc_proxy and no_grpc_proxy too, whatever the machine running the tests sets).
   */
  const proxyEnvironment = (): Record<string, string> => ({
    HTTPS_PROXY: remote.url,
    https_proxy: remote.url,
    HTTP_PROXY: remote.url,
    http_proxy: remote.url,
    NO_PROXY: "",
    no_proxy: "",
    grpc_proxy: "",
    no_grpc_proxy: "",
  });

  /** What the proxy was asked for since `before` (an index into remote.asked): the installation only. */
  function tunnelsSince(before: number): string[] {
    const since = remote.asked.slice(before);
    const target = `${NAME}:${new URL(installation.byName).port}`;
    expect(since.filter((asked) => asked !== target)).toEqual([]);
    return since;
  }

  /** A stack of `program` behind the company's proxy, cleaned up when the file is done. */
  function stackBehindProxy(program: { program: string } | { yaml: string; pluginHome: string }): TestStack {
    const stack = TestStack.create({ ...program, config: config(), env: proxyEnvironment() });
    stacks.push(stack);
    return stack;
  }

  /** An up that creates the program's website through the proxy; its result and the website's id. */
  async function expectCreatedThroughProxy(stack: TestStack, domain: string) {
    const before = remote.asked.length;
    const up = await stack.up();
    const created = plainOutputs(up.outputs);
    const id = created.websiteId as number;
    expect(created.installation).toBe(installation.byName);
    expect(installation.emulator.getWebsite(id)).toMatchObject({ domain });
    expect(tunnelsSince(before).length).toBeGreaterThan(0);
    return { up, created, id };
  }

  /**
   * A preview with no change and a destroy, each through the proxy to the installation alone;
   * the company proxy (the forwarding one behind it) carried the installation's tunnels only, and
   * the engine printed no API key.
   */
  async function expectPreviewAndDestroyThroughProxy(stack: TestStack, id: number): Promise<void> {
    const previewed = remote.asked.length;
    await stack.preview({ expectNoChanges: true });
    tunnelsSince(previewed);

    const destroying = remote.asked.length;
    await stack.destroy();
    expect(tunnelsSince(destroying).length).toBeGreaterThan(0);
    expect(installation.emulator.getWebsite(id)).toBeUndefined();
    expect(installation.proxy.connects.filter((tunnel) => tunnel.host !== NAME)).toEqual([]);
    expect(stack.output).not.toContain(installation.account.apiKey);
  }

  it("dynamic host: a Node.js program needs no_proxy=127.0.0.1, then creates, previews and destroys through the proxy", async () => {
    const domain = uniqueDomain("proxied");
    const stack = stackBehindProxy({
      program: program(`
  const site = new webstats.Website("site", { domain: "${domain}" });
  return { websiteId: site.websiteId, installation: site.installation };`),
    });

    // Without an exception for loopback, @pulumi/pulumi's gRPC asks the proxy for the engine.
    const asked = remote.asked.length;
    const failed = await stack.up({ allowFailure: true });
    expect(failed.ok).toBe(false);
    expect(failed.output).toContain("14 UNAVAILABLE: No connection established");
    const refused = remote.asked.slice(asked);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((target) => /^127\.0\.0\.1:\d+$/.test(target))).toBe(true);
    expect(installation.emulator.listWebsites(installation.account.id).map((w) => w.domain)).not.toContain(
      domain,
    );

    // What the user sets: lower case (gRPC does not read NO_PROXY), no spaces, 127.0.0.1 itself
    // (the engine's address; `localhost` alone does not match it). no_grpc_proxy works too.
    stack.setEnv("no_proxy", "127.0.0.1,localhost");
    const { id } = await expectCreatedThroughProxy(stack, domain);
    const [resource] = await stack.resourcesOfType(websiteTypeOf("dynamic"));
    expect(resource?.id).toBe(String(id));

    await expectPreviewAndDestroyThroughProxy(stack, id);
  });

  it("plugin host: a YAML program creates, previews and destroys through the proxy; skipTlsVerify's warning shows once", async () => {
    const domain = uniqueDomain("proxied-yaml");
    const stack = stackBehindProxy({
      yaml: yamlWebsite(
        { domain },
        { websiteId: "site.websiteId", installation: "site.installation", accountEmail: "unverified.email" },
        `
variables:
  unverified:
    fn::invoke:
      function: webstats:index:getAccount
      arguments:
        connection:
          skipTlsVerify: true
`,
      ),
      pluginHome: pluginHome(),
    });

    const { up, created, id } = await expectCreatedThroughProxy(stack, domain);
    expect(created.accountEmail).toBe(installation.account.email);
    // Through the engine's Log service, as a warning: once in the operation (the engine prints it
    // as it comes and again among the diagnostics, and counts one).
    const warning =
      `warning: webstats: the certificate of ${installation.byName} is not verified (connection.skipTlsVerify is ` +
      "true): any server on the way can answer as this installation and read the API key.";
    const diagnostics = up.output.slice(up.output.indexOf("\nDiagnostics:"), up.output.indexOf("\nOutputs:"));
    expect(diagnostics.split(warning).length - 1).toBe(1);
    expect(up.output).toMatch(/pulumi:pulumi:Stack \S+ created \([\d.]+m?s\) 1 warning\n/);

    await expectPreviewAndDestroyThroughProxy(stack, id);
  });
});
