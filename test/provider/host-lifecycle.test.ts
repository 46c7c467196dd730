// The harness itself, through both hosts: a Website's whole life as the engine steps it, from
// the packed package, with a secret password that the plugin keeps wrapped and the dynamic host
// receives plain.
import { expect, it } from "vitest";
import { hosts, isSecret, secret } from "./engine-processes";
import { ProviderStack } from "./provider-stack";
import { useSharedEmulator } from "./shared-emulator";

const emulator = useSharedEmulator();

it.each(hosts)("%s host: create, update, refresh, no change, destroy", async (host) => {
  const account = emulator().createAccount();
  const stack = new ProviderStack(host, { settings: { baseUrl: emulator().url, apiKey: account.apiKey } });
  const site = (email: boolean) => ({
    site: { domain: `${host}-life.example.com`, privacy: "password", password: secret("pw-12345"), email },
  });
  await stack.up(site(false));
  const id = Number(stack.get("site").id);
  expect(emulator().getWebsite(id)).toMatchObject({ privacy: 2, email: 0 });
  expect(isSecret(stack.get("site").outputs.password)).toBe(host === "plugin");
  expect((await stack.up(site(true))).steps).toEqual([{ name: "site", op: "update" }]);
  expect(emulator().getWebsite(id)?.email).toBe(1);
  await stack.refresh();
  expect((await stack.up(site(true))).steps).toEqual([{ name: "site", op: "same" }]);
  await stack.destroy();
  expect(emulator().getWebsite(id)).toBeUndefined();
  expect(stack.resources.size).toBe(0);
});
