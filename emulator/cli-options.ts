// Command-line flags of `webstats-emulator`, turned into emulator options.
import { parseArgs } from "node:util";
import { NO_QUIRKS } from "./quirks";
import type { EmulatorOptions } from "./types";

export const DEFAULT_CLI_PORT = 4010;

export const USAGE = `Usage: webstats-emulator [options]

  --port N                  port to listen on (default ${DEFAULT_CLI_PORT}; 0 picks a free one)
  --host HOST               interface to listen on (default 127.0.0.1)
  --data FILE               keep accounts and websites in FILE across restarts
  --requests-per-minute N   throttle per client IP (default 60; 0 turns it off)
  --rate-window-seconds N   length of a throttle window (default 60, as a real server)
  --admin-token TOKEN       token for the /_emulator admin routes (default: random)
  --website-limit N         website limit of new accounts (default -1, unlimited)
  --no-quirks               behave like a tidy server instead of the real one
  --tls-cert FILE           serve HTTPS with this PEM certificate (with --tls-key)
  --tls-key FILE            the PEM private key of --tls-cert
  -h, --help                show this text
`;

/** What to run; `tlsFiles` are read by the caller into `options.tls`, so parsing stays pure. */
export type EmulatorCommand =
  { kind: "help" } | { kind: "start"; options: EmulatorOptions; tlsFiles?: { cert: string; key: string } };

/** Throws an Error with a readable message on unknown flags, bad numbers or half of the TLS pair. */
export function parseCliArguments(argv: string[]): EmulatorCommand {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      data: { type: "string" },
      "requests-per-minute": { type: "string" },
      "rate-window-seconds": { type: "string" },
      "admin-token": { type: "string" },
      "website-limit": { type: "string" },
      "no-quirks": { type: "boolean" },
      "tls-cert": { type: "string" },
      "tls-key": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return { kind: "help" };
  const options: EmulatorOptions = {
    port: integerFlag("--port", values.port, DEFAULT_CLI_PORT, 0),
    host: values.host ?? "127.0.0.1",
    requestsPerMinute: integerFlag("--requests-per-minute", values["requests-per-minute"], 60, 0),
    rateWindowSeconds: integerFlag("--rate-window-seconds", values["rate-window-seconds"], 60, 1),
    websiteLimit: integerFlag("--website-limit", values["website-limit"], -1, -1),
  };
  if (values.data !== undefined) options.dataFile = values.data;
  if (values["admin-token"] !== undefined) options.adminToken = values["admin-token"];
  if (values["no-quirks"]) options.quirks = { ...NO_QUIRKS };
  const cert = values["tls-cert"];
  const key = values["tls-key"];
  if (cert === undefined && key === undefined) return { kind: "start", options };
  // One without the other would serve plain HTTP to a user who asked for HTTPS.
  if (cert === undefined || key === undefined) {
    throw new Error("--tls-cert and --tls-key go together: give both to serve HTTPS, or neither");
  }
  return { kind: "start", options, tlsFiles: { cert, key } };
}

function integerFlag(flag: string, value: string | undefined, fallback: number, minimum: number): number {
  if (value === undefined) return fallback;
  if (!/^-?[0-9]+$/.test(value) || Number(value) < minimum) {
    throw new Error(`${flag} needs a whole number of at least ${minimum}, got "${value}"`);
  }
  return Number(value);
}
