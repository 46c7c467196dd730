// The Python SDK's floor is the floor of the `pulumi` release it needs: an older Python cannot
// install that release, whatever the SDK says. The Requires-Python of each release the SDK rests
// on is recorded, as read from its wheel, in tools/sdks/pulumi-python-releases.json (no network
// here); the generator gets the floor from there (tools/sdks/language-sdks.mjs). This holds the
// generated SDK, the lock of the Python tests and every page that states a Python version to it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { languageSdksDir, pulumiPythonReleases, pythonFloor } from "../../../../tools/sdks/language-sdks.mjs";
import { docPages, docText } from "../../../support/docs";
import { sdkMinimums } from "../../../support/sdk-docs";

const root = join(__dirname, "..", "..", "..", "..");

/** ">=3.10" as "3.10"; anything but a plain lower bound fails. */
function lowerBound(requiresPython: string): string {
  const match = /^>=\s*(3\.\d+)$/.exec(requiresPython.trim());
  if (!match) throw new Error(`not a plain lower bound of Python 3: ${requiresPython}`);
  return match[1]!;
}

const minor = (version: string): number => Number(version.split(".")[1]);

/** Every "Python 3.N or later" and "Python 3.N+" of the documentation, with its page. */
function statedFloors(): { page: string; version: string }[] {
  return docPages().flatMap((page) =>
    [...docText(page).matchAll(/Python (3\.\d+)(?: or later|\+)/g)].map((match) => ({
      page,
      version: match[1]!,
    })),
  );
}

describe("the Python SDK's floor", () => {
  const floor = lowerBound(pythonFloor());

  it("is the Requires-Python of the lowest pulumi the generated SDK accepts", () => {
    const pyproject = readFileSync(join(languageSdksDir, "python", "pyproject.toml"), "utf8");
    const { python, pulumi } = sdkMinimums().python;
    expect(pulumiPythonReleases.sdkMinimum).toBe(pulumi);
    const recorded = pulumiPythonReleases.releases[pulumi];
    expect(recorded, `Requires-Python of pulumi ${pulumi} is not recorded`).toBeDefined();
    expect(python).toBe(lowerBound(recorded!.requiresPython));
    expect(pyproject).toContain(`requires-python = ">=${floor}"`);
  });

  it("admits the pulumi release the Python tests are locked to, whose wheel the lock pins", () => {
    const requirements = readFileSync(join(root, "tools", "machine", "python", "requirements.txt"), "utf8");
    const pinned = /^pulumi==([\d.]+) \\\n((?: +--hash=sha256:[0-9a-f]{64}(?: \\)?\n)+)/m.exec(requirements);
    expect(pinned, "requirements.txt pins no pulumi with its hashes").not.toBeNull();
    const [, version, hashes] = pinned!;
    const recorded = pulumiPythonReleases.releases[version!];
    expect(recorded, `Requires-Python of the locked pulumi ${version} is not recorded`).toBeDefined();
    // The recorded metadata is that of the very wheel the lock installs.
    expect(hashes).toContain(`--hash=sha256:${recorded!.sha256}`);
    expect(recorded!.wheel).toBe(`pulumi-${version}-py3-none-any.whl`);
    // The tests' pulumi runs on the floor the SDK states, so the floor is what they exercise.
    expect(minor(lowerBound(recorded!.requiresPython))).toBeLessThanOrEqual(minor(floor));
  });

  it("is the one every page states, and the one the machine's Python check asks for", () => {
    const stated = statedFloors();
    expect(stated.map(({ page }) => page)).toEqual(
      expect.arrayContaining(["README.md", "docs/languages/python.md", "docs/installation-configuration.md"]),
    );
    for (const { page, version } of stated) expect(version, page).toBe(floor);
    const ensurePython = readFileSync(join(root, "tools", "machine", "ensure-python.mjs"), "utf8");
    expect(/major === 3 && minor >= (\d+)/.exec(ensurePython)?.[1]).toBe(String(minor(floor)));
  });
});
