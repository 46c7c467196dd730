// @ts-check
// Stacks written straight into a self-managed backend's layout, as the Pulumi CLI stores them,
// without a pulumi process per stack: so that the bench can have a thousand stacks in a file or
// PostgreSQL backend in seconds, and a test can hold the result to what `pulumi stack import`
// writes (test/e2e/drift/backend-writer.test.ts). Shared by bench/ and test/e2e.
//
// What is written (pkg/backend/diy, pkg/secrets/passphrase, sdk/go/common/resource/config/crypt.go):
// - the state of stack S of project P at `.pulumi/stacks/P/S.json`: the checkpoint
//   `{"version":3,"checkpoint":{"stack":"organization/P/S","latest":<deployment>}}`, the
//   deployment being what `pulumi stack export` prints under `deployment`, each resource with
//   its `custom` written as Go's apitype.ResourceV3 always writes it; and `.pulumi/meta.yaml`
//   (`version: 1`) when the backend has none yet;
// - each secret as the passphrase manager encrypts it: `{"4dabf...": "1b47...", "ciphertext":
//   "v1:<12-byte nonce, base64>:<AES-256-GCM ciphertext and tag, base64>"}`, the plaintext being
//   the value's JSON; the key PBKDF2-SHA256(passphrase, salt, 1,000,000 rounds, 32 bytes), and
//   the deployment's `secrets_providers` `{type: "passphrase", state: {salt:
//   "v1:<salt, base64>:<'pulumi' encrypted>"}}`, the form `pulumi stack init` writes as the
//   stack's `encryptionsalt` (an 8-byte salt);
// - in a PostgreSQL backend, each object as a row of Pulumi's table (schema.sql: `key`, `data`
//   JSON `{"data": "<base64 of the object>"}`, `updated_at`), keyed by its bucket path under the
//   URL's path (`postgres://host/db` keeps `db/.pulumi/stacks/...`).
import { createCipheriv, createDecipheriv, pbkdf2, randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import pg from "pg";

/** Pulumi's marker of a secret value. */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SIG_VALUE = "1b47061264138c4ac30d75fd1eb44270";
const ROUNDS = 1_000_000;
/** What a salt's check decrypts to with the right passphrase. */
const CHECK_TEXT = "pulumi";

/**
 * A passphrase secrets manager's key and the salt state a deployment records.
 * @typedef {{ salt: string, key: Buffer }} PassphraseKey
 */

/**
 * @param {string} passphrase
 * @param {Buffer} salt
 * @returns {Promise<Buffer>}
 */
function deriveKey(passphrase, salt) {
  return new Promise((resolve, reject) =>
    pbkdf2(passphrase, salt, ROUNDS, 32, "sha256", (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * One value encrypted as the passphrase manager encrypts it: `v1:<nonce>:<ciphertext+tag>`.
 * @param {Buffer} key
 * @param {string} plaintext
 */
export function encryptValue(key, plaintext) {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `v1:${nonce.toString("base64")}:${sealed.toString("base64")}`;
}

/**
 * @param {Buffer} key
 * @param {string} ciphertext
 */
function decryptValue(key, ciphertext) {
  const [, nonce = "", body = ""] = ciphertext.split(":");
  const sealed = Buffer.from(body, "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64"));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString(
    "utf8",
  );
}

/**
 * A passphrase key: with `salt` (a stack's `encryptionsalt`, `v1:<salt>:<check>`, e.g. from the
 * Pulumi.<stack>.yaml `pulumi stack init` wrote) that salt's key, its check verified; without,
 * a new 8-byte salt as `pulumi stack init` makes one. One PBKDF2 derivation either way (about
 * 0.2 s of CPU on the project's machines), off the main thread.
 * @param {string} passphrase
 * @param {string} [salt]
 * @returns {Promise<PassphraseKey>}
 */
export async function passphraseKey(passphrase, salt) {
  if (salt === undefined) {
    const bytes = randomBytes(8);
    const key = await deriveKey(passphrase, bytes);
    return { salt: `v1:${bytes.toString("base64")}:${encryptValue(key, CHECK_TEXT)}`, key };
  }
  const [version, saltText, ...check] = salt.split(":");
  if (version !== "v1" || !saltText || check.length === 0) throw new Error(`not a v1 salt: ${salt}`);
  const key = await deriveKey(passphrase, Buffer.from(saltText, "base64"));
  let checked;
  try {
    checked = decryptValue(key, check.join(":"));
  } catch {
    checked = undefined;
  }
  if (checked !== CHECK_TEXT) throw new Error("the passphrase does not open this salt");
  return { salt, key };
}

/**
 * `value` with every secret in export form (`{SIG, plaintext: "<json>"}`) encrypted
 * (`{SIG, ciphertext}`); other values as they are. Iterative: a deep state cannot overflow.
 * @param {unknown} value
 * @param {Buffer} key
 * @returns {unknown}
 */
function encryptSecrets(value, key) {
  /** @type {{ parent: Record<string, unknown> | unknown[], at: string | number }[]} */
  const pending = [];
  const root = { value };
  pending.push({ parent: root, at: "value" });
  while (pending.length > 0) {
    const { parent, at } = /** @type {{ parent: any, at: string | number }} */ (pending.pop());
    const node = parent[at];
    if (typeof node !== "object" || node === null) continue;
    if (!Array.isArray(node) && node[SIG_KEY] === SIG_VALUE && typeof node.plaintext === "string") {
      parent[at] = { [SIG_KEY]: SIG_VALUE, ciphertext: encryptValue(key, node.plaintext) };
      continue;
    }
    if (Array.isArray(node)) node.forEach((_, i) => pending.push({ parent: node, at: i }));
    else for (const name of Object.keys(node)) pending.push({ parent: node, at: name });
  }
  return root.value;
}

/**
 * The stored checkpoint of stack `stack` of project `project` from an export as `pulumi stack
 * export --show-secrets` prints it (its URNs already naming that stack): its secrets encrypted
 * with `secrets`' key and its secrets provider set to that salt. The export is not changed.
 * @param {string | { version?: unknown, deployment: Record<string, unknown> }} exported
 * @param {{ project: string, stack: string, secrets: PassphraseKey }} options
 * @returns {string}
 */
export function checkpointText(exported, { project, stack, secrets }) {
  const parsed = typeof exported === "string" ? JSON.parse(exported) : structuredClone(exported);
  const deployment = /** @type {Record<string, unknown>} */ (encryptSecrets(parsed.deployment, secrets.key));
  // The CLI stores each resource as Go's apitype.ResourceV3, whose `custom` is always written.
  const resources = /** @type {Record<string, unknown>[] | undefined} */ (deployment.resources)?.map(
    (resource) => ({ custom: false, ...resource }),
  );
  const latest = {
    ...deployment,
    ...(resources ? { resources } : {}),
    secrets_providers: { type: "passphrase", state: { salt: secrets.salt } },
  };
  return JSON.stringify({ version: 3, checkpoint: { stack: `organization/${project}/${stack}`, latest } });
}

/** The bucket path of a stack's state in a project-layout (version 1) backend. */
export const stateKey = (/** @type {string} */ project, /** @type {string} */ stack) =>
  `.pulumi/stacks/${project}/${stack}.json`;
const metaKey = ".pulumi/meta.yaml";
const metaText = "version: 1\n";

/**
 * One stack's state to write: its project and name, and its checkpoint's text (checkpointText).
 * @typedef {{ project: string, stack: string, text: string }} StoredState
 */

/**
 * Writes states into the file backend at `folder` (the path of its `file://` URL).
 * @param {string} folder
 * @param {StoredState[]} states
 */
export function writeFileBackend(folder, states) {
  const meta = join(folder, metaKey);
  if (!existsSync(meta)) {
    mkdirSync(dirname(meta), { recursive: true });
    writeFileSync(meta, metaText);
  }
  for (const { project, stack, text } of states) {
    const file = join(folder, stateKey(project, stack));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

/** pkg/backend/diy/postgres/schema.sql, its table name filled in as Pulumi fills it. */
const schema = (/** @type {string} */ table) => `CREATE TABLE IF NOT EXISTS ${table} (
    key TEXT PRIMARY KEY,
    data JSON NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS ${table}_key_prefix_idx ON ${table} (key text_pattern_ops);`;

/** A row's data as Pulumi's bucket writes it: `{"data": "<base64>"}`. */
const rowData = (/** @type {string} */ text) =>
  JSON.stringify({ data: Buffer.from(text).toString("base64") });

/**
 * Writes states into the PostgreSQL backend of `url` (`postgres://user:password@host:port/db?
 * sslmode=disable&table=T`, as `pulumi login` takes it; the default table is pulumi_state),
 * making the table as Pulumi makes it when it is not there yet. Rows in batches of `batch`.
 * @param {string} url
 * @param {StoredState[]} states
 * @param {{ batch?: number }} [options]
 */
export async function writePostgresBackend(url, states, { batch = 50 } = {}) {
  const parsed = new URL(url);
  const table = (parsed.searchParams.get("table") ?? "pulumi_state").toLowerCase();
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`not a plain table name: ${table}`);
  const folder = decodeURIComponent(parsed.pathname).replace(/^\/+/, "");
  const prefix = folder && !folder.endsWith("/") ? `${folder}/` : folder;
  const client = new pg.Client({
    host: parsed.hostname,
    port: Number(parsed.port || 5432),
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: folder,
    ssl: parsed.searchParams.get("sslmode") === "disable" ? false : { rejectUnauthorized: false },
  });
  await client.connect();
  try {
    await client.query(schema(table));
    await client.query(`INSERT INTO ${table} (key, data) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
      prefix + metaKey,
      rowData(metaText),
    ]);
    for (let start = 0; start < states.length; start += batch) {
      const rows = states.slice(start, start + batch);
      await client.query(
        `INSERT INTO ${table} (key, data) SELECT * FROM unnest($1::text[], $2::json[])
         ON CONFLICT (key) DO UPDATE SET data = EXCLUDED.data, updated_at = now()`,
        [rows.map((s) => prefix + stateKey(s.project, s.stack)), rows.map((s) => rowData(s.text))],
      );
    }
  } finally {
    await client.end();
  }
}
