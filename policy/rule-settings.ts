// How each rule's settings are checked: zod schemas whose messages name the key and the fix,
// with the entry checks that JSON schema cannot say (an IP range the server would never match, a
// domain glob with characters no domain has). Described once: the policy pack hands the engine
// their JSON schema (config-schema.ts), drift and `pulumi-webstats policy` check a config file
// with them.
import { z } from "zod";
import { normalizeDomain, domainProblem } from "../sdk/domain";
import { ipProblem } from "../sdk/ip";
import { queryParameterProblem } from "../core/argument-schemas";
import { domainGlob, domainGlobProblem as languageProblem, quotedGlob } from "../core/glob";
import type { CompiledGlob } from "../core/glob";

/** A list of strings, each checked by `problem`; duplicates refused (they are always a slip). */
export function checkedList(key: string, shape: string, problem: (entry: string) => string | undefined) {
  const error = `${key} must be ${shape}.`;
  return z.array(z.string({ error }), { error }).superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      const where = `${key}[${index}]`;
      const found = entry.trim() === "" ? "is empty: remove it." : problem(entry.trim());
      if (found) ctx.addIssue({ code: "custom", path: [index], message: `${where} ${found}` });
      else if (seen.has(entry.trim().toLowerCase()))
        ctx.addIssue({
          code: "custom",
          path: [index],
          message: `${where} ${JSON.stringify(entry)} is listed twice: list it once.`,
        });
      seen.add(entry.trim().toLowerCase());
    });
  });
}

/** An IP address or CIDR range the server matches. */
export function ipRangeProblem(entry: string): string | undefined {
  const problem = ipProblem(entry);
  return problem ? `is not an address or range the server can match: ${problem}` : undefined;
}

/** A query parameter name, or `&` (every parameter). */
export function parameterProblem(entry: string): string | undefined {
  const problem = queryParameterProblem(entry);
  return problem ? `is not a query parameter name: ${problem}` : undefined;
}

/** A glob of domains (`staging.*`, `*.preview.example.com`): the language of core/glob.ts. */
export function domainGlobProblem(glob: string): string | undefined {
  return languageProblem(glob, `${quotedGlob(glob)} is not a domain glob: it`);
}

const compiledPatterns = new WeakMap<readonly string[], CompiledGlob[]>();

/**
 * A rule's list of domain globs compiled, once per list: the settings are checked and parsed once
 * per run, and every website of the run is then matched against the same list.
 */
export function domainGlobs(patterns: readonly string[]): CompiledGlob[] {
  let compiled = compiledPatterns.get(patterns);
  if (!compiled) {
    // Checked trimmed (checkedList), so compiled trimmed; named as written.
    compiled = patterns.map((glob) => ({ ...domainGlob(glob.trim()), glob }));
    compiledPatterns.set(patterns, compiled);
  }
  return compiled;
}

/** A domain suffix of the allow-list: a domain as the server stores it, a leading dot allowed. */
export function domainSuffixProblem(entry: string): string | undefined {
  const normalized = normalizeDomain(entry.replace(/^\./, ""));
  const problem = domainProblem(normalized);
  if (problem) return `is not a domain suffix such as "example.com": ${problem}`;
  if (normalized !== entry.replace(/^\./, "")) {
    return `is written ${JSON.stringify(normalized)} by the server: write it that way (lower case, without scheme or "www.").`;
  }
  return undefined;
}

/** A domain suffix without its optional leading dot. */
export const suffixOf = (entry: string): string => entry.trim().replace(/^\./, "");
