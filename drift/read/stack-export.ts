// The websites a stack recorded, read from `pulumi stack export` (with --show-secrets, or not:
// then keys and passwords stay encrypted and the environment has to supply keys). Both hosts'
// Websites are read (the dynamic provider's and the plugin's), with the installation and key each
// one uses: its `connection`, else its provider (an explicit `pulumi:providers:webstats`, the
// plugin's default provider, or the dynamic provider's, which records the stack's `webstats:*`
// configuration), else the installation the website was last seen on.
//
// Pulumi's own format is read loosely (it grows between versions); what this package wrote is
// read strictly: an output it does not know is an error, as in a fleet file.
import { resolve } from "node:path";
import { z } from "zod";
import { notJsonReason } from "../../core/json-text";
import { readState } from "../../core/website-state";
import { apiOnlyOutputs, fieldEntries, recordedOutputs } from "../../core/website-fields";
import type { WebsiteOutputs } from "../../core/website-fields";
import { networkSettings } from "../../core/settings-tables";
import { configKey } from "../../core/settings";
import type { SettingName } from "../../core/settings";
import type { Decrypt } from "./backend/passphrase";

type NetworkSettingName = (typeof networkSettings)[number];

/** The Website's type token, by host. */
export const websiteTypes = {
  dynamic: "pulumi-nodejs:dynamic/webstats:Website",
  plugin: "webstats:index:Website",
} as const;

const pluginProviderType = "pulumi:providers:webstats";
/** The component fleet/website-fleet.ts declares. */
const websiteFleetType = "webstats:fleet:WebsiteFleet";
const dynamicProviderType = "pulumi:providers:pulumi-nodejs";
const stackType = "pulumi:pulumi:Stack";

/** The marker of a secret value in a state (Pulumi's `sig` key and its value for secrets). */
export const secretSignature = [
  "4dabf18193072939515e22adb298388d",
  "1b47061264138c4ac30d75fd1eb44270",
] as const;

/** A secret the export left encrypted (exported without --show-secrets). */
export const encrypted: unique symbol = Symbol("encrypted");
type Revealed<T> = T | typeof encrypted;

/** How a recorded website reaches its installation, as far as the state says. */
interface RecordedAddress {
  baseUrl?: string;
  apiKey?: Revealed<string>;
  /** Where the key comes from, for messages: "provider acct2", "the stack's configuration"... */
  keySource: string;
  /** The network settings its provider (or its connection) records, when it records any. */
  network?: RecordedNetwork;
}

/**
 * Network settings as a state records them (caCertFile, proxyUrl, skipTlsVerify, allowHttp),
 * raw: core/settings.ts reads them, with the environment, as it does for `pulumi up`. A
 * relative CA file is made absolute against the stack's project folder, where pulumi runs.
 */
export interface RecordedNetwork {
  values: Partial<Record<NetworkSettingName, unknown>>;
  /** How messages name each value: "webstats:caCertFile of stack team/prod"... */
  sources: Partial<Record<NetworkSettingName, string>>;
}

export interface RecordedWebsite {
  /** The stack that recorded it, as `project/stack`. */
  stack: string;
  /** The resource's name in its program. */
  resource: string;
  id: number;
  outputs: Partial<WebsiteOutputs>;
  address: RecordedAddress;
  /** Where its program declared it, as far as the state says (read by declarations.ts). */
  origin?: WebsiteOrigin;
}

/** What a state records of where a Website was declared. */
interface WebsiteOrigin {
  /** The host's type token: which provider serves it. */
  type: string;
  /** The Website's `sourcePosition`, then its `stackTrace`'s, as recorded (`project:///index.ts#12,5`). */
  positions: string[];
  /** The WebsiteFleet component it is a child of, when it is one. */
  fleet?: {
    /** The component's name: the fleet's name. */
    name: string;
    /** Its `fleetFile` output: the file, relative to the project folder (absent from older states). */
    file?: string;
    /** Where the program declared the component. */
    positions: string[];
  };
  /** The stack's project folder, when the source names one (the --cwd of --stack). */
  folder?: string;
}

export interface RecordedStack {
  /** `project/stack`, from the state's stack resource (or the name it was asked by). */
  name: string;
  websites: RecordedWebsite[];
}

const resourceSchema = z
  .object({
    urn: z.string(),
    type: z.string(),
    id: z.string().optional(),
    provider: z.string().optional(),
    parent: z.string().optional(),
    outputs: z.record(z.string(), z.unknown()).optional(),
    sourcePosition: z.string().optional().catch(undefined),
    stackTrace: z.array(z.unknown()).optional().catch(undefined),
  })
  .loose();

const exportSchema = z
  .object({
    version: z.literal(3, { error: "version must be 3 (the format of pulumi stack export)" }),
    deployment: z.object({ resources: z.array(resourceSchema).nullish() }).loose(),
  })
  .loose();

type StateResource = z.infer<typeof resourceSchema>;

/** Known outputs of a Website; the dynamic provider adds its serialized code. */
const knownOutputs = new Set<string>([
  ...fieldEntries.map(([name]) => name),
  ...Object.keys(apiOnlyOutputs),
  ...Object.keys(recordedOutputs),
]);

/** A state that cannot be read: the message names the stack or file and what to do. */
export class StateError extends Error {
  override name = "StateError";
}

const isSecret = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && secretSignature[0] in value;

/** How deep a recorded output may nest: a Website's nest two or three levels. */
const maxOutputDepth = 64;

/**
 * A value with its secrets decrypted where the export shows them, `encrypted` where it does not.
 * `where` names the resource and `path` the output in messages, which never quote a secret: a
 * plaintext that is not JSON (a damaged export) is said to be so, without any of its characters
 * (V8's JSON.parse message quotes the text around the fault).
 */
function reveal(value: unknown, where: string, path: string, decrypt?: Decrypt, depth = 0): unknown {
  if (depth > maxOutputDepth) {
    throw new StateError(
      `${where}: ${path.length > 80 ? `${path.slice(0, 70)}...` : path} nests deeper than ${maxOutputDepth} levels: ` +
        "the export is damaged; export the stack again with pulumi stack export --show-secrets.",
    );
  }
  if (Array.isArray(value)) return value.map((v, i) => reveal(v, where, `${path}[${i}]`, decrypt, depth + 1));
  if (isSecret(value)) {
    if (value[secretSignature[0]] !== secretSignature[1]) return encrypted;
    // A decrypted export holds the plaintext; a state read from its backend, the ciphertext.
    const plaintext =
      typeof value.plaintext === "string"
        ? value.plaintext
        : typeof value.ciphertext === "string" && decrypt
          ? decrypt(value.ciphertext)
          : undefined;
    if (plaintext === undefined) return encrypted;
    let plain: unknown;
    try {
      plain = JSON.parse(plaintext);
    } catch {
      throw new StateError(
        `${where}: the secret value of ${path} is not JSON, so it cannot be read (its text is not shown): ` +
          "the export is damaged; export the stack again with pulumi stack export --show-secrets.",
      );
    }
    return reveal(plain, where, path, decrypt, depth + 1);
  }
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, reveal(v, where, `${path}.${k}`, decrypt, depth + 1)]),
    );
  }
  return value;
}

/** The last part of a URN: the resource's name. */
const nameOf = (urn: string): string => urn.slice(urn.lastIndexOf("::") + 2);

/** `project/stack` from the stack resource's URN (`urn:pulumi:STACK::PROJECT::...`). */
function stackNameOf(resources: StateResource[]): string | undefined {
  const stack = resources.find((r) => r.type === stackType);
  const match = stack && /^urn:pulumi:([^:]+)::([^:]+)::/.exec(stack.urn);
  return match ? `${match[2]}/${match[1]}` : undefined;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

const secretText = (value: unknown): Revealed<string> | undefined =>
  value === encrypted ? encrypted : text(value);

/** Where a state's provider settings come from, for messages, and how to find each value. */
interface SettingPlace {
  stack: string;
  /** Where the state came from ("stack prod in teams/a", "file prod.json"), for messages. */
  origin: string;
  /** The project folder, against which a relative CA file is read. */
  folder?: string;
  /** Decrypts the state's secrets, when it was read from its backend rather than exported. */
  decrypt?: Decrypt;
}

/**
 * The network settings among `values` (looked up by `key`), or undefined when none is set;
 * `source` names each one in messages.
 */
function recordedNetwork(
  key: (name: SettingName) => unknown,
  source: (name: SettingName) => string,
  place: SettingPlace,
): RecordedNetwork | undefined {
  const network: RecordedNetwork = { values: {}, sources: {} };
  for (const name of networkSettings) {
    let value = key(name);
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) continue;
    if (name === "caCertFile" && typeof value === "string" && place.folder !== undefined)
      value = resolve(place.folder, value.trim());
    network.values[name] = value;
    network.sources[name] = source(name);
  }
  return Object.keys(network.values).length > 0 ? network : undefined;
}

/** The installation, key and network settings of the provider a Website refers to (`URN::ID`). */
function providerAddress(
  reference: string | undefined,
  byUrn: Map<string, StateResource>,
  place: SettingPlace,
): RecordedAddress {
  const provider = reference ? byUrn.get(reference.slice(0, reference.lastIndexOf("::"))) : undefined;
  const outputs =
    (reveal(
      provider?.outputs ?? {},
      `${place.origin}: provider ${provider ? nameOf(provider.urn) : "(none)"}`,
      "outputs",
      place.decrypt,
    ) as Record<string, unknown>) ?? {};
  const ofStack = (name: SettingName) => `${configKey(name)} of stack ${place.stack}`;
  if (provider?.type === pluginProviderType) {
    const explicit = !nameOf(provider.urn).startsWith("default");
    const network = recordedNetwork(
      (name) => outputs[name],
      explicit ? (name) => `${name} of provider ${nameOf(provider.urn)} in stack ${place.stack}` : ofStack,
      place,
    );
    return {
      baseUrl: text(outputs.baseUrl),
      apiKey: secretText(outputs.apiKey),
      keySource: explicit ? `provider ${nameOf(provider.urn)}` : "the stack's configuration",
      ...(network ? { network } : {}),
    };
  }
  if (provider?.type === dynamicProviderType) {
    // The dynamic provider records the stack's whole configuration, keyed `webstats:NAME`.
    const network = recordedNetwork((name) => outputs[configKey(name)], ofStack, place);
    return {
      baseUrl: text(outputs["webstats:baseUrl"]),
      apiKey: secretText(outputs["webstats:apiKey"]),
      keySource: "the stack's configuration",
      ...(network ? { network } : {}),
    };
  }
  return { keySource: "the stack's configuration" };
}

/** A connection's own network settings over its provider's, setting by setting. */
function connectionNetwork(
  own: Record<string, unknown>,
  provider: RecordedNetwork | undefined,
  website: string,
  place: SettingPlace,
): RecordedNetwork | undefined {
  const mine = recordedNetwork(
    (name) => own[name],
    (name) => `connection.${name} of website ${website} in stack ${place.stack}`,
    place,
  );
  if (!mine) return provider;
  return {
    values: { ...provider?.values, ...mine.values },
    sources: { ...provider?.sources, ...mine.sources },
  };
}

/** The source positions a resource records: its own, then its stack trace's, in order. */
function positionsOf(resource: StateResource): string[] {
  const frames = (resource.stackTrace ?? []).map((frame) =>
    typeof frame === "object" && frame !== null
      ? (frame as { sourcePosition?: unknown }).sourcePosition
      : undefined,
  );
  return [resource.sourcePosition, ...frames].filter((p): p is string => typeof p === "string");
}

function originOf(
  resource: StateResource,
  byUrn: Map<string, StateResource>,
  folder?: string,
): WebsiteOrigin {
  const origin: WebsiteOrigin = { type: resource.type, positions: positionsOf(resource) };
  const parent = resource.parent ? byUrn.get(resource.parent) : undefined;
  if (parent?.type === websiteFleetType) {
    const file = text(parent.outputs?.fleetFile);
    origin.fleet = { name: nameOf(parent.urn), positions: positionsOf(parent), ...(file ? { file } : {}) };
  }
  if (folder !== undefined) origin.folder = folder;
  return origin;
}

function recordedWebsite(
  resource: StateResource,
  stack: string,
  origin: string,
  providerOf: (reference: string | undefined) => RecordedAddress,
  originOf: (resource: StateResource) => WebsiteOrigin,
  place: SettingPlace,
): RecordedWebsite {
  const name = nameOf(resource.urn);
  const dynamic = resource.type === websiteTypes.dynamic;
  const outputs = {
    ...(reveal(resource.outputs ?? {}, `${origin}: website ${name}`, "outputs", place.decrypt) as Record<
      string,
      unknown
    >),
  };
  if (dynamic) delete outputs.__provider;
  const unknown = Object.keys(outputs).filter((key) => !knownOutputs.has(key));
  if (unknown.length > 0) {
    throw new StateError(
      `${origin}: website ${name} records ${unknown.map((k) => JSON.stringify(k)).join(", ")}, which this ` +
        "version of pulumi-webstats does not know: update pulumi-webstats to the version the stack uses.",
    );
  }
  // A password or connection the export left encrypted is not compared; the key is looked up below.
  const connection = outputs.connection;
  if (outputs.password === encrypted) delete outputs.password;
  delete outputs.connection;
  let state: Partial<WebsiteOutputs>;
  try {
    state = readState(outputs);
  } catch (error) {
    throw new StateError(`${origin}: website ${name}: ${(error as Error).message}`);
  }
  const id = state.websiteId ?? Number(resource.id);
  if (!Number.isInteger(id) || id <= 0) {
    throw new StateError(
      `${origin}: website ${name} has no website id (its id is ${JSON.stringify(resource.id)}).`,
    );
  }
  const provider = providerOf(resource.provider);
  const own =
    connection === encrypted ? { apiKey: encrypted } : ((connection ?? {}) as Record<string, unknown>);
  const ownKey = own.apiKey === encrypted ? encrypted : text(own.apiKey);
  // An encrypted connection hides its address too: the installation the website was last seen on
  // stands for it, rather than the provider's, which the connection overrode.
  const baseUrl =
    connection === encrypted
      ? (state.installation ?? provider.baseUrl)
      : (text(own.baseUrl) ?? provider.baseUrl ?? state.installation);
  // An encrypted connection hides its network settings too: the provider's stand for them.
  const network =
    connection === encrypted ? provider.network : connectionNetwork(own, provider.network, name, place);
  const address: RecordedAddress = {
    baseUrl,
    apiKey: ownKey ?? provider.apiKey,
    keySource: ownKey !== undefined ? `connection of ${name}` : provider.keySource,
    ...(network ? { network } : {}),
  };
  return { stack, resource: name, id, outputs: state, address, origin: originOf(resource) };
}

/**
 * The websites of a stack export (the text of `pulumi stack export`). `origin` names where it
 * came from in messages ("stack prod in teams/a", "file prod.json"); `fallbackName` names the
 * stack when the state has no stack resource; `folder` is the stack's project folder, when known.
 */
export function readStackExport(
  content: string,
  origin: string,
  fallbackName: string,
  folder?: string,
): RecordedStack {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    // V8's message quotes the text around the fault, which may be a secret: only its place is said.
    throw new StateError(
      `${origin} is not JSON (${notJsonReason(content)}): give the output of pulumi stack export --show-secrets.`,
    );
  }
  return readExportValue(json, origin, fallbackName, folder);
}

/**
 * The websites of an export already parsed: `pulumi stack export`'s, or the one a state read from
 * its backend makes (backend/checkpoint.ts), whose secrets `decrypt` opens.
 */
export function readExportValue(
  json: unknown,
  origin: string,
  fallbackName: string,
  folder?: string,
  decrypt?: Decrypt,
): RecordedStack {
  const parsed = exportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StateError(
      `${origin} is not a Pulumi stack export (${issue?.path.join(".") || "top"}: ${issue?.message ?? "unreadable"}): ` +
        "give the output of pulumi stack export --show-secrets.",
    );
  }
  const resources = parsed.data.deployment.resources ?? [];
  const webstatsTypes = new Set<string>([...Object.values(websiteTypes), pluginProviderType]);
  const others = resources.filter((r) => r.type !== stackType && !r.type.startsWith("pulumi:providers:"));
  if (others.length > 0 && !resources.some((r) => webstatsTypes.has(r.type))) {
    const types = [...new Set(others.map((r) => r.type))];
    const named = types.slice(0, 3).join(", ") + (types.length > 3 ? ", ..." : "");
    throw new StateError(
      `${origin} holds no website of pulumi-webstats (its resources are ${named}): give a stack that declares webstats Websites.`,
    );
  }
  const name = stackNameOf(resources) ?? fallbackName;
  const byUrn = new Map(resources.map((r) => [r.urn, r]));
  const place: SettingPlace = {
    stack: name,
    origin,
    ...(folder !== undefined ? { folder } : {}),
    ...(decrypt ? { decrypt } : {}),
  };
  // Hundreds of Websites share a few providers: each provider's outputs are read once.
  const providers = new Map<string | undefined, RecordedAddress>();
  const providerOf = (reference: string | undefined): RecordedAddress => {
    let address = providers.get(reference);
    if (!address) providers.set(reference, (address = providerAddress(reference, byUrn, place)));
    return address;
  };
  const websites = resources
    .filter((r) => r.type === websiteTypes.dynamic || r.type === websiteTypes.plugin)
    .map((r) => recordedWebsite(r, name, origin, providerOf, (w) => originOf(w, byUrn, folder), place));
  return { name, websites };
}
