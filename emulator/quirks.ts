import type { EmulatorQuirks } from "./types";

/** The real server's behaviour. `stringPerPage` belongs to older framework versions, so it starts off. */
export const DEFAULT_QUIRKS: Readonly<EmulatorQuirks> = Object.freeze({
  createEchoesRequestTypes: true,
  createStoresNullForOmitted: true,
  updateMissingReturns500: true,
  redirectWithoutAcceptJson: true,
  objectValidationMessages: true,
  stringPerPage: false,
  isoFavoritedAtOnUpdate: true,
});

/** Every quirk switched off: the tidy server a client author might imagine. */
export const NO_QUIRKS: Readonly<EmulatorQuirks> = Object.freeze({
  createEchoesRequestTypes: false,
  createStoresNullForOmitted: false,
  updateMissingReturns500: false,
  redirectWithoutAcceptJson: false,
  objectValidationMessages: false,
  stringPerPage: false,
  isoFavoritedAtOnUpdate: false,
});

export function resolveQuirks(overrides: Partial<EmulatorQuirks> | undefined): EmulatorQuirks {
  const quirks: EmulatorQuirks = { ...DEFAULT_QUIRKS };
  for (const key of Object.keys(DEFAULT_QUIRKS) as (keyof EmulatorQuirks)[]) {
    const value = overrides?.[key];
    if (value !== undefined) quirks[key] = value;
  }
  return quirks;
}
