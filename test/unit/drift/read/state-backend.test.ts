// Reading states straight from a self-managed backend (drift/read/backend/), below the CLI: the
// passphrase secrets (a vector the real CLI wrote, keys derived once per salt, every refusal),
// the stored checkpoint (plain, gzip, zstd, damaged), the backend's layout (meta.yaml versions,
// which object is a stack's state), where a folder's backend is, and which stacks are left to
// pulumi. What the whole reader gives against `pulumi stack export` over backends the CLI made is
// test/e2e/drift/state-backends.test.ts.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync, zstdCompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { backendOf, directKindOf, withoutPassword } from "../../../../drift/read/backend/backend-url";
import { exportOfCheckpoint } from "../../../../drift/read/backend/checkpoint";
import { readStoredStack, storedOrigin } from "../../../../drift/read/backend/direct-read";
import { fileBackendFolder } from "../../../../drift/read/backend/file-store";
import { findStack, readLayout } from "../../../../drift/read/backend/layout";
import { PassphraseSecrets } from "../../../../drift/read/backend/passphrase";
import { BackendError } from "../../../../drift/read/backend/state-store";
import type { StateStore, StoredObject } from "../../../../drift/read/backend/state-store";
import { secretSignature } from "../../../../drift/read/stack-export";
import { encryptValue, passphraseKey } from "../../../harness/state-writer.mjs";

/** A new salt of `phrase` as `pulumi stack init` makes one, and an encrypter of its key. */
async function crypter(phrase: string) {
  const secrets = await passphraseKey(phrase);
  return { salt: secrets.salt, encrypt: (text: string) => encryptValue(secrets.key, text) };
}

const stateOf = (deployment: Record<string, unknown>): Buffer =>
  Buffer.from(
    JSON.stringify({ version: 3, checkpoint: { stack: "organization/shop/prod", latest: deployment } }),
  );

const where = "stack organization/shop/prod (file backend file:///srv)";

describe("passphrase secrets", () => {
  // Written by pulumi 3.276 (`pulumi stack init` with PULUMI_CONFIG_PASSPHRASE=pw).
  const cliSalt = "v1:QfOrxK6+wuw=:v1:ZvuUIk+7I2cSkxNm:kpx6eBN7CAoJqIeaS1rkpqlVqh/PMA==";

  it("opens a salt the CLI wrote with its passphrase, and refuses another passphrase", async () => {
    await expect(
      new PassphraseSecrets({ PULUMI_CONFIG_PASSPHRASE: "pw" }).decrypterFor(cliSalt, where),
    ).resolves.toBeTypeOf("function");
    const wrong = new PassphraseSecrets({ PULUMI_CONFIG_PASSPHRASE: "not-pw" }).decrypterFor(cliSalt, where);
    await expect(wrong).rejects.toThrow(
      new BackendError(
        `${where}: the passphrase does not open its secrets: set PULUMI_CONFIG_PASSPHRASE (or PULUMI_CONFIG_PASSPHRASE_FILE) to the passphrase of this stack.`,
      ),
    );
  });

  it("derives one key per salt, however many stacks share it", async () => {
    const shared = await crypter("team");
    const other = await crypter("team");
    const secrets = new PassphraseSecrets({ PULUMI_CONFIG_PASSPHRASE: "team" });
    const decrypts = await Promise.all([
      secrets.decrypterFor(shared.salt, "stack a"),
      secrets.decrypterFor(shared.salt, "stack b"),
      secrets.decrypterFor(other.salt, "stack c"),
    ]);
    expect(secrets.derivedKeys).toBe(2);
    expect(decrypts[1](shared.encrypt('"k3y"'))).toBe('"k3y"');
    expect(decrypts[2](other.encrypt("42"))).toBe("42");
  });

  it("reads the passphrase as the CLI does: the variable even when empty, else the file, trimmed", async () => {
    const empty = await crypter("");
    await expect(
      new PassphraseSecrets({ PULUMI_CONFIG_PASSPHRASE: "" }).decrypterFor(empty.salt, where),
    ).resolves.toBeTypeOf("function");
    const folder = mkdtempSync(join(tmpdir(), "passphrase-file-"));
    writeFileSync(join(folder, "phrase"), "from-file\n");
    const fromFile = await crypter("from-file");
    const secrets = new PassphraseSecrets({ PULUMI_CONFIG_PASSPHRASE_FILE: "phrase" }, folder);
    await expect(secrets.decrypterFor(fromFile.salt, where)).resolves.toBeTypeOf("function");
  });

  it.each([
    [
      "no passphrase",
      {},
      "v1:AAAAAAAAAAA=:v1:x:y",
      `${where} keeps its secrets with a passphrase: set PULUMI_CONFIG_PASSPHRASE or PULUMI_CONFIG_PASSPHRASE_FILE, as for pulumi itself.`,
    ],
    [
      "a passphrase file that is not there",
      { PULUMI_CONFIG_PASSPHRASE_FILE: "/nonexistent/phrase" },
      "v1:AAAAAAAAAAA=:v1:x:y",
      "PULUMI_CONFIG_PASSPHRASE_FILE names /nonexistent/phrase, which cannot be read (ENOENT): give the file that holds the stacks' passphrase.",
    ],
    ...["v2:AAAA:v1:x:y", "v1", "v1:AAAA", "v1:AAAA:"].map(
      (salt): [string, Record<string, string>, string, string] => [
        `a salt of the form ${salt}`,
        { PULUMI_CONFIG_PASSPHRASE: "pw" },
        salt,
        `${where}: its passphrase secrets provider's salt is not of the form v1:SALT:CHECK: the state is damaged.`,
      ],
    ),
    [
      "no salt",
      { PULUMI_CONFIG_PASSPHRASE: "pw" },
      undefined,
      `${where}: its passphrase secrets provider records no salt: the state is damaged.`,
    ],
  ])("refuses %s", async (_case, env: Record<string, string>, salt, message) => {
    await expect(new PassphraseSecrets(env).decrypterFor(salt, where)).rejects.toThrow(
      new BackendError(message),
    );
  });

  const nonce = Buffer.alloc(12).toString("base64");
  it.each([
    ["another version", () => "v2:abc:def", "it is not a v1 ciphertext"],
    ["a part missing", () => `v1:${nonce}`, "it is not a v1 ciphertext"],
    ["a short nonce", () => "v1:AAAA:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "its nonce is not 12 bytes"],
    [
      "no room for its tag",
      () => `v1:${nonce}:${Buffer.alloc(15).toString("base64")}`,
      "it is shorter than its tag",
    ],
    ["a changed byte", (good: string) => `${good.slice(0, -4)}AAA=`, "it does not decrypt with this key"],
  ])("says a secret with %s is damaged, quoting none of it", async (_case, damage, why) => {
    const { encrypt, salt } = await crypter("pw");
    const decrypt = await new PassphraseSecrets({ PULUMI_CONFIG_PASSPHRASE: "pw" }).decrypterFor(salt, where);
    const damaged = damage(encrypt('"the-api-key"'));
    expect(() => decrypt(damaged)).toThrow(
      new BackendError(`${where}: a secret cannot be decrypted (${why}): the state is damaged.`),
    );
  });

  it("takes an empty PULUMI_CONFIG_PASSPHRASE_FILE for none", async () => {
    const secrets = new PassphraseSecrets({ PULUMI_CONFIG_PASSPHRASE_FILE: "" });
    await expect(secrets.decrypterFor("v1:AAAAAAAAAAA=:v1:x:y", where)).rejects.toThrow(
      "keeps its secrets with a passphrase",
    );
  });
});

describe("a stored checkpoint", () => {
  const deployment = { manifest: { time: "t" }, resources: [{ urn: "u", type: "pulumi:pulumi:Stack" }] };
  const plain = stateOf(deployment);

  it.each([
    ["plain JSON", plain],
    ["gzip", gzipSync(plain)],
    ["zstd", zstdCompressSync(plain)],
  ])("reads %s, whatever its name says, as the export's version and deployment", async (_form, bytes) => {
    await expect(exportOfCheckpoint(bytes, where)).resolves.toEqual({ version: 3, deployment });
  });

  it("gives a stack no update has written an empty deployment", async () => {
    const initOnly = Buffer.from(
      JSON.stringify({ version: 3, checkpoint: { stack: "organization/shop/prod" } }),
    );
    await expect(exportOfCheckpoint(initOnly, where)).resolves.toEqual({ version: 3, deployment: {} });
  });

  const restore = "restore it from the backend's .pulumi/backups or history";
  const quoted = where.replace(/[()/.]/g, "\\$&");
  it.each([
    ["bytes that start as gzip's do", Buffer.from([0x1f, 0x7b])],
    ["bytes that start as zstd's do", Buffer.from([0x28, 0xb5, 0x2f, 0x7b])],
    ["zstd's first byte alone", Buffer.from([0x28])],
    ["gzip's first byte alone", Buffer.from([0x1f])],
  ])("reads %s but no more as JSON, not as compressed", async (_case, bytes) => {
    await expect(exportOfCheckpoint(bytes, where)).rejects.toThrow(`${where} is not JSON (`);
  });

  it.each([
    [
      "cut short gzip",
      gzipSync(plain).subarray(0, 30),
      new RegExp(
        `^${quoted} is damaged \\(gzip: Z_BUF_ERROR\\): ${restore}, or export it again with pulumi\\.$`,
      ),
    ],
    [
      "cut short zstd",
      zstdCompressSync(plain).subarray(0, 20),
      new RegExp(`^${quoted} is damaged \\(zstd: [A-Z_]+\\): ${restore}, or export it again with pulumi\\.$`),
    ],
    [
      "cut short JSON",
      plain.subarray(0, plain.length - 3),
      new RegExp(
        `^${quoted} is not JSON \\(line 1, column \\d+: .+\\): the state is damaged or cut short; ${restore}\\.$`,
      ),
    ],
    ["JSON without a checkpoint", Buffer.from('{"version":3}'), undefined],
    ["a checkpoint that is text", Buffer.from('{"version":3,"checkpoint":"x"}'), undefined],
    ["JSON that is no object", Buffer.from("null"), undefined],
  ])("refuses a %s, naming the stack", async (_case, bytes, message) => {
    const reading = exportOfCheckpoint(bytes, where);
    await expect(reading).rejects.toBeInstanceOf(BackendError);
    await expect(reading).rejects.toThrow(
      message ??
        new BackendError(`${where} is not a Pulumi checkpoint (no checkpoint): the state is damaged.`),
    );
  });

  it("reads a latest deployment of null as an empty one", async () => {
    const bytes = Buffer.from(JSON.stringify({ version: 3, checkpoint: { latest: null } }));
    await expect(exportOfCheckpoint(bytes, where)).resolves.toEqual({ version: 3, deployment: {} });
  });
});

/** A store holding `objects` (key to modification time) and `meta`. */
function storeOf(objects: Record<string, number>, meta?: string): StateStore {
  return {
    name: "file:///srv/states",
    kind: "file",
    meta: () => Promise.resolve(meta),
    listStacks: () =>
      Promise.resolve(Object.entries(objects).map(([key, modified]): StoredObject => ({ key, modified }))),
    readEach: async function* () {},
    close: () => Promise.resolve(),
  };
}

describe("a backend's layout", () => {
  it("takes each stack's newest form, the later form when equally new, and nothing else", async () => {
    const layout = await readLayout(
      storeOf(
        {
          ".pulumi/stacks/shop/prod.json": 1,
          ".pulumi/stacks/shop/prod.json.gz": 2,
          ".pulumi/stacks/shop/dev.json": 5,
          ".pulumi/stacks/shop/dev.json.zst": 5,
          ".pulumi/stacks/shop/prod.json.bak": 9,
          ".pulumi/stacks/shop/prod.json.attrs": 9,
          ".pulumi/stacks/shop/bad name.json": 9,
          ".pulumi/stacks/blog/prod.json": 1,
          ".pulumi/stacks/blog/deeper/prod.json": 9,
          ".pulumi/stacks/bad project/prod.json": 9,
          ".pulumi/history/shop/prod.json": 9,
          ".pulumi/stacks/legacy.json": 1,
        },
        "version: 1\n",
      ),
    );
    expect(layout).toEqual({
      version: 1,
      stacks: [
        {
          project: "blog",
          stack: "prod",
          key: ".pulumi/stacks/blog/prod.json",
          fullName: "organization/blog/prod",
        },
        {
          project: "shop",
          stack: "dev",
          key: ".pulumi/stacks/shop/dev.json.zst",
          fullName: "organization/shop/dev",
        },
        {
          project: "shop",
          stack: "prod",
          key: ".pulumi/stacks/shop/prod.json.gz",
          fullName: "organization/shop/prod",
        },
      ],
    });
    expect(findStack(layout, "prod", "shop")?.key).toBe(".pulumi/stacks/shop/prod.json.gz");
    expect(findStack(layout, "organization/prod", "blog")?.key).toBe(".pulumi/stacks/blog/prod.json");
    expect(findStack(layout, "organization/shop/dev", undefined)?.key).toBe(
      ".pulumi/stacks/shop/dev.json.zst",
    );
    expect(findStack(layout, "acme/shop/dev", undefined)).toBeUndefined();
    expect(findStack(layout, "prod", undefined)).toBeUndefined();
  });

  it.each([
    ["without meta.yaml, legacy states make it legacy", { ".pulumi/stacks/prod.json": 1 }, undefined, 0],
    [
      "without meta.yaml, states of projects keep it of projects",
      { ".pulumi/stacks/shop/prod.json": 1 },
      undefined,
      1,
    ],
    ["without meta.yaml or states, it is of projects", {}, undefined, 1],
    ["meta.yaml version 0 is legacy", { ".pulumi/stacks/shop/prod.json": 1 }, "version: 0", 0],
  ])("%s", async (_case, objects: Record<string, number>, meta, version) => {
    expect((await readLayout(storeOf(objects, meta))).version).toBe(version);
  });

  it("takes, of two forms written at once, the later form whatever the listing's order, and else the newer", async () => {
    const layout = await readLayout(
      storeOf(
        {
          ".pulumi/stacks/shop/a.json.zst": 5,
          ".pulumi/stacks/shop/a.json": 5,
          ".pulumi/stacks/shop/b.json.gz": 1,
          ".pulumi/stacks/shop/b.json": 2,
        },
        "version: 1",
      ),
    );
    expect(layout.stacks.map((s) => s.key)).toEqual([
      ".pulumi/stacks/shop/a.json.zst",
      ".pulumi/stacks/shop/b.json",
    ]);
  });

  it("names a legacy stack by its file alone", async () => {
    const layout = await readLayout(
      storeOf({ ".pulumi/stacks/prod.json": 1, ".pulumi/stacks/shop/x.json": 1 }),
    );
    expect(layout.stacks).toEqual([{ stack: "prod", key: ".pulumi/stacks/prod.json", fullName: "prod" }]);
    expect(findStack(layout, "prod", "shop")?.fullName).toBe("prod");
    expect(findStack(layout, "organization/shop/prod", "shop")).toBeUndefined();
  });

  it.each([
    ["version: 2", "version 2"],
    ["version: '1'", 'version "1"'],
    ["{not yaml", "no readable version"],
    ["", "no readable version"],
    ["other: 1", "no readable version"],
  ])("refuses a meta.yaml of %s", async (meta, said) => {
    await expect(readLayout(storeOf({}, meta))).rejects.toThrow(
      new BackendError(
        `the backend file:///srv/states has a .pulumi/meta.yaml of ${said}, which this version of pulumi-webstats does not know: ` +
          "update pulumi-webstats, or read the stacks with pulumi (--read-with pulumi).",
      ),
    );
  });
});

describe("which backend, and which stacks are read here", () => {
  it("takes PULUMI_BACKEND_URL, then the project's, then pulumi login's", async () => {
    const home = mkdtempSync(join(tmpdir(), "pulumi-home-"));
    writeFileSync(join(home, "credentials.json"), JSON.stringify({ current: "file://~/states" }));
    expect(await backendOf({ PULUMI_HOME: home, PULUMI_BACKEND_URL: "postgres://db/x" }, "file:///p")).toBe(
      "postgres://db/x",
    );
    expect(await backendOf({ PULUMI_HOME: home }, "file:///p")).toBe("file:///p");
    expect(await backendOf({ PULUMI_HOME: home }, undefined)).toBe("file://~/states");
    mkdirSync(join(home, "empty"));
    expect(await backendOf({ PULUMI_HOME: join(home, "empty") }, undefined)).toBeUndefined();
    // Without PULUMI_HOME, the environment's HOME (the one pulumi runs with) holds .pulumi.
    mkdirSync(join(home, "user", ".pulumi"), { recursive: true });
    writeFileSync(
      join(home, "user", ".pulumi", "credentials.json"),
      JSON.stringify({ current: " postgres://db/x " }),
    );
    expect(await backendOf({ HOME: join(home, "user"), PULUMI_HOME: "" }, undefined)).toBe("postgres://db/x");
    for (const damaged of [
      "{not json",
      JSON.stringify({ current: "  " }),
      JSON.stringify({ current: 7 }),
      "null",
    ]) {
      writeFileSync(join(home, "credentials.json"), damaged);
      expect(await backendOf({ PULUMI_HOME: home }, undefined)).toBeUndefined();
    }
  });

  it("names a stack by its backend's kind, without the backend's password", () => {
    expect(storedOrigin("organization/shop/prod", "postgres://u:pw@db/states")).toBe(
      "stack organization/shop/prod (PostgreSQL backend postgres://u:***@db/states)",
    );
    expect(storedOrigin("prod", "file:///srv")).toBe("stack prod (file backend file:///srv)");
  });

  it.each([
    ["file:///srv", "file"],
    ["file://~", "file"],
    ["postgres://db/x", "postgres"],
    ["postgresql://db/x", "postgres"],
    ["s3://bucket", undefined],
    ["https://api.pulumi.com", undefined],
    ["xpostgres://db", undefined],
  ])("reads %s itself when it is %s", (url, kind) => {
    expect(directKindOf(url)).toBe(kind);
  });

  it.each([
    ["file://~", homedir()],
    ["file://~/states?no_tmp_dir=true", join(homedir(), "states")],
    ["file:///srv/my%20states", "/srv/my states"],
    ["file://states", "/work/project/states"],
  ])("finds the folder of %s", (url, folder) => {
    expect(fileBackendFolder(url, "/work/project")).toBe(folder);
  });

  it.each([
    ["postgres://drift:s3cret@db.example.com/states", "postgres://drift:***@db.example.com/states"],
    [
      "postgres://drift:p@ss@db/x?sslpassword=k3y&table=t",
      "postgres://drift:***@db/x?sslpassword=***&table=t",
    ],
    ["postgres://db/x?password=s3cret", "postgres://db/x?password=***"],
    ["postgres://db.example.com/states", "postgres://db.example.com/states"],
    ["file:///srv/states", "file:///srv/states"],
  ])("names %s without its password", (url, name) => {
    expect(withoutPassword(url)).toBe(name);
  });

  it("leaves a stack of another secrets manager to pulumi, and needs no passphrase without a secret", async () => {
    const noPassphrase = new PassphraseSecrets({});
    const kms = stateOf({ secrets_providers: { type: "awskms", state: {} }, resources: [] });
    await expect(readStoredStack(kms, where, "prod", undefined, noPassphrase)).resolves.toBe("pulumi");
    const { salt } = await crypter("pw");
    const plain = stateOf({ secrets_providers: { type: "passphrase", state: { salt } }, resources: [] });
    /** A passphrase stack (its salt recorded, or no state at all) with one resource, no website, of `outputs`. */
    const passphraseState = (salt: string | null, outputs: Record<string, unknown>) =>
      stateOf({
        secrets_providers: { type: "passphrase", state: salt === null ? null : { salt } },
        resources: [{ urn: "u", type: "x:y:Z", outputs }],
      });
    const encryptedValue = { [secretSignature[0]]: secretSignature[1], ciphertext: "v1:a:b" };
    await expect(
      readStoredStack(plain, where, "organization/shop/prod", undefined, noPassphrase),
    ).resolves.toEqual({
      name: "organization/shop/prod",
      websites: [],
    });
    const withSecret = passphraseState(salt, { k: encryptedValue });
    await expect(readStoredStack(withSecret, where, "prod", undefined, noPassphrase)).rejects.toThrow(
      "keeps its secrets with a passphrase",
    );
    // A secret deep in a list is found too; a "ciphertext" that is no secret needs no passphrase.
    const inList = passphraseState(salt, { l: [[encryptedValue]] });
    await expect(readStoredStack(inList, where, "prod", undefined, noPassphrase)).rejects.toThrow(
      "keeps its secrets with a passphrase",
    );
    const notSecret = passphraseState(salt, {
      ciphertext: "text",
      other: { [secretSignature[0]]: "no", ciphertext: "x" },
    });
    // It gets past the secrets to the websites, of which it has none.
    await expect(readStoredStack(notSecret, where, "prod", undefined, noPassphrase)).rejects.toThrow(
      "holds no website of pulumi-webstats",
    );
    // A passphrase provider without a state records no salt: a damaged state.
    const noState = passphraseState(null, { k: encryptedValue });
    await expect(
      readStoredStack(
        noState,
        where,
        "prod",
        undefined,
        new PassphraseSecrets({ PULUMI_CONFIG_PASSPHRASE: "pw" }),
      ),
    ).rejects.toThrow(`${where}: its passphrase secrets provider records no salt: the state is damaged.`);
    // A provider of no type records no manager: nothing to decrypt.
    const untyped = stateOf({ secrets_providers: {}, resources: [] });
    await expect(readStoredStack(untyped, where, "prod", undefined, noPassphrase)).resolves.toMatchObject({
      websites: [],
    });
  });
});
