// Pulumi's PostgreSQL backend (`pulumi login postgres://...`, pkg/backend/diy/postgres) read as a
// StateStore: one table (default `pulumi_state`, or the URL's `table` parameter) holding each
// object of a DIY bucket as a row: `key` is the object's path (`.pulumi/stacks/shop/prod.json`),
// `data` is JSON `{"data": "<base64 of the object's bytes>"}`, `updated_at` when it was written.
//
// The URL is read the way the CLI's driver (lib/pq) reads it, so that a URL `pulumi login`
// accepts reaches the same server, database and table here: the URL first, then the PG*
// variables of `env` (never process.env), then defaults (localhost:5432, the current user, the
// user's name as database, sslmode "require" without certificate checks: lib/pq's default,
// stricter than libpq's "prefer"). A query parameter that is not a connection parameter is a
// server setting for the session (`search_path=...`), as lib/pq sends it.
//
// The password (from the URL, PGPASSWORD or a password file) appears in no message: each error
// is said in this file's words with the SQLSTATE, and a message of the server or of `pg` is
// added only when it does not contain the password.
import { readFileSync } from "node:fs";
import { homedir, userInfo } from "node:os";
import { join } from "node:path";
import type { ConnectionOptions } from "node:tls";
import type { Client, ClientConfig } from "pg";
import { BackendError, type StateStore, type StoredObject } from "./state-store";
import { withoutPassword } from "./backend-url";

const stacksPrefix = ".pulumi/stacks/";
const metaKey = ".pulumi/meta.yaml";
const defaultTable = "pulumi_state";
/** States fetched at once from the cursor of a read (readEach): a few MiB of states, not all. */
const cursorPage = 16;
/** Used when the URL sets no connect_timeout (lib/pq would wait forever: a hang here). */
const defaultConnectTimeoutSeconds = 30;
/**
 * Guards against a hang, not a slow read: a read of many large states is one query, so the limit
 * is generous. The server cancels the statement; the client-side limit, a little longer, ends a
 * wait on a connection that died without a word (a dropped network).
 */
const statementTimeoutMs = 300_000;
const queryTimeoutMs = statementTimeoutMs + 30_000;

/**
 * libpq's and lib/pq's connection parameters, and Pulumi's `table`: what the URL's other query
 * parameters are not. Those the store does not use (keepalives...) are left out, as libpq does.
 */
const connectionParameters = new Set(
  [
    "host hostaddr port dbname user password passfile options application_name fallback_application_name",
    "connect_timeout sslmode sslrootcert sslcert sslkey sslnegotiation sslpassword sslcompression sslsni",
    "sslcrl sslcrldir sslcertmode ssl_min_protocol_version ssl_max_protocol_version min_protocol_version",
    "max_protocol_version keepalives keepalives_idle keepalives_interval keepalives_count tcp_user_timeout",
    "target_session_attrs load_balance_hosts gssencmode gsslib gssdelegation krbsrvname krbspn requirepeer",
    "require_auth channel_binding service replication client_encoding tz sslinline binary_parameters",
    "disable_prepared_binary_result table",
  ]
    .join(" ")
    .split(" "),
);

const sslModes = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"] as const;
type SslMode = (typeof sslModes)[number];

/** Everything a connection and the messages need, read from the URL and `env`. */
interface Target {
  /** The URL with its password replaced by ***. */
  name: string;
  /** What the stored keys start with before `.pulumi/`: the URL's path and a slash, or nothing. */
  prefix: string;
  /** The table as SQL (quoted) and as messages name it. */
  table: { sql: string; label: string };
  user: string;
  database: string;
  /** host:port for messages. */
  address: string;
  sslMode: SslMode;
  /** Whether sslmode is lib/pq's default, not set by the URL or PGSSLMODE. */
  sslModeDefault: boolean;
  connectTimeoutSeconds: number;
  /** The connections to try in order: lib/pq's `prefer` and `allow` try a second way. */
  attempts: ClientConfig[];
  /** Every password in play, so that no message repeats one. */
  secrets: string[];
}

/**
 * Connects to Pulumi's PostgreSQL backend at `url` (`postgres://user:pass@host:port/db?table=X`,
 * or just `postgres://` with the PG* variables of `env`). Fails with a BackendError that names the
 * backend without its password and says what to do.
 */
export async function openPostgresStore(
  url: string,
  env: Record<string, string | undefined>,
): Promise<StateStore> {
  const target = readTarget(url, env);
  // Loaded here, not at the top: a drift run that reads no PostgreSQL backend never loads pg.
  const { Client } = await import("pg");
  const client = await connect(Client, target);
  return new PostgresStore(client, target);
}

function readTarget(url: string, env: Record<string, string | undefined>): Target {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not shown: an unparsable URL cannot be trusted to have its password found and hidden.
    throw new BackendError(
      "the PostgreSQL backend URL (not shown: it may hold a password) is not a valid URL: write it as " +
        "postgres://user:password@host:port/database, with the characters / ? # @ : of the user and password " +
        "percent-encoded (%2F %3F %23 %40 %3A)",
    );
  }
  const name = withoutPassword(url);
  const fail = (what: string) => new BackendError(`PostgreSQL backend ${name}: ${what}`);
  if (parsed.protocol !== "postgres:")
    throw fail("not a postgres:// URL, the only form `pulumi login` takes");
  const decode = (text: string, part: string): string => {
    try {
      return decodeURIComponent(text);
    } catch {
      throw fail(`its ${part} is not valid percent-encoding: write % itself as %25`);
    }
  };
  const path = decode(parsed.pathname, "path");
  // lib/pq turns the URL into key='value' pairs (user, password, host, port, the path as dbname,
  // each query parameter's first value), skips empty values, sorts the pairs as text and lets a
  // later pair win: `?dbname=` beats the path only if it sorts after it. The same here.
  const pairs: [string, string][] = [
    ["user", decode(parsed.username, "user")],
    ["password", decode(parsed.password, "password")],
    ["host", decode(parsed.hostname.replace(/^\[(.*)\]$/, "$1"), "host")],
    ["port", parsed.port],
    ["dbname", path.slice(1)],
    ...[...new Set(parsed.searchParams.keys())].map((key): [string, string] => [
      key,
      parsed.searchParams.get(key) ?? "",
    ]),
  ];
  const asText = ([key, value]: [string, string]) =>
    Buffer.from(`${key}='${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`);
  const params = new Map(
    pairs.filter(([, value]) => value).sort((a, b) => Buffer.compare(asText(a), asText(b))),
  );
  const param = (key: string) => params.get(key);
  const fromEnv = (key: string) => env[key] || undefined;

  const user = param("user") ?? fromEnv("PGUSER") ?? currentUser(env);
  const host = param("host") ?? fromEnv("PGHOST");
  const hostaddr = param("hostaddr") ?? fromEnv("PGHOSTADDR");
  const portText = param("port") ?? fromEnv("PGPORT") ?? "5432";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535)
    throw fail(
      `the port ${JSON.stringify(portText)} is not a port number: give 1 to 65535 in the URL or PGPORT`,
    );
  const database = param("dbname") ?? fromEnv("PGDATABASE") ?? user;
  const serverHost = host ?? "localhost";
  const socket = serverHost.startsWith("/");
  const address = socket
    ? serverHost
    : `${serverHost.includes(":") ? `[${serverHost}]` : serverHost}:${port}`;

  let password = param("password") ?? fromEnv("PGPASSWORD");
  const passfile = param("passfile") ?? fromEnv("PGPASSFILE") ?? join(env.HOME || homedir(), ".pgpass");
  password ??= passwordFromFile(passfile, { host: socket ? "localhost" : serverHost, port, database, user });
  const secrets = [password, param("password"), parsed.password, env.PGPASSWORD].filter(
    (s): s is string => !!s,
  );

  const sslModeText = param("sslmode") ?? fromEnv("PGSSLMODE") ?? "require";
  if (!(sslModes as readonly string[]).includes(sslModeText))
    throw fail(`sslmode ${JSON.stringify(sslModeText)} is not one of ${sslModes.join(", ")}`);
  // No TLS over a unix socket, as for lib/pq.
  const sslMode = socket ? "disable" : (sslModeText as SslMode);
  const tls = (mode: SslMode): ConnectionOptions | false => {
    if (mode === "disable" || mode === "allow") return false;
    const file = (key: string, variable: string): Buffer | undefined => {
      const path = param(key) ?? fromEnv(variable);
      if (!path || (key === "sslrootcert" && path === "system")) return undefined;
      try {
        return readFileSync(path);
      } catch (error) {
        throw fail(
          `cannot read the ${key} file ${path} (${(error as NodeJS.ErrnoException).code ?? "error"})`,
        );
      }
    };
    const ca = file("sslrootcert", "PGSSLROOTCERT");
    const options: ConnectionOptions = {
      cert: file("sslcert", "PGSSLCERT"),
      key: file("sslkey", "PGSSLKEY"),
    };
    if (ca) options.ca = ca;
    // require (and prefer): encrypted, but the certificate checked only against a given CA, as
    // libpq does; verify-ca: against the CA, whatever host it names; verify-full: both.
    if (mode === "verify-full") return options;
    if (mode === "verify-ca" || ca) return { ...options, checkServerIdentity: () => undefined };
    return { ...options, rejectUnauthorized: false };
  };

  const timeoutText = param("connect_timeout") ?? fromEnv("PGCONNECT_TIMEOUT");
  const timeout = timeoutText === undefined ? NaN : Number(timeoutText);
  const connectTimeoutSeconds = timeout > 0 ? Math.max(2, Math.floor(timeout)) : defaultConnectTimeoutSeconds;

  // Server settings go in `options` (`-c name=value`, backslash before spaces and backslashes).
  // The statement timeout comes first, so that the URL's own settings can change it, and is
  // always there, so that pg never falls back to process.env.PGOPTIONS.
  const escape = (text: string) => text.replace(/[\\\s]/g, "\\$&");
  const settings = [...params]
    .filter(([key]) => !connectionParameters.has(key))
    .map(([key, value]) => `-c ${escape(key)}=${escape(value)}`);
  const options = [
    `-c statement_timeout=${statementTimeoutMs}`,
    param("options") ?? fromEnv("PGOPTIONS"),
    ...settings,
  ]
    .filter(Boolean)
    .join(" ");

  const negotiation = param("sslnegotiation") ?? fromEnv("PGSSLNEGOTIATION");
  const base: ClientConfig = {
    host: hostaddr ?? serverHost,
    port,
    user,
    database,
    // A function, so that pg neither reads process.env.PGPASSWORD nor a password file itself.
    password: () => password ?? "",
    application_name:
      param("application_name") ??
      fromEnv("PGAPPNAME") ??
      param("fallback_application_name") ??
      "pulumi-webstats drift",
    options,
    sslnegotiation: negotiation === "direct" ? "direct" : "postgres",
    connectionTimeoutMillis: connectTimeoutSeconds * 1000,
    query_timeout: queryTimeoutMs,
    keepAlive: true,
  };
  const modes: SslMode[] =
    sslMode === "prefer" ? ["require", "disable"] : sslMode === "allow" ? ["disable", "require"] : [sslMode];
  // Pulumi keeps a bucket's objects under the URL's path (blob.PrefixedBucket): with
  // postgres://host/db the keys are db/.pulumi/..., with postgres://host they are .pulumi/...
  const folder = path.replace(/^\/+/, "");
  return {
    name,
    prefix: folder && !folder.endsWith("/") ? `${folder}/` : folder,
    table: tableName(param("table") ?? defaultTable, fail),
    user,
    database,
    address,
    sslMode,
    sslModeDefault: (param("sslmode") ?? fromEnv("PGSSLMODE")) === undefined,
    connectTimeoutSeconds,
    attempts: modes.map((mode) => ({ ...base, ssl: tls(mode) })),
    secrets,
  };
}

/**
 * The table as SQL. Pulumi writes the parameter into its SQL as it is, unquoted, so PostgreSQL
 * folds it to lower case (and cuts it to 63 characters): the same is done here, then it is
 * quoted. Anything but an identifier, or schema.identifier, is refused: it would be SQL.
 */
function tableName(text: string, fail: (what: string) => BackendError): Target["table"] {
  const parts = text.split(".");
  if (parts.length > 2 || !parts.every((part) => /^[A-Za-z_][A-Za-z0-9_$]*$/.test(part)))
    throw fail(
      `the URL's table parameter ${JSON.stringify(text)} is not a table name: give letters, digits, _ and $ ` +
        "(not starting with a digit), optionally after a schema and a dot (schema.table)",
    );
  const folded = parts.map((part) => part.toLowerCase().slice(0, 63));
  return { sql: folded.map((part) => `"${part}"`).join("."), label: folded.join(".") };
}

function currentUser(env: Record<string, string | undefined>): string {
  try {
    return userInfo().username;
  } catch {
    return env.USER || env.USERNAME || "postgres";
  }
}

/** The password of a libpq password file's first matching line (host:port:database:user:password). */
function passwordFromFile(
  path: string,
  want: { host: string; port: number; database: string; user: string },
): string | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  const wanted = [want.host, String(want.port), want.database, want.user];
  for (const line of text.split(/\r?\n/)) {
    if (!line || line.startsWith("#")) continue;
    // Fields are split at unescaped colons; a backslash escapes the next character. An
    // unescaped * alone matches anything.
    const fields = [{ value: "", raw: "" }];
    for (let i = 0; i < line.length; i++) {
      const field = fields[fields.length - 1]!;
      const char = line[i]!;
      if (char === ":") fields.push({ value: "", raw: "" });
      else if (char === "\\") {
        field.value += line[i + 1] ?? "";
        field.raw += char + (line[++i] ?? "");
      } else {
        field.value += char;
        field.raw += char;
      }
    }
    if (fields.length !== 5) continue;
    if (wanted.every((value, index) => fields[index]!.raw === "*" || fields[index]!.value === value))
      return fields[4]!.value;
  }
  return undefined;
}

/** Connects with each way in turn (one, but for sslmode prefer and allow). */
async function connect(ClientClass: typeof Client, target: Target): Promise<Client> {
  for (const [index, config] of target.attempts.entries()) {
    const client = new ClientClass(config);
    // An error event without a listener would end the process; the failure reaches connect()'s promise.
    client.on("error", () => {});
    try {
      await client.connect();
      return client;
    } catch (error) {
      // Not awaited: after some failures pg's end() waits for a close that has already happened.
      void client.end().catch(() => undefined);
      const next = target.attempts[index + 1];
      // prefer: the server has no TLS, so try without; allow: the server refused a plain login.
      const retry =
        next !== undefined &&
        (next.ssl === false
          ? messageOf(error) === "The server does not support SSL connections"
          : codeOf(error) === "28000");
      if (!retry) throw describe(error, "connect", target);
    }
  }
  throw new BackendError(`PostgreSQL backend ${target.name}: no way to connect`);
}

class PostgresStore implements StateStore {
  readonly kind = "postgres" as const;
  readonly name: string;
  /** Queries run one after another: a pg Client takes one at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Why the connection ended under us (the server went away), if it did. */
  private lost: unknown;
  private closed = false;

  constructor(
    private readonly client: Client,
    private readonly target: Target,
  ) {
    this.name = target.name;
    client.on("error", (error) => (this.lost ??= error));
  }

  async meta(): Promise<string | undefined> {
    return (await this.readMany([metaKey])).get(metaKey)?.toString("utf8");
  }

  async listStacks(): Promise<StoredObject[]> {
    const { prefix } = this.target;
    // LIKE with the prefix's own % _ \ escaped; a prefix pattern uses Pulumi's text_pattern_ops index.
    const pattern = `${(prefix + stacksPrefix).replace(/[\\%_]/g, "\\$&")}%`;
    const rows = await this.query<{ key: string; modified: number }>(
      `SELECT key, floor(extract(epoch FROM updated_at) * 1000)::float8 AS modified
       FROM ${this.target.table.sql} WHERE key LIKE $1 ORDER BY key`,
      [pattern],
    );
    return rows.map((row) => ({ key: row.key.slice(prefix.length), modified: row.modified }));
  }

  /**
   * Every state asked for in one query, fetched a page at a time through a cursor of a read-only
   * transaction: the server holds the query's rows, this process a page of them.
   */
  async *readEach(keys: readonly string[]): AsyncIterable<[string, Buffer]> {
    const { prefix } = this.target;
    const wanted = [...new Set(keys)].map((key) => prefix + key);
    if (wanted.length === 0) return;
    await this.query("BEGIN READ ONLY", []);
    try {
      // data::text rather than pg's own JSON parsing, so that a damaged row is found and named here.
      await this.query(
        `DECLARE webstats_states NO SCROLL CURSOR FOR
         SELECT key, data::text AS data FROM ${this.target.table.sql} WHERE key = ANY($1::text[])`,
        [wanted],
      );
      for (;;) {
        const rows = await this.query<{ key: string; data: string | null }>(
          `FETCH ${cursorPage} FROM webstats_states`,
          [],
        );
        for (const row of rows) yield [row.key.slice(prefix.length), this.decode(row.key, row.data)];
        if (rows.length < cursorPage) break;
      }
    } finally {
      // Nothing was written: the transaction ends with the cursor, whatever happened.
      if (this.lost === undefined && !this.closed) await this.query("ROLLBACK", []).catch(() => undefined);
    }
  }

  private async readMany(keys: readonly string[]): Promise<Map<string, Buffer>> {
    const { prefix } = this.target;
    const read = new Map<string, Buffer>();
    const wanted = [...new Set(keys)].map((key) => prefix + key);
    if (wanted.length === 0) return read;
    // data::text rather than pg's own JSON parsing, so that a damaged row is found and named here.
    const rows = await this.query<{ key: string; data: string | null }>(
      `SELECT key, data::text AS data FROM ${this.target.table.sql} WHERE key = ANY($1::text[])`,
      [wanted],
    );
    for (const row of rows) read.set(row.key.slice(prefix.length), this.decode(row.key, row.data));
    return read;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // With a query still running, pg cuts the connection rather than waiting for it.
    await this.client.end().catch(() => undefined);
  }

  /** The object's bytes from its row's `{"data": "<base64>"}`, as Pulumi's bucket reads them. */
  private decode(key: string, text: string | null): Buffer {
    const damaged = (why: string) =>
      new BackendError(
        `PostgreSQL backend ${this.name}: the row of ${key} in table ${this.target.table.label} is damaged (${why}), ` +
          "so pulumi cannot read it either: restore the object (from .pulumi/backups/ or with pulumi stack import) " +
          "or delete the row",
      );
    let value: unknown;
    try {
      value = text === null ? undefined : JSON.parse(text);
    } catch {
      throw damaged("its data is not JSON");
    }
    const data = typeof value === "object" && value !== null ? (value as { data?: unknown }).data : undefined;
    if (typeof data !== "string") throw damaged('its data has no "data" string');
    // Buffer.from skips what is not base64; Pulumi's decoder (Go's StdEncoding) refuses it.
    if (data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data))
      throw damaged('its "data" is not base64');
    return Buffer.from(data, "base64");
  }

  private query<Row>(text: string, values: unknown[]): Promise<Row[]> {
    const run = async (): Promise<Row[]> => {
      if (this.closed) throw new BackendError(`PostgreSQL backend ${this.name}: read after close()`);
      if (this.lost !== undefined) throw describe(this.lost, "read", this.target);
      try {
        return (await this.client.query(text, values)).rows as Row[];
      } catch (error) {
        // A connection that ended stays ended: every later read is refused for the same reason.
        if (connectionLost(error)) this.lost ??= error;
        // After a client-side timeout the connection is in an unknown state: cut it.
        if (messageOf(error) === "Query read timeout") {
          this.lost ??= error;
          void this.client.end().catch(() => undefined);
        }
        throw describe(error, "read", this.target);
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") return code;
  // Node.js tries each address of a name and fails with all their errors together.
  return error instanceof AggregateError ? codeOf(error.errors[0]) : undefined;
};
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Whether the connection itself ended: the server ended it (57P0x) or the socket closed. */
const connectionLost = (error: unknown): boolean =>
  ["57P01", "57P02", "57P03", "ECONNRESET", "EPIPE"].includes(codeOf(error) ?? "") ||
  /^Connection terminated|not queryable$/.test(messageOf(error));

/** What went wrong, in words that name the backend (without its password) and what to do. */
function describe(error: unknown, phase: "connect" | "read", target: Target): BackendError {
  if (error instanceof BackendError) return error;
  const code = codeOf(error);
  const message = messageOf(error);
  const sqlstate = code ? ` (${/^[0-9A-Z]{5}$/.test(code) ? "SQLSTATE " : ""}${code})` : "";
  // The server's or pg's own words, only when they hold no password.
  const shown = target.secrets.some(
    (secret) => message.includes(secret) || message.includes(encodeURIComponent(secret)),
  )
    ? ""
    : `: ${message}`;
  const say = (what: string) => new BackendError(`PostgreSQL backend ${target.name}: ${what}`);
  const { user, database, address } = target;
  const table = target.table.label;

  if (code === "28P01" || code === "28000")
    return say(
      `PostgreSQL refuses the login of user ${user} to database ${database}${sqlstate}${code === "28000" ? shown : ""}; ` +
        "check the user and password (in the URL, or PGUSER and PGPASSWORD), the ones pulumi login uses, and " +
        "that the server's pg_hba.conf admits this user from this machine",
    );
  if (/client password must be a (non-empty )?string/.test(message))
    return say(
      `the server asks user ${user} for a password and none was given: put it in the URL or in PGPASSWORD`,
    );
  if (code === "3D000")
    return say(
      `database ${database} does not exist on the server${sqlstate}: check the database in the URL (or PGDATABASE)`,
    );
  if (code === "42P01" || code === "3F000")
    return say(
      `there is no table ${table} in database ${database}${sqlstate}: no pulumi login has used this database ` +
        "with this table yet, or the URL's table parameter names another table (the default is pulumi_state)",
    );
  if (code === "42501")
    return say(`user ${user} may not read table ${table}${sqlstate}: grant it SELECT on the table`);
  if (message === "timeout expired")
    return say(
      `the server at ${address} did not answer within ${target.connectTimeoutSeconds} s: check that it runs and ` +
        "can be reached from here (a longer wait: connect_timeout=SECONDS in the URL)",
    );
  if (
    ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ETIMEDOUT", "ENOENT"].includes(
      code ?? "",
    )
  )
    return say(
      `cannot reach the server at ${address}${sqlstate}: check the host and port in the URL (or PGHOST and ` +
        "PGPORT), and that the server runs and can be reached from here",
    );
  if (message === "The server does not support SSL connections")
    return say(
      `the server does not take encrypted connections, which sslmode ${target.sslMode} asks for` +
        `${target.sslModeDefault ? " (the default, as for pulumi login)" : ""}: add sslmode=disable to the URL ` +
        "if the connection may be unencrypted",
    );
  if (code && (code.startsWith("ERR_TLS") || /CERT|SIGNATURE|ISSUER/.test(code)))
    return say(
      `the server's TLS certificate is not trusted under sslmode ${target.sslMode}${sqlstate}: give the ` +
        "certificate of its authority with sslrootcert=FILE in the URL (or PGSSLROOTCERT)",
    );
  if (code === "57014")
    return say(
      `the server cancelled the read after ${statementTimeoutMs / 1000} s${sqlstate}: run drift again`,
    );
  if (message === "Query read timeout")
    return say(
      `the server did not answer the read within ${queryTimeoutMs / 1000} s: check that it runs, then run drift again`,
    );
  if (connectionLost(error))
    return phase === "connect"
      ? say(
          `the server ended the connection while logging in${sqlstate}${shown}; run drift again once it takes connections`,
        )
      : say(
          `the connection to the server was lost while reading${sqlstate}; run drift again once the server is back`,
        );
  return say(
    `${phase === "connect" ? "cannot connect" : "the read failed"}${sqlstate}${shown}; check the server, ` +
      "then run drift again",
  );
}
