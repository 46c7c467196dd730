// The project `pulumi-webstats generate` writes, for every format: names, settings, what is
// left out and why, protection from deletion, versions, and TypeScript that compiles against
// the package's own types.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import type { Website } from "../../../sdk";
import { parseFleet } from "../../../fleet/load-fleet";
import { importFile } from "../../../generate/import-file";
import { projectFiles } from "../../../generate/project";
import type { ProjectRequest } from "../../../generate/project";
import { PULUMI_VERSION_RANGE, projectNameFrom } from "../../../generate/project-files";
import { namedWebsites } from "../../../generate/website-settings";
import { liveWebsite } from "../../support/drift-entries";

const repoRoot = join(__dirname, "..", "..", "..");

const websites: Website[] = [
  liveWebsite(3, "shop.example.com", { privacy: "password", hasPassword: true }),
  liveWebsite(1, "blog.example.com", {
    email: true,
    favorite: true,
    excludeIps: ["10.0.0.1", "2001:db8::/32"],
  }),
  liveWebsite(2, "docs.example.com", { privacy: "private", excludeBots: false }),
  liveWebsite(4, "a-b.example.com"),
  liveWebsite(5, "a.b.example.com"),
  liveWebsite(6, "192.0.2.10"),
];

const request = (format: "ts" | "yaml", list = websites): ProjectRequest => ({
  websites: list,
  format,
  name: "my-sites",
  baseUrl: "https://stats.example.com",
  date: "2026-05-01",
});

/**
 * Type-checks generated projects, each with its own tsconfig.json, against this package's
 * sources (one compiler run for all: it takes seconds).
 */
function typeErrors(...projects: Record<string, string>[]): string[] {
  const configs = projects.map((files) => {
    const dir = mkdtempSync(join(tmpdir(), "generated-"));
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    return ts.parseJsonConfigFileContent(
      JSON.parse(readFileSync(join(dir, "tsconfig.json"), "utf8")),
      ts.sys,
      dir,
    );
  });
  const modules = join(repoRoot, "node_modules");
  const program = ts.createProgram(
    configs.flatMap((c) => c.fileNames),
    {
      ...configs[0]!.options,
      noEmit: true,
      typeRoots: [join(modules, "@types")],
      paths: {
        "pulumi-webstats": [join(repoRoot, "index.ts")],
        "@pulumi/pulumi": [join(modules, "@pulumi", "pulumi")],
        "@pulumi/pulumi/*": [join(modules, "@pulumi", "pulumi", "*")],
      },
    },
  );
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe("generate: TypeScript format", () => {
  const files = projectFiles(request("ts"));
  const program = files["index.ts"]!;

  it("writes a complete project", () => {
    expect(Object.keys(files).sort()).toEqual(
      [".gitignore", "Pulumi.yaml", "README.md", "index.ts", "package.json", "tsconfig.json"].sort(),
    );
    expect(files["Pulumi.yaml"]).toMatch(
      /^name: my-sites\nruntime: nodejs\n|^name: my-sites\n[\s\S]*runtime: nodejs/,
    );
  });

  it("declares one adopted Website per site, named after its domain, with its current settings", () => {
    for (const w of websites)
      expect(program).toContain(`new webstats.Website(${JSON.stringify(w.domain)}, {`);
    expect(program.match(/new webstats\.Website\(/g)).toHaveLength(websites.length);
    expect(program.match(/^ {4}adoptExisting: true,$/gm)).toHaveLength(websites.length);
    expect(program).toContain(
      [
        `  "blog.example.com": new webstats.Website("blog.example.com", {`,
        `    domain: "blog.example.com",`,
        `    privacy: "public",`,
        `    email: true,`,
        `    excludeBots: true,`,
        `    favorite: true,`,
        `    excludeIps: ["10.0.0.1", "2001:db8::/32"],`,
        `    adoptExisting: true,`,
        `  }, { protect: true }),`,
      ].join("\n"),
    );
  });

  it("protects every Website, and says how to release one before deleting it", () => {
    expect(program.match(/^ {2}\}, \{ protect: true \}\),$/gm)).toHaveLength(websites.length);
    expect(program).not.toMatch(/^ {2}\}\),$/m);
    const header = program.slice(0, program.indexOf("import "));
    expect(header).toContain(
      "// Every website is protected ({ protect: true }): Pulumi refuses to delete it",
    );
    expect(header).toContain("remove its { protect: true }, run\n// `pulumi up`, then remove the website.");
    expect(header).toContain("`pulumi state unprotect <URN>`");
    const readme = files["README.md"]!;
    expect(readme).toContain("Every website is protected (`{ protect: true }` on each `Website`)");
    expect(readme).toContain(
      "1. remove its `{ protect: true }`, then run `pulumi up`;\n2. remove the `Website`;",
    );
    expect(readme).toContain("`pulumi state unprotect <URN>`");
    expect(readme).toContain("`pulumi state unprotect --all` releases every website");
  });

  it("leaves write-only settings out and says how to manage them", () => {
    const code = program
      .split("\n")
      .filter((line) => !line.trimStart().startsWith("//"))
      .join("\n");
    expect(code).not.toMatch(/excludeParams|password:/);
    expect(program).toContain("// Not declared: excludeParams and password.");
    expect(program).toMatch(
      /\/\/ Password-protected: [^\n]*\n {2}"shop\.example\.com": new webstats\.Website/,
    );
  });

  it("compiles against the package's types, as does the YAML format's program", () => {
    expect(typeErrors(files, projectFiles(request("yaml", [websites[1]!])))).toEqual([]);
  }, 300_000);

  it("does not depend on the order the API lists the websites in", () => {
    expect(projectFiles(request("ts", [...websites].reverse()))).toEqual(files);
  });
});

describe("generate: resource names", () => {
  it("are the normalised domains; domains that normalise alike get their id appended", () => {
    const named = namedWebsites([
      liveWebsite(9, "www.shop.example.com"),
      liveWebsite(2, "shop.example.com"),
      liveWebsite(5, "A.example.com"),
    ]);
    expect(named.map((n) => n.name)).toEqual(["a.example.com", "shop.example.com", "shop.example.com-id9"]);
  });
});

describe("generate: YAML format", () => {
  const plain = websites.filter((w) => w.privacy !== "password");
  const files = projectFiles(request("yaml", plain));

  it("writes a fleet file and a program that loads it", () => {
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["websites.yaml", "index.ts", "package.json"]));
    expect(files["index.ts"]).toContain(`webstats.loadFleet("websites.yaml")`);
  });

  it("round-trips: loadFleet reads back every site with its current settings, adoptExisting and protect", () => {
    const fleet = parseFleet(files["websites.yaml"]!, "websites.yaml");
    expect(fleet.websites.filter((w) => w.protect !== true)).toEqual([]);
    const bySite = Object.fromEntries(fleet.websites.map((w) => [w.domain, w.args]));
    expect(Object.keys(bySite).sort()).toEqual(plain.map((w) => w.domain).sort());
    for (const w of plain) {
      expect(bySite[w.domain]).toEqual({
        domain: w.domain,
        privacy: w.privacy,
        email: w.email,
        excludeBots: w.excludeBots,
        favorite: w.favorite,
        excludeIps: w.excludeIps,
        adoptExisting: true,
      });
    }
  });

  it("puts the most common settings in defaults and only differences in entries", () => {
    const text = files["websites.yaml"]!;
    expect(text).toContain(
      "defaults:\n  privacy: public\n  email: false\n  excludeBots: true\n  favorite: false\n  excludeIps: []\n  adoptExisting: true\n  protect: true\nwebsites:\n",
    );
    expect(text).toContain("  - domain: docs.example.com\n    privacy: private\n    excludeBots: false\n");
    expect(text).toContain("  - domain: a-b.example.com\n  - domain");
  });

  it("writes password-protected sites without a password, with a comment saying how to manage it", () => {
    const text = projectFiles(request("yaml"))["websites.yaml"]!;
    expect(text).toMatch(
      / {2}# Password-protected: [^\n]*\n {2}- domain: shop\.example\.com\n {4}privacy: password\n/,
    );
    expect(text).not.toMatch(/^\s*(password|passwordConfig):/m);
    expect(text).toContain("#   passwordConfig: shopPassword");
  });

  it("protects every website through defaults, and says how to release one before deleting it", () => {
    const text = files["websites.yaml"]!;
    expect(text.match(/^ *protect:/gm)).toEqual(["  protect:"]);
    expect(text).toContain(
      "# Every website is protected (protect: true in defaults): Pulumi refuses to delete it",
    );
    expect(text).toContain("set protect: false on its entry,\n# run `pulumi up`, then remove the entry.");
    expect(text).toContain("`pulumi state unprotect <URN>`");
    const readme = files["README.md"]!;
    expect(readme).toContain(
      "Every website is protected (`protect: true` in the `defaults` of `websites.yaml`)",
    );
    expect(readme).toContain(
      "1. set `protect: false` on its entry, then run `pulumi up`;\n2. remove the entry;",
    );
    expect(readme).toContain("`pulumi state unprotect <URN>`");
  });

  it("refuses domains that normalise alike, which a fleet file cannot hold", () => {
    expect(() =>
      projectFiles(request("yaml", [liveWebsite(1, "a.example.com"), liveWebsite(2, "www.a.example.com")])),
    ).toThrow(/--format ts/);
  });
});

describe("generate: import format", () => {
  it("holds only the fields of the CLI's import file, which has none for protection", () => {
    // The CLI's import file has no per-resource protect (its `--protect` flag, true by default,
    // protects every resource imported) and ignores fields it does not know: none is written.
    const file = JSON.parse(importFile(namedWebsites(websites))) as { resources: Record<string, unknown>[] };
    expect(Object.keys(file)).toEqual(["resources"]);
    expect(file.resources).toHaveLength(websites.length);
    for (const resource of file.resources) expect(Object.keys(resource)).toEqual(["type", "name", "id"]);
    expect(file.resources[0]).toEqual({ type: "webstats:index:Website", name: "192.0.2.10", id: "6" });
  });
});

describe("generate: project files", () => {
  const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
    version: string;
    peerDependencies: Record<string, string>;
  };

  it("depends on this package's version and the @pulumi/pulumi range it supports", () => {
    const generated = JSON.parse(projectFiles(request("ts"))["package.json"]!) as {
      dependencies: Record<string, string>;
    };
    expect(PULUMI_VERSION_RANGE).toBe(manifest.peerDependencies["@pulumi/pulumi"]);
    expect(generated.dependencies).toEqual({
      "@pulumi/pulumi": manifest.peerDependencies["@pulumi/pulumi"],
      "pulumi-webstats": `^${manifest.version}`,
    });
  });

  it("examples depend on the same versions as generated projects", () => {
    const generated = (JSON.parse(projectFiles(request("ts"))["package.json"]!) as { dependencies: unknown })
      .dependencies;
    for (const example of ["quickstart", "fleet", "adopt-existing", "multi-account", "gitops"]) {
      const pkg = JSON.parse(readFileSync(join(repoRoot, "examples", example, "package.json"), "utf8")) as {
        dependencies: unknown;
      };
      expect(pkg.dependencies, example).toEqual(generated);
    }
  });

  it("derives a valid project name from the folder", () => {
    expect(projectNameFrom("My Websites!")).toBe("my-websites");
    expect(projectNameFrom("...")).toBe("webstats-websites");
  });
});
