// The settings and clients of the running Pulumi program, where the functions run and fleet
// files are read: the stack configuration the program was started with (secrets included, as
// plain values), then the environment. Read on every call, so a program sees its own stack.
import * as pulumi from "@pulumi/pulumi";
import { ClientRegistry } from "../core/clients";
import { namespacedLookup, resolveSettings } from "../core/settings";
import type { ProviderSettings } from "../core/settings";
import type { CoreContext } from "../core/website-lifecycle";

// One registry for the program's process: every function call shares its clients' pools and pacing.
const clients = new ClientRegistry();

/** The program's settings: stack configuration (`webstats:*`), then environment (`WEBSTATS_*`). */
export function programSettings(): ProviderSettings {
  return resolveSettings(namespacedLookup((key) => pulumi.runtime.getConfig(key)));
}

/** What the core's functions need, for the running program. */
export function programContext(): CoreContext {
  return { settings: programSettings(), clients };
}
