// The parts every command's --help is made of: its options a line each (the option and its
// value, a few words, the default where there is one, taken from the code's own constant), and
// the docs page that tells the whole story, named last.
import { VERBOSE_VARIABLE } from "./verbose";

/** One option of a help text: one line. */
export interface OptionHelp {
  /** The option as typed, with its value: `--page-timeout S`, `-h, --help`. */
  option: string;
  /** A few words: what it does. */
  text: string;
  /** The default, from the constant the code uses; said as `(default ...)`. */
  default?: string | number;
}

/** A heading (`Stacks:`; none when empty) and its options. */
type OptionSection = readonly [heading: string, rows: readonly OptionHelp[]];

const verboseOptionHelp: OptionHelp = {
  option: "--verbose",
  text: `requests, retries, waits, stacks read, page hops, on stderr (or ${VERBOSE_VARIABLE}=1)`,
};

const helpOptionHelp: OptionHelp = { option: "-h, --help", text: "show this help" };

/** The rows of the options every command has (parse-line.ts's commonOptions), last in each help. */
export const commonOptionsHelp: readonly OptionHelp[] = [verboseOptionHelp, helpOptionHelp];

/** The widest option column: a longer option gets two spaces before its words instead. */
const MAX_COLUMN = 26;

const lineOf = (row: OptionHelp, width: number): string => {
  const text = row.default === undefined ? row.text : `${row.text} (default ${row.default})`;
  const option = `  ${row.option}`;
  return option.length + 2 > width ? `${option}  ${text}` : `${option.padEnd(width)}${text}`;
};

const columnOf = (rows: readonly OptionHelp[]): number =>
  Math.min(MAX_COLUMN, Math.max(...rows.map((r) => r.option.length + 4)));

/** The options a line each, their words in one column. */
export function optionLines(rows: readonly OptionHelp[]): string {
  const width = columnOf(rows);
  return rows.map((row) => lineOf(row, width)).join("\n");
}

/** Sections of options under their headings, one column for all. */
export function optionSections(sections: readonly OptionSection[]): string {
  const width = columnOf(sections.flatMap(([, rows]) => rows));
  return sections
    .map(([heading, rows]) =>
      [...(heading ? [`${heading}:`] : []), ...rows.map((row) => lineOf(row, width))].join("\n"),
    )
    .join("\n");
}

/**
 * The last line of every help text: the docs page (a path from the repository's root, with an
 * optional `#anchor`) that has every option's whole story.
 */
export const docsLine = (page: string): string =>
  `Every option's whole story (in the pulumi-webstats repository):\n  ${page}\n`;
