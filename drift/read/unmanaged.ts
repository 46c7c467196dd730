// The websites of an installation that none of the given stacks records: what drift reports as
// unmanaged, for `generate --only-unmanaged`. Website ids are the installation's own, so a
// recorded id on the same installation is enough; no key from the states is needed. The
// installation is reached with the network settings the stacks record for it, as their own
// `pulumi up` reaches it (network-settings.ts).
import type { Website } from "../../sdk";
import { installationOf } from "../../core/argument-schemas";
import type { Environment, ProviderSettings } from "../../core/settings";
import { installationOfRecorded } from "./accounts";
import { RecordedSettings } from "./network-settings";
import type { RecordedStack } from "./stack-export";

/**
 * The command's settings with the network settings of the first recorded website on its
 * installation whose state records some (the stack's first, then the environment's, as for
 * pulumi up); the command's own when none does. Throws naming a stack's setting that cannot be used.
 */
export function stackNetworkSettings(
  stacks: readonly RecordedStack[],
  settings: ProviderSettings,
  env: Environment,
): ProviderSettings {
  const root = installationOf(settings.baseUrl?.value);
  const recorded = stacks
    .flatMap((s) => s.websites)
    .find((w) => w.address.network !== undefined && installationOfRecorded(w, settings) === root);
  if (!recorded) return settings;
  const network = new RecordedSettings(env).of(recorded.address.network);
  return {
    ...network,
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
  };
}

export function unmanagedWebsites(
  websites: readonly Website[],
  installation: string,
  stacks: readonly RecordedStack[],
  settings: ProviderSettings,
): Website[] {
  const root = installationOf(installation);
  const managed = new Set(
    stacks
      .flatMap((s) => s.websites)
      .filter((w) => installationOfRecorded(w, settings) === root)
      .map((w) => w.id),
  );
  return websites.filter((w) => !managed.has(w.id));
}
