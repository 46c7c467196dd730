// The command line of `pulumi-webstats`: parsed with Node's own util.parseArgs. Credentials
// come only from the environment; an option that looks like one is refused before anything
// else, and no argument is ever echoed back (it could be a pasted key).
import { parseArgs } from "node:util";
import { settingEntries } from "../core/settings";
import { failOnNames } from "../drift/compare";
import type { FailOnName } from "../drift/compare";
import { reportFormats } from "../drift/report";
import type { DriftOptions } from "../drift/run";
import type { StateSource } from "../drift/state-sources";
import { DEFAULT_SILENT_DAYS, MAX_SILENT_DAYS } from "../drift/tracking";

export type ProjectFormat = "ts" | "yaml" | "import";

export interface GenerateOptions {
  out: string;
  format: ProjectFormat;
  /** The Pulumi project name; default: derived from the output folder's name. */
  name?: string;
  force: boolean;
  /** Only the websites none of `sources` records (`--only-unmanaged`). */
  onlyUnmanaged?: StateSource[];
}

export type Command =
  | { kind: "help" }
  | { kind: "schema" }
  | { kind: "plugin-install" }
  | { kind: "generate"; options: GenerateOptions }
  | { kind: "drift"; options: DriftOptions };

/** Every setting a command reads, by its variable, and the proxy variables. */
function environmentHelp(): string {
  const rows: [string, string][] = [
    ...settingEntries
      // A Website argument's default: nothing a command creates.
      .filter(([name]) => name !== "adoptExisting")
      .map(([, spec]): [string, string] => [spec.env, spec.summary]),
    ["HTTPS_PROXY, HTTP_PROXY", "the proxy for https:// and http:// installations (either case)"],
    ["NO_PROXY", "hosts reached directly: names, .suffixes, host:port, or *"],
  ];
  const width = Math.max(...rows.map(([variable]) => variable.length)) + 2;
  return rows.map(([variable, meaning]) => `  ${variable.padEnd(width)}${meaning}`).join("\n");
}

export const USAGE = `Usage: pulumi-webstats generate --out DIR [--format ts|yaml|import] [--name NAME] [--force]
                                [--only-unmanaged [--cwd DIR] --stack NAME... --state FILE...]
       pulumi-webstats drift [--cwd DIR] --stack NAME... [--state FILE...]
                             [--format text|json|markdown] [--fail-on STATUS,...]
                             [--check-tracking [--silent-days N]]
       pulumi-webstats schema
       pulumi-webstats plugin install

schema prints the Pulumi package schema of webstats (JSON): the Website resource, the
functions and the provider configuration.

plugin install installs the webstats provider plugin (pulumi-resource-webstats) of this
package's version into Pulumi's plugins, with the pulumi command found on PATH, for programs
in YAML, Python, Go or C# and for pulumi import.

generate:
Writes a Pulumi project that declares every website of an account with its current
settings and adoptExisting: true, so that its first \`pulumi up\` takes them over without
creating, deleting or changing anything. Every website is protected (protect: true): deleting
one takes an explicit step, described in the project's README.md.

Options:
  --out DIR        folder to write the project into (refused when it is not empty)
  --format ts      one Website per site in index.ts (the default)
  --format yaml    the sites in a fleet file, websites.yaml, loaded by index.ts
  --format import  only import.json, a bulk import file for \`pulumi import --file\` in a
                   project of any language (needs the provider plugin; pulumi import
                   protects every website it imports unless --protect=false); an
                   existing import.json is kept unless --force
  --name NAME      the Pulumi project name (default: the folder's name)
  --force          write into a folder that is not empty, replacing the files it writes
  --only-unmanaged only the websites that none of the stacks (--stack, --state, as for
                   drift) records: what drift reports as unmanaged
  -h, --help       show this help

drift:
Compares what stacks recorded with what their accounts hold, and gives every website of
every account those stacks use one status: in-sync, changed (each field that differs, as a
refresh would see it), gone (recorded, not on the server), unmanaged (in no stack given) or
duplicate (recorded twice). With --check-tracking, a website on the server that had no
pageview in the last days is also silent, whatever its status. The report shows each
account's websites against its plan's limit. It only reads: GET /account per key, a listing
of each account and a GET for a website the listing lacks. Installations and keys are the
stacks' own (configuration, providers, connection arguments); a key the state does not hold
comes from WEBSTATS_API_KEY for the installation WEBSTATS_BASE_URL names.

Options:
  --stack NAME     a stack, read with pulumi stack export --show-secrets (repeatable)
  --cwd DIR        the project folder of the --stack options after it (default: here)
  --state FILE     a file written by pulumi stack export (repeatable); without
                   --show-secrets its keys are encrypted and come from the environment
  --format F       text (default), json or markdown (for a job summary or a comment)
  --fail-on LIST   the statuses that make the exit code 2, comma-separated, silent
                   included (default: changed,gone,unmanaged,duplicate, and silent with
                   --check-tracking; none: never)
  --check-tracking also read each website's pageviews: one request per website on the
                   server, paced at the server's limit (60 a minute on a stock
                   installation: 500 websites take at least 8 minutes; said before it
                   starts); a website with none in the window is silent
  --silent-days N  the window: the last N dates in UTC, today's included (default 7).
                   The server dates pageviews in the account's time zone, so the window
                   can be off by up to a day at either end
Exit code: 0 in sync, 2 drift found, 1 error (a wrong option included).

Environment (the only way to give credentials and settings; see the README's Configure and
Networks sections):
${environmentHelp()}
`;

/** A usage error: the message says what is wrong and what to do. */
export class UsageError extends Error {
  override name = "UsageError";
}

const credentialOption = /^--?(?:api[-_]?key|key|token|api[-_]?token|secret|password)(?:=|$)/i;

/** The states named by --stack (each in the folder of the --cwd before it) and --state, in order. */
function stateSources(tokens: ReturnType<typeof parseArgs>["tokens"]): StateSource[] {
  const sources: StateSource[] = [];
  let cwd = ".";
  for (const token of tokens ?? []) {
    if (token.kind !== "option" || token.value === undefined) continue;
    if (token.name === "cwd") cwd = token.value;
    if (token.name === "stack") sources.push({ kind: "stack", name: token.value, cwd });
    if (token.name === "state") sources.push({ kind: "file", path: token.value });
  }
  for (const source of sources) {
    const value = source.kind === "stack" ? source.name : source.path;
    if (value.trim() === "")
      throw new UsageError(`--${source.kind === "stack" ? "stack" : "state"} needs a value.`);
  }
  return sources;
}

const defaultFailOn: FailOnName[] = ["changed", "gone", "unmanaged", "duplicate"];

/** The names --fail-on lists; default every status but in-sync, and silent when tracking is checked. */
function failOnOf(values: string[] | undefined, checkTracking: boolean): FailOnName[] {
  if (values === undefined) return checkTracking ? [...defaultFailOn, "silent"] : defaultFailOn;
  const listed = values.flatMap((v) => v.split(",")).map((v) => v.trim());
  if (listed.length === 1 && listed[0] === "none") return [];
  const known = failOnNames as readonly string[];
  const wrong = listed.filter((v) => !known.includes(v));
  if (wrong.length > 0 || listed.length === 0) {
    throw new UsageError(`--fail-on takes ${known.join(", ")} (comma-separated) or none.`);
  }
  if (listed.includes("silent") && !checkTracking) {
    throw new UsageError(
      "--fail-on silent needs --check-tracking: without it no website is checked for silence.",
    );
  }
  return listed as FailOnName[];
}

/** --silent-days: a whole number of days; never echoed back (it could be anything pasted). */
function silentDaysOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_SILENT_DAYS;
  const days = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(days >= 1 && days <= MAX_SILENT_DAYS)) {
    throw new UsageError(
      `--silent-days is a whole number of days from 1 to ${MAX_SILENT_DAYS} (default ${DEFAULT_SILENT_DAYS}).`,
    );
  }
  return days;
}

function parseDrift(values: Values, positionals: string[], sources: StateSource[]): Command {
  if (positionals.length > 1) throw new UsageError("drift takes no further arguments; see --help.");
  const misplaced = ["out", "name", "force", "only-unmanaged"].find(
    (o) => values[o] !== undefined && values[o] !== false,
  );
  if (misplaced) throw new UsageError(`--${misplaced} is an option of generate, not of drift.`);
  if (sources.length === 0) {
    throw new UsageError(
      "drift needs the stacks to compare: --stack NAME (in the project folder, or --cwd DIR) or --state FILE.",
    );
  }
  const format = (values.format as string | undefined) ?? "text";
  if (!(reportFormats as readonly string[]).includes(format)) {
    throw new UsageError(`--format of drift is text, json or markdown, not ${JSON.stringify(format)}.`);
  }
  const checkTracking = values["check-tracking"] === true;
  const days = silentDaysOf(values["silent-days"] as string | undefined);
  if (values["silent-days"] !== undefined && !checkTracking) {
    throw new UsageError("--silent-days goes with --check-tracking, which reads every website's pageviews.");
  }
  const options: DriftOptions = {
    sources,
    format: format as DriftOptions["format"],
    failOn: failOnOf(values["fail-on"] as string[] | undefined, checkTracking),
  };
  if (checkTracking) options.tracking = { days };
  return { kind: "drift", options };
}

type Values = Record<string, string | boolean | string[] | boolean[] | undefined>;

const cliOptions = {
  out: { type: "string" },
  format: { type: "string" },
  name: { type: "string" },
  force: { type: "boolean" },
  help: { type: "boolean", short: "h", default: false },
  "only-unmanaged": { type: "boolean" },
  stack: { type: "string", multiple: true },
  state: { type: "string", multiple: true },
  cwd: { type: "string", multiple: true },
  "fail-on": { type: "string", multiple: true },
  "check-tracking": { type: "boolean" },
  "silent-days": { type: "string" },
} as const;

/**
 * The command a command line asks for (its first word that is neither an option nor an option's
 * value), even when the line is wrong: a usage error of drift must not exit with drift's "found"
 * code, and `generate --out drift` is not drift.
 */
export function commandName(argv: string[]): string | undefined {
  return parseArgs({ args: argv, allowPositionals: true, strict: false, options: cliOptions }).positionals[0];
}

export function parseCommand(argv: string[]): Command {
  if (argv.some((arg) => credentialOption.test(arg))) {
    throw new UsageError(
      "pulumi-webstats does not take an API key on the command line: it would stay in your shell " +
        "history and be visible to other users in the process list. Set WEBSTATS_API_KEY in the environment.",
    );
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      tokens: true,
      options: cliOptions,
    });
  } catch (error) {
    // parseArgs names the option, and for an unexpected value shows it: keep only the option's name.
    const option = /'(-[^'=\s]*)/.exec((error as Error).message)?.[1];
    if (!option) throw new UsageError("unexpected arguments.");
    if ((error as { code?: string }).code !== "ERR_PARSE_ARGS_INVALID_OPTION_VALUE")
      throw new UsageError(`unknown option ${option}.`);
    throw new UsageError(
      /does not take/.test((error as Error).message)
        ? `${option} takes no value.`
        : `${option} needs a value (one starting with - is written ${option}=VALUE).`,
    );
  }
  const { values, positionals, tokens } = parsed;
  if (values.help || positionals[0] === "help") return { kind: "help" };
  const sources = stateSources(tokens);
  if (positionals[0] === "drift") return parseDrift(values, positionals, sources);
  const driftOnly = (["fail-on", "check-tracking", "silent-days"] as const).find(
    (o) => values[o] !== undefined,
  );
  if (driftOnly) throw new UsageError(`--${driftOnly} is an option of drift.`);
  if (positionals[0] === "plugin") {
    if (positionals[1] !== "install" || positionals.length > 2) {
      throw new UsageError("the plugin command is: pulumi-webstats plugin install.");
    }
    return { kind: "plugin-install" };
  }
  if (positionals[0] === "schema") {
    const extra =
      positionals.length > 1 ||
      Object.entries(values).some(([name, value]) => name !== "help" && value !== undefined);
    if (extra) throw new UsageError("schema takes no arguments or options.");
    return { kind: "schema" };
  }
  if (positionals[0] !== "generate") {
    throw new UsageError(
      positionals.length === 0
        ? "say what to do: generate, drift, schema or plugin install."
        : "unknown command: the commands are generate, drift, schema and plugin install.",
    );
  }
  if (positionals.length > 1) throw new UsageError("generate takes no further arguments; see --help.");
  if (!values.out || values.out.trim() === "")
    throw new UsageError("--out DIR is required: where to write the project.");
  const format = values.format ?? "ts";
  if (format !== "ts" && format !== "yaml" && format !== "import") {
    throw new UsageError(`--format is ts, yaml or import, not ${JSON.stringify(format)}.`);
  }
  if (values["only-unmanaged"] && sources.length === 0) {
    throw new UsageError(
      "--only-unmanaged needs the stacks that manage websites: --stack NAME or --state FILE.",
    );
  }
  if (!values["only-unmanaged"] && sources.length > 0) {
    throw new UsageError("--stack and --state go with --only-unmanaged (or with drift).");
  }
  const options: GenerateOptions = { out: values.out, format, force: values.force ?? false };
  if (values.name !== undefined) options.name = values.name;
  if (values["only-unmanaged"]) options.onlyUnmanaged = sources;
  return { kind: "generate", options };
}
