// How a command reaches the installation of a recorded website: as `pulumi up` of its stack
// does. The network settings its state records (its provider's caCertFile, proxyUrl,
// skipTlsVerify and allowHttp, or its connection's) come first, then the environment's
// variables for those it does not set (WEBSTATS_CA_CERT_FILE..., HTTPS_PROXY, NO_PROXY), all
// read by the one settings resolver, whose messages then name the stack's setting. A
// certificate or proxy failure says which settings were in force.
import { ConnectionError } from "../../sdk";
import { resolveSettings, settingSpecs } from "../../core/settings";
import type { Environment, ProviderSettings, SettingName } from "../../core/settings";
import type { RecordedNetwork } from "./stack-export";

/**
 * The settings for websites whose state records `network` (or none): resolved once per
 * recorded network, since hundreds of websites share their provider's. Throws naming the
 * stack's setting whose value cannot be used (a CA file that is not there...).
 */
export class RecordedSettings {
  private readonly resolved = new WeakMap<RecordedNetwork, ProviderSettings>();
  private commandSettings: ProviderSettings | undefined;

  constructor(private readonly env: Environment) {}

  of(network: RecordedNetwork | undefined): ProviderSettings {
    if (!network) return (this.commandSettings ??= resolveSettings(() => undefined, this.env));
    let settings = this.resolved.get(network);
    if (!settings) {
      settings = resolveSettings(
        (name) => network.values[name],
        this.env,
        (name: SettingName) => network.sources[name] ?? name,
      );
      this.resolved.set(network, settings);
    }
    return settings;
  }
}

/** The authorities and proxy a failed connection used, for its message; "" for other failures. */
export function networkUsedText(error: unknown, settings: ProviderSettings): string {
  if (!(error instanceof ConnectionError)) return "";
  if (error.failedAt === "certificate") {
    const { caCertFile } = settings;
    return caCertFile
      ? ` Trusted: the system's authorities and those of ${caCertFile.value.file} (${caCertFile.source}).`
      : ` Trusted: the system's authorities only (neither the stack's provider, as caCertFile, nor ${settingSpecs.caCertFile.env} names a file).`;
  }
  if (error.failedAt === "proxy") {
    const { proxyUrl } = settings;
    return proxyUrl
      ? ` The proxy is ${proxyUrl.source}.`
      : " The proxy comes from the environment's proxy variables.";
  }
  return "";
}
