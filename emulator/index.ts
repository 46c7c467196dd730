/**
 * A local stand-in for the Website Statistics Service API, quirks included, with throttling,
 * fault injection and request counters, for tests and demos. Needs the optional peer
 * dependency fastify.
 * @module pulumi-webstats/emulator
 */

// First, so that a missing optional peer dependency is reported before the server loads it.
import "./require-fastify";

export { startEmulator, DEFAULT_REQUESTS_PER_MINUTE } from "./server";
export { DEFAULT_QUIRKS, NO_QUIRKS } from "./quirks";
export type {
  CreateAccountOptions,
  Emulator,
  EmulatorAccount,
  EmulatorOptions,
  EmulatorQuirks,
  FaultKind,
  FaultSpec,
  StoredAccount,
  StoredWebsite,
  WebsitePatch,
} from "./types";
