// Every next step the tools print installs the package the way that works on this version
// (core/install-steps.ts): here the printed install command runs, as printed, in a new project
// against a release folder's tarball where `npm run release` puts it (packed as the release packs
// it, from the built dist/); `generate` prints the same lines; and the examples' READMEs give the
// same commands. The demo's lines are checked where the demo runs (test/e2e/demo.test.ts).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../../cli/run";
import { startEmulator } from "../../../emulator";
import { SDK_VERSION } from "../../../sdk";
import { installLines, installSteps, releaseTarball } from "../../../core/install-steps";
import { releaseNpmFolder } from "../../../tools/release/build-release.mjs";
import { releaseArchiveName } from "../../../tools/release/release-plugin.mjs";
import { scratchFolder } from "../../support/scratch-folder";
import { repoRoot, run } from "../../support/checkout";

const scratch = scratchFolder("webstats-next-steps-");

describe("the install command the tools print, while the version is unpublished", () => {
  it("names the tarball in the folder npm run release writes it to", () => {
    expect(releaseTarball()).toBe(`${releaseNpmFolder}/pulumi-webstats-${SDK_VERSION}.tgz`);
  });

  it("installs the package and its peer into a new project, run as printed", async () => {
    if (!existsSync(join(repoRoot, "dist", "index.js")))
      throw new Error("dist/ is missing: run npm run build first.");
    const clone = join(scratch, "clone");
    const npmFolder = join(clone, "release", releaseNpmFolder);
    mkdirSync(npmFolder, { recursive: true });
    // The release packs the built package with npm pack; dist/ is built already.
    await run("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", npmFolder], {
      cwd: repoRoot,
    });
    expect(existsSync(join(clone, "release", releaseTarball()))).toBe(true);

    const project = join(scratch, "project");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "websites", private: true }));
    const { install } = installSteps({ clone, published: false });
    await run("sh", ["-c", install], {
      cwd: project,
      env: {
        ...process.env,
        npm_config_prefer_offline: "true",
        npm_config_audit: "false",
        npm_config_fund: "false",
      },
      maxBuffer: 16 * 1024 * 1024,
    });
    const version = (name: string) =>
      (
        JSON.parse(readFileSync(join(project, "node_modules", name, "package.json"), "utf8")) as {
          version: string;
        }
      ).version;
    expect(version("pulumi-webstats")).toBe(SDK_VERSION);
    expect(version("@pulumi/pulumi")).toMatch(/^3\./);
    const { stdout } = await run(
      process.execPath,
      ["-e", 'console.log(typeof require("pulumi-webstats").Website)'],
      {
        cwd: project,
      },
    );
    expect(stdout.trim()).toBe("function");
  });
});

describe("what the tools and the examples say", () => {
  it("generate's next step, and its README, give the install lines of this clone", async () => {
    const emulator = await startEmulator({ requestsPerMinute: 0 });
    try {
      const account = emulator.createAccount();
      let printed = "";
      const out = join(scratch, "generated");
      const code = await runCli(
        ["generate", "--out", out],
        { WEBSTATS_BASE_URL: emulator.url, WEBSTATS_API_KEY: account.apiKey },
        { out: (text) => (printed += text), err: (text) => (printed += text) },
      );
      expect(code, printed).toBe(0);
      const lines = installLines(installSteps({ clone: repoRoot }));
      for (const line of lines) expect(printed).toContain(`\n  ${line}\n`);
      expect(readFileSync(join(out, "README.md"), "utf8")).toContain(
        `\`\`\`sh\n${lines.join("\n")}\npulumi stack init`,
      );
    } finally {
      await emulator.close();
    }
  });

  const npmExamples = readdirSync(join(repoRoot, "examples")).filter((name) =>
    existsSync(join(repoRoot, "examples", name, "package.json")),
  );

  it.each(npmExamples)(
    "examples/%s/README.md installs as the tools say, with <clone> for the clone",
    (name) => {
      const readme = readFileSync(join(repoRoot, "examples", name, "README.md"), "utf8");
      if (name === "gitops") {
        // Its workflows run npm ci from the lock file: they need the published package.
        expect(readme).toContain(`once ${SDK_VERSION} is on npm`);
        return;
      }
      expect(readme).toContain(`\`\`\`sh\n${installLines(installSteps({ published: false })).join("\n")}\n`);
      expect(readme).not.toMatch(/^npm install$/m);
    },
  );

  it("examples/yaml/README.md installs the plugin from the release folder's archive", () => {
    const readme = readFileSync(join(repoRoot, "examples", "yaml", "README.md"), "utf8");
    expect(readme).toContain(
      `pulumi plugin install resource webstats ${SDK_VERSION} --file <clone>/release/plugin/${releaseArchiveName(SDK_VERSION, "linux", "amd64")}`,
    );
  });
});
