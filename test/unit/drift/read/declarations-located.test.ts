// Where a recorded website is declared (drift/read/declarations.ts), the cases beside
// test/unit/drift/read/declarations.test.ts's: a fleet website named only by its resource, the depth to which a
// project's YAML files are searched (a folder that cannot be read is passed over), a fleet file
// or a Pulumi YAML program that cannot be parsed, a YAML program's `main`, a runtime written as
// an object, and the whole reason of each declaration that is not known; the candidate fleet
// files in name order, YAML files of other shapes passed over, each project searched once; the
// entry of a domain among others; the first user frame among positions of other forms (a
// program's, a fleet component's).
import { writeFileSync } from "node:fs";
import type * as Fs from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { SourceFiles, locateDeclaration } from "../../../../drift/read/declarations";
import { fleetComponent, fleetUrn, project, recordedWebsites } from "../../../support/declaration-states";

// A folder named `unreadable` cannot be listed, as one without read permission cannot (the tests
// may run as root, which reads every folder). A folder named `unsorted` is listed in reverse name
// order: readdir(3) gives names in the file system's order, which Node.js sorts on some systems only.
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof Fs>();
  const readdirSync = ((path: string, ...rest: unknown[]) => {
    if (String(path).endsWith("/unreadable")) {
      throw Object.assign(new Error(`EACCES: permission denied, scandir '${String(path)}'`), {
        code: "EACCES",
      });
    }
    const names = (fs.readdirSync as (...args: unknown[]) => unknown)(path, ...rest);
    return String(path).endsWith("/unsorted") ? [...(names as string[])].sort().reverse() : names;
  }) as typeof fs.readdirSync;
  return { ...fs, default: { ...fs, readdirSync }, readdirSync };
});

const recorded = (resource: unknown, folder: string, more: unknown[] = []) =>
  recordedWebsites([...more, resource], folder)[0]!;

const website = (name: string, outputs: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  urn: `urn:pulumi:prod::team::webstats:index:Website::${name}`,
  type: "webstats:index:Website",
  id: "3",
  outputs: { websiteId: 3, ...outputs },
  ...extra,
});

const fleetText = "websites:\n  - domain: a.example.com\n";

/** a.example.com declared in `file` of the project `folder`, on `line`, the file recorded or found. */
const fleetDeclaration = (folder: string, file: string, line: number, via: "recorded" | "found") => ({
  declaration: { kind: "fleet", file: join(folder, file), line, project: folder, via },
});

/**
 * Why a.example.com of WebsiteFleet sites (declared in `component`'s file on `line`) is not
 * located: its state records no fleet file, and no YAML file of `folder` has its entry.
 */
const noFileRecorded = (folder: string, component = "index.ts", line = 7) => ({
  unknown: {
    reason:
      `the state does not record the file of WebsiteFleet sites (declared at ${join(folder, component)}:${line}) ` +
      "(written by an older version) and no YAML file of the project has an entry for it: run pulumi up once to record it.",
  },
});
const nodeProject = "name: team\nruntime: nodejs\n";
const fleetWebsite = (
  folder: string,
  fleetOutputs: Record<string, unknown>,
  outputs = { domain: "a.example.com" },
) =>
  recorded(website("sites-a.example.com", outputs, { parent: fleetUrn }), folder, [
    fleetComponent(fleetOutputs),
  ]);

/**
 * A fleet website whose state records no fleet file is not located in `folder` as it is, and is
 * found in `file` once that file declares it.
 */
function foundOnceWritten(folder: string, file: string): void {
  expect(locateDeclaration(fleetWebsite(folder, {}))).toEqual(noFileRecorded(folder));
  writeFileSync(join(folder, file), fleetText);
  expect(locateDeclaration(fleetWebsite(folder, {}))).toEqual(fleetDeclaration(folder, file, 2, "found"));
}

describe("drift: where a fleet website is declared", () => {
  it("takes the domain from the resource's name when the state records none", () => {
    const folder = project({ "Pulumi.yaml": nodeProject, "sites.yaml": fleetText });
    expect(locateDeclaration(fleetWebsite(folder, { fleetFile: "sites.yaml" }, {} as never))).toEqual(
      fleetDeclaration(folder, "sites.yaml", 2, "recorded"),
    );
  });

  it("finds the entry of the website's domain among the file's entries, however its case is written", () => {
    const folder = project({
      "Pulumi.yaml": nodeProject,
      // An entry whose domain is not text is passed over, not compared.
      "sites.yaml": "websites:\n  - domain: b.example.com\n  - domain: 42\n  - domain: A.Example.COM\n",
    });
    expect(locateDeclaration(fleetWebsite(folder, { fleetFile: "sites.yaml" }))).toEqual(
      fleetDeclaration(folder, "sites.yaml", 4, "recorded"),
    );
  });

  it("names the component by its first position in the project's own files, or by its name alone", () => {
    const folder = project({ "Pulumi.yaml": nodeProject });
    const component = {
      ...fleetComponent({}),
      sourcePosition: "project:///node_modules/pulumi-webstats/dist/fleet/website-fleet.js#40,5",
      stackTrace: [{ sourcePosition: "project:///fleet.ts#9,3" }],
    };
    const site = recorded(
      website("sites-a.example.com", { domain: "a.example.com" }, { parent: fleetUrn }),
      folder,
      [component],
    );
    expect(locateDeclaration(site)).toEqual(noFileRecorded(folder, "fleet.ts", 9));
    const unplaced = { ...fleetComponent({}), sourcePosition: "project:///../shared/fleet.ts#2,1" };
    const other = recorded(
      website("sites-a.example.com", { domain: "a.example.com" }, { parent: fleetUrn }),
      folder,
      [unplaced],
    );
    expect(locateDeclaration(other)).toEqual({
      unknown: {
        reason:
          "the state does not record the file of WebsiteFleet sites (written by an older version) " +
          "and no YAML file of the project has an entry for it: run pulumi up once to record it.",
      },
    });
  });

  it("says a recorded fleet file that is not YAML is broken, naming the component", () => {
    const folder = project({ "Pulumi.yaml": nodeProject, "sites.yaml": "websites: [\n" });
    const file = join(folder, "sites.yaml");
    expect(locateDeclaration(fleetWebsite(folder, { fleetFile: "sites.yaml" }))).toEqual({
      unknown: {
        reason: `${file}, the fleet file of WebsiteFleet sites (declared at ${join(folder, "index.ts")}:7), is not valid YAML.`,
        broken: true,
      },
    });
  });

  it("searches the project's YAML files three folders deep, passing over a folder it cannot list", () => {
    const folder = project({
      "Pulumi.yaml": nodeProject,
      "a/b/c/d/sites.yaml": fleetText,
      "unreadable/sites.yaml": fleetText,
    });
    foundOnceWritten(folder, "a/b/c/sites.yaml");
  });
});

describe("drift: which of a project's files may be fleet files", () => {
  it("passes over Pulumi's own files, other files than YAML, hidden folders and node_modules, and reads .yml files", () => {
    const folder = project({
      "Pulumi.yaml": nodeProject,
      "Pulumi.prod.yaml": fleetText,
      "Pulumi.dev.yml": fleetText,
      "Pulumi.yml": fleetText,
      "sites.yaml.bak": fleetText,
      ".github/sites.yaml": fleetText,
      "node_modules/pkg/sites.yaml": fleetText,
      "lib/node_modules/sites.yaml": fleetText,
    });
    // Only a name that starts with Pulumi is Pulumi's.
    foundOnceWritten(folder, "old-Pulumi.yml");
  });
  it("passes over YAML files that cannot be parsed or hold no list of website entries", () => {
    const folder = project({
      "Pulumi.yaml": nodeProject,
      "broken.yaml": "websites: [\n",
      "config.yaml": "name: tool\n",
      "docs.yaml": "websites:\n  - a.example.com\n",
      "sites.yaml": fleetText,
    });
    expect(locateDeclaration(fleetWebsite(folder, {}))).toEqual(
      fleetDeclaration(folder, "sites.yaml", 2, "found"),
    );
  });

  it("names every file that has an entry for the domain when more than one has", () => {
    const folder = project({ "Pulumi.yaml": nodeProject, "a.yaml": fleetText, "b/sites.yaml": fleetText });
    expect(locateDeclaration(fleetWebsite(folder, {}))).toEqual({
      unknown: {
        reason:
          `the state does not record the file of WebsiteFleet sites (declared at ${join(folder, "index.ts")}:7) ` +
          `(written by an older version) and 2 files of the project have an entry for it (${join(folder, "a.yaml")}, ` +
          `${join(folder, "b/sites.yaml")}): run pulumi up once to record it.`,
      },
    });
  });

  it("lists them in name order, searching a project and parsing a file once", () => {
    const folder = project({ "unsorted/b.yaml": fleetText, "unsorted/a.yml": fleetText });
    const files = new SourceFiles();
    const listed = [join(folder, "unsorted/a.yml"), join(folder, "unsorted/b.yaml")];
    expect(files.fleetCandidates(folder)).toEqual(listed);
    // Hundreds of websites may ask: a file written since is not seen, a file is parsed once.
    writeFileSync(join(folder, "unsorted/c.yaml"), fleetText);
    expect(files.fleetCandidates(folder)).toEqual(listed);
    const parsed = files.yaml(join(folder, "unsorted/b.yaml"));
    expect(parsed?.doc.toJS()).toEqual({ websites: [{ domain: "a.example.com" }] });
    expect(files.yaml(join(folder, "unsorted/b.yaml"))).toBe(parsed);
    // A file that is not there, or not YAML, is no document.
    expect(files.yaml(join(folder, "unsorted/gone.yaml"))).toBeUndefined();
    writeFileSync(join(folder, "unsorted/bad.yaml"), "websites: [\n");
    expect(files.yaml(join(folder, "unsorted/bad.yaml"))).toBeUndefined();
  });
});

describe("drift: where a Pulumi YAML program's website is declared", () => {
  const blog = (folder: string) =>
    locateDeclaration(recorded(website("blog", { domain: "blog.example.com" }), folder));
  const declared = "resources:\n  blog:\n    type: webstats:index:Website\n";

  it("reads the file the host runs: the first of Main.json, Main.yaml and Pulumi.yaml in the program's folder", () => {
    // A Main.yaml beside Pulumi.yaml is the program, whatever Pulumi.yaml declares.
    const beside = project({
      "Pulumi.yaml": "name: team\nruntime: yaml\nresources:\n  blog:\n    type: x\n",
      "Main.yaml": `\n${declared}`,
    });
    expect(blog(beside)).toEqual({
      declaration: { kind: "yaml-program", file: join(beside, "Main.yaml"), line: 3, project: beside },
    });
    // Main.json before Main.yaml.
    const json = project({
      "Pulumi.yaml": "name: team\nruntime: yaml\n",
      "Main.json": '{\n  "resources": {\n    "blog": { "type": "webstats:index:Website" }\n  }\n}\n',
      "Main.yaml": declared,
    });
    expect(blog(json)).toEqual({
      declaration: { kind: "yaml-program", file: join(json, "Main.json"), line: 3, project: json },
    });
  });

  it("reads the program in the folder `main` names, or in the folder of the file it names", () => {
    const inFolder = project({
      // The project's own resources are not the program when `main` names another folder.
      "Pulumi.yaml": `name: team\nruntime: yaml\nmain: src\n${declared}`,
      "src/Main.yaml": declared,
    });
    expect(blog(inFolder)).toEqual({
      declaration: {
        kind: "yaml-program",
        file: join(inFolder, "src/Main.yaml"),
        line: 2,
        project: inFolder,
      },
    });
    const named = project({
      "Pulumi.yaml": "name: team\nruntime:\n  name: yaml\nmain: src/prog.yaml\n",
      "src/prog.yaml": "resources: {}\n",
      "src/Main.yaml": `\n${declared}`,
    });
    expect(blog(named)).toEqual({
      declaration: { kind: "yaml-program", file: join(named, "src/Main.yaml"), line: 3, project: named },
    });
    // The project's Pulumi.yaml declares blog, but the program is src/Main.yaml, which does not.
    const both = project({
      "Pulumi.yaml": `name: team\nruntime: yaml\nmain: src\n${declared}`,
      "src/Main.yaml": "resources:\n  shop:\n    type: webstats:index:Website\n",
    });
    expect(blog(both)).toEqual({
      unknown: {
        reason: `${join(both, "src/Main.yaml")} declares no resource blog: the program changed since the last pulumi up.`,
      },
    });
  });

  it("says the program is its compiler's output when the runtime names one, whatever files are there", () => {
    const compiled = project({
      "Pulumi.yaml": "name: team\nruntime:\n  name: yaml\n  options:\n    compiler: cue export\nmain: src\n",
      "src/Main.yaml": declared,
    });
    expect(blog(compiled)).toEqual({
      unknown: {
        reason: `the stack's Pulumi YAML program is the output of its compiler ("cue export", in ${join(compiled, "src")}): change its source by hand.`,
      },
    });
    // Options that name no compiler as text leave the program its files.
    for (const options of ["null", "cue", "\n    compiler: 42"]) {
      const plain = project({
        "Pulumi.yaml": `name: team\nruntime:\n  name: yaml\n  options: ${options}\n`,
        "Main.yaml": declared,
      });
      expect(blog(plain)).toEqual({
        declaration: { kind: "yaml-program", file: join(plain, "Main.yaml"), line: 2, project: plain },
      });
    }
  });

  it("says a program that is not there or cannot be parsed is broken, and when it declares no such resource", () => {
    const missing = project({ "Pulumi.yaml": "name: team\nruntime: yaml\nmain: src\n" });
    expect(blog(missing)).toEqual({
      unknown: {
        reason: `${join(missing, "src")}: the stack's Pulumi YAML program is not there (no Main.json, Main.yaml, Pulumi.yaml).`,
        broken: true,
      },
    });
    const unparsable = project({
      "Pulumi.yaml": "name: team\nruntime: yaml\n",
      "Main.yaml": "resources: [\n",
    });
    expect(blog(unparsable)).toEqual({
      unknown: {
        reason: `${join(unparsable, "Main.yaml")}: the stack's Pulumi YAML program cannot be read or parsed.`,
        broken: true,
      },
    });
    // With neither resources nor main, the program is Pulumi.yaml still.
    const empty = project({ "Pulumi.yaml": "name: team\nruntime: yaml\n" });
    expect(blog(empty)).toEqual({
      unknown: {
        reason: `${join(empty, "Pulumi.yaml")} declares no resource blog: the program changed since the last pulumi up.`,
      },
    });
    const other = project({ "Pulumi.yaml": "name: team\nruntime: yaml\nresources:\n  shop:\n    type: x\n" });
    expect(blog(other)).toEqual({
      unknown: {
        reason: `${join(other, "Pulumi.yaml")} declares no resource blog: the program changed since the last pulumi up.`,
      },
    });
  });
});

describe("drift: where a program's website is declared", () => {
  it("says a program the state records that is not there is broken", () => {
    const folder = project({ "Pulumi.yaml": nodeProject });
    const blog = website(
      "blog",
      { domain: "blog.example.com" },
      { sourcePosition: "project:///src/index.ts#12,5" },
    );
    expect(locateDeclaration(recorded(blog, folder))).toEqual({
      unknown: {
        reason:
          `${join(folder, "src/index.ts")}:12: the program that declares blog, as the state records it, is not there: ` +
          "run the command in the checkout the stack was deployed from.",
        broken: true,
      },
    });
  });

  it("takes the first frame in the project's own files, passing over positions of other forms", () => {
    const folder = project({ "Pulumi.yaml": nodeProject, "index.ts": "// the program\n" });
    const blog = website(
      "blog",
      { domain: "blog.example.com" },
      {
        sourcePosition: "file:///srv/project:///index.ts#3,1",
        stackTrace: [
          { sourcePosition: "project:///index.ts#4,1 (bundled)" },
          { sourcePosition: "node:internal/modules/cjs/loader" },
          { sourcePosition: "project:///index.ts#12,5" },
        ],
      },
    );
    expect(locateDeclaration(recorded(blog, folder))).toEqual({
      declaration: { kind: "program", file: join(folder, "index.ts"), line: 12, column: 5, project: folder },
    });
  });

  it("says when the state records no position in the project's files, naming the runtime however it is written", () => {
    const cases: [string, string][] = [
      ["name: team\nruntime:\n  name: python\n  options: {}\n", "python"],
      ["name: team\nruntime: ~\n", ""],
      ["name: team\n", ""],
    ];
    for (const [projectText, runtime] of cases) {
      const folder = project({ "Pulumi.yaml": projectText });
      const blog = website(
        "blog",
        { domain: "blog.example.com" },
        { sourcePosition: "project:///../elsewhere.ts#1,1" },
      );
      expect(locateDeclaration(recorded(blog, folder))).toEqual({
        unknown: {
          reason: `the state records no position in the project's own files for blog (its ${runtime} program).`,
        },
      });
    }
  });
});
