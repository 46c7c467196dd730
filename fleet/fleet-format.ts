// What a fleet file may say: its sections and the keys of a website entry. Shared by the
// reader (loadFleet) and the writer (`pulumi-webstats generate`), so the two agree on the
// format; the keys come from the Website's field table, so a new argument is a new key. Two
// keys are no Website argument: passwordConfig and protect. This module knows nothing of Pulumi.
import type { Privacy } from "../sdk";
import { keyField, plainSettings } from "../core/website-fields";
import type { FieldName, PlainSetting } from "../core/website-fields";

/** The sections at the top of a fleet file. @internal */
export const sectionKeys = ["defaults", "websites"] as const;

/**
 * Website arguments a fleet file carries as they are, in the table's order, which is the order
 * the writer puts them in. The secret ones (`password`, `connection`) are refused: see `refusedKeys`.
 * @internal
 */
export const settingKeys = plainSettings;

/** @internal */
export type SettingKey = (typeof settingKeys)[number];

/** Names a stack configuration key whose (secret) value is the website's password. @internal */
export const passwordConfigKey = "passwordConfig";

/** Protects the website from deletion: Pulumi's `protect` resource option, not a Website argument. @internal */
export const protectKey = "protect";

/** Every key of `defaults`, in the order the writer puts them in. @internal */
export const fleetSettingKeys = [...settingKeys, passwordConfigKey, protectKey] as const;

/** Keys of `defaults`: everything an entry may set except its domain. @internal */
export const defaultsKeys: readonly string[] = fleetSettingKeys;

/** Keys of an entry of `websites`. @internal */
export const entryKeys: readonly string[] = [keyField, ...defaultsKeys];

/** Website arguments that a fleet file refuses, with the reason and what to do instead. @internal */
export const refusedKeys: Readonly<Record<string, string>> = {
  password:
    "a password does not belong in a file that is reviewed and committed. Store it as a secret in the " +
    "stack configuration (pulumi config set --secret NAME VALUE) and name it here: passwordConfig: NAME.",
  connection:
    "credentials do not belong in a fleet file. Give them to the WebsiteFleet (its connection argument) " +
    "or through the stack configuration (webstats:baseUrl, webstats:apiKey).",
  // Every argument a fleet file does not carry (but the key) has its reason here.
} satisfies Record<Exclude<FieldName, PlainSetting | typeof keyField>, string>;

/**
 * The settings of one website or of `defaults`, as a fleet file holds them: one property per
 * key of `settingKeys` (a compile-time check in the tests holds the two together), plus
 * `passwordConfig` and `protect`.
 */
export interface FleetSettings {
  /** As the Website argument: `"public"`, `"private"` or `"password"`. */
  privacy?: Privacy;
  /** As the Website argument: periodic email reports. */
  email?: boolean;
  /** As the Website argument: leave common bots out of the statistics. */
  excludeBots?: boolean;
  /** As the Website argument: pin the website to the dashboard. */
  favorite?: boolean;
  /** As the Website argument: addresses and CIDR ranges whose visits are not tracked. */
  excludeIps?: string[];
  /** As the Website argument: query parameter names to drop; unmanaged while omitted. */
  excludeParams?: string[];
  /** As the Website argument: take over an existing website of the domain. */
  adoptExisting?: boolean;
  /** The stack configuration key (`name` or `namespace:name`) holding the password as a secret. */
  passwordConfig?: string;
  /**
   * `true`: the website gets Pulumi's `protect` resource option, so no `up` or `destroy` can
   * delete it. Not a Website argument. `false` or omitted: the `WebsiteFleet`'s own options decide.
   */
  protect?: boolean;
}

/** A stack configuration key: a name, optionally after a namespace and a colon. @internal */
export const configKeyPattern = /^(?:[A-Za-z0-9_.-]+:)?[A-Za-z0-9_.-]+$/;
