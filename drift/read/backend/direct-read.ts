// Stacks read straight from a self-managed backend (file or PostgreSQL), without a pulumi process
// per stack: one listing of the backend, the states of every stack of the run in one read (one
// query on PostgreSQL), each decompressed and turned into what `pulumi stack export
// --show-secrets` prints, its passphrase secrets decrypted here. A stack whose secrets another
// manager keeps (a cloud KMS, Pulumi Cloud) is left to pulumi: `readStoredStack` says so.
import { resolve } from "node:path";
import type { Environment } from "../../../core/settings";
import { readExportValue, secretSignature } from "../stack-export";
import type { RecordedStack } from "../stack-export";
import { directKindOf, withoutPassword } from "./backend-url";
import type { DirectBackendKind } from "./backend-url";
import { exportOfCheckpoint } from "./checkpoint";
import { openFileStore } from "./file-store";
// It loads the PostgreSQL client only when it opens a store.
import { openPostgresStore } from "./postgres-store";
import { readLayout } from "./layout";
import type { BackendLayout } from "./layout";
import { PassphraseSecrets } from "./passphrase";
import type { Decrypt } from "./passphrase";
import type { StateStore } from "./state-store";
import { findProjectFile, readProjectFacts } from "../project-file";
import type { ProjectFacts } from "../project-file";
import type { StackVia } from "../../model/report";

export type { StackVia };

export const viaOfKind: Record<DirectBackendKind, StackVia> = {
  file: "file backend",
  postgres: "PostgreSQL backend",
};

async function openStore(url: string, cwd: string, env: Environment): Promise<StateStore> {
  if (directKindOf(url) === "file") return openFileStore(url, cwd);
  return openPostgresStore(url, env);
}

interface OpenBackend {
  store: Promise<StateStore>;
  layout: Promise<BackendLayout>;
}

/**
 * The self-managed backends of one run, each opened and listed once, and the run's passphrase
 * secrets. `close` lets go of them all.
 */
export class DirectBackends {
  private readonly opened = new Map<string, OpenBackend>();
  private readonly projects = new Map<string, Promise<ProjectFacts>>();
  readonly secrets: PassphraseSecrets;

  constructor(private readonly env: Environment) {
    this.secrets = new PassphraseSecrets(env);
  }

  private open(url: string, cwd: string): OpenBackend {
    let backend = this.opened.get(url);
    if (!backend) {
      const store = openStore(url, cwd, this.env);
      // A store that failed to open is reported by whoever awaits it.
      store.catch(() => {});
      backend = { store, layout: store.then(readLayout) };
      backend.layout.catch(() => {});
      this.opened.set(url, backend);
    }
    return backend;
  }

  /**
   * The project of a folder (its name and backend.url), read once for the run: a thousand stacks
   * listed from one folder share its Pulumi.yaml.
   */
  projectOf(folder: string): Promise<ProjectFacts> {
    const key = resolve(folder);
    let project = this.projects.get(key);
    if (!project) this.projects.set(key, (project = readProjectFacts(findProjectFile(key))));
    return project;
  }

  /** The backend's layout and stacks, listed once for the run. */
  layout(url: string, cwd: string): Promise<BackendLayout> {
    return this.open(url, cwd).layout;
  }

  /** The stored bytes of `keys`, one state after another (StateStore.readEach). */
  async *readEach(url: string, cwd: string, keys: readonly string[]): AsyncIterable<[string, Buffer]> {
    yield* (await this.open(url, cwd).store).readEach(keys);
  }

  async close(): Promise<void> {
    const stores = [...this.opened.values()].map((b) => b.store);
    this.opened.clear();
    // A store that never opened holds nothing to let go of.
    const opened = await Promise.all(stores.map((store) => store.catch(() => undefined)));
    await Promise.all(opened.map((store) => (store ? store.close() : Promise.resolve())));
  }
}

/** How a message names a stack read from its backend. */
export const storedOrigin = (fullName: string, url: string): string =>
  `stack ${fullName} (${directKindOf(url) === "postgres" ? "PostgreSQL" : "file"} backend ${withoutPassword(url)})`;

/** Whether a value holds an encrypted secret anywhere (a walk without recursion). */
function holdsCiphertext(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== "object" || next === null) continue;
    if (Array.isArray(next)) {
      pending.push(...(next as unknown[]));
      continue;
    }
    const secret = next as Record<string, unknown>;
    if (secret[secretSignature[0]] === secretSignature[1] && typeof secret.ciphertext === "string")
      return true;
    pending.push(...Object.values(secret));
  }
  return false;
}

/**
 * The websites of a stored state, or "pulumi" when its secrets are kept by a manager other than
 * the passphrase (pulumi reads it). `origin` names the stack in messages.
 */
export async function readStoredStack(
  bytes: Buffer,
  origin: string,
  fallbackName: string,
  folder: string | undefined,
  secrets: PassphraseSecrets,
): Promise<RecordedStack | "pulumi"> {
  const exported = await exportOfCheckpoint(bytes, origin);
  const provider = exported.deployment.secrets_providers as { type?: unknown; state?: unknown } | undefined;
  let decrypt: Decrypt | undefined;
  if (provider && typeof provider === "object" && provider.type !== undefined) {
    if (provider.type !== "passphrase") return "pulumi";
    const salt = (provider.state as { salt?: unknown } | null | undefined)?.salt;
    // The key is derived only when the state holds a secret at all.
    if (holdsCiphertext(exported.deployment.resources)) decrypt = await secrets.decrypterFor(salt, origin);
  }
  return readExportValue(exported, origin, fallbackName, folder, decrypt);
}
