// The websites of an installation that none of the given stacks records: what drift reports as
// unmanaged, for `generate --only-unmanaged`. Website ids are the installation's own, so a
// recorded id on the same installation is enough; no key from the states is needed.
import type { Website } from "../sdk";
import { installationOf } from "../core/argument-schemas";
import type { Environment, ProviderSettings } from "../core/settings";
import { installationOfRecorded } from "./accounts";
import { readSources } from "./state-sources";
import type { StateSource } from "./state-sources";

export async function unmanagedWebsites(
  websites: readonly Website[],
  installation: string,
  sources: StateSource[],
  env: Environment,
  settings: ProviderSettings,
): Promise<Website[]> {
  const stacks = await readSources(sources, env);
  const root = installationOf(installation);
  const managed = new Set(
    stacks
      .flatMap((s) => s.websites)
      .filter((w) => installationOfRecorded(w, settings) === root)
      .map((w) => w.id),
  );
  return websites.filter((w) => !managed.has(w.id));
}
