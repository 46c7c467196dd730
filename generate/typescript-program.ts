// index.ts of a generated project in the TypeScript format: one protected Website per site.
import { protectedPrivacy } from "../core/website-fields";
import { adoptionNote, originLine, passwordComment, protectionNote, writeOnlyNote } from "./notes";
import type { Origin } from "./notes";
import type { NamedWebsite } from "./website-settings";
import { settingsOf } from "./website-settings";

const comment = (lines: string[], indent = ""): string =>
  lines.map((line) => (line === "" ? `${indent}//` : `${indent}// ${line}`)).join("\n");

const literal = (value: unknown): string =>
  Array.isArray(value) ? `[${value.map((v) => JSON.stringify(v)).join(", ")}]` : JSON.stringify(value);

function declaration({ name, website }: NamedWebsite): string {
  const settings = settingsOf(website);
  const lines = [
    `  ${JSON.stringify(name)}: new webstats.Website(${JSON.stringify(name)}, {`,
    `    domain: ${JSON.stringify(website.domain)},`,
    ...Object.entries(settings).map(([key, value]) => `    ${key}: ${literal(value)},`),
    `    adoptExisting: true,`,
    `  }, { protect: true }),`,
  ];
  if (website.privacy === protectedPrivacy) lines.unshift(comment([passwordComment], "  "));
  return lines.join("\n");
}

export function typescriptProgram(websites: readonly NamedWebsite[], origin: Origin): string {
  const header = [
    originLine(origin),
    "",
    ...adoptionNote,
    "",
    ...protectionNote("ts"),
    "",
    ...writeOnlyNote("ts"),
  ];
  return [
    comment(header),
    `import * as pulumi from "@pulumi/pulumi";`,
    `import * as webstats from "pulumi-webstats";`,
    ``,
    `// For passwords you add: config.requireSecret("NAME") reads a secret of this stack.`,
    `const config = new pulumi.Config();`,
    ``,
    `const websites: Record<string, webstats.Website> = {`,
    ...websites.map(declaration),
    `};`,
    ``,
    `/** Each website's id in the service, by domain. */`,
    `export const websiteIds = Object.fromEntries(`,
    `  Object.entries(websites).map(([domain, website]) => [domain, website.websiteId]),`,
    `);`,
    ``,
  ].join("\n");
}
