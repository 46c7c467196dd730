// CONTRIBUTING.md's "Adding a Website field" held to the code: every file the checklist names
// exists, and each place it names a field in agrees with the two field tables (the API's,
// sdk/website-fields.ts, and the resource's, core/website-fields.ts). At compile time the sdk's
// written-out types and the emulator's records; at run time the emulator's writes and answers,
// the committed schema of the language SDKs and the API reference. A field added in one place
// and not the others fails here, naming the place.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiOnlyOutputs, fieldEntries, recordedOutputs, websiteFields } from "../../../core/website-fields";
import type { FieldName } from "../../../core/website-fields";
import { websitePatchSchema } from "../../../emulator/admin-schemas";
import { cleanRequestInput } from "../../../emulator/request-input";
import type { StoredWebsite, WebsitePatch } from "../../../emulator/types";
import { websiteJson } from "../../../emulator/website-resource";
import type { WebsiteJson } from "../../../emulator/website-resource";
import { applyWebsiteChanges, buildNewWebsite } from "../../../emulator/website-writes";
import type { Privacy, Website, WebsiteCreateInput, WebsiteUpdateInput } from "../../../sdk";
import {
  apiFieldEntries,
  isReturned,
  isSentOn,
  websiteApiFields,
  wireNameOf,
} from "../../../sdk/website-fields";
import type {
  ApiField,
  ApiFieldName,
  ApiFieldValue,
  ReturnedField,
  SentField,
  WireName,
} from "../../../sdk/website-fields";
import { decodeWebsite, encodeCreateForm, encodeUpdateForm } from "../../../sdk/wire";
import { privacyValues } from "../../../sdk/wire-values";

const root = join(__dirname, "..", "..", "..");

// ---- Compile time: a mismatch is a type error in `npm run typecheck`. ----

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;
type AllTrue<T> = T[keyof T] extends true ? true : false;
type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
type WireNames<K extends ApiFieldName> = { [N in K]: WireName<N> }[K];

// The sdk's Website has a property per field answers carry, of the field's type.
type _WebsiteKeys = Assert<Same<keyof Website, ReturnedField>>;
type _WebsiteTypes = Assert<AllTrue<{ [K in ReturnedField]: Same<Website[K], ApiFieldValue<K>> }>>;
// What a create and an update send: a property per field sent, optional but the domain on create.
type _CreateKeys = Assert<Same<keyof WebsiteCreateInput, SentField<"create">>>;
type _CreateTypes = Assert<
  AllTrue<{ [K in SentField<"create">]: Same<NonNullable<WebsiteCreateInput[K]>, ApiFieldValue<K>> }>
>;
type _CreateRequired = Assert<Same<RequiredKeys<WebsiteCreateInput>, "domain">>;
type _UpdateKeys = Assert<Same<keyof WebsiteUpdateInput, SentField<"update">>>;
type _UpdateTypes = Assert<
  AllTrue<{ [K in SentField<"update">]: Same<NonNullable<WebsiteUpdateInput[K]>, ApiFieldValue<K>> }>
>;
type _UpdateOptional = Assert<Same<RequiredKeys<WebsiteUpdateInput>, never>>;
type _PrivacyValues = Assert<Same<Privacy, (typeof privacyValues)[number]>>;
// The emulator's records under the wire names: what it answers, what a person changes in its web
// interface (the fields an update sends), and its row (every field, and the owning account).
type _EmulatorAnswer = Assert<Same<keyof WebsiteJson, WireNames<ReturnedField>>>;
type _EmulatorPatch = Assert<Same<keyof WebsitePatch, WireNames<SentField<"update">>>>;
type _EmulatorRow = Assert<Same<Exclude<keyof StoredWebsite, "account_id">, WireNames<ApiFieldName>>>;

// ---- Run time. ----

/** The checklist: the section's text, from its heading to the next. */
function checklist(): string {
  const text = readFileSync(join(root, "CONTRIBUTING.md"), "utf8");
  const start = text.indexOf("\n## Adding a Website field\n");
  if (start < 0) throw new Error("CONTRIBUTING.md has no section Adding a Website field");
  const end = text.indexOf("\n## ", start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** What the checklist quotes as code: files and folders, names, commands. */
const quoted = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
const isPath = (code: string) => /^[\w.-]+\/[\w./-]*$/.test(code) || /^[\w-]+\.(ts|md|json)$/.test(code);

/** Every field of the API a Website resource shows: an argument, or an output read from it. */
function resourceFieldsOfApi(): Map<ApiFieldName, string> {
  const shown = new Map<ApiFieldName, string>();
  for (const [name, spec] of fieldEntries) if (spec.sentOn) shown.set(name as ApiFieldName, name);
  for (const [output, spec] of Object.entries(apiOnlyOutputs)) shown.set(spec.from, output);
  return shown;
}

/**
 * A value of the field's kind unlike `before` (what the website holds, when answers carry it) and
 * unlike the server's default; `turn` tells a create's text and lists from an update's.
 */
function sampleOf(name: ApiFieldName, field: ApiField, before: unknown, turn: 1 | 2): unknown {
  switch (field.kind) {
    case "text":
      return `${name.toLowerCase()}-${turn}.example.com`;
    case "privacy":
      return privacyValues.find((value) => value !== (before ?? field.default));
    case "flag":
      return !(before ?? field.default ?? false);
    case "lines":
      return turn === 1 ? ["192.0.2.1", "198.51.100.0/24"] : ["203.0.113.7"];
    default:
      throw new Error(`${name}: a ${field.kind} is never sent`);
  }
}

/** A value for every field the request sends, each unlike what `website` holds. */
const samplesFor = (request: "create" | "update", website?: Website) =>
  Object.fromEntries(
    apiFieldEntries
      .filter(([, field]) => isSentOn(field, request))
      .map(([name, field]) => [
        name,
        sampleOf(name, field, (website as Record<string, unknown> | undefined)?.[name], website ? 2 : 1),
      ]),
  );

function decoded(record: WebsiteJson): Website {
  const result = decodeWebsite({ data: record });
  if (!result.ok) throw new Error(result.problem);
  return result.value;
}

describe("the checklist for adding a Website field", () => {
  const text = checklist();

  it("names files and folders that exist, and npm scripts that exist", () => {
    const paths = quoted(text).filter(isPath);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
    const scripts = Object.keys(
      (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: object }).scripts,
    );
    const commands = quoted(text)
      .filter((code) => code.startsWith("npm run "))
      .map((code) => code.slice("npm run ".length));
    expect(commands).toEqual(expect.arrayContaining(["build", "sdks", "reference", "recordings"]));
    expect(commands.filter((command) => !scripts.includes(command))).toEqual([]);
  });

  it("names every place this test and the declarations' test hold", () => {
    const held = [
      "sdk/website-fields.ts",
      "sdk/types.ts",
      "core/website-fields.ts",
      "provider/website.ts",
      "fleet/fleet-format.ts",
      "docs/website.md",
      "emulator/types.ts",
      "emulator/website-resource.ts",
      "emulator/website-writes.ts",
      "emulator/admin-schemas.ts",
      "language-sdks/schema.json",
      "docs/reference/",
      "test/unit/core/website-field-checklist.test.ts",
      "test/unit/core/website-table-drift.test.ts",
    ];
    const named = new Set(quoted(text));
    expect(held.filter((place) => !named.has(place))).toEqual([]);
  });
});

describe("a Website field is in every place the checklist names", () => {
  it("every field of the API is an argument of the resource or an output read from it", () => {
    const shown = resourceFieldsOfApi();
    expect(Object.keys(websiteApiFields).filter((name) => !shown.has(name as ApiFieldName))).toEqual([]);
    // An output reads a field answers carry; an argument the API carries is sent.
    for (const [field, output] of shown) {
      const api: ApiField = websiteApiFields[field];
      if (Object.hasOwn(websiteFields, output)) expect(api.sentOn, output).toBeDefined();
      else expect(isReturned(api), output).toBe(true);
    }
  });

  it("every argument is a field of the API sent by some request, or one of the provider's own", () => {
    const own = fieldEntries.filter(([, spec]) => !spec.sentOn).map(([name]) => name);
    expect(own).toEqual(["adoptExisting", "connection"]);
    for (const [name, spec] of fieldEntries.filter(([, spec]) => spec.sentOn)) {
      expect(spec.sentOn, name).toBe((websiteApiFields[name as ApiFieldName] as ApiField).sentOn);
      expect(!!spec.read, name).toBe(isReturned(websiteApiFields[name as ApiFieldName]));
    }
  });

  it("the emulator answers with every field answers carry, and takes every field an update sends", () => {
    const returned = apiFieldEntries
      .filter(([, field]) => isReturned(field))
      .map(([name]) => wireNameOf(name));
    const row: StoredWebsite = {
      id: 1,
      ...buildNewWebsite({}, "example.com", 1, { nullForOmitted: true }, new Date(0)),
    };
    expect(Object.keys(websiteJson(row)).sort()).toEqual([...returned].sort());
    const updated = apiFieldEntries
      .filter(([, field]) => isSentOn(field, "update"))
      .map(([name]) => wireNameOf(name));
    expect(Object.keys(websitePatchSchema.shape).sort()).toEqual([...updated].sort());
  });

  // What the sdk sends, the emulator stores and answers with, and the sdk reads back: each field
  // a request sends comes back as sent, or, when answers never carry it, is stored as the form
  // said it. Every value differs from what the website held, so a field the emulator ignores fails.
  it.each(["create", "update"] as const)(
    "every field sent on %s round-trips through the emulator",
    (request) => {
      const now = new Date("2026-01-02T03:04:05Z");
      const created = samplesFor("create");
      const createForm = encodeCreateForm(created as unknown as WebsiteCreateInput);
      const input = (form: URLSearchParams) => cleanRequestInput(Object.fromEntries(form));
      let row: StoredWebsite = {
        id: 1,
        ...buildNewWebsite(input(createForm), String(created.domain), 1, { nullForOmitted: true }, now),
      };
      let [sent, form] = [created, createForm];
      if (request === "update") {
        sent = samplesFor("update", decoded(websiteJson(row)));
        form = encodeUpdateForm(sent);
        row = applyWebsiteChanges(row, input(form), now);
      }
      const website = decoded(websiteJson(row)) as unknown as Record<string, unknown>;
      const fields = apiFieldEntries.filter(([, field]) => isSentOn(field, request));
      expect(fields.length).toBeGreaterThan(5);
      for (const [name, field] of fields) {
        if (isReturned(field)) expect(website[name], name).toEqual(sent[name]);
        else expect(row[wireNameOf(name) as keyof StoredWebsite], name).toBe(form.get(wireNameOf(name)));
      }
    },
  );

  it("the committed package schema (language-sdks/schema.json) has every argument and output (npm run sdks)", () => {
    const schema = JSON.parse(readFileSync(join(root, "language-sdks", "schema.json"), "utf8")) as {
      resources: Record<string, { inputProperties: object; properties: object }>;
    };
    const website = schema.resources["webstats:index:Website"]!;
    const argumentNames = fieldEntries.map(([name]) => name);
    expect(Object.keys(website.inputProperties)).toEqual(argumentNames);
    expect(Object.keys(website.properties)).toEqual([
      ...argumentNames,
      ...Object.keys(apiOnlyOutputs),
      ...Object.keys(recordedOutputs),
    ]);
  });

  it("the API reference (docs/reference/) documents every argument and output (npm run reference)", () => {
    const page = readFileSync(join(root, "docs", "reference", "website", "_index.md"), "utf8");
    const names: string[] = [
      ...(Object.keys(websiteFields) as FieldName[]),
      ...Object.keys(apiOnlyOutputs),
      ...Object.keys(recordedOutputs),
    ];
    expect(names.filter((name) => !page.includes(`id="${name.toLowerCase()}_nodejs"`))).toEqual([]);
  });
});
