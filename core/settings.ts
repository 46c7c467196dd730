// The provider's settings, described once and resolved in one place for every host and tool:
// the dynamic provider (from the stack configuration it is sent), the program's functions and
// fleets (from the running program's configuration), the provider plugin (its Configure
// arguments, an explicit provider's inputs), and the commands (`generate`, `drift`: environment
// only). Each setting is read from the stack configuration (`webstats:NAME`), then from its
// environment variable; values are trimmed and a blank value counts as unset. A bad value is
// refused with one message, which names where it came from. The parsers are the sdk's
// connection rules (sdk/connection-rules.ts), so the client judges its options the same way.
// This is the only module that reads the environment: the standard proxy variables included.
import { readFileSync } from "node:fs";
import {
  apiKey,
  boundedNumber,
  certificateBundle,
  installationRoot,
  proxyAddress,
} from "../sdk/connection-rules";

/** The stack configuration namespace of every setting: `webstats:baseUrl` and so on. */
export const configNamespace = "webstats";

/** The type a setting has in the package schema. */
export type SettingType = "string" | "number" | "integer" | "boolean";

interface SettingSpec<T> {
  /** The environment variable read when the stack configuration does not set it. */
  env: string;
  type: SettingType;
  /** Encrypted in the state, never shown in a message. */
  secret?: true;
  /** Also an argument of a resource's or function's `connection`, which wins over the provider's. */
  connection?: true;
  /** What users read: the README, the schema and the docs say the same. */
  description: string;
  /** The same in a few words, for a command's help. */
  summary: string;
  /** Checks a trimmed, non-empty value; `source` names where it came from. */
  parse: (value: string, source: string) => T;
}

const rate = (value: string, source: string): number =>
  boundedNumber(Number(value), source, { min: 0, kind: "requests per minute" }, value);

const wholeMilliseconds = (value: string, source: string): number =>
  boundedNumber(Number(value), source, { integer: true, min: 1, kind: "milliseconds" }, value);

function trueOrFalse(value: string, source: string): boolean {
  const word = value.toLowerCase();
  if (word === "true" || word === "1") return true;
  if (word === "false" || word === "0") return false;
  throw new Error(`${source} must be true or false, not "${value}".`);
}

/** A CA bundle file: where it is and the certificates it holds, read and checked now. */
export interface CertificateFile {
  file: string;
  certificates: string;
}

function certificateFile(path: string, source: string): CertificateFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "does not exist" : `cannot be read (${code ?? (error as Error).message})`;
    throw new Error(
      `${source}: the file ${path} ${why}; give the path of a PEM file of the certificate authority (relative paths are read from the folder pulumi runs in).`,
    );
  }
  return { file: path, certificates: certificateBundle(text, `${source} (${path})`) };
}

/**
 * A tracking script's address, as a page's `src` will carry it: an absolute http(s) URL with
 * nothing an HTML attribute cannot hold as it is.
 */
function scriptAddress(value: string, source: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || /["'<>\s`]/.test(value)) {
    throw new Error(
      `${source} must be the tracking script's full address, such as https://cdn.example.com/js/script.js, not "${value}".`,
    );
  }
  return value;
}

// `const`: each entry keeps its literal type and flags, from which the connection type derives.
const setting = <const S extends SettingSpec<unknown>>(spec: S): S => spec;

export const settingSpecs = {
  baseUrl: setting({
    env: "WEBSTATS_BASE_URL",
    type: "string",
    connection: true,
    description:
      "The installation's root URL, e.g. `https://stats.example.com` (a trailing `/` or `/api/v1` is accepted).",
    summary: "the installation's root URL, e.g. https://stats.example.com",
    parse: installationRoot,
  }),
  apiKey: setting({
    env: "WEBSTATS_API_KEY",
    type: "string",
    secret: true,
    connection: true,
    description: "The account's API key (a 64-character token). Set it as a secret.",
    summary: "the account's API key",
    parse: apiKey,
  }),
  requestsPerMinute: setting({
    env: "WEBSTATS_REQUESTS_PER_MINUTE",
    type: "number",
    description:
      "Client-side pacing of requests to one installation; `0` (default) paces only on what the server reports (`X-RateLimit-*`, `Retry-After`).",
    summary: "optional client-side pacing (default: follow the server)",
    parse: rate,
  }),
  adoptExisting: setting({
    env: "WEBSTATS_ADOPT_EXISTING",
    type: "boolean",
    description:
      "`true` makes `adoptExisting` default to true for every Website that does not set it, so that an interrupted update converges.",
    summary: "true: every Website takes over an existing website of its domain",
    parse: trueOrFalse,
  }),
  timeoutMs: setting({
    env: "WEBSTATS_TIMEOUT_MS",
    type: "integer",
    description:
      "How long one attempt of a request may take, in milliseconds, before it is abandoned (and, when safe, repeated); default 30000.",
    summary: "how long one attempt may take, in milliseconds (default 30000)",
    parse: wholeMilliseconds,
  }),
  proxyUrl: setting({
    env: "WEBSTATS_PROXY_URL",
    type: "string",
    secret: true,
    connection: true,
    description:
      "An HTTP proxy for this installation, e.g. `http://proxy.example.com:3128` (with `user:password@` before the host when it asks for credentials); it replaces `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY`, which are honoured otherwise.",
    summary: "one proxy for every request, e.g. http://user:password@proxy:3128",
    parse: proxyAddress,
  }),
  caCertFile: setting({
    env: "WEBSTATS_CA_CERT_FILE",
    type: "string",
    connection: true,
    description:
      "A PEM file of certificate authorities trusted for the installation (and an `https://` proxy) besides the system's, e.g. a company's own authority.",
    summary: "a PEM file of authorities trusted besides the system's",
    parse: certificateFile,
  }),
  skipTlsVerify: setting({
    env: "WEBSTATS_SKIP_TLS_VERIFY",
    type: "boolean",
    connection: true,
    description:
      "`true` accepts any certificate from the installation, unverified: nothing then proves who receives the API key. Every operation says so. Prefer `caCertFile`. Default `false`.",
    summary: "true accepts any certificate, unverified",
    parse: trueOrFalse,
  }),
  allowHttp: setting({
    env: "WEBSTATS_ALLOW_HTTP",
    type: "boolean",
    connection: true,
    description:
      "`true` accepts a plain `http://` base URL for a host other than this machine (an intranet server without TLS, say), which sends the API key in clear. Default `false`: refused before any request.",
    summary: "true accepts a plain http:// installation on another machine",
    parse: trueOrFalse,
  }),
  trackingDoNotTrack: setting({
    env: "WEBSTATS_TRACKING_DO_NOT_TRACK",
    type: "boolean",
    description:
      "Whether the installation's Do Not Track setting is on (Admin, Settings, Advanced), which the tracking code states as `data-dnt` and its script obeys; the API does not tell it. Default `false`, the server's default.",
    summary: "true when the installation's Do Not Track setting is on (default false)",
    parse: trueOrFalse,
  }),
  trackingScriptUrl: setting({
    env: "WEBSTATS_TRACKING_SCRIPT_URL",
    type: "string",
    description:
      "The CDN address of the tracking script, when the installation has one set (Admin, Settings, Advanced: CDN URL); the API does not tell it. Default: the installation's own `js/script.js`, the server's default.",
    summary: "the tracking script's CDN address (default: the installation's js/script.js)",
    parse: scriptAddress,
  }),
};

export type SettingName = keyof typeof settingSpecs;
type SettingValue<K extends SettingName> = ReturnType<(typeof settingSpecs)[K]["parse"]>;

type Specs = typeof settingSpecs;
/** The settings a `connection` argument may carry (those marked `connection`). */
export type ConnectionSettingName = {
  [K in SettingName]: Specs[K] extends { connection: true } ? K : never;
}[SettingName];

/** A `connection` argument's values, as the table types them (core/connection-inputs.ts spells them out). */
export type ConnectionSettingValues = {
  [K in ConnectionSettingName]?: Specs[K]["type"] extends "boolean" ? boolean : string;
};

/** The settings a `connection` argument may carry, in declaration order. */
export const connectionSettingNames = (Object.keys(settingSpecs) as SettingName[]).filter(
  (name) => (settingSpecs[name] as SettingSpec<unknown>).connection === true,
) as ConnectionSettingName[];

/** A value and where it came from, in the words a user knows it by (a config key, a variable). */
export interface Sourced<T> {
  value: T;
  source: string;
}

/** The standard proxy variables as Go reads them (upper case first, then lower case), each checked. */
export interface ProxyVariables {
  httpsProxy?: string;
  httpProxy?: string;
  noProxy?: string;
}

/** Every setting that is set, with its source, and the proxy variables of the environment. */
export type ProviderSettings = { [K in SettingName]?: Sourced<SettingValue<K>> } & {
  proxyVariables?: ProxyVariables;
};

/** The settings in declaration order, typed loosely for the loops that derive from them. */
export const settingEntries = Object.entries(settingSpecs) as [SettingName, SettingSpec<unknown>][];

/** The stack configuration key of a setting, e.g. `webstats:apiKey`. */
export const configKey = (name: SettingName): string => `${configNamespace}:${name}`;

/** Environment variables by name, as in `process.env`. */
export type Environment = Record<string, string | undefined>;

/**
 * Looks a setting up in a stack configuration: the raw value, or undefined. Hosts receive
 * configuration as strings (the dynamic provider, a program) or as typed values (the plugin).
 */
export type ConfigLookup = (name: SettingName) => unknown;

function present(value: unknown): string | undefined {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** The first variable of these names that is set, with its name. */
function firstVariable(env: Environment, names: string[]): Sourced<string> | undefined {
  for (const name of names) {
    const value = present(env[name]);
    if (value !== undefined) return { value, source: name };
  }
  return undefined;
}

/** A proxy variable's value; like Go, an address without a scheme means http://. */
function proxyVariable(found: Sourced<string> | undefined): string | undefined {
  if (found === undefined) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(found.value) ? found.value : `http://${found.value}`;
  return proxyAddress(withScheme, found.source);
}

/** HTTPS_PROXY, HTTP_PROXY and NO_PROXY (either case), checked; undefined when none is set. */
export function proxyVariables(env: Environment): ProxyVariables | undefined {
  const httpsProxy = proxyVariable(firstVariable(env, ["HTTPS_PROXY", "https_proxy"]));
  const httpProxy = proxyVariable(firstVariable(env, ["HTTP_PROXY", "http_proxy"]));
  const noProxy = firstVariable(env, ["NO_PROXY", "no_proxy"])?.value;
  if (httpsProxy === undefined && httpProxy === undefined) return undefined;
  return {
    ...(httpsProxy !== undefined ? { httpsProxy } : {}),
    ...(httpProxy !== undefined ? { httpProxy } : {}),
    ...(noProxy !== undefined ? { noProxy } : {}),
  };
}

/**
 * Resolves every setting: the stack configuration, then the environment, and the proxy
 * variables. Throws an Error naming the configuration key (`configSource`) or variable of a bad
 * value (never showing a secret one).
 */
export function resolveSettings(
  config: ConfigLookup,
  env: Environment = process.env,
  configSource: (name: SettingName) => string = configKey,
): ProviderSettings {
  const settings: Record<string, unknown> = {};
  for (const [name, spec] of settingEntries) {
    const fromConfig = present(config(name));
    const fromEnv = present(env[spec.env]);
    const raw = fromConfig ?? fromEnv;
    if (raw === undefined) continue;
    const source = fromConfig !== undefined ? configSource(name) : spec.env;
    settings[name] = { value: spec.parse(raw, source), source };
  }
  const proxies = proxyVariables(env);
  if (proxies !== undefined) settings.proxyVariables = proxies;
  return settings;
}

/**
 * Settings as a host holds them between calls: resolved, or the error that says which one cannot
 * be read (the engine may configure a provider before any call that needs the settings).
 */
export type HeldSettings = ProviderSettings | Error;

/** Resolves settings for a host to hold; a bad value is kept as its error, not thrown. */
export function holdSettings(resolve: () => ProviderSettings): HeldSettings {
  try {
    return resolve();
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** A lookup in a configuration keyed `webstats:NAME`, as the engine and programs hold it. */
export const namespacedLookup =
  (get: (key: string) => unknown): ConfigLookup =>
  (name) =>
    get(configKey(name));

/** The pulumi executable a command runs: `PULUMI_COMMAND` when set, else `pulumi` on PATH. */
export const pulumiCommand = (env: Environment): string => present(env.PULUMI_COMMAND) ?? "pulumi";

/** The default of every Website's adoptExisting: the stack's setting, else false. */
export const adoptExistingDefault = (settings: ProviderSettings): boolean =>
  settings.adoptExisting?.value ?? false;
