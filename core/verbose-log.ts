// What `--verbose` (or WEBSTATS_VERBOSE) hands a command's work, which knows nothing of the
// command line: a line writer for what it does (each stack and how it was read, each page and
// its hops) and the sdk's request hook. The command line makes it (cli/verbose.ts): on standard
// error only, server text neutralised, secrets redacted; a report never sees it.
import type { RequestObserver } from "../sdk/request-events";

export interface VerboseLog {
  /** One line (without its line break) about what the run does. */
  say: (line: string) => void;
  /** Given to every client the run makes (WebstatsClientOptions.onRequest). */
  onRequest: RequestObserver;
}
