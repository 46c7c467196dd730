// Stack exports as `pulumi stack export --show-secrets` writes them for a stack of the dynamic
// provider (whose default provider records the stack's `webstats:*` configuration) or of the
// plugin (a default provider `default` recording the same settings by their names, as a real
// export of a Pulumi YAML stack shows them: booleans as the strings of the configuration, or an
// explicit `pulumi:providers:webstats` recording its arguments), for the tests of the commands
// that read states (drift, generate --only-unmanaged).
import { writeFileSync } from "node:fs";
import { outputsFrom } from "../../core/website-state";
import type { Website } from "../../sdk";

/** A secret as a decrypted export holds it: the engine's secret marker around the plain value. */
export const exportedSecret = (value: unknown) => ({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  plaintext: JSON.stringify(value),
});

export interface ExportedStack {
  /** The project's name; the stack is `prod`. */
  project: string;
  url: string;
  apiKey: string;
  websites: Website[];
  /** The websites are children of a WebsiteFleet that records its file, as WebsiteFleet leaves them. */
  fleet?: { name: string; file: string };
  /** The password the state records for each website that has one. */
  password?: string;
  /** Which host serves the websites: the dynamic provider (default) or the plugin. */
  host?: "dynamic" | "plugin";
  /** With the plugin: an explicit provider of this name instead of the default provider. */
  explicitProvider?: string;
  /** Network settings the provider records (caCertFile, proxyUrl, skipTlsVerify, allowHttp). */
  network?: Record<string, string | boolean>;
}

/** The provider's outputs: the dynamic provider's keyed `webstats:NAME`, the plugin's by name. */
function providerOutputs(stack: ExportedStack): Record<string, unknown> {
  const settings: Record<string, unknown> = {
    baseUrl: stack.url,
    apiKey: exportedSecret(stack.apiKey),
    ...Object.fromEntries(
      Object.entries(stack.network ?? {}).map(([name, value]) => [
        name,
        // proxyUrl may carry credentials: a secret setting, encrypted in the state.
        name === "proxyUrl" ? exportedSecret(value) : value,
      ]),
    ),
  };
  if (stack.host !== "plugin") {
    return Object.fromEntries(Object.entries(settings).map(([name, value]) => [`webstats:${name}`, value]));
  }
  return settings;
}

/** Writes the export of `stack` into `file`. */
export function writeStackExport(file: string, stack: ExportedStack): void {
  writeFileSync(file, stackExportText(stack));
}

/** The text of the export of `stack` (stack `prod` of its project), as `pulumi stack import` takes it too. */
export function stackExportText(stack: ExportedStack): string {
  const { project, url, websites, fleet, password } = stack;
  const prefix = `urn:pulumi:prod::${project}`;
  const plugin = stack.host === "plugin";
  const websiteType = plugin ? "webstats:index:Website" : "pulumi-nodejs:dynamic/webstats:Website";
  const providerUrn = plugin
    ? `${prefix}::pulumi:providers:webstats::${stack.explicitProvider ?? "default"}`
    : `${prefix}::pulumi:providers:pulumi-nodejs::default`;
  const fleetUrn = fleet && `${prefix}::webstats:fleet:WebsiteFleet::${fleet.name}`;
  const resources = [
    { urn: `${prefix}::pulumi:pulumi:Stack::${project}-prod`, type: "pulumi:pulumi:Stack" },
    {
      urn: providerUrn,
      type: plugin ? "pulumi:providers:webstats" : "pulumi:providers:pulumi-nodejs",
      custom: true,
      id: "provider-1",
      outputs: providerOutputs(stack),
    },
    ...(fleet
      ? [
          {
            urn: fleetUrn,
            type: "webstats:fleet:WebsiteFleet",
            outputs: {
              websiteIds: Object.fromEntries(websites.map((w) => [w.domain, w.id])),
              fleetFile: fleet.file,
            },
          },
        ]
      : []),
    ...websites.map((website) => ({
      urn: fleet
        ? `${prefix}::webstats:fleet:WebsiteFleet$${websiteType}::${fleet.name}-${website.domain}`
        : `${prefix}::${websiteType}::${website.domain}`,
      type: websiteType,
      custom: true,
      id: String(website.id),
      provider: `${providerUrn}::provider-1`,
      ...(fleetUrn ? { parent: fleetUrn } : {}),
      outputs: {
        ...(plugin ? {} : { __provider: "exports.handler = ..." }),
        ...outputsFrom(website, { adoptExisting: false }),
        ...(password !== undefined && website.hasPassword ? { password: exportedSecret(password) } : {}),
        installation: url,
      },
    })),
  ];
  return JSON.stringify({ version: 3, deployment: { manifest: {}, resources } });
}
