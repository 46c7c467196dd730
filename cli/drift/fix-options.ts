// drift's options about fixing drift: --fix code, --adopt-unmanaged, --adopt-into FILE and
// --force (drift/fix-run.ts does the work); --fix cloud and --yes (drift/fix-cloud.ts).
import type { CloudFixOptions } from "../../drift";
import type { FixRunOptions } from "../../drift";
import type { FixSummaryFormat } from "../../drift";
import type { StateSource } from "../../drift";
import type { OptionTable, ParsedLine } from "../command";
import { UsageError } from "../usage-error";

export const fixOptions: OptionTable = {
  fix: { type: "string" },
  "adopt-unmanaged": { type: "boolean" },
  "adopt-into": { type: "string" },
  force: { type: "boolean" },
  yes: { type: "boolean" },
};

export const fixOptionsHelp = `  --fix code       write the live values back into the code instead of printing the
                   report: each changed website's entry in its fleet file or Pulumi YAML
                   program gets the server's values (comments, order and quoting kept; a
                   value inherited from defaults is written on the entry; password,
                   passwordConfig and excludeParams are never touched). A website declared
                   in another program (TypeScript...) is listed with the arguments to
                   change. Standard output says what was written and what is left (text,
                   or --format markdown or json); reports given --output are still written.
                   Every file is checked before any is written: one refusal (a file with
                   changes not committed in git, not writable, a program or fleet file the
                   state names that is not there) and nothing is written. A file in no git
                   repository is written, and the summary says so. A --state needs the
                   --cwd of its project before it
  --adopt-unmanaged with --fix code: append each unmanaged website, with its live settings
                   and adoptExisting: true, to the fleet file that declares its account's
                   other websites
  --adopt-into FILE
                   with --adopt-unmanaged: the fleet file that takes them, when the
                   account's websites are declared in several
  --force          with --fix code: write files with changes not yet committed
  --fix cloud      put the declared values back on the server instead: for each stack
                   with changed or gone websites, pulumi up --refresh --target of those
                   websites only (a gone one is created again, with a new id). Each
                   stack is previewed first and the plan shown; refused, and nothing
                   changed anywhere, when a stack has pending operations or is locked,
                   when its program no longer declares a website, or when the plan
                   would create, delete or replace anything else. Needs the stacks'
                   project folders (--stack, or --all without --backend-wide)
  --yes            with --fix cloud: apply without asking (required when standard input
                   is not a terminal)`;

export const fixExitCodes = `With --fix code: 0 the code now declares every website as it is on the server (files
written, or nothing to do); 2 drift the --fail-on list names is left that the code fix did
not cover (a program's websites to change by hand, gone, duplicate, unmanaged without
--adopt-unmanaged), the files that could be fixed written; 1 refused or failed, nothing
written. With --fix cloud: 0 every changed and gone website put back; 2 drift the --fail-on
list names is left that it does not cover (unmanaged, duplicate, silent), the websites put
back; 1 refused, declined or failed (a failed pulumi up names the stacks already put back).`;

const summaryFormats: readonly string[] = ["text", "markdown", "json"];

/** `--fix cloud`: where its stacks come from decides whether pulumi up can run on them. */
function cloudChoice(
  values: ParsedLine["values"],
  format: string,
  sources: readonly StateSource[],
): { fixCloud: CloudFixOptions } {
  if (!summaryFormats.includes(format)) {
    throw new UsageError(
      "--fix cloud prints what it did as text, markdown or json: write a sarif, junit or html report with --output FILE.",
    );
  }
  const file = sources.find((s) => s.kind === "file");
  if (file) {
    throw new UsageError(
      `--fix cloud puts websites back with pulumi up on their stack, and --state ${file.path} names no stack: give --stack NAME (with --cwd DIR of its project) instead.`,
    );
  }
  if (values["backend-wide"] === true) {
    throw new UsageError(
      "--fix cloud runs pulumi up in each stack's project folder, which --backend-wide does not know: give --all with a --cwd DIR for each project instead.",
    );
  }
  return { fixCloud: { summary: format as FixSummaryFormat, yes: values.yes === true } };
}

/** The fix asked for, if any; the standard output format is the summary's. */
export function fixChoice(
  { values }: ParsedLine,
  format: string,
  sources: readonly StateSource[],
): { fix?: FixRunOptions; fixCloud?: CloudFixOptions } {
  const adoptUnmanaged = values["adopt-unmanaged"] === true;
  const force = values.force === true;
  const adoptInto = values["adopt-into"] as string | undefined;
  const named = [
    adoptUnmanaged && "--adopt-unmanaged",
    force && "--force",
    adoptInto !== undefined && "--adopt-into",
  ].filter((s): s is string => typeof s === "string");
  if (values.fix !== "cloud" && values.yes === true) {
    throw new UsageError("--yes goes with --fix cloud: it applies the plan without asking.");
  }
  if (values.fix === undefined || values.fix === "cloud") {
    if (named.length > 0)
      throw new UsageError(`${named.join(", ")} go${named.length === 1 ? "es" : ""} with --fix code.`);
    return values.fix === "cloud" ? cloudChoice(values, format, sources) : {};
  }
  if (values.fix !== "code") {
    throw new UsageError(
      "--fix takes code (the live values written into fleet files and Pulumi YAML programs) or cloud (the declared values put back on the server with pulumi up).",
    );
  }
  if (!summaryFormats.includes(format)) {
    throw new UsageError(
      "--fix code prints what it did as text, markdown or json: write a sarif, junit or html report with --output FILE.",
    );
  }
  if (adoptInto !== undefined && (!adoptUnmanaged || adoptInto.trim() === "")) {
    throw new UsageError(
      "--adopt-into FILE goes with --adopt-unmanaged: it names the fleet file that takes them.",
    );
  }
  if (sources.some((s) => s.kind === "file" && s.cwd === undefined)) {
    throw new UsageError(
      "--fix code needs the project folder of each --state FILE, to find the code of its websites: give --cwd DIR before it.",
    );
  }
  return {
    fix: {
      target: "code",
      summary: format as FixSummaryFormat,
      adoptUnmanaged,
      force,
      ...(adoptInto !== undefined ? { adoptInto } : {}),
    },
  };
}
