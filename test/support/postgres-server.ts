// A throwaway PostgreSQL server for the tests that read Pulumi's PostgreSQL backend: Debian's
// server (tools/machine/ensure-postgresql.mjs) with its data in a new temporary folder, listening
// on 127.0.0.1 at a free port, password logins (scram-sha-256) only, so that a wrong password is
// refused as a real server refuses it. Its unix socket lives in the temporary folder, never in
// /var/run/postgresql, so it cannot meet a server the machine runs.
//
// PostgreSQL refuses to run as root: a root test process runs initdb and the server as Debian's
// `postgres` system user (setpriv, else runuser), with the folder given to that user.
import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { ensurePostgresql } from "../../tools/machine/ensure-postgresql.mjs";

export interface PostgresOptions {
  /** The superuser the server is made with (default "webstats"). */
  user?: string;
  /** Its password (default: a fresh random one). */
  password?: string;
  /** The database created for the test (default "pulumi_states"). */
  database?: string;
  /** More server settings, `-c name=value`. */
  settings?: Record<string, string>;
  /** A certificate and key (PEM) to take TLS connections with (ssl=on); plain ones still work. */
  tls?: { certPem: string; keyPem: string };
}

export interface PostgresServer {
  /** `postgres://USER:PASSWORD@127.0.0.1:PORT/DB?sslmode=disable`, as `pulumi login` takes it. */
  url: string;
  host: "127.0.0.1";
  port: number;
  user: string;
  password: string;
  database: string;
  /** The temporary folder (data, socket): removed by stop(). */
  folder: string;
  /** What the server wrote to its standard error so far (its log): for a failing test's message. */
  log(): string;
  /**
   * Ends every client connection (pg_terminate_backend, waiting until each is gone) from a
   * superuser connection of its own; the server keeps running and takes new connections. A
   * query running on a terminated connection fails with SQLSTATE 57P01.
   */
  terminateConnections(): Promise<number>;
  /** Stops the server at once (`-m immediate`: SIGQUIT) and removes the folder. Idempotent. */
  stop(): Promise<void>;
}

/** A hang guard, not a speed limit: a loaded 2-core machine starts a server in about a second. */
const readyWithin = 60_000;
/** How many times a port taken between choosing it and the server binding it is chosen again. */
const portAttempts = 5;

/** How commands run as the user PostgreSQL accepts: as is, or as `postgres` when we are root. */
interface RunAs {
  wrap(command: string, args: string[]): [string, string[]];
  /** Gives a file or folder to that user (nothing to do when not root). */
  own(path: string): void;
}

function runAs(): RunAs {
  if (process.getuid?.() !== 0) return { wrap: (command, args) => [command, args], own: () => {} };
  const id = (flag: string): number => {
    const result = spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
    if (result.status !== 0)
      throw new Error(
        "PostgreSQL does not run as root, and this machine has no `postgres` user to run it as " +
          "(Debian's postgresql package creates one): install it, or run the tests as another user",
      );
    return Number(result.stdout.trim());
  };
  const uid = id("-u");
  const gid = id("-g");
  // setpriv execs the command itself (the child is the server, so signals reach it); runuser
  // forks and waits, which would put a process of its own between the test and the server.
  const setpriv = spawnSync("setpriv", ["--version"]).status === 0;
  return {
    wrap: (command, args) =>
      setpriv
        ? ["setpriv", ["--reuid=postgres", "--regid=postgres", "--init-groups", "--", command, ...args]]
        : ["runuser", ["-u", "postgres", "--", command, ...args]],
    own: (path) => chownSync(path, uid, gid),
  };
}

/** A port nobody listens on now: bound on 127.0.0.1 by the system's choice, then released. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Waits for `child` to exit, up to `ms`; true when it did. */
function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolveExit(true);
    });
  });
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = ensurePostgresql();
  const as = runAs();
  const user = options.user ?? "webstats";
  const password = options.password ?? `pw-${Math.random().toString(36).slice(2)}`;
  const database = options.database ?? "pulumi_states";

  // /tmp rather than a TMPDIR under /root, which the postgres user could not reach.
  const base = process.getuid?.() === 0 ? "/tmp" : tmpdir();
  const folder = mkdtempSync(join(base, "webstats-pg-"));
  const data = join(folder, "data");
  const socket = join(folder, "socket");
  mkdirSync(socket);
  const passwordFile = join(folder, "password");
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  for (const path of [folder, socket, passwordFile]) as.own(path);
  const tlsSettings: Record<string, string> = {};
  if (options.tls) {
    // The server refuses a key that others may read: 0600, owned by the user it runs as.
    const [cert, key] = [join(folder, "server.crt"), join(folder, "server.key")];
    writeFileSync(cert, options.tls.certPem, { mode: 0o600 });
    writeFileSync(key, options.tls.keyPem, { mode: 0o600 });
    for (const path of [cert, key]) as.own(path);
    Object.assign(tlsSettings, { ssl: "on", ssl_cert_file: cert, ssl_key_file: key });
  }
  const env = { ...process.env, LC_ALL: "C", LANG: "C" };

  const [initdb, initdbArgs] = as.wrap(join(bin, "initdb"), [
    ...["-D", data, "-U", user, `--pwfile=${passwordFile}`],
    ...["--auth=scram-sha-256", "--encoding=UTF8", "--locale=C", "--no-sync", "--no-instructions"],
  ]);
  const made = spawnSync(initdb, initdbArgs, { env, encoding: "utf8" });
  rmSync(passwordFile, { force: true });
  if (made.status !== 0) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`initdb failed (${made.error?.message ?? `exit ${made.status}`}): ${made.stderr}`);
  }

  let child: ChildProcess | undefined;
  let log = "";
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    // Settings for a server that lives for one test file: nothing needs to survive a crash.
    const settings: Record<string, string> = {
      listen_addresses: "127.0.0.1",
      port: String(port),
      unix_socket_directories: socket,
      fsync: "off",
      synchronous_commit: "off",
      full_page_writes: "off",
      shared_buffers: "16MB",
      max_connections: "20",
      autovacuum: "off",
      logging_collector: "off",
      lc_messages: "C",
      ...tlsSettings,
      ...options.settings,
    };
    const [postgres, postgresArgs] = as.wrap(join(bin, "postgres"), [
      ...["-D", data],
      ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ]);
    const started = spawn(postgres, postgresArgs, { env, stdio: ["ignore", "ignore", "pipe"] });
    log = "";
    started.stderr?.setEncoding("utf8");
    started.stderr?.on("data", (chunk: string) => (log = (log + chunk).slice(-64 * 1024)));
    const ready = await waitReady(bin, port, user, started);
    if (ready === "ready") {
      child = started;
      break;
    }
    started.kill("SIGKILL");
    await exited(started, 10_000);
    // Another process took the port after it was chosen: choose again.
    if (/address already in use/i.test(log) && attempt < portAttempts) continue;
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start (${ready}): ${log}`);
  }

  const server = child;
  // A test process that ends without stop() (a crash, a cancelled run) takes its server along.
  const killOnExit = () => server.kill("SIGQUIT");
  process.once("exit", killOnExit);
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({
      host: "127.0.0.1",
      port,
      user,
      password,
      database: "postgres",
      ssl: false,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off("exit", killOnExit);
    // SIGQUIT is `pg_ctl stop -m immediate`: no checkpoint, nothing to wait for.
    server.kill("SIGQUIT");
    if (!(await exited(server, 30_000))) {
      server.kill("SIGKILL");
      await exited(server, 10_000);
    }
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    if (database !== "postgres")
      await admin((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`));
  } catch (error) {
    await stop();
    throw error;
  }

  const encode = encodeURIComponent;
  return {
    url: `postgres://${encode(user)}:${encode(password)}@127.0.0.1:${port}/${encode(database)}?sslmode=disable`,
    host: "127.0.0.1",
    port,
    user,
    password,
    database,
    folder,
    log: () => log,
    terminateConnections: () =>
      admin(async (client) => {
        // The pids first, then their ends: in one query the planner may call
        // pg_terminate_backend before the filter that spares this very connection.
        const clients = await client.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
        );
        // The second argument (PostgreSQL 14+) waits until each connection is gone.
        const result = await client.query<{ count: string }>(
          "SELECT count(*) AS count FROM unnest($1::int[]) AS pid WHERE pg_terminate_backend(pid, 10000)",
          [clients.rows.map((row) => row.pid)],
        );
        return Number(result.rows[0]?.count ?? 0);
      }),
    stop,
  };
}

/**
 * Polls pg_isready until the server takes connections: "ready", or why not ("exited", "no
 * answer within 60 s"). The server's exit (a port clash) ends the wait at once.
 */
async function waitReady(bin: string, port: number, user: string, server: ChildProcess): Promise<string> {
  const deadline = Date.now() + readyWithin;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) return "exited";
    const args = ["-h", "127.0.0.1", "-p", String(port), "-U", user, "-d", "postgres", "-t", "2"];
    // pg_isready exits 0 once the server accepts connections, 1 while it starts, 2 before it listens.
    const ready = await promisify(execFile)(join(bin, "pg_isready"), args).then(
      () => true,
      () => false,
    );
    if (ready) return "ready";
    await sleep(50);
  }
  return `no answer within ${readyWithin / 1000} s`;
}
