// Where a reviewer acts on each website of a report, for the SARIF report, which code-scanning
// services refuse as a whole when one result has no file: the line that declares it when that
// is known (declaration-sites.ts); otherwise a file of the project that would declare it, with
// the reason: the fleet file of its WebsiteFleet (its entry was not found), the fleet file that
// `--fix code --adopt-unmanaged` would append an unmanaged website to, else the project file
// (Pulumi.yaml) of its stack or of a stack that uses its account, else of the folder drift runs
// in. Paths are relative to that folder when inside it, as code-scanning services expect.
import { existsSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { DriftEntry } from "../model/entries";
import { accountKey } from "../model/entries";
import { declarationSites } from "./declaration-sites";
import { SourceFiles, projectFileOf } from "../read/declarations";
import type { DeclarationSite, LocateDeclaration } from "./report-context";
import type { RecordedWebsite } from "../read/stack-export";

/** The fleet file a recorded website's WebsiteFleet records, as an absolute path, when known. */
function fleetFileOf(website: RecordedWebsite): string | undefined {
  const { folder, fleet } = website.origin ?? {};
  return folder !== undefined && fleet?.file !== undefined ? resolve(folder, fleet.file) : undefined;
}

export function reviewSites(
  recorded: readonly RecordedWebsite[],
  entries: readonly DriftEntry[],
  folder: string,
): LocateDeclaration {
  const declared = declarationSites(recorded, folder);
  const files = new SourceFiles();
  const byResource = new Map(recorded.map((w) => [`${w.stack}:${w.resource}`, w]));
  const shown = (file: string): string => {
    const path = relative(folder, file);
    return path.startsWith("..") || isAbsolute(path) ? file : path;
  };
  const projectFile = (website: RecordedWebsite): string | undefined =>
    website.origin?.folder === undefined ? undefined : projectFileOf(website.origin.folder, files);
  // The recorded websites of each account: where its unmanaged websites would be declared.
  const byAccount = new Map<string, RecordedWebsite[]>();
  for (const entry of entries) {
    const own = entry.resources.map((r) => byResource.get(r)).filter((w) => w !== undefined);
    const key = accountKey(entry.account);
    byAccount.set(key, [...(byAccount.get(key) ?? []), ...own]);
  }
  const site = (file: string, fallback: string): DeclarationSite => ({
    file: shown(file),
    line: 1,
    fallback,
  });

  function ofRecorded(website: RecordedWebsite): DeclarationSite | undefined {
    const fleetFile = fleetFileOf(website);
    if (fleetFile && existsSync(fleetFile))
      return site(
        fleetFile,
        `the fleet file of WebsiteFleet ${website.origin?.fleet?.name}, where its entry was not found`,
      );
    const project = projectFile(website);
    return project
      ? site(project, `the project of stack ${website.stack}, where its declaration was not found`)
      : undefined;
  }

  function ofAccount(entry: DriftEntry): DeclarationSite | undefined {
    const others = byAccount.get(accountKey(entry.account)) ?? [];
    const fleets = [
      ...new Set(others.map(fleetFileOf).filter((f) => f !== undefined && existsSync(f))),
    ].sort();
    const [fleet] = fleets;
    if (fleets.length === 1 && fleet)
      return site(
        fleet,
        "the fleet file of its account's stacks, which --fix code --adopt-unmanaged appends it to",
      );
    const projects = others.map((w) => [w, projectFile(w)] as const).filter(([, p]) => p !== undefined);
    const [first] = projects;
    if (first)
      return site(
        first[1] as string,
        `the project of stack ${first[0].stack}, which uses its account and could declare it`,
      );
    return undefined;
  }

  return (entry) => {
    const found = declared(entry);
    if (found) return found;
    const website = entry.resources.map((r) => byResource.get(r)).find((w) => w !== undefined);
    const fallback = (website ? ofRecorded(website) : undefined) ?? ofAccount(entry);
    if (fallback) return fallback;
    const here = projectFileOf(folder, files) ?? join(folder, "Pulumi.yaml");
    return site(
      here,
      "the project in the folder drift ran in: no project of the stacks read is known (give --cwd DIR before --state FILE)",
    );
  };
}
