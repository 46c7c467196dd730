// The Action's install step (action/install.sh) as a workflow meets it in a project without its
// own copy: `npm install pulumi-webstats@<the action's version>` from the registry npm is
// configured with. The package is not published from here, so the registry is a loopback one
// (test/support/npm-registry.ts) serving the packed package and passing its dependencies on to
// the real registry; the command installed must then run and be the action's version. The steps
// with the project's own copy are test/e2e/action.test.ts.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionRoot } from "../support/action-runner";
import { startLocalRegistry, type LocalRegistry } from "../support/npm-registry";

const run = promisify(execFile);
const { version } = JSON.parse(readFileSync(join(actionRoot, "package.json"), "utf8")) as { version: string };
const scratch = mkdtempSync(join(tmpdir(), "action-install-"));
let registry: LocalRegistry;

beforeAll(async () => {
  if (!existsSync(join(actionRoot, "dist", "index.js")))
    throw new Error("dist/ is missing: run npm run build first.");
  const { stdout } = await run(
    "npm",
    ["pack", "--silent", "--ignore-scripts", "--pack-destination", scratch],
    {
      cwd: actionRoot,
    },
  );
  registry = await startLocalRegistry([join(scratch, stdout.trim().split("\n").pop()!)]);
}, 300_000);

afterAll(async () => {
  await registry?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("the Action's install step", () => {
  it("installs the action's own version from the registry when the project has no copy", async () => {
    const project = join(scratch, "project");
    const runnerTemp = join(scratch, "runner-temp");
    mkdirSync(project);
    mkdirSync(runnerTemp);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "sites", private: true }));
    const output = join(scratch, "github-output");
    writeFileSync(output, "");
    const step = await run("bash", [join(actionRoot, "action", "install.sh")], {
      cwd: project,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        GITHUB_ACTION_PATH: actionRoot,
        GITHUB_OUTPUT: output,
        RUNNER_TEMP: runnerTemp,
        INPUT_WORKING_DIRECTORY: project,
        npm_config_registry: registry.url,
      },
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(step.stdout).toContain(`pulumi-webstats ${version}: installing it into ${runnerTemp}`);
    // It resolved the package by name through the registry (npm may take the tarball the registry
    // names from its own cache, by its integrity).
    expect(registry.requests).toContain("GET /pulumi-webstats");

    const cli = readFileSync(output, "utf8").match(/^cli=(.+)$/m)?.[1];
    expect(cli).toBe(
      join(runnerTemp, `pulumi-webstats-${version}`, "node_modules", ".bin", "pulumi-webstats"),
    );
    const installed = JSON.parse(
      readFileSync(
        join(runnerTemp, `pulumi-webstats-${version}`, "node_modules", "pulumi-webstats", "package.json"),
        "utf8",
      ),
    ) as { version: string };
    expect(installed.version).toBe(version);
    // This build, as packed.
    const installedEntry = join(
      runnerTemp,
      `pulumi-webstats-${version}`,
      "node_modules",
      "pulumi-webstats",
      "dist",
      "index.js",
    );
    expect(readFileSync(installedEntry, "utf8")).toBe(
      readFileSync(join(actionRoot, "dist", "index.js"), "utf8"),
    );
    // The command runs from the installed copy, its dependencies resolved by npm.
    const help = await run(cli!, ["drift", "--help"], { encoding: "utf8" });
    expect(help.stdout).toMatch(/^Usage: pulumi-webstats drift/);
    // Nothing was installed into the project.
    expect(existsSync(join(project, "node_modules"))).toBe(false);
  }, 600_000);
});
