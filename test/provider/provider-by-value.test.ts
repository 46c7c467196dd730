// A program that loads pulumi-webstats by a path outside node_modules (a checkout of this
// repository, a `file:` or linked dependency, the root Pulumi.yaml's quickstart) gets its
// provider serialized by value: Pulumi captures the provider object's code instead of writing
// `require("pulumi-webstats/dynamic-provider")`. Here the packed package is copied out of
// node_modules and its provider serialized the way @pulumi/pulumi/dynamic serializes every
// dynamic resource's (serializeFunction of a function returning it), in a process that holds
// the stack's configuration as a program's does; the dynamic host then runs every operation
// from that captured code, which captures no credential. That a real program produces such code
// is the engine tests' (test/e2e/provider-by-value.test.ts).
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, inject, it } from "vitest";
import type { EmulatorAccount } from "../../emulator";
import { ProviderStack } from "./provider-stack";
import { useSharedEmulator } from "./shared-emulator";

const emulator = useSharedEmulator();
let account: EmulatorAccount;
beforeAll(() => {
  account = emulator().createAccount();
});

it("dynamic host: creates, updates, refreshes and deletes a website from the captured provider code", async () => {
  // A program's folder beside the installed dependencies, with the package copied into it: its
  // own dependencies (and @pulumi/pulumi) still resolve from node_modules, as for a checkout.
  const { installDir } = inject("providerTier");
  const programDir = mkdtempSync(join(installDir, "program-"));
  const vendored = join(programDir, "vendor", "pulumi-webstats");
  cpSync(join(installDir, "node_modules", "pulumi-webstats"), vendored, { recursive: true });
  const settings = { baseUrl: emulator().url, apiKey: account.apiKey };
  const serializedProvider = execFileSync(
    process.execPath,
    [
      "-e",
      // The program requires the package by path; Website hands this module's object to dynamic.Resource.
      `require("./vendor/pulumi-webstats");
       const provider = require("./vendor/pulumi-webstats/dist/provider/dynamic-provider.js");
       require("@pulumi/pulumi/runtime/closure/serializeClosure")
         .serializeFunction(() => provider, { allowSecrets: true })
         .then((serialized) => process.stdout.write(serialized.text));`,
    ],
    {
      cwd: programDir,
      encoding: "utf8",
      // The stack's configuration, as the engine hands it to a program.
      env: {
        ...process.env,
        PULUMI_CONFIG: JSON.stringify({
          "webstats:baseUrl": settings.baseUrl,
          "webstats:apiKey": settings.apiKey,
        }),
        PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(["webstats:apiKey"]),
      },
    },
  );
  // Captured code, not the short require a node_modules installation gets.
  expect(serializedProvider).not.toContain('require("pulumi-webstats/dynamic-provider")');
  expect(serializedProvider.length).toBeGreaterThan(512);
  expect(serializedProvider).toContain(vendored);
  expect(serializedProvider).not.toContain(account.apiKey);
  expect(serializedProvider).not.toContain(emulator().url);

  const stack = new ProviderStack("dynamic", { settings, serializedProvider });
  const domain = `byvalue-${Date.now().toString(36)}.example.com`;
  await stack.up({ site: { domain, email: false } });
  const id = Number(stack.get("site").id);
  expect(emulator().getWebsite(id)?.domain).toBe(domain);
  expect(stack.get("site").inputs.__provider).toBe(serializedProvider);
  expect(stack.get("site").outputs.__provider).toBe(serializedProvider);

  expect((await stack.up({ site: { domain, email: true } })).steps).toEqual([{ name: "site", op: "update" }]);
  expect(emulator().getWebsite(id)?.email).toBe(1);

  emulator().updateWebsite(id, { email: 0 });
  await stack.refresh();
  expect(stack.get("site").outputs.email).toBe(false);

  await stack.destroy();
  expect(emulator().getWebsite(id)).toBeUndefined();
});
