// drift reads Pulumi's PostgreSQL backend (drift/read/backend/postgres-store.ts) from a real
// PostgreSQL server (test/support/postgres-server.ts): the table made as Pulumi's schema.sql makes
// it, rows written as Pulumi's bucket writes them (`{"data": "<base64>"}`, keyed by the bucket
// path under the URL's path), and each way a read is refused, said without the password.
import { gzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { withoutPassword } from "../../../../drift/read/backend/backend-url";
import { openPostgresStore } from "../../../../drift/read/backend/postgres-store";
import { BackendError, type StateStore } from "../../../../drift/read/backend/state-store";
import { issueCertificate, makeCertificateAuthority, writePemFiles } from "../../../support/certificates";
import { freePort, startPostgres, type PostgresServer } from "../../../support/postgres-server";

/** Every state `store` gives for `keys`, by key (StateStore.readEach, collected). */
async function readAll(store: StateStore, keys: readonly string[]): Promise<Map<string, Buffer>> {
  const read = new Map<string, Buffer>();
  for await (const [key, bytes] of store.readEach(keys)) read.set(key, bytes);
  return read;
}

/** Characters a URL must percent-encode: the store has to decode them, and hide them. */
const password = "S3cret:/@pw";
/** The application name the store gives its connection, to find it in pg_stat_activity. */
const storeApplication = "pulumi-webstats drift";

/** pkg/backend/diy/postgres/schema.sql, its %s filled in as Pulumi fills them (fmt.Sprintf). */
const schema = (table: string) => `CREATE TABLE IF NOT EXISTS ${table} (
    key TEXT PRIMARY KEY,
    data JSON NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS ${table}_key_prefix_idx ON ${table} (key text_pattern_ops);`;

/** A row's data as Pulumi's bucket writes it: Go's json.Marshal of {Data: base64(bytes)}. */
const pulumiData = (bytes: Buffer | string) =>
  JSON.stringify({ data: Buffer.from(bytes).toString("base64") });

const state = (stack: string) => `{"version":3,"checkpoint":{"stack":"organization/shop/${stack}"}}\n`;

let server: PostgresServer;
let admin: pg.Client;
/** The database's name is the URL's path, under which Pulumi keeps the bucket's objects. */
let prefix: string;

/** Writes rows as Pulumi's bucket does (INSERT ... ON CONFLICT), then sets when they were written. */
async function write(table: string, rows: Record<string, string>, at = "2026-08-01T10:00:00Z") {
  for (const [key, data] of Object.entries(rows)) {
    await admin.query(
      `INSERT INTO ${table} (key, data) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET data = $2, updated_at = now()`,
      [key, data],
    );
    await admin.query(`UPDATE ${table} SET updated_at = $2 WHERE key = $1`, [key, at]);
  }
}

/** The BackendError a promise rejects with: its message, checked to hold no password. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error("expected a refusal, and the store opened or read"),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(BackendError);
  const message = (error as BackendError).message;
  expect(message).not.toContain(password);
  expect(message).not.toContain(encodeURIComponent(password));
  return message;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const open = (url = server.url, env: Record<string, string | undefined> = {}) => openPostgresStore(url, env);

beforeAll(async () => {
  server = await startPostgres({ password });
  prefix = `${server.database}/`;
  admin = new pg.Client({ connectionString: server.url });
  admin.on("error", () => {});
  await admin.connect();
  await admin.query(schema("pulumi_state"));
  await write("pulumi_state", {
    [`${prefix}.pulumi/meta.yaml`]: pulumiData("version: 1\n"),
    [`${prefix}.pulumi/stacks/shop/prod.json`]: pulumiData(state("prod")),
    [`${prefix}.pulumi/stacks/shop/dev.json.gz`]: pulumiData(gzipSync(state("dev"))),
    [`${prefix}.pulumi/history/shop/prod/prod-1.checkpoint.json`]: pulumiData(state("prod")),
    [`${prefix}.pulumi/locks/shop/prod/lock.json`]: pulumiData("{}"),
    // Not under this URL's path: another bucket of the same table (`_` is a LIKE wildcard).
    [`${server.database.replace("_", "X")}/.pulumi/stacks/shop/other.json`]: pulumiData(state("other")),
    [".pulumi/meta.yaml"]: pulumiData("version: 0\n"),
    [".pulumi/stacks/legacy.json"]: pulumiData(state("legacy")),
  });
  await write(
    "pulumi_state",
    { [`${prefix}.pulumi/stacks/shop/dev.json.gz`]: pulumiData(gzipSync(state("dev"))) },
    "2026-08-02T10:00:00Z",
  );
});

afterAll(async () => {
  await admin?.end().catch(() => undefined);
  await server?.stop();
});

describe("drift reads Pulumi's PostgreSQL backend", () => {
  let store: StateStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store?.close());

  it("names the backend by its URL without the password", () => {
    expect(store.kind).toBe("postgres");
    expect(store.name).toBe(server.url.replace(encodeURIComponent(password), "***"));
  });

  it("lists the objects under .pulumi/stacks/ of the URL's path, with when each was written", async () => {
    expect(await store.listStacks()).toEqual([
      { key: ".pulumi/stacks/shop/dev.json.gz", modified: Date.parse("2026-08-02T10:00:00Z") },
      { key: ".pulumi/stacks/shop/prod.json", modified: Date.parse("2026-08-01T10:00:00Z") },
    ]);
  });

  it("reads meta.yaml", async () => {
    expect(await store.meta()).toBe("version: 1\n");
  });

  it("reads more states than a page, a page at a time, in the same one query", async () => {
    const many = Array.from({ length: 40 }, (_, i) => `.pulumi/stacks/many/s${i}.json`);
    await write(
      "pulumi_state",
      Object.fromEntries(many.map((key, i) => [prefix + key, pulumiData(state(`s${i}`))])),
    );
    const query = vi.spyOn(pg.Client.prototype, "query");
    try {
      const read = await readAll(store, many);
      expect([...read.keys()].sort()).toEqual([...many].sort());
      expect(read.get(many[39]!)?.toString()).toBe(state("s39"));
      const statements = query.mock.calls.map(([text]) => String(text).trim().split(/\s+/)[0]);
      expect(statements).toEqual(["BEGIN", "DECLARE", "FETCH", "FETCH", "FETCH", "ROLLBACK"]);
    } finally {
      query.mockRestore();
    }
  });

  it("reads many objects in one query (a cursor, fetched by pages), byte for byte, leaving out the keys it does not hold", async () => {
    const query = vi.spyOn(pg.Client.prototype, "query");
    try {
      const read = await readAll(store, [
        ".pulumi/stacks/shop/prod.json",
        ".pulumi/stacks/shop/dev.json.gz",
        ".pulumi/stacks/shop/gone.json",
        ".pulumi/stacks/shop/prod.json",
      ]);
      // One SELECT, declared as a cursor of a read-only transaction; 2 rows fit in one page.
      const statements = query.mock.calls.map(([text]) => String(text).trim().split(/\s+/)[0]);
      expect(statements).toEqual(["BEGIN", "DECLARE", "FETCH", "ROLLBACK"]);
      expect(query.mock.calls.filter(([text]) => /\bSELECT\b/.test(String(text)))).toHaveLength(1);
      expect([...read.keys()].sort()).toEqual([
        ".pulumi/stacks/shop/dev.json.gz",
        ".pulumi/stacks/shop/prod.json",
      ]);
      expect(read.get(".pulumi/stacks/shop/prod.json")?.toString()).toBe(state("prod"));
      expect(read.get(".pulumi/stacks/shop/dev.json.gz")).toEqual(gzipSync(state("dev")));
    } finally {
      query.mockRestore();
    }
  });

  it("reads the keys at the top of the table when the URL has no path, from the PG* variables", async () => {
    const env = {
      PGHOST: server.host,
      PGPORT: String(server.port),
      PGUSER: server.user,
      PGPASSWORD: password,
      PGDATABASE: server.database,
      PGSSLMODE: "disable",
    };
    const bare = await open("postgres://", env);
    try {
      expect(bare.name).toBe("postgres://");
      expect(await bare.meta()).toBe("version: 0\n");
      expect((await bare.listStacks()).map((object) => object.key)).toEqual([".pulumi/stacks/legacy.json"]);
    } finally {
      await bare.close();
    }
  });

  it("reads the table the URL's table parameter names, folded to lower case as Pulumi's SQL folds it", async () => {
    await admin.query(schema("mystate"));
    await admin.query("CREATE SCHEMA IF NOT EXISTS team");
    await admin.query(schema("team.states").replace("team.states_key", "team_states_key"));
    await write("mystate", { [`${prefix}.pulumi/stacks/shop/mine.json`]: pulumiData(state("mine")) });
    await write("team.states", { [`${prefix}.pulumi/stacks/shop/team.json`]: pulumiData(state("team")) });
    for (const [table, key] of [
      ["MyState", ".pulumi/stacks/shop/mine.json"],
      ["team.states", ".pulumi/stacks/shop/team.json"],
      // A parameter that is no connection parameter is a setting of the session, as lib/pq sends it.
      ["states&search_path=team", ".pulumi/stacks/shop/team.json"],
    ]) {
      const other = await open(`${server.url}&table=${table}`);
      try {
        expect((await other.listStacks()).map((object) => object.key)).toEqual([key]);
      } finally {
        await other.close();
      }
    }
  });

  it("connects as the URL's sslmode says: prefer falls back to no TLS, require (the default) does not", async () => {
    const plain = server.url.replace("?sslmode=disable", "");
    const preferred = await open(`${plain}?sslmode=prefer`);
    await preferred.close();
    expect(await refusal(open(plain))).toBe(
      `PostgreSQL backend ${withoutPassword(plain)}: the server does not take encrypted connections, which ` +
        "sslmode require asks for (the default, as for pulumi login): add sslmode=disable to the URL if the " +
        "connection may be unencrypted",
    );
  });
});

describe("drift reads a backend over TLS as lib/pq does", () => {
  it("encrypts without checking by default, and checks the certificate under verify-ca and verify-full", async () => {
    const authority = await makeCertificateAuthority("Test PostgreSQL CA");
    const certificate = await issueCertificate(authority, {
      dnsNames: ["db.test"],
      ipAddresses: ["127.0.0.1"],
    });
    const elsewhere = await issueCertificate(authority, { dnsNames: ["elsewhere.test"] });
    const pem = writePemFiles({ "ca.pem": authority.certPem });
    const servers = [
      await startPostgres({ password, tls: certificate }),
      await startPostgres({ password, tls: elsewhere }),
    ];
    try {
      const [right, wrong] = servers.map((one) => one.url.replace("?sslmode=disable", "")) as [
        string,
        string,
      ];
      const ca = `sslrootcert=${encodeURIComponent(pem.path("ca.pem"))}`;
      for (const url of [right, `${right}?sslmode=verify-full&${ca}`, `${wrong}?sslmode=verify-ca&${ca}`]) {
        const store = await open(url);
        try {
          expect(await store.listStacks().catch((error: Error) => error.message)).toMatch(
            /no table pulumi_state/,
          );
          // The server's own view of the store's connection: encrypted.
          const watcher = new pg.Client({ connectionString: `${url.replace(/\?.*/, "")}?sslmode=disable` });
          await watcher.connect();
          const encrypted = await watcher.query(
            "SELECT ssl FROM pg_stat_ssl JOIN pg_stat_activity USING (pid) WHERE application_name = $1",
            [storeApplication],
          );
          await watcher.end();
          expect(encrypted.rows).toEqual([{ ssl: true }]);
        } finally {
          await store.close();
        }
      }
      for (const url of [`${right}?sslmode=verify-full`, `${wrong}?sslmode=verify-full&${ca}`]) {
        expect(await refusal(open(url))).toMatch(
          /: the server's TLS certificate is not trusted under sslmode verify-full \([A-Z_]+\): give the certificate of its authority with sslrootcert=FILE in the URL \(or PGSSLROOTCERT\)$/,
        );
      }
    } finally {
      for (const one of servers) await one.stop();
      pem.remove();
    }
  });
});

describe("drift refuses to read, naming the backend without its password", () => {
  const name = () => withoutPassword(server.url);

  it("when PostgreSQL refuses the login", async () => {
    const wrong = server.url.replace(encodeURIComponent(password), "wrong");
    expect(await refusal(open(wrong, { PGPASSWORD: password }))).toBe(
      `PostgreSQL backend ${withoutPassword(wrong)}: PostgreSQL refuses the login of user ${server.user} to ` +
        `database ${server.database} (SQLSTATE 28P01); check the user and password (in the URL, or PGUSER and ` +
        "PGPASSWORD), the ones pulumi login uses, and that the server's pg_hba.conf admits this user from this machine",
    );
    const none = `postgres://${server.user}@${server.host}:${server.port}/${server.database}?sslmode=disable`;
    expect(await refusal(open(none, { HOME: server.folder }))).toBe(
      `PostgreSQL backend ${none}: the server asks user ${server.user} for a password and none was given: ` +
        "put it in the URL or in PGPASSWORD",
    );
  });

  it("when the table does not exist", async () => {
    const missing = await open(`${server.url}&table=nothing_here`);
    try {
      expect(await refusal(missing.listStacks())).toBe(
        `PostgreSQL backend ${name()}&table=nothing_here: there is no table nothing_here in database ` +
          `${server.database} (SQLSTATE 42P01): no pulumi login has used this database with this table yet, ` +
          "or the URL's table parameter names another table (the default is pulumi_state)",
      );
    } finally {
      await missing.close();
    }
  });

  it("when the table parameter is not a table name, before connecting", async () => {
    const url = `${server.url}&table=${encodeURIComponent("x; DROP TABLE pulumi_state")}`;
    expect(await refusal(open(url))).toBe(
      `PostgreSQL backend ${withoutPassword(url)}: the URL's table parameter "x; DROP TABLE pulumi_state" is ` +
        "not a table name: give letters, digits, _ and $ (not starting with a digit), optionally after a schema " +
        "and a dot (schema.table)",
    );
  });

  it("when a row is damaged, naming its key", async () => {
    await admin.query(
      "CREATE TABLE loose (key TEXT PRIMARY KEY, data TEXT, updated_at TIMESTAMPTZ DEFAULT now())",
    );
    await write("loose", {
      [`${prefix}.pulumi/stacks/shop/a.json`]: "not json",
      [`${prefix}.pulumi/stacks/shop/b.json`]: JSON.stringify({ date: "eyJ9" }),
      [`${prefix}.pulumi/stacks/shop/c.json`]: JSON.stringify({ data: "eyJ9!" }),
    });
    const loose = await open(`${server.url}&table=loose`);
    try {
      for (const [file, why] of [
        ["a.json", "its data is not JSON"],
        ["b.json", 'its data has no "data" string'],
        ["c.json", 'its "data" is not base64'],
      ]) {
        expect(await refusal(readAll(loose, [`.pulumi/stacks/shop/${file}`]))).toBe(
          `PostgreSQL backend ${name()}&table=loose: the row of ${prefix}.pulumi/stacks/shop/${file} in table ` +
            `loose is damaged (${why}), so pulumi cannot read it either: restore the object (from ` +
            ".pulumi/backups/ or with pulumi stack import) or delete the row",
        );
      }
    } finally {
      await loose.close();
    }
  });

  it("when the server cannot be reached", async () => {
    const port = await freePort();
    const url = server.url.replace(`:${server.port}/`, `:${port}/`);
    expect(await refusal(open(url))).toBe(
      `PostgreSQL backend ${withoutPassword(url)}: cannot reach the server at 127.0.0.1:${port} ` +
        "(ECONNREFUSED): check the host and port in the URL (or PGHOST and PGPORT), and that the server runs and " +
        "can be reached from here",
    );
  });

  it("when the connection is dropped in the middle of a read, and on every read after", async () => {
    const reading = await open();
    // The read waits on a lock held by another connection until the server ends its connection.
    const locker = new pg.Client({ connectionString: server.url });
    locker.on("error", () => {});
    await locker.connect();
    try {
      await locker.query("BEGIN; LOCK TABLE pulumi_state IN ACCESS EXCLUSIVE MODE");
      const read = readAll(reading, [".pulumi/stacks/shop/prod.json"]);
      const failed = refusal(read);
      await vi.waitFor(
        async () => {
          const waiting = await admin.query(
            "SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'",
            [storeApplication],
          );
          expect(waiting.rowCount).toBe(1);
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(await server.terminateConnections()).toBeGreaterThanOrEqual(2);
      const lost =
        `PostgreSQL backend ${name()}: the connection to the server was lost while reading (SQLSTATE 57P01); ` +
        "run drift again once the server is back";
      expect(await failed).toBe(lost);
      expect(await refusal(reading.listStacks())).toBe(lost);
    } finally {
      await reading.close();
      await locker.end().catch(() => undefined);
      admin = new pg.Client({ connectionString: server.url });
      admin.on("error", () => {});
      await admin.connect();
    }
  });

  it("when the server stops while the store is open", async () => {
    const stopping = await startPostgres({ password });
    const client = new pg.Client({ connectionString: stopping.url });
    await client.connect();
    await client.query(schema("pulumi_state"));
    await client.end();
    const reading = await open(stopping.url);
    try {
      await stopping.stop();
      expect(await refusal(readAll(reading, [".pulumi/stacks/shop/prod.json"]))).toMatch(
        new RegExp(
          `^PostgreSQL backend ${escapeRegExp(withoutPassword(stopping.url))}: the connection to the server ` +
            "was lost while reading( \\([^)]+\\))?; run drift again once the server is back$",
        ),
      );
    } finally {
      await reading.close();
      await stopping.stop();
    }
  });

  it("hides a password in the URL's user part or parameters, whatever it holds", () => {
    expect(withoutPassword("postgres://u:p@ss:w@db.example:5432/db?password=x&sslpassword=y&table=t")).toBe(
      "postgres://u:***@db.example:5432/db?password=***&sslpassword=***&table=t",
    );
    expect(withoutPassword("postgres://db.example:5432/db")).toBe("postgres://db.example:5432/db");
  });
});
