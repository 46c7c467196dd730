// `drift --fix code`, the pure part: the live values written into the text of a fleet file or a
// Pulumi YAML program. Only the settings the server reports are written (the field table's
// readableSettings): write-only arguments such as the password, and `passwordConfig`, are never
// read from the server and never touched. Each edit is checked: the new text is parsed again
// and must hold exactly the values intended, or nothing is written.
//
// A value from the server is data, never code. Each live value must pass the rules the provider
// checks the field with (core/website-check.ts) before it is written, in fleet files and YAML
// programs alike: one that does not (an `exclude_ips` entry that is no address, which the
// server stores as free text) is that website's reason for not being fixed, naming the website,
// the field and the rule, and the other websites are written. Every touched fleet entry must
// pass the Website's checks as a whole too, or that website is left as it was. In a Pulumi YAML
// program, where every string is a template, each `$` is written as `$$` (pulumiYamlLiteral), so
// nothing from the server ever becomes an interpolation (`${...}`), and the read-back checks
// what Pulumi YAML will read.
import { isDeepStrictEqual } from "node:util";
import { parseDocument } from "yaml";
import type { YAMLMap } from "yaml";
import { normalizeDomain } from "../../sdk";
import { checkWebsiteInputs } from "../../core/website-check";
import { fieldEntries, keyField, protectedPrivacy, readableSettings } from "../../core/website-fields";
import type { FieldChange } from "../model/entries";
import { YamlSplice, isMap, isSeq, pairOf, pulumiYamlLiteral, readPulumiYamlValue } from "./yaml-splice";

/** A value written into a file. */
export interface WrittenChange {
  file: string;
  domain: string;
  field: string;
  old: unknown;
  new: unknown;
  /** Why it was written where it was, or what came with it. */
  note?: string;
}

/** A change the file cannot take as it is: the user decides. */
export interface HandChange {
  domain: string;
  field?: string;
  reason: string;
}

/** The live values of one website to write. */
export interface CodeFix {
  domain: string;
  changes: FieldChange[];
  /** For a Pulumi YAML program: the resource's name. */
  resource?: string;
}

/** An unmanaged website to append: its live settings (the fields the server reports). */
export interface Adoption {
  domain: string;
  settings: Record<string, unknown>;
}

interface FixedText {
  text: string;
  written: WrittenChange[];
  byHand: HandChange[];
}

/** A file that cannot be fixed as it stands: the message names the file and line. */
export class FixError extends Error {
  override name = "FixError";
}

/** The settings the server reports: the only fields that can drift, and be written back. */
const liveFields = new Set<string>(readableSettings);

/** Each field's default for a Website that omits it (adoptExisting's depends on the stack: false). */
const fieldDefaults = new Map<string, unknown>(
  fieldEntries.map(([name, spec]) => [name, typeof spec.default === "function" ? false : spec.default]),
);
const sameValue = (field: string, a: unknown, b: unknown): boolean => {
  // A value of another shape (an expression in a YAML program, say) is never the same.
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b)) return false;
  const spec = fieldEntries.find(([name]) => name === field)?.[1];
  return spec?.same ? spec.same(a, b) : isDeepStrictEqual(a, b);
};

/**
 * Why the server's value of `field` may not be written into code, if it may not: the rule of the
 * provider's check it fails (the website's domain stands beside it, as the check needs one).
 */
function liveValueProblem(domain: string, field: string, value: unknown): string | undefined {
  const failures = checkWebsiteInputs({ domain, [field]: value }).failures;
  return failures.find((failure) => failure.argument === field)?.reason;
}

// Function declarations, not module-level arrows, here and below: a body built at each call is
// one that mutation testing can change.
/** The reason a live value is not written: the website, the field and the rule. */
function refusedValue(where: string, domain: string, field: string, rule: string): string {
  return `${where}: ${domain}: the server's ${field} is not written into the code, as it fails the field's rule: ${rule}`;
}

/** The text parsed again must hold `expected`; otherwise the edit went wrong and nothing is written. */
function verified(file: string, text: string, expected: unknown): string {
  const doc = parseDocument(text);
  if (doc.errors.length > 0 || !isDeepStrictEqual(doc.toJS(), expected)) {
    throw new FixError(
      `${file}: the rewritten text did not read back as intended, so nothing was written; please report this with the file.`,
    );
  }
  return text;
}

function parsedMap(
  file: string,
  text: string,
  what: string,
): { doc: ReturnType<typeof parseDocument>; root: YAMLMap } {
  const doc = parseDocument(text, { uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    const line = text.slice(0, error.pos[0]).split("\n").length;
    throw new FixError(`${file}:${line}: ${error.message.split("\n")[0]}: fix the ${what} first.`);
  }
  if (!isMap(doc.contents)) throw new FixError(`${file}:1: not a ${what}: its top is not a mapping.`);
  return { doc, root: doc.contents };
}

function lineAt(text: string, node: { range?: [number, number, number] | null } | null | undefined): number {
  return node?.range ? text.slice(0, node.range[0]).split("\n").length : 1;
}

/**
 * Writes the live values into a fleet file's text. A field the entry inherits from `defaults`
 * is written on the entry (the defaults are shared with other websites and stay as they are).
 * With `adoptions`, each unmanaged website is appended as an entry with the settings that
 * differ from the file's defaults and `adoptExisting: true`, so that the next `up` takes the
 * existing website over instead of creating one.
 */
export function fixFleetText(
  text: string,
  file: string,
  fixes: readonly CodeFix[],
  adoptions: readonly Adoption[] = [],
): FixedText {
  const { doc, root } = parsedMap(file, text, "fleet file");
  const websitesPair = pairOf(root, "websites");
  const websites = websitesPair?.value;
  if (!websitesPair || !isSeq(websites)) {
    throw new FixError(
      `${file}:${lineAt(text, websitesPair?.key as never)}: a fleet file has a websites list.`,
    );
  }
  const defaultsNode = pairOf(root, "defaults")?.value;
  const defaults = (isMap(defaultsNode) ? (defaultsNode.toJSON() as Record<string, unknown>) : {}) ?? {};
  const expected = doc.toJS() as { websites: Record<string, unknown>[] | null };
  const splice = new YamlSplice(text);
  const written: WrittenChange[] = [];
  const byHand: HandChange[] = [];
  const touched = new Set<number>();

  const indexOf = (domain: string): number =>
    websites.items.findIndex((item) => {
      const written = isMap(item) ? item.get(keyField) : undefined;
      return typeof written === "string" && normalizeDomain(written) === normalizeDomain(domain);
    });

  for (const fix of fixes) {
    const index = indexOf(fix.domain);
    const entry = websites.items[index];
    if (!isMap(entry)) {
      byHand.push({ domain: fix.domain, reason: `${file} has no entry for ${fix.domain}.` });
      continue;
    }
    const own = entry.toJSON() as Record<string, unknown>;
    const model = (expected.websites ?? [])[index] as Record<string, unknown>;
    // To go back to when the entry as fixed would not pass the Website's checks.
    const [mark, writtenBefore, modelBefore] = [splice.mark(), written.length, { ...model }];
    const effective = (key: string): unknown => own[key] ?? defaults[key] ?? fieldDefaults.get(key);
    const line = lineAt(text, entry);
    const set = (field: string, value: unknown, old: unknown, note?: string): void => {
      const pair = pairOf(entry, field);
      if (pair) splice.setValue(pair, value);
      else splice.addKey(entry, field, value);
      model[field] = value;
      written.push({ file, domain: fix.domain, field, old, new: value, ...(note ? { note } : {}) });
    };
    for (const change of fix.changes) {
      if (!liveFields.has(change.field)) {
        byHand.push({
          domain: fix.domain,
          field: change.field,
          reason: `${file}:${line}: ${change.field} cannot be written back (the server cannot change it on an existing website).`,
        });
        continue;
      }
      // Already as it is live (fixed by an earlier run, the state not refreshed yet): nothing to do.
      if (sameValue(change.field, effective(change.field), change.live)) continue;
      const rule = liveValueProblem(fix.domain, change.field, change.live);
      if (rule !== undefined) {
        byHand.push({
          domain: fix.domain,
          field: change.field,
          reason: refusedValue(`${file}:${line}`, fix.domain, change.field, rule),
        });
        continue;
      }
      const inherited = !(change.field in own) && change.field in defaults;
      if (change.field === "privacy") {
        const passwordConfig = effective("passwordConfig");
        if (change.live !== protectedPrivacy && passwordConfig !== undefined) {
          byHand.push({
            domain: fix.domain,
            field: "privacy",
            reason:
              `${file}:${line}: privacy is ${JSON.stringify(change.live)} on the server, but the entry ` +
              `${"passwordConfig" in own ? "names" : "inherits from defaults"} passwordConfig, which only goes with privacy "password": ` +
              "set privacy and remove passwordConfig by hand (this command never touches passwords).",
          });
          continue;
        }
        if (
          change.live === protectedPrivacy &&
          passwordConfig === undefined &&
          effective("adoptExisting") !== true
        ) {
          // The fleet's check treats every entry as a website to create, which needs a password
          // unless it is adopted; adoptExisting only matters at creation, so it changes nothing else.
          set(
            "adoptExisting",
            true,
            own.adoptExisting,
            "so that the entry keeps the password the server holds without passwordConfig",
          );
        }
      }
      const note = inherited
        ? "inherited from defaults: written on the entry, defaults unchanged"
        : undefined;
      set(change.field, change.live, own[change.field] ?? defaults[change.field] ?? change.recorded, note);
    }
    if (written.length === writtenBefore) continue;
    const failure = entryFailure(model, defaults);
    if (failure !== undefined) {
      splice.rollback(mark);
      written.length = writtenBefore;
      for (const key of Object.keys(model)) delete model[key];
      Object.assign(model, modelBefore);
      byHand.push({
        domain: fix.domain,
        reason: `${file}:${line}: the entry of ${fix.domain} with the server's values would not pass its checks (${failure}), so it is left as it is.`,
      });
      continue;
    }
    touched.add(index);
  }

  const entries = expected.websites ?? [];
  for (const adoption of adoptions) {
    // Declared already (by an earlier run, say, before the next pulumi up): not declared twice.
    if (indexOf(adoption.domain) >= 0) continue;
    const entry: Record<string, unknown> = { domain: adoption.domain };
    for (const field of readableSettings) {
      const value = adoption.settings[field];
      const inherited = defaults[field] ?? fieldDefaults.get(field);
      if (value !== undefined && !sameValue(field, inherited, value)) entry[field] = value;
    }
    if (
      entry.privacy !== undefined &&
      entry.privacy !== protectedPrivacy &&
      defaults.passwordConfig !== undefined
    ) {
      byHand.push({
        domain: adoption.domain,
        reason: `${file}: its defaults name passwordConfig, but ${adoption.domain} has privacy ${JSON.stringify(entry.privacy)}: declare it by hand.`,
      });
      continue;
    }
    if (defaults.adoptExisting !== true) entry.adoptExisting = true;
    const refused = readableSettings
      .filter((field) => field in entry)
      .map((field) => ({ field, rule: liveValueProblem(adoption.domain, field, entry[field]) }))
      .find((found) => found.rule !== undefined);
    const failure = refused === undefined ? entryFailure(entry, defaults) : undefined;
    if (refused?.rule !== undefined || failure !== undefined) {
      byHand.push({
        domain: adoption.domain,
        reason:
          refused?.rule !== undefined
            ? refusedValue(file, adoption.domain, refused.field, refused.rule)
            : `${file}: ${adoption.domain} as the server has it would not pass a fleet entry's checks (${failure}): declare it by hand.`,
      });
      continue;
    }
    splice.appendEntry(websitesPair, websites, entry);
    entries.push(entry);
    touched.add(entries.length - 1);
    written.push({
      file,
      domain: adoption.domain,
      field: "(entry)",
      old: null,
      new: entry,
      note: "appended",
    });
  }
  if (written.length === 0) return { text, written, byHand };

  expected.websites = entries;
  const result = verified(file, splice.result(), expected);
  for (const index of touched) checkEntry(file, entries[index] as Record<string, unknown>, defaults);
  return { text: result, written, byHand };
}

/** Why an entry would not pass the Website's checks, as loadFleet applies them, if it would not. */
function entryFailure(entry: Record<string, unknown>, defaults: Record<string, unknown>): string | undefined {
  const { passwordConfig, protect: _protect, ...args } = { ...defaults, ...entry };
  if (passwordConfig !== undefined) args.password = "password-from-configuration";
  // The stack may take websites over by default (webstats:adoptExisting), which the file cannot
  // tell: that one rule is checked as the stack allows it at its most lenient.
  const lenient = { adoptExisting: { value: true, source: "the stack's adoptExisting" } };
  return checkWebsiteInputs(args, {}, lenient).failures[0]?.reason;
}

/** A touched entry must still pass the Website's checks (each was checked before it was touched). */
function checkEntry(file: string, entry: Record<string, unknown>, defaults: Record<string, unknown>): void {
  const failure = entryFailure(entry, defaults);
  if (failure !== undefined) {
    throw new FixError(
      `${file}: the entry of ${String(entry.domain)} would not pass its checks (${failure}), so nothing was written.`,
    );
  }
}

/**
 * Writes the live values into a Pulumi YAML program: the `properties` of each Website resource,
 * each string in Pulumi YAML's literal form (every `$` as `$$`), so that the program reads
 * exactly the server's value. A property whose value is an expression (`${...}`, `fn::...`)
 * is left for the user.
 */
export function fixYamlProgramText(text: string, file: string, fixes: readonly CodeFix[]): FixedText {
  const { doc, root } = parsedMap(file, text, "Pulumi YAML program");
  const expected = doc.toJS() as { resources?: Record<string, { properties?: Record<string, unknown> }> };
  const resources = pairOf(root, "resources")?.value;
  const splice = new YamlSplice(text);
  const written: WrittenChange[] = [];
  const byHand: HandChange[] = [];
  /** What Pulumi YAML must read from each property written. */
  const intended: { resource: string; field: string; value: unknown }[] = [];
  for (const fix of fixes) {
    const name = fix.resource ?? "";
    const resource = isMap(resources) ? pairOf(resources, name)?.value : undefined;
    const propertiesPair = isMap(resource) ? pairOf(resource, "properties") : undefined;
    const properties = propertiesPair?.value;
    const line = lineAt(text, isMap(resources) ? (pairOf(resources, name)?.key as never) : undefined);
    if (!isMap(properties)) {
      byHand.push({
        domain: fix.domain,
        reason: `${file}:${line}: resource ${name} has no properties mapping to write into.`,
      });
      continue;
    }
    const model = expected.resources?.[name]?.properties as Record<string, unknown>;
    const values = properties.toJSON() as Record<string, unknown>;
    for (const change of fix.changes) {
      const pair = pairOf(properties, change.field);
      // The value as the program means it: `$$` is one `$`; an interpolation is no literal.
      const current = pair === undefined ? undefined : readPulumiYamlValue(values[change.field]);
      if (current !== undefined && sameValue(change.field, current.literal, change.live)) continue;
      const rule = liveFields.has(change.field)
        ? liveValueProblem(fix.domain, change.field, change.live)
        : undefined;
      if (rule !== undefined) {
        byHand.push({
          domain: fix.domain,
          field: change.field,
          reason: refusedValue(`${file}:${line}: resource ${name}`, fix.domain, change.field, rule),
        });
        continue;
      }
      const literal = pulumiYamlLiteral(change.live);
      const expression = pair !== undefined && current === undefined;
      const conflict =
        change.field === "privacy" && change.live !== protectedPrivacy && values.password !== undefined;
      if (!liveFields.has(change.field) || expression || conflict) {
        const why = conflict
          ? `privacy is ${JSON.stringify(change.live)} on the server, but the resource gives a password: set privacy and remove password by hand`
          : expression
            ? `${change.field} is an expression: change it to ${inlineValue(literal)} by hand`
            : `${change.field} cannot be written back`;
        byHand.push({
          domain: fix.domain,
          field: change.field,
          reason: `${file}:${line}: resource ${name}: ${why}.`,
        });
        continue;
      }
      if (pair) splice.setValue(pair, literal);
      else splice.addKey(properties, change.field, literal);
      model[change.field] = literal;
      intended.push({ resource: name, field: change.field, value: change.live });
      written.push({
        file,
        domain: fix.domain,
        field: change.field,
        old: current?.literal ?? change.recorded,
        new: change.live,
        ...(pair ? {} : { note: "the default until now: written as a property" }),
      });
    }
  }
  if (written.length === 0) return { text, written, byHand };
  const result = verified(file, splice.result(), expected);
  // And as Pulumi YAML reads it: each value written is the server's, no interpolation in it.
  const program = parseDocument(result).toJS() as typeof expected;
  for (const { resource, field, value } of intended) {
    const read = readPulumiYamlValue(program.resources?.[resource]?.properties?.[field]);
    if (read === undefined || !isDeepStrictEqual(read.literal, value)) {
      throw new FixError(
        `${file}: the rewritten text would not read in Pulumi YAML as the server's ${field} of resource ${resource}, so nothing was written; please report this with the file.`,
      );
    }
  }
  return { text: result, written, byHand };
}

function inlineValue(value: unknown): string {
  return JSON.stringify(value);
}
