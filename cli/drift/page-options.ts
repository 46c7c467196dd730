// drift's options about websites' pages: --check-pages, with its bounds --page-parallel,
// --page-timeout and --page-run-timeout, and --page-allow-private for intranet websites.
import { DEFAULT_PAGE_PARALLEL, DEFAULT_PAGE_RUN_TIMEOUT_MS } from "../../drift";
import type { PageRunOptions } from "../../drift";
import { PAGE_DEFAULTS } from "../../drift";
import type { OptionTable, ParsedLine } from "../command";
import type { OptionHelp } from "../help";
import { UsageError } from "../usage-error";

export const pageOptions: OptionTable = {
  "check-pages": { type: "boolean" },
  "page-parallel": { type: "string" },
  "page-timeout": { type: "string" },
  "page-run-timeout": { type: "string" },
  "page-allow-private": { type: "boolean" },
};

/** The bounds of the page options: [least, most]. */
const PAGE_PARALLEL_RANGE = [1, 64] as const;
const PAGE_TIMEOUT_S_RANGE = [1, 120] as const;
const PAGE_RUN_TIMEOUT_S_RANGE = [10, 86_400] as const;

export const pageOptionsHelp: OptionHelp[] = [
  {
    option: "--check-pages",
    text: "also read each website's home page for its tracking code (public addresses only)",
  },
  {
    option: "--page-parallel N",
    text: `home pages read at once, ${PAGE_PARALLEL_RANGE.join(" to ")}`,
    default: DEFAULT_PAGE_PARALLEL,
  },
  {
    option: "--page-timeout S",
    text: `seconds one home page may take, ${PAGE_TIMEOUT_S_RANGE.join(" to ")}`,
    default: PAGE_DEFAULTS.timeoutMs / 1000,
  },
  {
    option: "--page-run-timeout S",
    text: `seconds all the home pages may take, ${PAGE_RUN_TIMEOUT_S_RANGE.join(" to ")}`,
    default: DEFAULT_PAGE_RUN_TIMEOUT_MS / 1000,
  },
  { option: "--page-allow-private", text: "request addresses that are not public too (intranet websites)" },
];

/** A whole number from `min` to `max`; never echoed back. */
function wholeNumber(value: string | undefined, option: string, min: number, max: number, fallback: number) {
  if (value === undefined) return fallback;
  const number = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= min && number <= max)) {
    throw new UsageError(`--${option} is a whole number from ${min} to ${max} (default ${fallback}).`);
  }
  return number;
}

export function pageChoice(line: ParsedLine): { pages?: PageRunOptions } {
  const { values } = line;
  const checkPages = values["check-pages"] === true;
  for (const bound of ["page-parallel", "page-timeout", "page-run-timeout", "page-allow-private"]) {
    if (values[bound] !== undefined && !checkPages) {
      throw new UsageError(`--${bound} goes with --check-pages, which reads every website's home page.`);
    }
  }
  if (!checkPages) return {};
  const parallel = wholeNumber(
    values["page-parallel"] as string | undefined,
    "page-parallel",
    ...PAGE_PARALLEL_RANGE,
    DEFAULT_PAGE_PARALLEL,
  );
  const seconds = wholeNumber(
    values["page-timeout"] as string | undefined,
    "page-timeout",
    ...PAGE_TIMEOUT_S_RANGE,
    PAGE_DEFAULTS.timeoutMs / 1000,
  );
  const runSeconds = wholeNumber(
    values["page-run-timeout"] as string | undefined,
    "page-run-timeout",
    ...PAGE_RUN_TIMEOUT_S_RANGE,
    DEFAULT_PAGE_RUN_TIMEOUT_MS / 1000,
  );
  return {
    pages: {
      parallel,
      timeoutMs: seconds * 1000,
      runTimeoutMs: runSeconds * 1000,
      allowPrivate: values["page-allow-private"] === true,
    },
  };
}
