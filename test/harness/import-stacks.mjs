// Stacks made without running a program: `pulumi stack init` in a project folder, then
// `pulumi stack import` of an export written here (or one the engine wrote for another stack,
// moved over with retargetExport). Fast (well under a second a stack), so tests and the bench
// can have dozens of stacks across projects in one file backend. Shared by test/e2e and bench/.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Pulumi's marker of a secret; with `plaintext`, `pulumi stack import` encrypts it for the stack. */
export const secret = (value) => ({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  plaintext: JSON.stringify(value),
});

/**
 * A project folder `dir` named `name` (a YAML project without a program: it is never run);
 * `backendUrl`, when given, is written as the project's `backend.url`.
 */
export function writeProject(dir, name, backendUrl) {
  mkdirSync(dir, { recursive: true });
  const backend = backendUrl ? `backend:\n  url: ${backendUrl}\n` : "";
  writeFileSync(join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: yaml\n${backend}`);
}

/**
 * An export's text moved to another stack: every URN's `urn:pulumi:STACK::PROJECT::` prefix
 * (resources, providers, parents, dependencies) is rewritten.
 */
export function retargetExport(text, from, to) {
  return text
    .split(`urn:pulumi:${from.stack}::${from.project}::`)
    .join(`urn:pulumi:${to.stack}::${to.project}::`);
}

/**
 * Creates stack `stack` in the project folder `projectDir` and imports `exportText` into it
 * (its URNs must already name this stack and project). Plaintext secrets are encrypted with the
 * stack's own passphrase secrets provider, whose salt `stack init` wrote beside the project.
 * `env`: PATH with the pulumi CLI, PULUMI_HOME, PULUMI_CONFIG_PASSPHRASE and, unless the
 * project names one, PULUMI_BACKEND_URL.
 */
export async function importStack({ projectDir, stack, exportText, env }) {
  const options = { cwd: projectDir, env, maxBuffer: 256 * 1024 * 1024 };
  await run("pulumi", ["stack", "init", stack, "--non-interactive", "--no-select"], options);
  const stackConfig = readFileSync(join(projectDir, `Pulumi.${stack}.yaml`), "utf8");
  const salt = /^encryptionsalt:\s*(\S+)/m.exec(stackConfig)?.[1];
  if (!salt) throw new Error(`pulumi stack init wrote no encryption salt for ${stack}`);
  const exported = JSON.parse(exportText);
  exported.deployment.secrets_providers = { type: "passphrase", state: { salt } };
  const file = join(projectDir, `.import-${stack}.json`);
  writeFileSync(file, JSON.stringify(exported));
  await run("pulumi", ["stack", "import", "--stack", stack, "--file", file, "--non-interactive"], options);
}
