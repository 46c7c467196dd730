// drift's options about websites' pages: --check-pages, with its bounds --page-parallel and
// --page-timeout.
import { DEFAULT_PAGE_PARALLEL } from "../../drift/compare/page-run";
import type { PageRunOptions } from "../../drift/compare/page-run";
import { PAGE_DEFAULTS } from "../../drift/compare/page-check";
import type { OptionTable, ParsedLine } from "../command";
import { UsageError } from "../usage-error";

export const pageOptions: OptionTable = {
  "check-pages": { type: "boolean" },
  "page-parallel": { type: "string" },
  "page-timeout": { type: "string" },
};

export const pageOptionsHelp = `  --check-pages    also read each website's home page (one GET: https:// first, http://
                   when nothing listens there, at most ${PAGE_DEFAULTS.maxRedirects} redirects, ${PAGE_DEFAULTS.maxBytes / 1024 / 1024} MiB read)
                   through the installation's proxies and authorities, never with its
                   key: the tracking code is present, missing, wrong (another
                   installation, a broken id) or the page unreachable (with why); with
                   --check-tracking, the likely cause of a silent website
  --page-parallel N  home pages read at once (default ${DEFAULT_PAGE_PARALLEL}, at most 64)
  --page-timeout S   seconds one home page may take (default ${PAGE_DEFAULTS.timeoutMs / 1000}, 1 to 120)`;

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
  for (const bound of ["page-parallel", "page-timeout"]) {
    if (values[bound] !== undefined && !checkPages) {
      throw new UsageError(`--${bound} goes with --check-pages, which reads every website's home page.`);
    }
  }
  if (!checkPages) return {};
  const parallel = wholeNumber(
    values["page-parallel"] as string | undefined,
    "page-parallel",
    1,
    64,
    DEFAULT_PAGE_PARALLEL,
  );
  const seconds = wholeNumber(
    values["page-timeout"] as string | undefined,
    "page-timeout",
    1,
    120,
    PAGE_DEFAULTS.timeoutMs / 1000,
  );
  return { pages: { parallel, timeoutMs: seconds * 1000 } };
}
