// `--verbose`, every command's (declared once, beside --help: parse-line.ts), and its variable
// for CI, WEBSTATS_VERBOSE: what the run does, a line each on standard error, so reports on
// standard output and in files stay exactly as without it. Each request with its method, path,
// status, duration and retry count, each retry and pacing wait (the sdk's RequestEvent); each
// stack and how it was read; each page and its hops. Every line is neutralised (server text
// starts no line and no workflow command) and the command's API key is redacted, besides what
// the sdk redacts (a website's password, query values named like secrets).
import type { Environment } from "../core/settings";
import { settingSpecs } from "../core/settings";
import type { VerboseLog } from "../core/verbose-log";
import { neutralText } from "../drift";
import type { RequestEvent } from "../sdk/request-events";
import { makeRedactor } from "../sdk/redact";
import type { OptionTable } from "./command";
import { UsageError } from "./usage-error";

export const VERBOSE_VARIABLE = "WEBSTATS_VERBOSE";

export const verboseOption: OptionTable = { verbose: { type: "boolean" } };

/** What every verbose line starts with, so a CI log's reader can filter them in or out. */
export const VERBOSE_PREFIX = "verbose: ";

const ON = new Set(["1", "true", "yes", "on"]);
const OFF = new Set(["", "0", "false", "no", "off"]);

/** Whether the line (--verbose) or the environment asks for verbose output. */
export function verboseAsked(flag: boolean, env: Environment): boolean {
  if (flag) return true;
  const value = env[VERBOSE_VARIABLE]?.trim().toLowerCase();
  if (value === undefined || OFF.has(value)) return false;
  if (ON.has(value)) return true;
  // The value is not quoted back: an environment may hold anything.
  throw new UsageError(`${VERBOSE_VARIABLE} is 1 (or true, yes, on) or 0 (or false, no, off, empty).`);
}

const HELD_BY: Record<Extract<RequestEvent, { kind: "paced" }>["heldBy"], string> = {
  spacing: `the fixed spacing of ${settingSpecs.requestsPerMinute.env}`,
  window: "the server's rate-limit window",
  answers: "answers in flight, which say the budget left",
};

/** One request event as a line, durations as `N ms`. */
export function requestLine(event: RequestEvent): string {
  const request = `${event.method} ${event.path}`;
  switch (event.kind) {
    case "attempt":
      return event.status === undefined
        ? `${request}: no answer after ${event.durationMs} ms (retry ${event.retry}): ${event.problem ?? ""}`
        : `${request}: ${event.status} in ${event.durationMs} ms (retry ${event.retry})`;
    case "retry":
      return event.outcome === "rate-limited"
        ? `${request}: retry ${event.retry} of ${event.maxRetries} when the server's window ends (${event.outcome})`
        : `${request}: retry ${event.retry} of ${event.maxRetries} in ${event.delayMs} ms (${event.outcome})`;
    case "paced":
      return `${request}: held ${event.waitedMs} ms before sending, by ${HELD_BY[event.heldBy]}`;
  }
}

/** The log of a run, writing to `err`; the environment's API key never shows in it. */
export function verboseLog(err: (text: string) => void, env: Environment): VerboseLog {
  const apiKey = env[settingSpecs.apiKey.env]?.trim();
  const redact = apiKey ? makeRedactor(apiKey) : (text: string) => text;
  const say = (line: string) => err(`${VERBOSE_PREFIX}${neutralText(redact(line))}\n`);
  return { say, onRequest: (event) => say(requestLine(event)) };
}
