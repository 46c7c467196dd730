// Installing the package, both ways it is installed: a user's project installs the packed tarball
// and npm must neither run nor list any script of it (npm asks users to approve a dependency's
// install scripts, and a script naming a file the package does not ship is noise at best); a
// clone's own `npm install` / `npm ci` must still link node_modules/pulumi-webstats to the clone
// (tools/build/link-checkout.mjs), which the examples and the root Pulumi.yaml rely on.
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchFolder } from "../../support/scratch-folder";
import { repoRoot, run } from "../../support/checkout";

const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
  version: string;
  scripts: Record<string, string>;
};
const scratch = scratchFolder("webstats-install-");

/** npm with lifecycle scripts on, whatever the configuration says, as a plain install has them. */
async function npm(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return run("npm", ["--no-audit", "--no-fund", "--ignore-scripts=false", ...args], {
    cwd,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * `npm pack` of `dir` into the scratch folder, without lifecycle scripts (the package's dist/ is
 * built already); returns the tarball's path.
 */
async function pack(dir: string): Promise<string> {
  const { stdout } = await npm(["pack", "--silent", "--ignore-scripts", "--pack-destination", scratch], dir);
  return join(scratch, stdout.trim().split("\n").pop()!);
}

function project(name: string, contents: object): string {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify(contents, null, 2));
  return dir;
}

describe("installing the package", () => {
  it("from its tarball runs and lists none of its scripts", async () => {
    if (!existsSync(join(repoRoot, "dist", "index.js")))
      throw new Error("dist/ is missing: run npm run build first.");
    const tarball = await pack(repoRoot);
    // A package with a prepare script, installed beside it: what npm says of a script it lists.
    const probe = await pack(
      project("prepare-probe", {
        name: "prepare-probe",
        version: "1.0.0",
        scripts: { prepare: "node absent.js" },
      }),
    );
    const user = project("user", { name: "user-project", version: "1.0.0", private: true });
    // --legacy-peer-deps: the peers (@pulumi/pulumi, fastify) are not what this is about, and
    // leaving them out keeps the install small enough for the npm cache alone.
    const { stderr } = await npm(["install", "--prefer-offline", "--legacy-peer-deps", tarball, probe], user);

    const installed = join(user, "node_modules", "pulumi-webstats");
    expect(JSON.parse(readFileSync(join(installed, "package.json"), "utf8"))).toMatchObject({
      version: manifest.version,
    });
    expect(stderr).not.toMatch(/pulumi-webstats@[^\s]* \(/);
    expect(stderr).not.toContain("link-checkout");
    // Nothing ran: the link a clone gets was not made inside the installed package.
    expect(existsSync(join(installed, "node_modules"))).toBe(false);
    // npm 11's approval list (allowScripts) names the probe; an npm without it names nothing,
    // and then the manifest's scripts are all there is to check.
    if (stderr.includes("install-scripts")) expect(stderr).toMatch(/prepare-probe@1\.0\.0 \(prepare: /);
    const scripts = (JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as typeof manifest)
      .scripts;
    for (const event of ["preinstall", "install", "postinstall", "prepare"]) {
      expect(scripts[event], event).toBeUndefined();
    }
  }, 180_000);

  it("in a clone links node_modules/pulumi-webstats to the clone, on npm install and on npm ci", async () => {
    // The clone's scripts as they are, with no dependencies to fetch: only the lifecycle matters.
    const clone = project("clone", {
      name: "pulumi-webstats",
      version: manifest.version,
      scripts: manifest.scripts,
    });
    mkdirSync(join(clone, "tools", "build"), { recursive: true });
    copyFileSync(
      join(repoRoot, "tools", "build", "link-checkout.mjs"),
      join(clone, "tools", "build", "link-checkout.mjs"),
    );
    const link = join(clone, "node_modules", "pulumi-webstats");

    await npm(["install", "--offline"], clone);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe("..");

    rmSync(join(clone, "node_modules"), { recursive: true, force: true });
    await npm(["ci", "--offline"], clone);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe("..");
  }, 120_000);
});
