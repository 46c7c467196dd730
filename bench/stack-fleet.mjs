// Section 9's stacks, put into a self-managed backend (a file backend or Pulumi's PostgreSQL
// backend) two ways: a sample by the Pulumi CLI (`pulumi stack init` and `pulumi stack import`
// of an export made from the engine's, test/harness/import-stacks.mjs), the rest written straight
// into the backend's layout by test/harness/state-writer.mjs, as the CLI stores a state (the
// e2e test test/e2e/drift/backend-writer.test.ts holds the writer to what the CLI writes).
//
// Every stack's export is made from the template: the `pulumi stack export --show-secrets` of a
// stack the engine brought up, moved to the stack's project and name (every URN rewritten), its
// provider given the key of the stack's account, and one Website per website of the stack (the
// template's first Website, given the website's id, domain and outputs).
//
// Salts: in each project the first CLI stack is made by `pulumi stack init` (a new salt, as
// always), the project's other CLI stacks by `pulumi stack init` after its Pulumi.<stack>.yaml
// was copied from the first's (init keeps the `encryptionsalt` it finds: the way a stack config
// file copied from a template or written by automation shares a salt; `--copy-config-from` does
// not: the CLI 3.276 gives the new stack a salt of its own), and the writer writes the project's
// other stacks with that same salt. So a backend of P projects holds P distinct salts.
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { outputsFrom } from "../dist/core/website-state.js";
import { mapBounded } from "../dist/core/bounded-pool.js";
import { importStack, retargetExport, secret } from "../test/harness/import-stacks.mjs";
import {
  checkpointText,
  passphraseKey,
  writeFileBackend,
  writePostgresBackend,
} from "../test/harness/state-writer.mjs";

export const dynamicWebsiteType = "pulumi-nodejs:dynamic/webstats:Website";

/**
 * The export (an object, secrets in plaintext form) of stack `stack` of `project`, holding
 * `websites` on the installation `url` through a provider with `apiKey`; made from `template`
 * ({ text, project, stack }: an engine-made stack's `pulumi stack export --show-secrets`).
 */
export function fleetExport(template, { project, stack, url, apiKey, websites }) {
  const moved = JSON.parse(retargetExport(template.text, template, { project, stack }));
  const resources = moved.deployment.resources;
  const prototype = resources.find((r) => r.type === dynamicWebsiteType);
  if (!prototype) throw new Error("the template has no Website");
  const cut = prototype.urn.lastIndexOf("::site-");
  if (cut < 0) throw new Error(`the template's ${prototype.urn} is not named site-<i>`);
  const others = resources.filter((r) => r.type !== dynamicWebsiteType);
  for (const provider of others.filter((r) => r.type === "pulumi:providers:pulumi-nodejs")) {
    for (const bag of [provider.inputs, provider.outputs]) {
      if (bag && "webstats:apiKey" in bag) bag["webstats:apiKey"] = secret(apiKey);
    }
  }
  const sites = websites.map((website, i) => ({
    ...prototype,
    urn: `${prototype.urn.slice(0, cut)}::site-${i}`,
    id: String(website.id),
    inputs: { ...prototype.inputs, domain: website.domain },
    outputs: { ...prototype.outputs, ...outputsFrom(website, { adoptExisting: false }), installation: url },
  }));
  moved.deployment.resources = [...others, ...sites];
  delete moved.deployment.secrets_providers;
  return moved;
}

/** The `encryptionsalt` `pulumi stack init` wrote for `stack` in the project folder `projectDir`. */
export function stackSalt(projectDir, stack) {
  const text = readFileSync(join(projectDir, `Pulumi.${stack}.yaml`), "utf8");
  const salt = /^encryptionsalt:\s*(\S+)/m.exec(text)?.[1];
  if (!salt) throw new Error(`no encryptionsalt in ${projectDir}/Pulumi.${stack}.yaml`);
  return salt;
}

/**
 * Puts `stacks` into one backend. `stacks`: { j, project (its index), name, websites, apiKey }[],
 * in project order; `projectDirs`: each project's folder (Pulumi.yaml written); `cli`: how many
 * of each project's stacks (its first) the CLI makes; `backend`: { kind: "file", folder } or
 * { kind: "postgres", url }; `env`: pulumi's environment for this backend (PULUMI_BACKEND_URL
 * set); `keys`: the projects' passphrase keys when the CLI makes none here (another fleet of the
 * same backend made them). Returns what it took and each project's key.
 */
export async function fillBackend({
  template,
  stacks,
  projectDirs,
  cli,
  backend,
  env,
  url,
  passphrase,
  keys,
}) {
  const projectName = (p) => `fleet-${p}`;
  const byProject = projectDirs.map((_, p) => stacks.filter((s) => s.project === p));
  const exportOf = (s) =>
    fleetExport(template, {
      project: projectName(s.project),
      stack: s.name,
      url,
      apiKey: s.apiKey,
      websites: s.websites,
    });

  // The CLI's stacks: each project's first by `pulumi stack init`, the others sharing its salt.
  const cliStartedAt = Date.now();
  const cliStacks = keys ? [] : byProject.flatMap((own) => own.slice(0, cli));
  if (!keys) {
    const make = (projectDir, s) =>
      importStack({ projectDir, stack: s.name, exportText: JSON.stringify(exportOf(s)), env });
    // The first alone: on a new PostgreSQL database the CLI makes its table (CREATE TABLE IF NOT
    // EXISTS), and several pulumi processes doing that at once fail with SQLSTATE 23505.
    await make(projectDirs[0], byProject[0][0]);
    await mapBounded(projectDirs, 4, async (projectDir, p) => {
      for (const [i, s] of byProject[p].slice(0, cli).entries()) {
        if (p === 0 && i === 0) continue;
        if (i > 0) {
          const first = byProject[p][0].name;
          copyFileSync(join(projectDir, `Pulumi.${first}.yaml`), join(projectDir, `Pulumi.${s.name}.yaml`));
        }
        await make(projectDir, s);
      }
    });
  }
  const cliMs = Date.now() - cliStartedAt;

  // The writer: every other stack, with its project's salt (one derivation per project).
  const writeStartedAt = Date.now();
  const projectKeys =
    keys ??
    (await Promise.all(
      projectDirs.map((projectDir, p) =>
        passphraseKey(passphrase, stackSalt(projectDir, byProject[p][0].name)),
      ),
    ));
  const written = byProject.flatMap((own) => (keys ? own : own.slice(cli)));
  let bytes = 0;
  // In chunks, so that the bench holds a chunk of states, not the backend.
  for (let start = 0; start < written.length; start += 100) {
    const states = written.slice(start, start + 100).map((s) => {
      const text = checkpointText(exportOf(s), {
        project: projectName(s.project),
        stack: s.name,
        secrets: projectKeys[s.project],
      });
      bytes += Buffer.byteLength(text);
      return { project: projectName(s.project), stack: s.name, text };
    });
    if (backend.kind === "file") writeFileBackend(backend.folder, states);
    else await writePostgresBackend(backend.url, states);
  }
  const writeMs = Date.now() - writeStartedAt;
  return {
    keys: projectKeys,
    made: {
      cliStacks: cliStacks.length,
      cliMs,
      writerStacks: written.length,
      writeMs,
      writerBytes: bytes,
      salts: new Set(projectKeys.map((k) => k.salt)).size,
    },
  };
}

/**
 * Stacks written with a salt each (`distinct`) or one salt for all: the writer derives a key per
 * salt, several at once (Node.js's thread pool), as `pulumi stack init` would have made them.
 */
export async function writeWithSalts({ template, stacks, folder, url, passphrase, distinct }) {
  const startedAt = Date.now();
  const shared = distinct ? undefined : await passphraseKey(passphrase);
  const keys = distinct ? await Promise.all(stacks.map(() => passphraseKey(passphrase))) : undefined;
  const states = stacks.map((s, i) => {
    const project = `fleet-${s.project}`;
    const exported = fleetExport(template, {
      project,
      stack: s.name,
      url,
      apiKey: s.apiKey,
      websites: s.websites,
    });
    return {
      project,
      stack: s.name,
      text: checkpointText(exported, { project, stack: s.name, secrets: keys?.[i] ?? shared }),
    };
  });
  writeFileBackend(folder, states);
  return { stacks: stacks.length, salts: distinct ? stacks.length : 1, writeMs: Date.now() - startedAt };
}
