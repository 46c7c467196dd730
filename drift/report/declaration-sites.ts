// Where the websites of a report are declared, for the SARIF report's locations: each entry's
// first recorded resource, located by read/declarations.ts, as a path relative to the folder drift
// runs in (code-scanning services resolve paths against the repository's root).
import { isAbsolute, relative } from "node:path";
import type { DriftEntry } from "../model/entries";
import { SourceFiles, declarationOf } from "../read/declarations";
import type { LocateDeclaration } from "./report-context";
import type { RecordedWebsite } from "../read/stack-export";

export function declarationSites(recorded: readonly RecordedWebsite[], folder: string): LocateDeclaration {
  const byResource = new Map(recorded.map((w) => [`${w.stack}:${w.resource}`, w]));
  const files = new SourceFiles();
  return (entry: DriftEntry) => {
    const website = entry.resources.map((r) => byResource.get(r)).find((w) => w !== undefined);
    const declaration = website ? declarationOf(website, files) : undefined;
    if (!declaration) return undefined;
    const path = relative(folder, declaration.file);
    return {
      file: path.startsWith("..") || isAbsolute(path) ? declaration.file : path,
      line: declaration.line,
    };
  };
}
