// How the API spells values: 0/1 switches, privacy codes and newline-separated lists, each read
// tolerantly (the same field arrives as 1, "1" or true depending on the endpoint and framework
// version: docs/server-behaviour.md) and written as a form field. No field names: those are the
// field table's (website-fields.ts) and wire.ts's.
import { z } from "zod";
import type { Privacy } from "./types";

/** A switch as any endpoint sends it. */
export const flag = z
  .literal([true, false, 0, 1, "0", "1"])
  .transform((value) => value === true || value === 1 || value === "1");

/** A switch as a form sends it. */
export const bit = (value: boolean): string => (value ? "1" : "0");

/** The privacy values, in the order of their codes: the API's code of each is its position. */
export const privacyValues = ["public", "private", "password"] as const satisfies readonly Privacy[];

const privacyCodes = privacyValues.map((_, code) => code);

/** A privacy as the API sends it: its code, as a number or as text. */
export const privacy = z
  .literal([...privacyCodes, ...privacyCodes.map(String)])
  .transform((code): Privacy => privacyValues[Number(code)]!);

/** A privacy as a form sends it. */
export const privacyCode = (value: Privacy): string => String(privacyValues.indexOf(value));

/** The server stores lists as one text, entries separated by CR and/or LF; blank lines mean nothing. */
export function splitLines(text: string): string[] {
  return text
    .split(/[\r\n]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

/** A list as any endpoint sends it: one text, or (from a JSON echo) the entries; null is empty. */
export const lineList = z
  .union([z.string(), z.array(z.string())])
  .nullish()
  .transform((value) => (value == null ? [] : splitLines(Array.isArray(value) ? value.join("\n") : value)));

/**
 * A list as a form sends it. An empty list becomes "", which the server stores as null: that is
 * how a list is cleared.
 */
export const lines = (entries: string[]): string => entries.join("\n");

/** `password` reports whether one is set; tolerate it arriving as text and never keep the text. */
export const passwordIsSet = z
  .union([flag, z.string()])
  .nullish()
  .transform((value) => (typeof value === "string" ? value !== "" && value !== "0" : value === true));
