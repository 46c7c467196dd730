// Problems found in a fleet file, each pinned to a file, a line, a website and an argument,
// gathered into one error so that a user fixes them all in one pass.

/** One thing wrong with a fleet file, located precisely enough to fix it. */
export interface FleetProblem {
  /** The file, as given to loadFleet. */
  file: string;
  /** 1-based line of the offending key or value. */
  line: number;
  /** Where in the file: a website (by its domain as written), `defaults`, or the file itself. */
  where: string;
  /** The argument or key concerned, when there is one. */
  argument?: string;
  /** What is wrong and what to do. */
  message: string;
}

/** @internal */
export function formatProblem(problem: FleetProblem): string {
  const subject = problem.argument ? `${problem.where}, ${problem.argument}` : problem.where;
  return `${problem.file}:${problem.line}: ${subject}: ${problem.message}`;
}

/** Thrown by loadFleet (and WebsiteFleet) before any website is declared. */
export class FleetError extends Error {
  /** Every problem found in the file, in the order of its lines. */
  readonly problems: readonly FleetProblem[];

  constructor(file: string, problems: FleetProblem[]) {
    const count = problems.length === 1 ? "a problem" : `${problems.length} problems`;
    super(
      `The fleet file ${file} has ${count}; no website was declared:\n` +
        problems.map((p) => `  ${formatProblem(p)}`).join("\n"),
    );
    this.name = "FleetError";
    this.problems = problems;
  }
}

/** How a website is named in messages: its domain as written, or its position when it has none. @internal */
export function websiteLabel(domain: unknown, index: number): string {
  return typeof domain === "string" && domain.trim() !== ""
    ? `website ${domain.trim()}`
    : `websites[${index}] (no domain)`;
}
