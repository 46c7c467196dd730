// Where a recorded website is declared: the entry of a fleet file, the resource of a Pulumi YAML
// program, or the line of a program (TypeScript, JavaScript...) that calls `new Website`. Read
// from what the state records (the WebsiteFleet's `fleetFile` output, each resource's source
// positions) and the stack's project folder, which only a `--stack` (with its --cwd) or a
// `--state` after a --cwd gives: without one, the declaration is not known.
//
// Source positions: the engine records `project:///PATH#LINE,COLUMN`, PATH relative to the
// project folder, for the resource's own position and each frame of its stack trace. The first
// frame inside the project and outside node_modules is the user's code: the dynamic provider's
// Website records a frame of this package first, since its class has one more level.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { LineCounter, isMap, isScalar, isSeq, parseDocument } from "yaml";
import type { Document } from "yaml";
import { normalizeDomain } from "../../sdk";
import { keyField } from "../../core/website-fields";
import type { RecordedWebsite } from "./stack-export";

type DeclarationKind = "fleet" | "yaml-program" | "program";

export interface Declaration {
  kind: DeclarationKind;
  /** The file, as an absolute path. */
  file: string;
  /** 1-based: the fleet entry's first line, the YAML resource's name, or the program's call. */
  line: number;
  /** 1-based, when the state says (programs). */
  column?: number;
  /** The stack's project folder (where its Pulumi.yaml is). */
  project: string;
  /** For a fleet file: `recorded` in the state, or `found` by the website's domain (older states). */
  via?: "recorded" | "found";
}

/**
 * Why a declaration is not known. `broken` means the stack's files are not what its state says
 * (no project, a recorded file missing): bad input, not merely unknown.
 */
interface Unknown {
  reason: string;
  broken?: boolean;
}

type Located = { declaration: Declaration } | { unknown: Unknown };

interface ParsedYaml {
  doc: Document;
  lines: LineCounter;
}

/**
 * The files read while locating declarations, each read once however many websites it holds.
 * Give one to several calls that read the same stacks.
 */
export class SourceFiles {
  private readonly texts = new Map<string, string | undefined>();
  private readonly docs = new Map<string, ParsedYaml | undefined>();
  private readonly candidates = new Map<string, string[]>();

  /** The text of a file, undefined when it cannot be read. */
  text(path: string): string | undefined {
    if (!this.texts.has(path)) {
      let content: string | undefined;
      try {
        content = readFileSync(path, "utf8");
      } catch {
        content = undefined;
      }
      this.texts.set(path, content);
    }
    return this.texts.get(path);
  }

  /** A YAML file parsed with its lines; undefined when it cannot be read or parsed. */
  yaml(path: string): ParsedYaml | undefined {
    if (!this.docs.has(path)) {
      const text = this.text(path);
      const lines = new LineCounter();
      const doc = text === undefined ? undefined : parseDocument(text, { lineCounter: lines });
      this.docs.set(path, doc && doc.errors.length === 0 ? { doc, lines } : undefined);
    }
    return this.docs.get(path);
  }

  /** The YAML files of a project that may be fleet files (not Pulumi's own), a few levels deep. */
  fleetCandidates(project: string): string[] {
    let found = this.candidates.get(project);
    if (!found) {
      found = [];
      const walk = (folder: string, depth: number): void => {
        let names: string[];
        try {
          names = readdirSync(folder).sort();
        } catch {
          return;
        }
        for (const name of names) {
          if (name.startsWith(".") || name === "node_modules") continue;
          const path = join(folder, name);
          if (/\.ya?ml$/.test(name) && !/^Pulumi(\..*)?\.ya?ml$/.test(name)) found?.push(path);
          else if (depth < 3 && isFolder(path)) walk(path, depth + 1);
        }
      };
      walk(project, 0);
      this.candidates.set(project, found);
    }
    return found;
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

const projectFiles = ["Pulumi.yaml", "Pulumi.yml"];

/** The project file in `folder` or the nearest folder above it, as pulumi looks for it. */
export function projectFileOf(folder: string, files: SourceFiles): string | undefined {
  let current = resolve(folder);
  for (;;) {
    for (const name of projectFiles) {
      const path = join(current, name);
      if (files.text(path) !== undefined) return path;
    }
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** The 1-based line of a node of a parsed file. */
const lineOf = (parsed: ParsedYaml, node: { range?: [number, number, number] | null } | null): number =>
  node?.range ? parsed.lines.linePos(node.range[0]).line : 1;

/** The line of the entry of `domain` in a fleet file, undefined when it has none. */
function fleetEntryLine(parsed: ParsedYaml, domain: string): number | undefined {
  const websites = isMap(parsed.doc.contents) ? parsed.doc.contents.get("websites", true) : undefined;
  if (!isSeq(websites)) return undefined;
  const wanted = normalizeDomain(domain);
  for (const item of websites.items) {
    if (!isMap(item)) continue;
    const written = item.get(keyField);
    if (typeof written === "string" && normalizeDomain(written) === wanted) return lineOf(parsed, item);
  }
  return undefined;
}

/** A position `project:///PATH#LINE,COLUMN` inside the project and outside node_modules. */
function userPosition(position: string): { path: string; line: number; column: number } | undefined {
  const match = /^project:\/\/\/([^#]+)#(\d+),(\d+)$/.exec(position);
  if (!match) return undefined;
  const path = decodeURIComponent(match[1] as string);
  if (path.startsWith("../") || path.split("/").includes("node_modules")) return undefined;
  return { path, line: Number(match[2]), column: Number(match[3]) };
}

/** `file:line` of the first user frame of `positions`, for messages. */
function positionText(positions: readonly string[]): string | undefined {
  const found = positions.map(userPosition).find((p) => p !== undefined);
  return found ? `${found.path}:${found.line}` : undefined;
}

interface ProjectFile {
  folder: string;
  runtime: string;
  /**
   * A Pulumi YAML project's program: its folder, and the file the host runs (none there), or
   * the compiler whose output the host runs instead (the runtime option `compiler`).
   */
  yamlProgram?: { folder: string; file: string | undefined; compiler?: string };
}

/** The files the Pulumi YAML host takes as the program, the first there is (pulumi-yaml's LoadDir). */
const yamlProgramFiles = ["Main.json", "Main.yaml", "Pulumi.yaml"];

/**
 * The Pulumi YAML program of a project: the engine runs the host in the project folder, or in
 * the folder `main` names (the folder of the file it names: the host reads no file by the
 * name), and the host runs the first of Main.json, Main.yaml and Pulumi.yaml there. So a
 * Main.yaml beside Pulumi.yaml is the program, and with a `main` the resources of the
 * project's own Pulumi.yaml are not.
 */
function yamlProgramOf(
  folder: string,
  main: unknown,
  files: SourceFiles,
): { folder: string; file: string | undefined } {
  const named = typeof main === "string" ? resolve(folder, main) : folder;
  // A folder reads as no text; a file that is there does.
  const programFolder = files.text(named) === undefined ? named : dirname(named);
  const file = yamlProgramFiles
    .map((name) => join(programFolder, name))
    .find((f) => files.text(f) !== undefined);
  return { folder: programFolder, file };
}

function projectOf(projectFile: string, files: SourceFiles): ProjectFile {
  const folder = dirname(projectFile);
  const parsed = files.yaml(projectFile);
  const json = (parsed?.doc.toJS() ?? {}) as Record<string, unknown>;
  const runtime = json.runtime;
  const name =
    typeof runtime === "string"
      ? runtime
      : typeof runtime === "object" && runtime !== null
        ? String((runtime as { name?: unknown }).name)
        : "";
  const project: ProjectFile = { folder, runtime: name };
  if (name === "yaml") {
    // `runtime` is "yaml" or a mapping named yaml, whose options may be anything.
    const compiler: unknown = (runtime as { options?: { compiler?: unknown } | null }).options?.compiler;
    project.yamlProgram = {
      ...yamlProgramOf(folder, json.main, files),
      ...(typeof compiler === "string" ? { compiler } : {}),
    };
  }
  return project;
}

function locateInFleet(website: RecordedWebsite, project: ProjectFile, files: SourceFiles): Located {
  const fleet = website.origin?.fleet as NonNullable<NonNullable<RecordedWebsite["origin"]>["fleet"]>;
  const domain = website.outputs.domain ?? website.resource.slice(fleet.name.length + 1);
  const declaredAt = positionText(fleet.positions);
  const component = `WebsiteFleet ${fleet.name}${declaredAt ? ` (declared at ${join(project.folder, declaredAt)})` : ""}`;
  const entryIn = (file: string, via: "recorded" | "found"): Located => {
    const parsed = files.yaml(file);
    if (!parsed) {
      return {
        unknown: { reason: `${file}, the fleet file of ${component}, is not valid YAML.`, broken: true },
      };
    }
    const line = fleetEntryLine(parsed, domain);
    if (line === undefined) {
      return {
        unknown: {
          reason: `${file} has no entry for ${domain}, which ${component} recorded: the file changed since the last pulumi up.`,
        },
      };
    }
    return { declaration: { kind: "fleet", file, line, project: project.folder, via } };
  };
  if (fleet.file !== undefined) {
    const file = resolve(project.folder, fleet.file);
    if (files.text(file) === undefined) {
      return {
        unknown: {
          reason: `${file}: the fleet file of ${component}, as the state records it, is not there: run the command in the checkout the stack was deployed from.`,
          broken: true,
        },
      };
    }
    return entryIn(file, "recorded");
  }
  // States written before WebsiteFleet recorded its file: the one file of the project declaring the domain.
  const holding = files.fleetCandidates(project.folder).filter((file) => {
    const parsed = files.yaml(file);
    return parsed !== undefined && fleetEntryLine(parsed, domain) !== undefined;
  });
  if (holding.length === 1) return entryIn(holding[0] as string, "found");
  const why =
    holding.length === 0
      ? "and no YAML file of the project has an entry for it"
      : `and ${holding.length} files of the project have an entry for it (${holding.join(", ")})`;
  return {
    unknown: {
      reason: `the state does not record the file of ${component} (written by an older version) ${why}: run pulumi up once to record it.`,
    },
  };
}

function locateInYaml(website: RecordedWebsite, project: ProjectFile, files: SourceFiles): Located {
  const program = project.yamlProgram as NonNullable<ProjectFile["yamlProgram"]>;
  const file = program.file;
  if (program.compiler !== undefined) {
    // The host runs what the compiler prints: no file holds the resource as it ran.
    return {
      unknown: {
        reason: `the stack's Pulumi YAML program is the output of its compiler (${JSON.stringify(program.compiler)}, in ${program.folder}): change its source by hand.`,
      },
    };
  }
  if (file === undefined) {
    return {
      unknown: {
        reason: `${program.folder}: the stack's Pulumi YAML program is not there (no ${yamlProgramFiles.join(", ")}).`,
        broken: true,
      },
    };
  }
  const parsed = files.yaml(file);
  if (!parsed) {
    return {
      unknown: { reason: `${file}: the stack's Pulumi YAML program cannot be read or parsed.`, broken: true },
    };
  }
  const resources = isMap(parsed.doc.contents) ? parsed.doc.contents.get("resources", true) : undefined;
  const pair = isMap(resources)
    ? resources.items.find((p) => isScalar(p.key) && p.key.value === website.resource)
    : undefined;
  if (!pair) {
    return {
      unknown: {
        reason: `${file} declares no resource ${website.resource}: the program changed since the last pulumi up.`,
      },
    };
  }
  const key = pair.key as { range?: [number, number, number] | null };
  return { declaration: { kind: "yaml-program", file, line: lineOf(parsed, key), project: project.folder } };
}

function locateInProgram(website: RecordedWebsite, project: ProjectFile, files: SourceFiles): Located {
  const found = (website.origin?.positions ?? []).map(userPosition).find((p) => p !== undefined);
  if (!found) {
    return {
      unknown: {
        reason: `the state records no position in the project's own files for ${website.resource} (its ${project.runtime} program).`,
      },
    };
  }
  const file = resolve(project.folder, found.path);
  if (files.text(file) === undefined) {
    return {
      unknown: {
        reason: `${file}:${found.line}: the program that declares ${website.resource}, as the state records it, is not there: run the command in the checkout the stack was deployed from.`,
        broken: true,
      },
    };
  }
  return {
    declaration: { kind: "program", file, line: found.line, column: found.column, project: project.folder },
  };
}

/** Where `website` is declared, or why that is not known. */
export function locateDeclaration(website: RecordedWebsite, files: SourceFiles = new SourceFiles()): Located {
  const folder = website.origin?.folder;
  if (folder === undefined) {
    return {
      unknown: {
        reason:
          "its stack was read from a state file with no project folder: give --cwd DIR before --state FILE.",
      },
    };
  }
  const projectFile = projectFileOf(folder, files);
  if (!projectFile) {
    return {
      unknown: {
        reason: `no Pulumi.yaml in ${folder} or a folder above it: the stack's program is not there (--cwd names its project folder).`,
        broken: true,
      },
    };
  }
  const project = projectOf(projectFile, files);
  if (website.origin?.fleet) return locateInFleet(website, project, files);
  if (project.yamlProgram) return locateInYaml(website, project, files);
  return locateInProgram(website, project, files);
}

/** Where `website` is declared, when that is known. */
export function declarationOf(
  website: RecordedWebsite,
  files: SourceFiles = new SourceFiles(),
): Declaration | undefined {
  const located = locateDeclaration(website, files);
  return "declaration" in located ? located.declaration : undefined;
}
