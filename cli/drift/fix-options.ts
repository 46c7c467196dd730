// drift's options about fixing the code: --fix code, --adopt-unmanaged, --adopt-into FILE and
// --force (drift/fix-run.ts does the work).
import type { FixRunOptions } from "../../drift/fix-run";
import type { FixSummaryFormat } from "../../drift/fix-summary";
import type { StateSource } from "../../drift/state-sources";
import type { OptionTable, ParsedLine } from "../command";
import { UsageError } from "../usage-error";

export const fixOptions: OptionTable = {
  fix: { type: "string" },
  "adopt-unmanaged": { type: "boolean" },
  "adopt-into": { type: "string" },
  force: { type: "boolean" },
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
  --force          with --fix code: write files with changes not yet committed`;

export const fixExitCodes = `With --fix code: 0 the code now declares every website as it is on the server (files
written, or nothing to do); 2 drift the --fail-on list names is left that the code fix did
not cover (a program's websites to change by hand, gone, duplicate, unmanaged without
--adopt-unmanaged), the files that could be fixed written; 1 refused or failed, nothing
written.`;

const summaryFormats: readonly string[] = ["text", "markdown", "json"];

/** The fix asked for, if any; the standard output format is the summary's. */
export function fixChoice(
  { values }: ParsedLine,
  format: string,
  sources: readonly StateSource[],
): { fix?: FixRunOptions } {
  const adoptUnmanaged = values["adopt-unmanaged"] === true;
  const force = values.force === true;
  const adoptInto = values["adopt-into"] as string | undefined;
  if (values.fix === undefined) {
    const stray = [
      adoptUnmanaged && "--adopt-unmanaged",
      force && "--force",
      adoptInto !== undefined && "--adopt-into",
    ];
    const named = stray.filter((s): s is string => typeof s === "string");
    if (named.length > 0)
      throw new UsageError(`${named.join(", ")} go${named.length === 1 ? "es" : ""} with --fix code.`);
    return {};
  }
  if (values.fix !== "code") {
    throw new UsageError(
      "--fix takes code: the live values written into fleet files and Pulumi YAML programs.",
    );
  }
  if (!summaryFormats.includes(format)) {
    throw new UsageError(
      "--fix code prints what it did as text, markdown or json: write a sarif or junit report with --output FILE.",
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
