// drift's options about websites' pages: --check-pages, with its bounds --page-parallel,
// --page-timeout and --page-run-timeout, and --page-allow-private for intranet websites.
import {
  DEFAULT_PAGE_PARALLEL,
  DEFAULT_PAGE_RUN_TIMEOUT_MS,
  PAGE_REQUESTS_PER_WEBSITE,
} from "../../drift/compare/page-run";
import type { PageRunOptions } from "../../drift";
import { PAGE_DEFAULTS } from "../../drift";
import type { OptionTable, ParsedLine } from "../command";
import { UsageError } from "../usage-error";

export const pageOptions: OptionTable = {
  "check-pages": { type: "boolean" },
  "page-parallel": { type: "string" },
  "page-timeout": { type: "string" },
  "page-run-timeout": { type: "string" },
  "page-allow-private": { type: "boolean" },
};

export const pageOptionsHelp = `  --check-pages    also read each website's home page (one GET: https:// first, http://
                   when nothing listens there, at most ${PAGE_DEFAULTS.maxRedirects} redirects, ${PAGE_DEFAULTS.maxBytes / 1024 / 1024} MiB read; ${PAGE_REQUESTS_PER_WEBSITE}
                   requests a website on average) through the installation's proxies
                   and authorities, never with its key, never to an address that is not
                   public: the tracking code is present, missing, wrong (another
                   installation, a broken id) or the page unreachable (with why); with
                   --check-tracking, the likely cause of a silent website
  --page-parallel N  home pages read at once (default ${DEFAULT_PAGE_PARALLEL}, at most 64)
  --page-timeout S   seconds one home page may take (default ${PAGE_DEFAULTS.timeoutMs / 1000}, 1 to 120)
  --page-run-timeout S  seconds all the home pages may take (default ${DEFAULT_PAGE_RUN_TIMEOUT_MS / 1000}, 10 to 86400)
  --page-allow-private  request addresses that are not public too (intranet websites)`;

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
  const runSeconds = wholeNumber(
    values["page-run-timeout"] as string | undefined,
    "page-run-timeout",
    10,
    86_400,
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
