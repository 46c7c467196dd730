// The Python engine test's virtual environment (tools/machine/ensure-python.mjs): its requirements pin
// `pulumi` at the floor of the @pulumi/pulumi peer range and every package with hashes, cover the generated SDK's
// dependencies (the SDK installs with --no-deps), and name the environment's cache folder.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { peerPulumiFloor } from "../../../../tools/machine/ensure-pulumi.mjs";
import { pythonEnvKey, pythonToolsDir, requirementsFile } from "../../../../tools/machine/ensure-python.mjs";

const requirements = readFileSync(requirementsFile, "utf8");

/** The pinned requirements, name (lowercased) to version, and the lines that follow each pin. */
function pins(): Map<string, { version: string; hashes: number }> {
  const found = new Map<string, { version: string; hashes: number }>();
  let current: { version: string; hashes: number } | undefined;
  for (const line of requirements.split("\n")) {
    const pin = /^([A-Za-z0-9._-]+)==(\S+) \\$/.exec(line);
    if (pin) {
      current = { version: pin[2]!, hashes: 0 };
      found.set(pin[1]!.toLowerCase(), current);
    } else if (/^ {4}--hash=sha256:[0-9a-f]{64}/.test(line) && current) {
      current.hashes++;
    } else if (!line.startsWith("    ")) {
      current = undefined;
    }
  }
  return found;
}

describe("ensure-python", () => {
  it("pins pulumi at the floor of the @pulumi/pulumi peer range, in requirements.in and requirements.txt", () => {
    const floor = peerPulumiFloor();
    expect(pins().get("pulumi")?.version).toBe(floor);
    expect(readFileSync(join(pythonToolsDir, "requirements.in"), "utf8")).toMatch(
      new RegExp(`^pulumi==${floor.replace(/\./g, "\\.")}$`, "m"),
    );
  });

  it("pins every requirement to one version with at least one hash, and nothing unpinned", () => {
    const found = pins();
    expect(found.size).toBeGreaterThan(5);
    for (const [name, pin] of found) expect(pin.hashes, name).toBeGreaterThan(0);
    const requirementLines = requirements
      .split("\n")
      .filter((line) => line.trim() !== "" && !line.startsWith("#") && !line.startsWith(" "));
    expect(requirementLines).toHaveLength(found.size);
  });

  it("holds every dependency of the generated Python SDK, which installs with --no-deps", () => {
    const pyproject = readFileSync(
      join(pythonToolsDir, "..", "..", "..", "language-sdks", "python", "pyproject.toml"),
      "utf8",
    );
    const list = /^\s*dependencies = \[(.*)\]$/m.exec(pyproject)?.[1] ?? "";
    const dependencies = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    expect(dependencies.length).toBeGreaterThan(0);
    const found = pins();
    for (const dependency of dependencies) {
      // One for older Pythons only (a marker) is not needed on the Python the file is compiled for.
      if (dependency.includes(";")) continue;
      const name = /^[A-Za-z0-9._-]+/.exec(dependency)![0].toLowerCase();
      expect(found.has(name), dependency).toBe(true);
    }
  });

  it("names a new virtual environment for changed requirements or another interpreter", () => {
    const python = { command: "python3", executable: "/usr/bin/python3.11", version: "3.11.7 (main)" };
    const key = pythonEnvKey(python, "pulumi==1\n");
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(pythonEnvKey(python, "pulumi==1\n")).toBe(key);
    expect(pythonEnvKey(python, "pulumi==2\n")).not.toBe(key);
    expect(pythonEnvKey({ ...python, version: "3.11.8 (main)" }, "pulumi==1\n")).not.toBe(key);
    expect(pythonEnvKey({ ...python, executable: "/opt/python3.11" }, "pulumi==1\n")).not.toBe(key);
  });
});
