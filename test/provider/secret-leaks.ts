// Where a secret shows in what provider hosts answered, failed with, logged or wrote, outside what
// the engine keeps secret: the scan the secrets, fault matrix and network tables all end with.
import { fromStruct, isSecret } from "./engine-processes";
import type { Host, ProviderProcess } from "./engine-processes";

/** The Website's secret arguments: the program marks them secret, so the engine encrypts them. */
export const secretArguments = ["password", "connection"];

/**
 * Where one of `secrets` shows in `value` (keys and values) outside what the engine keeps
 * secret: inside a secret marker (the plugin's way), or, for the dynamic host (which receives
 * and returns plain values), under one of `plainArguments` at the top of a property map
 * (`properties`), which the engine marks secret again because the program sent it secret.
 */
export function exposures(
  value: unknown,
  secrets: string[],
  host: Host,
  path: string,
  properties: boolean,
  plainArguments: string[] = secretArguments,
): string[] {
  const inner = (v: unknown, at: string) => exposures(v, secrets, host, at, false, plainArguments);
  if (typeof value === "string") return secrets.filter((s) => value.includes(s)).map((s) => `${path}: ${s}`);
  if (isSecret(value)) return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => inner(v, `${path}[${i}]`));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, v]) =>
      properties && host === "dynamic" && plainArguments.includes(key)
        ? []
        : [...inner(key, `${path} key`), ...inner(v, `${path}.${key}`)],
    );
  }
  return [];
}

interface Message {
  toObject(): unknown;
  cloneMessage(): Message;
}

/** The property maps of a response (check's inputs, the properties, read's inputs, a function's result). */
const structFields = ["Inputs", "Properties", "Return"] as const;

/**
 * Every place one of `secrets` shows in what the hosts answered (property maps and the rest of
 * each answer), failed with (messages, a partial create's properties and reasons), logged to the
 * engine or wrote on standard error. `plainArguments`: the Website arguments the dynamic host may
 * return plain (see exposures); none where no test puts a secret in a Website's arguments.
 */
export function leaks(
  processes: ProviderProcess[],
  secrets: string[],
  plainArguments: string[] = secretArguments,
): string[] {
  const found: string[] = [];
  for (const process of processes) {
    const scan = (value: unknown, where: string, properties = false) =>
      found.push(...exposures(value, secrets, process.host, where, properties, plainArguments));
    for (const [i, call] of process.calls.entries()) {
      const where = `${process.host} ${call.method} #${i}`;
      if (call.error) {
        scan(call.error.message, `${where} error`);
        const init = call.error.initFailure;
        if (init) {
          scan(init.properties, `${where} init`, true);
          scan(init.reasons, `${where} init reasons`);
        }
        continue;
      }
      const response = call.response as Message & Record<string, () => unknown>;
      const rest = response.cloneMessage() as Message & Record<string, () => void>;
      for (const field of structFields) {
        const struct = response[`get${field}`]?.() as Parameters<typeof fromStruct>[0];
        if (struct) scan(fromStruct(struct), `${where} ${field}`, true);
        rest[`clear${field}`]?.();
      }
      scan(JSON.stringify(rest.toObject()), where);
    }
    scan(process.notices(), `${process.host} notices`);
    scan(process.stderr.join(""), `${process.host} stderr`);
  }
  return found;
}
