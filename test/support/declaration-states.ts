// The arrange helpers of the tests of where a recorded website is declared
// (drift/read/declarations.ts): a project folder with its files, and the websites of a stack
// export built from resources in the shape the engine writes them.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readStackExport } from "../../drift/read/stack-export";
import type { RecordedWebsite } from "../../drift/read/stack-export";

export const stackUrn = "urn:pulumi:prod::team::pulumi:pulumi:Stack::team-prod";
export const fleetUrn = "urn:pulumi:prod::team::webstats:fleet:WebsiteFleet::sites";

/** A fresh folder holding `files` (paths below it, folders made as needed). */
export function project(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), "webstats-declarations-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(folder, name, ".."), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
  return folder;
}

/** The WebsiteFleet component `sites` with its outputs, declared at index.ts line 7. */
export const fleetComponent = (outputs: Record<string, unknown>) => ({
  urn: fleetUrn,
  type: "webstats:fleet:WebsiteFleet",
  parent: stackUrn,
  outputs,
  sourcePosition: "project:///index.ts#7,15",
});

/** The websites of stack prod's export holding `resources`, read as drift reads it from `folder`. */
export function recordedWebsites(resources: unknown[], folder?: string): RecordedWebsite[] {
  const content = JSON.stringify({
    version: 3,
    deployment: { resources: [{ urn: stackUrn, type: "pulumi:pulumi:Stack" }, ...resources] },
  });
  return readStackExport(content, "stack prod", "prod", folder).websites;
}
