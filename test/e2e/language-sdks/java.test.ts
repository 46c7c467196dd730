// The Java SDK generated from the package schema (language-sdks/java) drives the provider plugin
// through Java programs that the real CLI runs with Pulumi's Java language host
// (`pulumi-language-java`, built by tools/machine/ensure-java.mjs), against the emulator: websites in
// two accounts through an explicit provider, a secret password, each function, a change made
// elsewhere found by refresh and put back by up, and destroy. Neither the API keys nor the
// password reach the state or the engine's output in clear. Every first `up` previews first, as
// `pulumi up` does (the Automation API's up would skip it): getWebsite of a website the program
// creates fails that preview without options and passes with InvokeOutputOptions. The Java page's
// Java example runs as written in a project with the Java page's pom.xml, which the host builds and
// runs with Maven (`mvn compile exec:java`), and `pulumi package add` of the plugin gives a Java
// project an SDK that it builds and runs.
//
// The other programs, the SDK and the docs' other Java examples are compiled once,
// by one Maven build offline against the locked repository (tools/machine/ensure-java.mjs), into a jar
// whose manifest names its dependencies; their Pulumi.yaml names that jar (the runtime option
// `binary`), so the host runs `java -jar` and no operation starts Maven. Every Maven build, the
// host's included, runs offline against that repository. The host is installed into each stack's
// PULUMI_HOME as a language plugin: the stacks ignore ambient plugins (so that the webstats
// plugin under test is the only one), which is also how the engine would skip a host on PATH.
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse, stringify } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ensureJavaHost,
  ensureMavenRepository,
  findJavaTools,
  javaProgramDir,
  javaSdkDir,
  mavenBuild,
  prepareJavaProgram,
} from "../../../tools/machine/ensure-java.mjs";
import { pluginWebsiteType } from "../../harness/plugin-program.mjs";
import type { ConfigValue, TestStack } from "../harness";
import { e2e, uniqueDomain } from "../harness";
import { useEngineFixture } from "../fixture";
import * as sdkScenario from "../sdk-scenario";
import { credentialsConfig, plainOutputs } from "../programs";
import { docExample, docProject, docTable, docText } from "../../support/docs";
import { scratchFolder } from "../../support/scratch-folder";
import { localRepositoryOverlay, releaseRepositorySettings } from "../../../tools/release/maven-package.mjs";
import { mavenRelease, releaseVersion } from "../release-artifacts";
import {
  configReads,
  configSetLines,
  defaultProviderSettings,
  fencedBlocks,
  schema,
} from "../../support/sdk-docs";

const run = promisify(execFile);
const root = join(__dirname, "..", "..", "..");
/** The package's version: the plugin's, and the SDK's. */
const packageVersion = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string })
  .version;

const java = findJavaTools();
/** The file's builds and release folders, removed after every test and hook of the file. */
const dir = scratchFolder("webstats-java-sdk-");
// In CI a missing Java or Maven fails the file (in beforeAll) instead of skipping it.
const describeWithJava = sdkScenario.describeNeeding("JAVA", java.missing && `no ${java.missing} on PATH`);

/**
 * The Java examples of the docs (docs/functions.md, docs/_index.md) that do not run, compiled with the
 * program, each in a package of its own (they all declare `package myproject;`). The Java page's
 * SDK example runs, in a project of its own (below).
 */
const examples = [
  { name: "functions", source: () => docExample("functions-java", "java") },
  {
    name: "overview",
    source: () => fencedBlocks(readFileSync(join(root, "docs", "_index.md"), "utf8"), "java")[0]!,
  },
];

/**
 * A Pulumi.yaml of a Java project, keeping what else `project` says: the host runs the jar
 * `binary` with `java -jar`, or, without one, the project's build (Maven's `exec:java`).
 */
function javaProject(project: Record<string, unknown>, binary?: string): string {
  return stringify({ ...project, runtime: binary ? { name: "java", options: { binary } } : "java" });
}

/**
 * Points every Maven run in the Maven project `project` (the Java host's included) at the local
 * repository `repository`, offline, through .mvn/maven.config, and, with `settings`, at the
 * release's repository folder that file names (a `file:` repository, which offline Maven may read
 * when aether.offline.protocols allows it); .mvn/jvm.config spares the short runs the optimizing
 * compiler, as mavenBuild does.
 */
function offlineMaven(project: string, repository: string, settings?: string): void {
  mkdirSync(join(project, ".mvn"), { recursive: true });
  const release = settings ? `--settings=${settings}\n-Daether.offline.protocols=file\n` : "";
  writeFileSync(
    join(project, ".mvn", "maven.config"),
    `--offline\n-Dmaven.repo.local=${repository}\n${release}`,
  );
  writeFileSync(join(project, ".mvn", "jvm.config"), "-XX:TieredStopAtLevel=1\n");
}

describeWithJava("the generated Java SDK through the provider plugin", () => {
  // Two accounts for the scenario, two for the Java page's example, one for `pulumi package add`,
  // so that no test sees another's websites, even when one fails halfway.
  const fixture = useEngineFixture(
    [{ name: "Main" }, { name: "Agency" }, { name: "Readme" }, { name: "Readme agency" }, { name: "Added" }],
    undefined,
    "plugin",
  );
  /** The machine's locked repository, shared: nothing built here is written into it. */
  let repository = "";
  let host = { binary: "", version: "" };
  /**
   * The SDK as the release publishes it: the settings file that names the release's Maven
   * repository folder, and this file's local repository, the locked one through links plus the
   * SDK that Maven resolves from the release (localRepositoryOverlay).
   */
  let release: Promise<{ releaseSettings: string; localRepository: string }>;
  /** The jar of the test program and the docs' examples, which the engine runs. */
  let programJar: Promise<string>;

  beforeAll(async () => {
    if (java.missing) throw new Error(`the Java SDK test needs ${java.missing} on PATH, and none was found`);
    host = ensureJavaHost({ quiet: true, progress: process.stderr });
    ({ repository } = await ensureMavenRepository({ quiet: true, progress: process.stderr }));
    const build = prepareJavaProgram(join(dir, "build"));
    for (const example of examples) {
      const folder = join(build, "src", "main", "java", "examples", example.name);
      mkdirSync(folder, { recursive: true });
      const source = example.source().replace(/^package myproject;$/m, `package examples.${example.name};`);
      expect(source, example.name).toContain(`package examples.${example.name};`);
      writeFileSync(join(folder, "App.java"), source);
    }
    // The SDK as the release publishes it (its own pom builds the jars), installed by Maven from
    // the release's repository folder at the new coordinates, as a user's build would. These
    // builds are most of a minute of Maven: the tests start meanwhile, each waiting for the build
    // it runs (the `package add` test for neither), and a failed build fails those tests.
    release = (async () => {
      const releaseSettings = releaseRepositorySettings(
        join(dir, "settings.xml"),
        await mavenRelease(dir, repository),
      );
      const localRepository = localRepositoryOverlay(repository, join(dir, "local-repository"));
      return { releaseSettings, localRepository };
    })();
    programJar = (async () => {
      const { releaseSettings, localRepository } = await release;
      await mavenBuild(build, ["compile", "jar:jar"], {
        repository: localRepository,
        settings: releaseSettings,
        properties: { "webstats.version": releaseVersion },
      });
      return join(build, "target", "program.jar");
    })();
    // Awaited by the tests; this only keeps a failure from being reported as unhandled first.
    programJar.catch(() => {});
  });
  afterAll(async () => {
    // The scratch folder is removed after this, once no build writes into it.
    await programJar?.catch(() => {});
  });

  const apiKeys = () => fixture.accounts.map((account) => account.apiKey);

  /**
   * A stack of a Java project named `projectName` (see javaProject), with the plugin and the Java
   * host installed in its PULUMI_HOME.
   */
  function javaStack(projectName: string, config: Record<string, ConfigValue>, binary?: string): TestStack {
    // A project-folder stack (the fixture's YAML kind, whose Pulumi.yaml the driver runs), made a
    // Java project by its Pulumi.yaml.
    const stack = fixture.yamlStack("", undefined, { projectName, config });
    stack.writeFile("Pulumi.yaml", javaProject({ name: projectName }, binary));
    const plugin = join(stack.dir, "home", "plugins", `language-java-v${host.version}`);
    mkdirSync(plugin, { recursive: true });
    symlinkSync(host.binary, join(plugin, "pulumi-language-java"));
    return stack;
  }

  /** Neither the keys nor `secrets` are in the stack's state, its settings or the engine's output. */
  async function expectNoSecretsIn(stack: TestStack, secrets: string[]): Promise<void> {
    const { raw } = await stack.exportState();
    const settings = readFileSync(join(stack.workDir, "Pulumi.test.yaml"), "utf8");
    for (const secret of [...secrets, ...apiKeys()]) {
      expect(raw, "state").not.toContain(secret);
      expect(settings, "Pulumi.test.yaml").not.toContain(secret);
      expect(stack.output, "engine output").not.toContain(secret);
    }
  }

  /**
   * A destroy of the stack's `resources`, after which the accounts at `accounts` hold no website,
   * and neither the state, the stack's settings nor the engine's output holds one of `secrets`.
   */
  async function expectDestroyed(
    stack: TestStack,
    expected: { resources: number; accounts: number[]; secrets: string[] },
  ): Promise<void> {
    const destroyed = await stack.destroy();
    expect(destroyed.summary?.resourceChanges).toEqual({ delete: expected.resources });
    for (const index of expected.accounts)
      expect(fixture.emulator.listWebsites(fixture.account(index).id)).toEqual([]);
    await expectNoSecretsIn(stack, expected.secrets);
  }

  // The three engine tests run at once: each has its own accounts, stack and folders, and reads
  // nothing another writes (the emulator lists websites by account).
  it.concurrent(
    "creates websites in two accounts, finds and repairs drift, reads them with each function, and destroys them",
    async () => {
      const projectName = "webstats-java";
      const main = uniqueDomain("javasdk");
      const agency = uniqueDomain("javasdk-agency");
      const password = "java-sdk-password-never-in-clear";
      const stack = javaStack(
        projectName,
        {
          ...sdkScenario.scenarioConfig(fixture, projectName, { main, agency, password }),
          [`${projectName}:lookupWithoutOptions`]: { value: "true" },
        },
        await programJar,
      );

      // getWebsite of the site without options: a first `pulumi up` fails in its preview, as the
      // Java page warns, having created nothing.
      const refused = await stack.up({ previewFirst: true, allowFailure: true });
      expect(refused.ok).toBe(false);
      expect(refused.output).toContain(sdkScenario.previewing);
      expect(refused.output).toContain(`No website with the domain "${main}" in this account.`);
      expect(fixture.emulator.listWebsites(fixture.account(0).id)).toEqual([]);
      expect(fixture.emulator.listWebsites(fixture.account(1).id)).toEqual([]);
      // With InvokeOutputOptions, the Java page's form, the same first up previews and creates.
      stack.setConfig(`${projectName}:lookupWithoutOptions`, { value: "false" });
      const created = await stack.up({ previewFirst: true });
      expect(created.output).toContain(sdkScenario.previewing);
      // The stack, the second account's provider and the two websites (a default provider is not
      // counted).
      expect(created.summary?.resourceChanges).toEqual({ create: 4 });
      const outputs = plainOutputs(created.outputs);
      sdkScenario.expectOutputs(fixture, outputs, { main });
      expect(outputs).toMatchObject({ foundPrivacy: "password", agencyDomains: [agency] });
      // The SDK marks the password secret, so the engine keeps it encrypted as an output too.
      expect(created.outputs?.password?.secret).toBe(true);
      const siteId = outputs.siteId as number;
      const clientId = outputs.clientId as number;
      sdkScenario.expectWebsites(fixture, { siteId, clientId, main, agency });
      sdkScenario.expectProviderKeysEncrypted(await stack.resourcesOfType("pulumi:providers:webstats"));

      // A change made elsewhere: refresh records it, up puts the declared values back.
      fixture.emulator.updateWebsite(siteId, { email: 1, exclude_bots: 0 });
      const refreshed = await stack.refresh();
      expect(refreshed.summary?.resourceChanges).toEqual({ same: 3, update: 1 });
      const restored = await stack.up();
      expect(restored.summary?.resourceChanges).toEqual({ same: 3, update: 1 });
      expect(plainOutputs(restored.outputs).siteId).toBe(siteId);
      expect(fixture.emulator.getWebsite(siteId)).toMatchObject({ email: 0, exclude_bots: 1, privacy: 2 });
      // Nothing left to change, the password and the SDK's defaults included.
      await stack.preview({ expectNoChanges: true, refresh: true });

      expect(await stack.resourcesOfType(pluginWebsiteType)).toHaveLength(2);
      // The engine ran the jar through the Java host, and printed nothing secret.
      await expectDestroyed(stack, { resources: 4, accounts: [0, 1], secrets: [password] });
      for (const id of [siteId, clientId]) expect(fixture.emulator.getWebsite(id)).toBeUndefined();
      expect(stack.output).toContain(pluginWebsiteType);
    },
  );

  it.concurrent(
    "runs the Java page's whole project as written: its Pulumi.yaml, pom.xml and App.java",
    async () => {
      const password = "readme-java-sdk-password";
      // The page's project, every file where the page puts it (docProject); its Pulumi.yaml names
      // no `binary`, so the host runs the Maven project, `mvn compile exec:java`, as for a user.
      const files = docProject("docs/languages/java.md");
      const pulumiYaml = files.find((file) => file.path === "Pulumi.yaml");
      const projectName = (parse(pulumiYaml?.text ?? "") as { name: string }).name;
      const stack = javaStack(
        projectName,
        sdkScenario.readmeConfig(fixture, projectName, { main: 2, agency: 3, password }),
      );
      for (const file of files) {
        mkdirSync(join(stack.workDir, file.path, ".."), { recursive: true });
        writeFileSync(join(stack.workDir, file.path), file.text);
      }
      expect(files.map((file) => file.path).sort()).toEqual([
        "Pulumi.yaml",
        "pom.xml",
        "src/main/java/myproject/App.java",
      ]);
      // Maven finds the SDK in the release's repository folder (the page's `mvn install:install-file`
      // of the same files would copy them into the local repository first).
      const { localRepository, releaseSettings } = await release;
      offlineMaven(stack.workDir, localRepository, releaseSettings);
      // A first `pulumi up`: the preview runs the example's getWebsite of the blog before the blog
      // exists.
      const created = await stack.up({ previewFirst: true });
      expect(created.output).toContain(sdkScenario.previewing);
      expect(created.summary?.resourceChanges).toEqual({ create: 4 });
      const outputs = plainOutputs(created.outputs);
      sdkScenario.expectReadmeWebsites(fixture, outputs, 3);
      expect(outputs.blogPrivacy).toBe("password");
      expect(fixture.emulator.listWebsites(fixture.account(2).id).map((w) => w.domain)).toEqual([
        "blog.example.com",
      ]);
      await expectDestroyed(stack, { resources: 4, accounts: [2, 3], secrets: [password] });
    },
  );

  it.concurrent(
    "pulumi package add of the plugin gives a Maven project an SDK it compiles and runs",
    async () => {
      const projectName = "webstats-java-added";
      const domain = uniqueDomain("javaadd");
      // A user's Maven project before the SDK: the test program's pom and no source yet, run by the
      // Maven executor (no `binary`), so that `package add` ends with the host's `mvn compile`.
      // .mvn/maven.config points that Maven at the locked repository, offline.
      const stack = javaStack(
        projectName,
        credentialsConfig(fixture.emulator.url, fixture.account(4).apiKey),
      );
      const project = stack.workDir;
      // The test program's pom without the SDK's artifact: here the SDK is the generated sources.
      const projectPom = readFileSync(join(javaProgramDir, "pom.xml"), "utf8").replace(
        /<dependency>\s*<groupId>io\.github\.pulumi-webstats<\/groupId>[\s\S]*?<\/dependency>\s*/,
        "",
      );
      expect(projectPom).not.toContain("<groupId>io.github.pulumi-webstats</groupId>");
      writeFileSync(join(project, "pom.xml"), projectPom);
      offlineMaven(project, repository);

      const plugin = join(root, "dist", "plugin", "pulumi-resource-webstats.js");
      const { stdout, stderr } = await run(join(e2e.binDir, "pulumi"), ["package", "add", plugin], {
        cwd: project,
        env: { ...process.env, ...stack.shellEnvironment(), PULUMI_IGNORE_AMBIENT_PLUGINS: "true" },
        maxBuffer: 16 * 1024 * 1024,
      });
      const said = `${stdout}${stderr}`;
      // Where it wrote the SDK, and the host's instructions: copy its sources, add dependencies.
      expect(said).toContain(
        `Successfully generated an SDK for the webstats package at ${join(project, "sdks")}`,
      );
      expect(said).toContain(`cp -r sdks/webstats/src/* ${join(project, "src")}`);
      expect(said).toContain("<artifactId>jsr305</artifactId>");
      // The generator's warning about the settings class, which the Java page explains.
      for (const setting of ["apiKey", "proxyUrl"]) {
        const warning = `WARN: secret property ${setting} (property of config) does not have an Output type`;
        expect(said).toContain(warning);
      }
      expect(docText("docs/languages/java.md")).toContain(
        "`WARN: secret property apiKey (property of config) does not have an Output type`",
      );
      const added = join(project, "sdks", "webstats");
      // Sources and version.txt, no build file: the project's own build compiles them.
      expect(readdirSync(added).sort()).toEqual([".gitattributes", "README.md", "src"]);
      // The package is recorded in Pulumi.yaml at the plugin's version; the pom is left as it was.
      const recorded = parse(readFileSync(join(project, "Pulumi.yaml"), "utf8")) as Record<string, unknown>;
      expect(recorded.packages).toEqual({ webstats: `webstats@${packageVersion}` });
      expect(readFileSync(join(project, "pom.xml"), "utf8")).toBe(projectPom);
      // The Java sources are the committed SDK's, but for the generator's name in their header.
      const sources = (base: string) =>
        readdirSync(join(base, "src"), { recursive: true })
          .map(String)
          .filter((file) => file.endsWith(".java"))
          .sort();
      expect(sources(added)).toEqual(sources(javaSdkDir));
      for (const file of sources(added)) {
        const generated = readFileSync(join(added, "src", file), "utf8").replace(
          "pulumi-language-java",
          "pulumi-sdkgen",
        );
        expect(generated, file).toBe(readFileSync(join(javaSdkDir, "src", file), "utf8"));
      }

      // As the host says: the SDK's sources into the project's, then a program that uses them.
      cpSync(join(added, "src"), join(project, "src"), { recursive: true });
      const programFolder = join(project, "src", "main", "java", "e2e");
      mkdirSync(programFolder, { recursive: true });
      writeFileSync(
        join(programFolder, "Websites.java"),
        `package e2e;

import com.pulumi.Pulumi;
import io.github.pulumiwebstats.webstats.Website;
import io.github.pulumiwebstats.webstats.WebsiteArgs;

public class Websites {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var site = new Website("site", WebsiteArgs.builder().domain("${domain}").build());
            ctx.export("websiteId", site.websiteId());
        });
    }
}
`,
      );
      await mavenBuild(project, ["compile", "jar:jar"], { repository });
      // The engine runs the jar, as for the other programs here.
      writeFileSync(
        join(project, "Pulumi.yaml"),
        javaProject(recorded, join(project, "target", "program.jar")),
      );
      const created = await stack.up({ previewFirst: true });
      expect(created.output).toContain(sdkScenario.previewing);
      expect(created.summary?.resourceChanges).toEqual({ create: 2 });
      const id = plainOutputs(created.outputs).websiteId as number;
      expect(fixture.emulator.getWebsite(id)).toMatchObject({ domain });
      await expectDestroyed(stack, { resources: 2, accounts: [4], secrets: [] });
      expect(fixture.emulator.getWebsite(id)).toBeUndefined();
    },
  );
});

// What the docs say of the Java SDK, held to the SDK generated from the schema: read from the
// files, so this needs no engine.
describe("the docs on the Java SDK", () => {
  const functions = readFileSync(
    join(javaSdkDir, "src/main/java/io/github/pulumiwebstats/webstats/WebstatsFunctions.java"),
    "utf8",
  );

  it("names each function of the schema as the Java SDK defines and invokes it", () => {
    const rows = docTable("docs/functions.md", "## Function names in each language");
    expect(rows.map(([token]) => token)).toEqual(
      Object.keys(schema.functions).map((token) => `\`${token}\``),
    );
    for (const row of rows) {
      const token = row[0]!.replace(/`/g, "");
      const names = [...row[4]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
      // The plain form first, as in the other columns, then the Output form.
      expect(names, token).toHaveLength(2);
      const [plain, output] = names as [string, string];
      expect(plain).toBe(`${output}Plain`);
      expect(functions).toMatch(new RegExp(`public static CompletableFuture<\\w+> ${plain}\\(`));
      expect(functions).toMatch(new RegExp(`public static Output<\\w+> ${output}\\(`));
      // Each method invokes its own token: the one after its declaration.
      const body = functions.slice(functions.search(new RegExp(` ${output}\\(`)));
      expect(/invoke(?:Async)?\("([^"]+)"/.exec(body)?.[1], output).toBe(token);
    }
  });

  it("sets, beside the Java example, every stack setting it reads, as a secret when it reads one", () => {
    const wanted = defaultProviderSettings();
    const reads = configReads(docExample("sdk-java", "java"));
    expect(reads.size).toBeGreaterThan(0);
    for (const [key, secret] of reads) {
      if (wanted.has(key)) expect(secret, key).toBe(wanted.get(key));
      wanted.set(key, secret);
    }
    expect(configSetLines(docExample("quickstart-java", "sh"))).toEqual(wanted);
    // The same settings as the other languages' example, which does the same.
    expect(configSetLines(docExample("sdk-config", "sh"))).toEqual(wanted);
  });

  it("shows the same stack settings for the overview's Java example as for the others", () => {
    const overview = readFileSync(join(root, "docs", "_index.md"), "utf8");
    const python = configReads(fencedBlocks(overview, "python")[0]!);
    expect(configReads(fencedBlocks(overview, "java")[0]!)).toEqual(python);
  });
});
