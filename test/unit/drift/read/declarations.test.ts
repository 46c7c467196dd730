// Where a recorded website is declared (drift/declarations.ts), from what a state records: the
// WebsiteFleet's fleetFile output, the resources' source positions (in the shape the engine
// writes them: test/e2e/drift/fix-code.test.ts reads real ones), and the project's files.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SourceFiles, declarationOf, locateDeclaration } from "../../../../drift/read/declarations";
import { fleetComponent, fleetUrn, project, recordedWebsites } from "../../../support/declaration-states";

const websites = recordedWebsites;

const website = (name: string, domain: string, extra: Record<string, unknown>) => ({
  urn: `urn:pulumi:prod::team::webstats:index:Website::${name}`,
  type: "webstats:index:Website",
  id: "3",
  outputs: { domain, websiteId: 3 },
  ...extra,
});

const fleetText = "websites:\n  - domain: a.example.com\n  # b next\n  - domain: https://www.B.example.com\n";

describe("drift: where websites are declared", () => {
  it("finds a fleet website's entry in the file its WebsiteFleet recorded", () => {
    const folder = project({ "Pulumi.yaml": "name: team\nruntime: nodejs\n", "fleets/prod.yaml": fleetText });
    const [b] = websites(
      [
        fleetComponent({ websiteIds: {}, fleetFile: "fleets/prod.yaml" }),
        website("sites-b.example.com", "b.example.com", { parent: fleetUrn }),
      ],
      join(folder, "fleets"),
    );
    expect(declarationOf(b!)).toEqual({
      kind: "fleet",
      file: join(folder, "fleets/prod.yaml"),
      line: 4,
      project: folder,
      via: "recorded",
    });
  });

  it("finds it by its domain for a state written before the file was recorded, if one file has it", () => {
    const folder = project({ "Pulumi.yaml": "name: team\nruntime: nodejs\n", "sites.yaml": fleetText });
    const [a] = websites(
      [
        fleetComponent({ websiteIds: {} }),
        website("sites-a.example.com", "a.example.com", { parent: fleetUrn }),
      ],
      folder,
    );
    expect(declarationOf(a!)).toMatchObject({
      kind: "fleet",
      file: join(folder, "sites.yaml"),
      line: 2,
      via: "found",
    });
    writeFileSync(join(folder, "staging.yaml"), fleetText);
    const located = locateDeclaration(a!, new SourceFiles());
    expect(located).toEqual({
      unknown: { reason: expect.stringContaining("2 files of the project have an entry for it") as unknown },
    });
  });

  it("says a recorded fleet file or a project that is not there is broken, naming where the component is", () => {
    const folder = project({ "Pulumi.yaml": "name: team\nruntime: nodejs\n" });
    const [a] = websites(
      [
        fleetComponent({ websiteIds: {}, fleetFile: "sites.yaml" }),
        website("sites-a.example.com", "a.example.com", { parent: fleetUrn }),
      ],
      folder,
    );
    const located = locateDeclaration(a!);
    expect(located).toMatchObject({ unknown: { broken: true } });
    expect(JSON.stringify(located)).toContain(
      `${join(folder, "sites.yaml")}: the fleet file of WebsiteFleet sites (declared at ${join(folder, "index.ts")}:7)`,
    );
    const [elsewhere] = websites([website("a", "a.example.com", {})], "/nonexistent/folder");
    expect(locateDeclaration(elsewhere!)).toMatchObject({
      unknown: {
        broken: true,
        reason: expect.stringContaining("no Pulumi.yaml in /nonexistent/folder") as unknown,
      },
    });
  });

  it("takes a program's line from the first position in the project's own files", () => {
    const folder = project({ "Pulumi.yaml": "name: team\nruntime: nodejs\n", "index.ts": "// program\n" });
    const [blog] = websites(
      [
        website("blog", "blog.example.com", {
          // The dynamic provider's Website records this package's frame first.
          sourcePosition: "project:///node_modules/pulumi-webstats/dist/provider/website.js#66,9",
          stackTrace: [
            { sourcePosition: "project:///node_modules/pulumi-webstats/dist/provider/website.js#66,9" },
            { sourcePosition: "project:///index.ts#12,5" },
            {},
          ],
        }),
      ],
      folder,
    );
    expect(declarationOf(blog!)).toEqual({
      kind: "program",
      file: join(folder, "index.ts"),
      line: 12,
      column: 5,
      project: folder,
    });
  });

  it("finds a Pulumi YAML program's resource by its name", () => {
    const folder = project({
      "Pulumi.yaml":
        "name: team\nruntime: yaml\nresources:\n  # ours\n  blog:\n    type: webstats:index:Website\n",
    });
    const [blog] = websites([website("blog", "blog.example.com", {})], folder);
    expect(declarationOf(blog!)).toEqual({
      kind: "yaml-program",
      file: join(folder, "Pulumi.yaml"),
      line: 5,
      project: folder,
    });
  });

  it("knows nothing of a state file's websites without a project folder", () => {
    const [blog] = websites([website("blog", "blog.example.com", {})]);
    expect(declarationOf(blog!)).toBeUndefined();
    expect(locateDeclaration(blog!)).toEqual({
      unknown: { reason: expect.stringContaining("give --cwd DIR before --state FILE") as unknown },
    });
  });
});
