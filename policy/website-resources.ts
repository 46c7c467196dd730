// Which resources of a Pulumi program are webstats Websites, as a policy sees them: the provider
// plugin's `webstats:index:Website` (every language), and the dynamic provider's Websites
// (TypeScript programs and fleets), which the engine types `pulumi-nodejs:dynamic/webstats:Website`
// (the module and type this package's Website registers; a dynamic resource that registers none is
// `pulumi-nodejs:dynamic:Resource`). Property names alone prove nothing. Where the engine shows
// the provider serialized into a dynamic resource (`__provider`: what a remediation and the state
// see), it must be this package's: the require of its `dynamic-provider` module (an installed
// package), or the same module path, which the provider object carries as a property for the
// serialization by value (a linked checkout); a resource of another provider is not ours, whatever
// its type says. The engine leaves `__provider` out of what a validation sees: there the type
// token is the evidence.

/** The plugin's type token. */
export const pluginWebsiteType = "webstats:index:Website";
/** The engine's type prefix of every dynamic provider's resources. */
export const dynamicTypePrefix = "pulumi-nodejs:dynamic";
/** What names this package's dynamic provider in a serialized `__provider`. */
export const dynamicProviderModule = "pulumi-webstats/dynamic-provider";

/** The type token of the dynamic provider's Websites. */
export const dynamicWebsiteType = `${dynamicTypePrefix}/webstats:Website`;

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
    // Not known during a preview: only the type can tell.
    provider = undefined;
  }
  if (typeof provider === "string") return provider.includes(dynamicProviderModule) ? "dynamic" : undefined;
  return type === dynamicWebsiteType ? "dynamic" : undefined;
}
