// The command line of `pulumi-webstats`: parsed with Node's own util.parseArgs. Credentials
// come only from the environment; an option that looks like one is refused before anything
// else, and no argument is ever echoed back (it could be a pasted key).
import { parseArgs } from "node:util";

export type ProjectFormat = "ts" | "yaml" | "import";

export interface GenerateOptions {
  out: string;
  format: ProjectFormat;
  /** The Pulumi project name; default: derived from the output folder's name. */
  name?: string;
  force: boolean;
}

export type Command =
  | { kind: "help" }
  | { kind: "schema" }
  | { kind: "plugin-install" }
  | { kind: "generate"; options: GenerateOptions };

export const USAGE = `Usage: pulumi-webstats generate --out DIR [--format ts|yaml|import] [--name NAME] [--force]
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
  -h, --help       show this help

Environment (the only way to give credentials):
  WEBSTATS_BASE_URL             the installation's root URL, e.g. https://stats.example.com
  WEBSTATS_API_KEY              the account's API key
  WEBSTATS_REQUESTS_PER_MINUTE  optional client-side pacing (default: follow the server)
`;

/** A usage error: the message says what is wrong and what to do. */
export class UsageError extends Error {
  override name = "UsageError";
}

const credentialOption = /^--?(?:api[-_]?key|key|token|api[-_]?token|secret|password)(?:=|$)/i;

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
      options: {
        out: { type: "string" },
        format: { type: "string", default: "ts" },
        name: { type: "string" },
        force: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    // parseArgs names the option, and for an unexpected value shows it: keep only the option's name.
    const option = /'(-[^'=\s]*)/.exec((error as Error).message)?.[1];
    throw new UsageError(option ? `unknown option ${option}.` : "unexpected arguments.");
  }
  const { values, positionals } = parsed;
  if (values.help || positionals[0] === "help") return { kind: "help" };
  if (positionals[0] === "plugin") {
    if (positionals[1] !== "install" || positionals.length > 2) {
      throw new UsageError("the plugin command is: pulumi-webstats plugin install.");
    }
    return { kind: "plugin-install" };
  }
  if (positionals[0] === "schema") {
    const extra =
      positionals.length > 1 || values.out !== undefined || values.name !== undefined || values.force;
    if (extra) throw new UsageError("schema takes no arguments or options.");
    return { kind: "schema" };
  }
  if (positionals[0] !== "generate") {
    throw new UsageError(
      positionals.length === 0
        ? "say what to do: generate, schema or plugin install."
        : "unknown command: the commands are generate, schema and plugin install.",
    );
  }
  if (positionals.length > 1) throw new UsageError("generate takes no further arguments; see --help.");
  if (!values.out || values.out.trim() === "")
    throw new UsageError("--out DIR is required: where to write the project.");
  if (values.format !== "ts" && values.format !== "yaml" && values.format !== "import") {
    throw new UsageError(`--format is ts, yaml or import, not ${JSON.stringify(values.format)}.`);
  }
  const options: GenerateOptions = { out: values.out, format: values.format, force: values.force };
  if (values.name !== undefined) options.name = values.name;
  return { kind: "generate", options };
}
