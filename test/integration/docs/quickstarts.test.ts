// Each language page (docs/languages/<language>.md) has a whole project to copy: every file
// (examples marked `<!-- example: NAME file: PATH -->`, read by docProject) and the commands from
// an empty folder to `pulumi up` (the example `quickstart-<language>`). Here each claim is checked
// at the lowest tier that proves it:
//
// - every file parses as its kind says (Pulumi.yaml, package.json, tsconfig.json, requirements.txt
//   by pip, go.mod by `go mod edit`, pom.xml as XML), pins the package's version, and names the
//   language's runtime;
// - the commands create the folder, install what the page says from the release folder a
//   release writes (the same file names as tools/release/), set every stack setting the program
//   reads (as a secret where it reads one), and end with `pulumi up`;
// - the program compiles against what it would install: TypeScript type-checked with the page's
//   tsconfig.json against the built package (dist/); Python byte-compiled, and the requirements
//   resolved by pip, offline, in a virtual environment holding the SDK's wheel as the release
//   builds it and the locked `pulumi`, where the program's SDK names import; Go vetted and built
//   with the page's go.mod, the SDK taken from this checkout by a `replace` (a user's go.mod has
//   none: the release folder's module proxy serves the SDK).
//
// What runs through the engine is elsewhere, each the page's own file: the Java project (the page's
// Pulumi.yaml, pom.xml and App.java) by Pulumi's Java host in test/e2e/language-sdks/java.test.ts;
// the YAML project's Pulumi.yaml in test/e2e/plugin/yaml.test.ts; the TypeScript program in
// test/e2e/documented-examples.test.ts ("docs: website") and the Python one in
// test/e2e/language-sdks/python.test.ts, both as Automation API inline programs. Pulumi's Node.js,
// Python and Go language hosts cannot be built on this project's machines (the Go module proxy
// does not serve them), so no test runs `pulumi up` in the TypeScript, Python or Go project
// folder as written, and the Go program is only built. Nor does any test run the commands
// themselves: the plugin's archive, the npm tarball and `mvn install:install-file` are checked by
// their paths in the release layout, not installed from it.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { findGo, goEnvironment } from "../../../tools/machine/ensure-pulumi.mjs";
import { ensurePythonEnv } from "../../../tools/machine/ensure-python.mjs";
import { languageSdksDir } from "../../../tools/sdks/language-sdks.mjs";
import { releaseArchiveName } from "../../../tools/release/release-plugin.mjs";
import { artifactFolder, sdkCoordinates } from "../../../tools/release/maven-layout.mjs";
import { goSdkModulePath } from "../../../tools/release/go-proxy.mjs";
import { installPythonWheel } from "../../e2e/release-artifacts";
import { docExample, docProject, docText } from "../../support/docs";
import type { DocFile } from "../../support/docs";
import {
  configReads,
  configSetLines,
  defaultProviderSettings,
  yamlConfigReads,
} from "../../support/sdk-docs";
import { scratchFolder } from "../../support/scratch-folder";
import { repoRoot, run } from "../../support/checkout";

const version = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string })
  .version;
const scratch = scratchFolder("webstats-quickstarts-");

/** The plugin's archive for Linux x64, in the release folder, as the commands name it. */
const pluginLine = `pulumi plugin install resource webstats ${version} --file "$RELEASE/plugin/${releaseArchiveName(version, "linux", "amd64")}"`;

const pages = [
  {
    language: "typescript",
    runtime: "nodejs",
    files: ["Pulumi.yaml", "package.json", "tsconfig.json", "index.ts"],
    program: "index.ts",
    installs: [`npm install "$RELEASE/npm/pulumi-webstats-${version}.tgz"`],
  },
  {
    language: "python",
    runtime: "python",
    files: ["Pulumi.yaml", "requirements.txt", "__main__.py"],
    program: "__main__.py",
    installs: [
      pluginLine,
      "python3 -m venv venv",
      `venv/bin/pip install "$RELEASE/python/pulumi_webstats-${version}-py3-none-any.whl" -r requirements.txt`,
    ],
  },
  {
    language: "go",
    runtime: "go",
    files: ["Pulumi.yaml", "go.mod", "main.go"],
    program: "main.go",
    installs: [
      pluginLine,
      'GOPROXY="file://$RELEASE/go-proxy,https://proxy.golang.org" GONOSUMDB=github.com/pulumi-webstats/pulumi-webstats go mod tidy',
    ],
  },
  {
    language: "java",
    runtime: "java",
    files: ["Pulumi.yaml", "pom.xml", "src/main/java/myproject/App.java"],
    program: "src/main/java/myproject/App.java",
    installs: [
      pluginLine,
      (() => {
        const folder = `$RELEASE/maven/${artifactFolder({ ...sdkCoordinates, version })}`;
        const file = `${folder}/${sdkCoordinates.artifactId}-${version}`;
        return `mvn install:install-file -Dfile="${file}.jar" -DpomFile="${file}.pom"`;
      })(),
    ],
  },
  {
    language: "yaml",
    runtime: "yaml",
    files: ["Pulumi.yaml"],
    program: "Pulumi.yaml",
    installs: [pluginLine],
  },
] as const;

/** The commands of a page: one line per command (a line ending in `\` goes on), comments dropped. */
function commandsOf(language: string): string[] {
  return docExample(`quickstart-${language}`, "sh")
    .replace(/\\\n\s*/g, "")
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line !== "");
}

/** A page's project, by file. */
function project(language: string): Map<string, DocFile> {
  return new Map(docProject(`docs/languages/${language}.md`).map((file) => [file.path, file]));
}

/** The text of one file of a page's project. */
function fileOf(language: string, path: string): string {
  const file = project(language).get(path);
  if (!file) throw new Error(`docs/languages/${language}.md has no file ${path}`);
  return file.text;
}

/** A fresh folder in the scratch space holding a page's files. */
function writeProject(language: string): string {
  const dir = join(scratch, language);
  mkdirSync(dir);
  for (const file of project(language).values()) {
    mkdirSync(join(dir, file.path, ".."), { recursive: true });
    writeFileSync(join(dir, file.path), file.text);
  }
  return dir;
}

describe.each(pages)("the $language page's whole project", (page) => {
  it("gives every file, each named on the page", () => {
    const files = [...project(page.language).keys()];
    expect([...files].sort()).toEqual([...page.files].sort());
    const text = docText(`docs/languages/${page.language}.md`);
    for (const file of files) expect(text, file).toContain(`\`${file}\``);
  });

  it("has a Pulumi.yaml that names the language's runtime", () => {
    const pulumiYaml = parse(fileOf(page.language, "Pulumi.yaml")) as {
      name?: unknown;
      runtime?: string | { name?: string };
    };
    expect(pulumiYaml.name).toBe("websites");
    const runtime = typeof pulumiYaml.runtime === "string" ? pulumiYaml.runtime : pulumiYaml.runtime?.name;
    expect(runtime).toBe(page.runtime);
  });

  it("goes from an empty folder to pulumi up, setting every stack setting the program reads", () => {
    const commands = commandsOf(page.language);
    expect(commands[0]).toBe("mkdir websites && cd websites");
    expect(commands.at(-1)).toBe("pulumi up");
    // What it installs, from the release folder, before the stack: and nothing else.
    const init = commands.indexOf("pulumi stack init dev");
    expect(init).toBeGreaterThan(0);
    expect(commands.slice(1, init)).toEqual([...page.installs]);
    // The settings: the default provider's, and each one the program reads, secret where it
    // reads a secret; then nothing but `pulumi up`.
    const source = fileOf(page.language, page.program);
    const reads = page.language === "yaml" ? yamlConfigReads(source) : configReads(source);
    const wanted = defaultProviderSettings();
    for (const [key, secret] of reads) wanted.set(key, secret);
    const settings = commands.slice(init + 1, -1);
    expect(settings.every((line) => line.startsWith("pulumi config set "))).toBe(true);
    expect(configSetLines(settings.join("\n"))).toEqual(wanted);
  });
});

describe("the files of each page's project", () => {
  it("TypeScript: package.json pins the package and the program type-checks against the built package", async () => {
    const manifest = JSON.parse(fileOf("typescript", "package.json")) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies["pulumi-webstats"]).toBe(version);
    // @pulumi/pulumi in the range the package asks of its peer.
    const { peerDependencies } = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
      peerDependencies: Record<string, string>;
    };
    expect(manifest.dependencies["@pulumi/pulumi"]).toBe(peerDependencies["@pulumi/pulumi"]);
    JSON.parse(fileOf("typescript", "tsconfig.json"));

    if (!existsSync(join(repoRoot, "dist", "index.d.ts")))
      throw new Error("dist/ is missing: run npm run build first");
    const dir = writeProject("typescript");
    // The installed packages: this checkout's build as pulumi-webstats, and its own dependencies.
    const modules = join(dir, "node_modules");
    mkdirSync(join(modules, "@pulumi"), { recursive: true });
    mkdirSync(join(modules, "@types"), { recursive: true });
    symlinkSync(repoRoot, join(modules, "pulumi-webstats"));
    symlinkSync(join(repoRoot, "node_modules", "@pulumi", "pulumi"), join(modules, "@pulumi", "pulumi"));
    symlinkSync(join(repoRoot, "node_modules", "@types", "node"), join(modules, "@types", "node"));
    const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
    // tsc prints its diagnostics on standard output: put them in the failure.
    await run(process.execPath, [tsc, "-p", join(dir, "tsconfig.json"), "--noEmit"], {
      cwd: dir,
      encoding: "utf8",
    }).catch((error: Error & { stdout?: string }) => {
      throw new Error(
        `the TypeScript page's index.ts does not type-check:\n${error.stdout ?? error.message}`,
      );
    });
  });

  it("Python: pip resolves requirements.txt with the SDK's wheel, and the program compiles against the SDK", async () => {
    const dir = writeProject("python");
    // The SDK's wheel as the release builds it, in a fresh environment that sees the locked
    // pulumi and the SDK's dependencies (tools/machine/python/requirements.txt).
    const pinned = ensurePythonEnv({ quiet: true }).python;
    const python = installPythonWheel(pinned, join(scratch, "python-env"));
    expect(readdirSync(join(scratch, "python-env", "release", "python"))).toContain(
      `pulumi_webstats-${version}-py3-none-any.whl`,
    );
    // Every requirement parses and is met by what is installed: pip asks no index.
    const resolved = await run(
      pinned,
      ["-m", "pip", "--python", python, "install", "--dry-run", "--no-index", "-r", "requirements.txt"],
      { cwd: dir, encoding: "utf8" },
    ).catch((error: Error & { stdout?: string; stderr?: string }) => {
      throw new Error(
        `pip cannot meet requirements.txt:\n${error.stdout ?? ""}${error.stderr ?? error.message}`,
      );
    });
    expect(resolved.stdout).toContain(`Requirement already satisfied: pulumi_webstats==${version}`);
    await run(python, ["-m", "py_compile", "__main__.py"], {
      cwd: dir,
      env: { ...process.env, PYTHONPYCACHEPREFIX: join(scratch, "pycache") },
    });
    // Each name the program takes from the SDK is one the installed SDK has.
    const names = [
      ...new Set([...fileOf("python", "__main__.py").matchAll(/\bwebstats\.(\w+)/g)].map((m) => m[1]!)),
    ];
    expect(names.length).toBeGreaterThan(0);
    await run(python, [
      "-c",
      "import sys, pulumi_webstats\nmissing = [n for n in sys.argv[1:] if not hasattr(pulumi_webstats, n)]\nsys.exit(f'missing: {missing}' if missing else 0)",
      ...names,
    ]);
  });

  it("Go: go.mod requires the SDK at the package's version, and the program builds with it", async () => {
    const go = findGo();
    if (!go) throw new Error("the Go project needs Go 1.25+ on PATH or in /usr/local/go");
    const dir = writeProject("go");
    const options = { cwd: dir, env: goEnvironment(), maxBuffer: 16 * 1024 * 1024 };
    // go's own reading of the page's go.mod.
    const { stdout } = await run(go, ["mod", "edit", "-json"], options);
    const mod = JSON.parse(stdout) as {
      Module: { Path: string };
      Require: { Path: string; Version: string }[];
    };
    expect(mod.Module.Path).toBe("websites");
    expect(mod.Require).toContainEqual({ Path: goSdkModulePath(), Version: `v${version}` });
    const goProgram = readFileSync(join(repoRoot, "test", "e2e", "go-program", "go.mod"), "utf8");
    const pulumiSdk = mod.Require.find((line) => line.Path === "github.com/pulumi/pulumi/sdk/v3");
    // The Pulumi Go SDK at the version the Go SDK's test program pins, so its go.sum serves.
    expect(goProgram).toContain(`github.com/pulumi/pulumi/sdk/v3 ${pulumiSdk?.Version ?? "(none)"}\n`);
    // The SDK from this checkout; `go mod tidy`'s part (the indirect requirements) done by the build.
    writeFileSync(
      join(dir, "go.mod"),
      `${fileOf("go", "go.mod")}\nreplace ${goSdkModulePath()} => ${join(languageSdksDir, "go")}\n`,
    );
    cpSync(join(repoRoot, "test", "e2e", "go-program", "go.sum"), join(dir, "go.sum"));
    const building = { ...options, env: { ...options.env, GOFLAGS: "-mod=mod" } };
    await run(go, ["vet", "."], building);
    await run(go, ["build", "-o", join(dir, "websites"), "."], building);
  }, 600_000);

  it("Java: pom.xml is XML and depends on the SDK at the package's version", async () => {
    const dir = writeProject("java");
    const script = [
      "import sys, xml.etree.ElementTree as ET",
      "ns = {'m': 'http://maven.apache.org/POM/4.0.0'}",
      "for d in ET.parse(sys.argv[1]).getroot().findall('m:dependencies/m:dependency', ns):",
      "    print(':'.join(d.find('m:' + k, ns).text for k in ('groupId', 'artifactId', 'version')))",
    ].join("\n");
    const { stdout } = await run("python3", ["-c", script, join(dir, "pom.xml")], { encoding: "utf8" });
    expect(stdout.split("\n")).toContain(`${sdkCoordinates.groupId}:${sdkCoordinates.artifactId}:${version}`);
  });

  it("YAML: the program declares only the package's resources", () => {
    const program = parse(fileOf("yaml", "Pulumi.yaml")) as { resources: Record<string, { type: string }> };
    const types = new Set(Object.values(program.resources).map((resource) => resource.type));
    expect([...types].sort()).toEqual(["pulumi:providers:webstats", "webstats:index:Website"]);
  });
});
