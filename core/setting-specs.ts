// The settings table: every setting of the provider, its variable, type, description and rule,
// described once. Hosts, commands, the schema, the docs and the public `connection` types derive
// from it; core/settings.ts resolves the settings from it (the only module that reads them).
// Its declarations are published (the connection types name it), so it imports no rule by type.
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

/** Checks a trimmed, non-empty value; `source` names where it came from. */
export type Parser<T> = (value: string, source: string) => T;

// Each parser by its signature alone: the published declarations of the table (which the public
// connection types derive from) then name no rule of the sdk.
const parser = <T>(parse: Parser<T>): Parser<T> => parse;

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
  parse: Parser<T>;
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
// Each entry's doc comment is its description: what an editor shows for a `connection`'s setting
// in a program (test/unit/core/website-table-drift.test.ts holds the two together).
const setting = <const S extends SettingSpec<unknown>>(spec: S): S => spec;

export const settingSpecs = {
  /** The installation's root URL, e.g. `https://stats.example.com` (a trailing `/` or `/api/v1` is accepted). */
  baseUrl: setting({
    env: "WEBSTATS_BASE_URL",
    type: "string",
    connection: true,
    description:
      "The installation's root URL, e.g. `https://stats.example.com` (a trailing `/` or `/api/v1` is accepted).",
    summary: "the installation's root URL, e.g. https://stats.example.com",
    parse: parser(installationRoot),
  }),
  /** The account's API key (a 64-character token). Set it as a secret. */
  apiKey: setting({
    env: "WEBSTATS_API_KEY",
    type: "string",
    secret: true,
    connection: true,
    description: "The account's API key (a 64-character token). Set it as a secret.",
    summary: "the account's API key",
    parse: parser(apiKey),
  }),
  /** Client-side pacing of requests to one installation; `0` (default) paces only on what the server reports (`X-RateLimit-*`, `Retry-After`). */
  requestsPerMinute: setting({
    env: "WEBSTATS_REQUESTS_PER_MINUTE",
    type: "number",
    description:
      "Client-side pacing of requests to one installation; `0` (default) paces only on what the server reports (`X-RateLimit-*`, `Retry-After`).",
    summary: "optional client-side pacing (default: follow the server)",
    parse: parser(rate),
  }),
  /** `true` makes `adoptExisting` default to true for every Website that does not set it, so that an interrupted update converges. */
  adoptExisting: setting({
    env: "WEBSTATS_ADOPT_EXISTING",
    type: "boolean",
    description:
      "`true` makes `adoptExisting` default to true for every Website that does not set it, so that an interrupted update converges.",
    summary: "true: every Website takes over an existing website of its domain",
    parse: parser(trueOrFalse),
  }),
  /** How long one attempt of a request may take, in milliseconds, before it is abandoned (and, when safe, repeated); default 30000. */
  timeoutMs: setting({
    env: "WEBSTATS_TIMEOUT_MS",
    type: "integer",
    description:
      "How long one attempt of a request may take, in milliseconds, before it is abandoned (and, when safe, repeated); default 30000.",
    summary: "how long one attempt may take, in milliseconds (default 30000)",
    parse: parser(wholeMilliseconds),
  }),
  /** An HTTP proxy for this installation, e.g. `http://proxy.example.com:3128` (with `user:password@` before the host when it asks for credentials); it replaces `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY`, which are honoured otherwise. */
  proxyUrl: setting({
    env: "WEBSTATS_PROXY_URL",
    type: "string",
    secret: true,
    connection: true,
    description:
      "An HTTP proxy for this installation, e.g. `http://proxy.example.com:3128` (with `user:password@` before the host when it asks for credentials); it replaces `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY`, which are honoured otherwise.",
    summary: "one proxy for every request, e.g. http://user:password@proxy:3128",
    parse: parser(proxyAddress),
  }),
  /** A PEM file of certificate authorities trusted for the installation (and an `https://` proxy) besides the system's, e.g. a company's own authority. */
  caCertFile: setting({
    env: "WEBSTATS_CA_CERT_FILE",
    type: "string",
    connection: true,
    description:
      "A PEM file of certificate authorities trusted for the installation (and an `https://` proxy) besides the system's, e.g. a company's own authority.",
    summary: "a PEM file of authorities trusted besides the system's",
    parse: parser(certificateFile),
  }),
  /** `true` accepts any certificate from the installation, unverified: nothing then proves who receives the API key. Every operation says so. Prefer `caCertFile`. Default `false`. */
  skipTlsVerify: setting({
    env: "WEBSTATS_SKIP_TLS_VERIFY",
    type: "boolean",
    connection: true,
    description:
      "`true` accepts any certificate from the installation, unverified: nothing then proves who receives the API key. Every operation says so. Prefer `caCertFile`. Default `false`.",
    summary: "true accepts any certificate, unverified",
    parse: parser(trueOrFalse),
  }),
  /** `true` accepts a plain `http://` base URL for a host other than this machine (an intranet server without TLS, say), which sends the API key in clear. Default `false`: refused before any request. */
  allowHttp: setting({
    env: "WEBSTATS_ALLOW_HTTP",
    type: "boolean",
    connection: true,
    description:
      "`true` accepts a plain `http://` base URL for a host other than this machine (an intranet server without TLS, say), which sends the API key in clear. Default `false`: refused before any request.",
    summary: "true accepts a plain http:// installation on another machine",
    parse: parser(trueOrFalse),
  }),
  /** Whether the installation's Do Not Track setting is on (Admin, Settings, Advanced), which the tracking code states as `data-dnt` and its script obeys; the API does not tell it. Default `false`, the server's default. */
  trackingDoNotTrack: setting({
    env: "WEBSTATS_TRACKING_DO_NOT_TRACK",
    type: "boolean",
    description:
      "Whether the installation's Do Not Track setting is on (Admin, Settings, Advanced), which the tracking code states as `data-dnt` and its script obeys; the API does not tell it. Default `false`, the server's default.",
    summary: "true when the installation's Do Not Track setting is on (default false)",
    parse: parser(trueOrFalse),
  }),
  /** The CDN address of the tracking script, when the installation has one set (Admin, Settings, Advanced: CDN URL); the API does not tell it. Default: the installation's own `js/script.js`, the server's default. */
  trackingScriptUrl: setting({
    env: "WEBSTATS_TRACKING_SCRIPT_URL",
    type: "string",
    description:
      "The CDN address of the tracking script, when the installation has one set (Admin, Settings, Advanced: CDN URL); the API does not tell it. Default: the installation's own `js/script.js`, the server's default.",
    summary: "the tracking script's CDN address (default: the installation's js/script.js)",
    parse: parser(scriptAddress),
  }),
};

export type SettingName = keyof typeof settingSpecs;
export type SettingValue<K extends SettingName> = ReturnType<(typeof settingSpecs)[K]["parse"]>;

type Specs = typeof settingSpecs;
/** The settings a `connection` argument may carry (those marked `connection`). */
export type ConnectionSettingName = {
  [K in SettingName]: Specs[K] extends { connection: true } ? K : never;
}[SettingName];

/**
 * An installation and account for one resource or function, instead of the provider's, and how
 * to reach it: each setting the table marks `connection` (`baseUrl`, `apiKey`, `proxyUrl`,
 * `caCertFile`, `skipTlsVerify`, `allowHttp`), optional, a boolean or a string as its schema type
 * says. What it leaves out comes from the provider's settings, setting by setting.
 * @interface
 */
// Mapped over the table's own keys (not a union of names), so each property keeps its entry's doc
// comment, and the published declarations carry the table's types rather than a copy of them.
export type ConnectionInputs = {
  -readonly [
    K in keyof Specs as Specs[K] extends { connection: true } ? K : never
  ]?: Specs[K]["type"] extends "boolean" ? boolean : string;
};

/** The settings a `connection` argument may carry, in declaration order. */
export const connectionSettingNames = (Object.keys(settingSpecs) as SettingName[]).filter(
  (name) => (settingSpecs[name] as SettingSpec<unknown>).connection === true,
) as ConnectionSettingName[];

/** The settings in declaration order, typed loosely for the loops that derive from them. */
export const settingEntries = Object.entries(settingSpecs) as [SettingName, SettingSpec<unknown>][];
