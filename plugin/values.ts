// Property values between the engine's protobuf Structs and the core's plain values. The engine
// marks secrets with a signature object and values not known yet (during a preview) with a
// placeholder string; @pulumi/pulumi's rpc module decodes both. The core sees plain values
// (placeholders kept, since check and diff know them); on the way back, every secret argument
// of the Website is wrapped again, so the engine encrypts it in the state.
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import {
  deserializeProperties,
  specialSecretSig,
  specialSigKey,
  unknownValue,
} from "@pulumi/pulumi/runtime/rpc";

type Props = Record<string, unknown>;

const isSecret = (value: unknown): value is { value: unknown } =>
  value !== null &&
  typeof value === "object" &&
  (value as Record<string, unknown>)[specialSigKey] === specialSecretSig;

/** The rpc module's stand-in for a value not known yet (it decodes the placeholder into it). */
const isUnknownMarker = (value: unknown): boolean =>
  value !== null && typeof value === "object" && (value as Record<string, unknown>).__pulumiUnknown === true;

/**
 * A value with every secret wrapper removed, at any depth, and every value not known yet as the
 * engine's placeholder string, which is what the core's check and diff recognise.
 */
export function unwrapSecrets(value: unknown): unknown {
  if (isUnknownMarker(value)) return unknownValue;
  if (isSecret(value)) return unwrapSecrets(value.value);
  if (Array.isArray(value)) return value.map(unwrapSecrets);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, unwrapSecrets(inner)]));
  }
  return value;
}

/** The plain values of a Struct (secrets unwrapped, unknowns kept as the placeholder). */
export function fromStruct(struct: Struct | undefined): Props {
  if (!struct) return {};
  return unwrapSecrets(deserializeProperties(struct, true)) as Props;
}

/** A secret as the engine writes it. */
const secret = (value: unknown) => ({ [specialSigKey]: specialSecretSig, value });

/** Drops undefined values, which a Struct cannot hold. */
function defined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(defined);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, inner]) => inner !== undefined)
        .map(([key, inner]) => [key, defined(inner)]),
    );
  }
  return value;
}

/** A Struct of the values, those under `secretKeys` marked secret. */
export function toStruct(values: Props, secretKeys: readonly string[] = []): Struct {
  const marked: Props = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    marked[key] = secretKeys.includes(key) ? secret(defined(value)) : defined(value);
  }
  return Struct.fromJavaScript(marked as Parameters<typeof Struct.fromJavaScript>[0]);
}
