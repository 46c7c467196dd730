// A stack's project as pulumi finds it from a folder: the nearest Pulumi.yaml upwards, its
// `name` and its `backend.url`. Read leniently: pulumi itself checks the file when it runs.
import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { parse as parseYaml } from "yaml";

const projectFileNames = ["Pulumi.yaml", "Pulumi.yml"];

/** The project file pulumi would use in `folder`: the nearest Pulumi.yaml upwards. */
export function findProjectFile(folder: string): string | undefined {
  for (let dir = resolve(folder); ; dir = dirname(dir)) {
    for (const name of projectFileNames) {
      const file = join(dir, name);
      try {
        if (statSync(file).isFile()) return file;
      } catch {
        // not here
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** What drift reads of a project file: its name and the backend URL it names, when they are text. */
export interface ProjectFacts {
  name?: string;
  backendUrl?: string;
}

export async function readProjectFacts(projectFile: string | undefined): Promise<ProjectFacts> {
  if (!projectFile) return {};
  let project: unknown;
  try {
    project = parseYaml(await readFile(projectFile, "utf8"));
  } catch {
    return {};
  }
  // An empty file parses to null; a blank URL names no backend.
  const { name, backend } = (project ?? {}) as { name?: unknown; backend?: { url?: unknown } };
  const url = backend?.url;
  const backendUrl = typeof url === "string" ? url.trim() || undefined : undefined;
  return {
    ...(typeof name === "string" && name.trim() !== "" ? { name: name.trim() } : {}),
    ...(backendUrl ? { backendUrl } : {}),
  };
}

/** The backend URL a project file names (`backend: { url }`). */
export const projectBackendUrl = async (projectFile: string | undefined): Promise<string | undefined> =>
  (await readProjectFacts(projectFile)).backendUrl;
