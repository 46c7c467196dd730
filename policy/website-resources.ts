// Which resources of a Pulumi program are webstats Websites, as a policy sees them: the provider
// plugin's `webstats:index:Website` (every language), and the dynamic provider's Websites
// (TypeScript programs and fleets), which the engine types `pulumi-nodejs:dynamic...` like any
// other dynamic resource. A dynamic resource is ours when the provider serialized into its
// `__provider` is this package's: the require of its `dynamic-provider` module (an installed
// package), or the same module path, which the provider object carries as a property for the
// serialization by value (a linked checkout). Property names alone prove nothing.

/** The plugin's type token. */
export const pluginWebsiteType = "webstats:index:Website";
/** The engine's type prefix of every dynamic provider's resources. */
export const dynamicTypePrefix = "pulumi-nodejs:dynamic";
/** What names this package's dynamic provider in a serialized `__provider`. */
export const dynamicProviderModule = "pulumi-webstats/dynamic-provider";

/** Which host serves the resource when it is a Website of this package; undefined otherwise. */
export function websiteHost(type: string, readProvider: () => unknown): "plugin" | "dynamic" | undefined {
  if (type === pluginWebsiteType) return "plugin";
  if (
    type !== dynamicTypePrefix &&
    !type.startsWith(`${dynamicTypePrefix}:`) &&
    !type.startsWith(`${dynamicTypePrefix}/`)
  )
    return undefined;
  let provider: unknown;
  try {
    provider = readProvider();
  } catch {
    // Not known during a preview: nothing proves it is ours.
    return undefined;
  }
  return typeof provider === "string" && provider.includes(dynamicProviderModule) ? "dynamic" : undefined;
}
