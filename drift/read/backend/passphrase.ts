// Secrets of Pulumi's passphrase secrets manager, decrypted in this process as the CLI decrypts
// them (pkg/secrets/passphrase, sdk/go/common/resource/config/crypt.go): a stack's
// `secrets_providers.state.salt` is `v1:<salt, base64>:<check>`; the key is
// PBKDF2-SHA256(passphrase, salt, 1,000,000 rounds, 32 bytes); each secret is
// `v1:<12-byte nonce, base64>:<AES-256-GCM ciphertext with its 16-byte tag, base64>`, and the
// check decrypts to "pulumi", so a wrong passphrase is found before any value. The key costs about
// a second of CPU: it is derived once per salt for the whole run (stacks made from one project's
// settings share a salt), off the main thread, and kept only in this process's memory.
import { createDecipheriv, pbkdf2 } from "node:crypto";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Environment } from "../../../core/settings";
import { BackendError } from "./state-store";

const passphraseVariables = {
  passphrase: "PULUMI_CONFIG_PASSPHRASE",
  file: "PULUMI_CONFIG_PASSPHRASE_FILE",
} as const;

const ROUNDS = 1_000_000;
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** What the state's check decrypts to with the right passphrase. */
const CHECK_TEXT = "pulumi";

/** Turns one `v1:...` ciphertext into its plaintext (the value's JSON text). */
export type Decrypt = (ciphertext: string) => string;

/** Why a ciphertext cannot be decrypted, in words (never any of its characters). */
class CipherError extends Error {}

function decryptWith(key: Buffer, ciphertext: string): string {
  const parts = ciphertext.split(":");
  if (parts.length !== 3 || parts[0] !== "v1") throw new CipherError("it is not a v1 ciphertext");
  const nonce = Buffer.from(parts[1] ?? "", "base64");
  const sealed = Buffer.from(parts[2] ?? "", "base64");
  if (nonce.length !== NONCE_BYTES) throw new CipherError("its nonce is not 12 bytes");
  if (sealed.length < TAG_BYTES) throw new CipherError("it is shorter than its tag");
  const decipher = createDecipheriv("aes-256-gcm", key, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    throw new CipherError("it does not decrypt with this key");
  }
}

/** The passphrase as the CLI reads it: PULUMI_CONFIG_PASSPHRASE (even empty), else the file's text, trimmed. */
async function passphraseOf(env: Environment, cwd: string): Promise<string | undefined> {
  const phrase = env[passphraseVariables.passphrase];
  if (phrase !== undefined) return phrase;
  const file = env[passphraseVariables.file];
  if (file === undefined || file === "") return undefined;
  try {
    return (await readFile(resolve(cwd, file), "utf8")).trim();
  } catch (error) {
    throw new BackendError(
      `${passphraseVariables.file} names ${file}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? "unreadable"}): ` +
        "give the file that holds the stacks' passphrase.",
    );
  }
}

/**
 * The passphrase secrets of one run: `decrypterFor` gives a stack's decrypt function from its
 * salt, deriving each salt's key once. Made lazily: a run whose stacks hold no passphrase secret
 * never reads the passphrase.
 */
export class PassphraseSecrets {
  private phrase: Promise<string | undefined> | undefined;
  private readonly keys = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly env: Environment,
    private readonly cwd: string = process.cwd(),
  ) {}

  /** How many keys were derived: one per distinct salt. */
  get derivedKeys(): number {
    return this.derivations;
  }

  private derivations = 0;

  /** A stack's decrypt function, from its secrets provider's `salt`; `where` names the stack. */
  async decrypterFor(salt: unknown, where: string): Promise<Decrypt> {
    if (typeof salt !== "string") {
      throw new BackendError(
        `${where}: its passphrase secrets provider records no salt: the state is damaged.`,
      );
    }
    const [version, saltText, ...rest] = salt.split(":");
    const check = rest.join(":");
    if (version !== "v1" || saltText === undefined || check === "") {
      throw new BackendError(
        `${where}: its passphrase secrets provider's salt is not of the form v1:SALT:CHECK: the state is damaged.`,
      );
    }
    this.phrase ??= passphraseOf(this.env, this.cwd);
    const phrase = await this.phrase;
    if (phrase === undefined) {
      throw new BackendError(
        `${where} keeps its secrets with a passphrase: set ${passphraseVariables.passphrase} or ${passphraseVariables.file}, ` +
          "as for pulumi itself.",
      );
    }
    let key = this.keys.get(saltText);
    if (!key) {
      this.derivations += 1;
      key = derive(phrase, Buffer.from(saltText, "base64"));
      this.keys.set(saltText, key);
    }
    const derived = await key;
    let checked: string | undefined;
    try {
      checked = decryptWith(derived, check);
    } catch {
      // Another passphrase's key fails the tag: said below, as any other wrong check.
    }
    if (checked !== CHECK_TEXT) {
      throw new BackendError(
        `${where}: the passphrase does not open its secrets: set ${passphraseVariables.passphrase} (or ${passphraseVariables.file}) ` +
          "to the passphrase of this stack.",
      );
    }
    return (ciphertext) => {
      try {
        return decryptWith(derived, ciphertext);
      } catch (error) {
        if (!(error instanceof CipherError)) throw error;
        throw new BackendError(
          `${where}: a secret cannot be decrypted (${error.message}): the state is damaged.`,
        );
      }
    };
  }
}

function derive(phrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((done, fail) =>
    pbkdf2(phrase, salt, ROUNDS, KEY_BYTES, "sha256", (error, key) => (error ? fail(error) : done(key))),
  );
}
