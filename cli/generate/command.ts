// `pulumi-webstats generate`: its options, usage and parsing; the work is generate/run.ts.
import { resolveSettings } from "../../core/settings";
import { generateProblem, generateProject } from "../../generate/run";
import type { GenerateOptions } from "../../generate/run";
import type { CliCommand, ParsedLine } from "../command";
import { environmentHelp } from "../environment-help";
import { exitCodes } from "../../core/exit-codes";
import { ERROR_MEANING, exitCodeHelp, usageDetail } from "../exit-codes";
import type { CommandExit } from "../exit-codes";
import { commonOptionsHelp, docsLine, optionLines } from "../help";
import { refuseExtraWords } from "../parse-line";
import { stateOptions, stateOptionsHelp, stateSources } from "../state-options";
import { UsageError } from "../usage-error";

/** The page with every option's whole story. */
const DOCS = "docs/fleets.md#taking-over-an-existing-account-pulumi-webstats-generate";

const generateFormats = ["ts", "yaml", "import"] as const;
/** What --format is when none is given. */
const DEFAULT_FORMAT = generateFormats[0];

const exits: readonly CommandExit[] = [
  { name: "success", meaning: "written", detail: "the project, or with --format import the import file" },
  {
    name: "error",
    meaning: ERROR_MEANING,
    detail: usageDetail("a folder refused, the account not read, a file not written"),
  },
];

const usage =
  () => `Usage: pulumi-webstats generate --out DIR [--format ${generateFormats.join("|")}] [--name NAME] [--force]
                                [--only-unmanaged [--cwd DIR] --stack NAME... --state FILE...]

Writes a Pulumi project that declares every website of an account with its current settings
and adoptExisting: true, so that its first \`pulumi up\` takes them over without creating,
deleting or changing anything. Every website is protected (protect: true).

Options:
${optionLines([
  { option: "--out DIR", text: "the folder to write the project into (refused when not empty)" },
  {
    option: "--format F",
    text: "ts: index.ts; yaml: a fleet file, websites.yaml; import: only import.json",
    default: DEFAULT_FORMAT,
  },
  { option: "--name NAME", text: "the Pulumi project name", default: "the folder's name" },
  { option: "--force", text: "write into a folder that is not empty, replacing the files it writes" },
  {
    option: "--only-unmanaged",
    text: "only the websites none of the stacks given records (drift's unmanaged)",
  },
  ...stateOptionsHelp,
  ...commonOptionsHelp,
])}

${exitCodeHelp(exits)}

${environmentHelp()}
${docsLine(DOCS)}`;

function parse(line: ParsedLine): GenerateOptions {
  const { values } = line;
  refuseExtraWords(line, "generate");
  const out = values.out as string | undefined;
  if (!out || out.trim() === "") throw new UsageError("--out DIR is required: where to write the project.");
  const format = (values.format as string | undefined) ?? DEFAULT_FORMAT;
  if (format !== "ts" && format !== "yaml" && format !== "import") {
    throw new UsageError(`--format is ts, yaml or import, not ${JSON.stringify(format)}.`);
  }
  const sources = stateSources(line);
  const onlyUnmanaged = values["only-unmanaged"] === true;
  if (onlyUnmanaged && sources.length === 0) {
    throw new UsageError(
      "--only-unmanaged needs the stacks that manage websites: --stack NAME or --state FILE.",
    );
  }
  if (!onlyUnmanaged && sources.length > 0) {
    throw new UsageError("--stack and --state go with --only-unmanaged (or with drift).");
  }
  const options: GenerateOptions = { out, format, force: values.force === true };
  if (values.name !== undefined) options.name = values.name as string;
  if (onlyUnmanaged) options.onlyUnmanaged = sources;
  return options;
}

export const generateCommand: CliCommand<GenerateOptions> = {
  name: "generate",
  summary: "write a Pulumi project (or an import file) that takes an account's websites over",
  usage,
  docs: DOCS,
  options: {
    out: { type: "string" },
    format: { type: "string" },
    name: { type: "string" },
    force: { type: "boolean" },
    "only-unmanaged": { type: "boolean" },
    ...stateOptions,
  },
  exits,
  parse,
  run: async (options, env, io) => {
    // The command runs outside any stack: its settings come from the environment alone.
    const settings = resolveSettings(() => undefined, env);
    const problem = generateProblem(options, settings);
    if (problem) throw new UsageError(problem);
    await generateProject(options, env, settings, io);
    return exitCodes.success;
  },
};
