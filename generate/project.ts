// The files of a generated project, from the websites of an account. Pure: nothing is read or
// written here, so both formats are tested on their own.
import type { Website } from "../sdk";
import { fleetFile, fleetFileName, fleetProgram } from "./fleet-program";
import type { Origin } from "./notes";
import { gitignore, packageJson, pulumiYaml, readme, tsconfigJson } from "./project-files";
import { typescriptProgram } from "./typescript-program";
import { hasClashingDomains, namedWebsites } from "./website-settings";

export type ProjectFormat = "ts" | "yaml" | "import";

export interface ProjectRequest {
  websites: readonly Website[];
  format: ProjectFormat;
  /** The Pulumi project name. */
  name: string;
  baseUrl: string;
  /** When the websites were listed, as YYYY-MM-DD. */
  date: string;
  /** The commands that install the package into the project (core/install-steps.ts). */
  install?: string[];
}

/** File name to content. */
export type ProjectFiles = Record<string, string>;

export function projectFiles(request: ProjectRequest): ProjectFiles {
  const named = namedWebsites(request.websites);
  const origin: Origin = { baseUrl: request.baseUrl, date: request.date, count: named.length };
  const format = request.format === "ts" ? "ts" : "yaml";
  const program: ProjectFiles =
    format === "ts"
      ? { "index.ts": typescriptProgram(named, origin) }
      : { "index.ts": fleetProgram(origin), [fleetFileName]: fleetFile(named, origin) };
  if (request.format === "yaml" && hasClashingDomains(named)) {
    throw new Error(
      "Some websites of this account have domains that are the same once normalised (data older than " +
        "the server's rules); a fleet file holds each domain once. Use --format ts, which names them apart.",
    );
  }
  return {
    "Pulumi.yaml": pulumiYaml(request.name, request.baseUrl),
    "package.json": packageJson(request.name),
    "tsconfig.json": tsconfigJson(),
    ...program,
    "README.md": readme(request.name, request.baseUrl, format, Object.keys(program), request.install),
    ".gitignore": gitignore,
  };
}
