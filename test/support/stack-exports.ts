// Stack exports as `pulumi stack export --show-secrets` writes them for a stack of the dynamic
// provider, for the tests of the commands that read states (drift, generate --only-unmanaged).
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
}

/** Writes the export of `stack` into `file`. */
export function writeStackExport(file: string, stack: ExportedStack): void {
  const { project, url, apiKey, websites, fleet, password } = stack;
  const prefix = `urn:pulumi:prod::${project}`;
  const websiteType = "pulumi-nodejs:dynamic/webstats:Website";
  const fleetUrn = fleet && `${prefix}::webstats:fleet:WebsiteFleet::${fleet.name}`;
  const resources = [
    { urn: `${prefix}::pulumi:pulumi:Stack::${project}-prod`, type: "pulumi:pulumi:Stack" },
    {
      urn: `${prefix}::pulumi:providers:pulumi-nodejs::default`,
      type: "pulumi:providers:pulumi-nodejs",
      id: "provider-1",
      outputs: { "webstats:baseUrl": url, "webstats:apiKey": exportedSecret(apiKey) },
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
      id: String(website.id),
      provider: `${prefix}::pulumi:providers:pulumi-nodejs::default::provider-1`,
      ...(fleetUrn ? { parent: fleetUrn } : {}),
      outputs: {
        __provider: "exports.handler = ...",
        ...outputsFrom(website, { adoptExisting: false }),
        ...(password !== undefined && website.hasPassword ? { password: exportedSecret(password) } : {}),
        installation: url,
      },
    })),
  ];
  writeFileSync(file, JSON.stringify({ version: 3, deployment: { manifest: {}, resources } }));
}
