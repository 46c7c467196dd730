// Everything that lists the Website's fields by hand is held to the field table
// (core/website-fields.ts): at compile time, the TypeScript declarations and the fleet
// settings; at run time, their doc comments and the README's argument table. A field added to
// the table and forgotten anywhere fails here (or fails to compile) until it is added there too.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  apiOnlyOutputs,
  fieldEntries,
  privacyValues,
  recordedOutputs,
  schemaRefs,
} from "../../../core/website-fields";
import type {
  FieldName,
  FieldSpec,
  PlainSetting,
  SchemaType,
  ValueOf,
  websiteFields,
} from "../../../core/website-fields";
import type { z } from "zod";
import type { FleetSettings } from "../../../fleet/fleet-format";
import { settingKeys } from "../../../fleet/fleet-format";
import { connectionSettingNames, settingEntries } from "../../../core/settings";
import { configureRows, networkRows, networkSettings } from "../../../core/settings-tables";
import type { Website, WebsiteArgs } from "../../../provider/website";
import { docTable } from "../../support/docs";

// ---- Compile time: a mismatch is a type error in `npm run typecheck`. ----

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;
type AllTrue<T> = T[keyof T] extends true ? true : false;
type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
type RequiredFields = {
  [K in FieldName]: WebsiteFields[K] extends { required: string } ? K : never;
}[FieldName];
type WebsiteFields = typeof websiteFields;
type ApiOnly = typeof apiOnlyOutputs;
type Recorded = typeof recordedOutputs;

// A connection's keys and types are held to the settings table in test/unit/package/connection-types.test.ts.

// WebsiteArgs has exactly the table's arguments, the same required ones, and their value types.
type _ArgumentNames = Assert<Same<keyof WebsiteArgs, FieldName>>;
type _RequiredArguments = Assert<Same<RequiredKeys<WebsiteArgs>, RequiredFields>>;
type _ArgumentTypes = Assert<
  AllTrue<{ [K in FieldName]: Same<NonNullable<pulumi.Unwrap<WebsiteArgs[K]>>, ValueOf<K>> }>
>;
// Website declares an output for every argument, every API-only and every recorded output, of the same type.
type OutputType<T> = T extends pulumi.Output<infer U> ? NonNullable<U> : never;
type _ArgumentOutputs = Assert<AllTrue<{ [K in FieldName]: Same<OutputType<Website[K]>, ValueOf<K>> }>>;
type _ApiOutputs = Assert<
  AllTrue<{ [K in keyof ApiOnly]: Same<OutputType<Website[K]>, NonNullable<z.output<ApiOnly[K]["value"]>>> }>
>;
type _RecordedOutputs = Assert<
  AllTrue<{
    [K in keyof Recorded]: Same<OutputType<Website[K]>, NonNullable<z.output<Recorded[K]["value"]>>>;
  }>
>;
// FleetSettings has one property per key a fleet file carries, of the argument's type, plus
// passwordConfig and protect (a resource option, not a Website argument).
type _FleetKeys = Assert<Same<Exclude<keyof FleetSettings, "passwordConfig" | "protect">, PlainSetting>>;
type _FleetTypes = Assert<AllTrue<{ [K in PlainSetting]: Same<NonNullable<FleetSettings[K]>, ValueOf<K>> }>>;

// ---- Run time: the words users read. ----

const whitespace = (text: string) => text.replace(/\s+/g, " ").trim();

/** Doc comments of the members of an interface or class declared in a source file. */
function memberDocs(file: string, declaration: string): Map<string, string> {
  const path = join(__dirname, "..", "..", "..", file);
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.ES2022, true);
  const docs = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if ((ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node)) && node.name?.text === declaration) {
      for (const member of node.members) {
        if (!member.name || !ts.isIdentifier(member.name)) continue;
        const text = ts
          .getJSDocCommentsAndTags(member)
          .filter(ts.isJSDoc)
          .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? "")
          .join(" ");
        docs.set(member.name.text, whitespace(text));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (docs.size === 0) throw new Error(`${file} declares no ${declaration}`);
  return docs;
}

/** Doc comments of the properties of an object literal assigned to a constant in a source file. */
function entryDocs(file: string, constant: string): Map<string, string> {
  const path = join(__dirname, "..", "..", "..", file);
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.ES2022, true);
  const docs = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === constant) {
      const literal = node.initializer;
      if (literal && ts.isObjectLiteralExpression(literal)) {
        for (const property of literal.properties) {
          if (!property.name || !ts.isIdentifier(property.name)) continue;
          const text = ts
            .getJSDocCommentsAndTags(property)
            .filter(ts.isJSDoc)
            .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? "")
            .join(" ");
          docs.set(property.name.text, whitespace(text));
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (docs.size === 0) throw new Error(`${file} declares no ${constant}`);
  return docs;
}

/** How the Website page writes a field's type. */
function documentedType(schema: SchemaType, secret: boolean): string {
  const plain = (type: SchemaType): string => {
    if ("$ref" in type) {
      if (type.$ref === schemaRefs.privacy) return privacyValues.map((v) => `"${v}"`).join(" | ");
      if (type.$ref === schemaRefs.connection) {
        return `{ ${connectionSettingNames.map((name) => `${name}?`).join(", ")} }`;
      }
      throw new Error(`no README form for ${type.$ref}`);
    }
    return type.type === "array" ? `${plain(type.items)}[]` : type.type;
  };
  return `\`${plain(schema)}\`${secret ? " (secret)" : ""}`;
}

/** How the README writes a field's default. */
function documentedDefault(spec: FieldSpec<z.ZodType>): string {
  if (spec.required) return "required";
  if (spec.defaultText) return spec.defaultText;
  if (spec.default !== undefined) return `\`${JSON.stringify(spec.default)}\``;
  return "unmanaged";
}

describe("the Website's declarations and documentation follow the field table", () => {
  it("WebsiteArgs documents each argument with the table's description", () => {
    const docs = memberDocs("provider/website.ts", "WebsiteArgs");
    expect([...docs.keys()]).toEqual(fieldEntries.map(([name]) => name));
    for (const [name, spec] of fieldEntries) expect(docs.get(name), name).toBe(whitespace(spec.description));
  });

  it("Website documents each output with the table's description", () => {
    const docs = memberDocs("provider/website.ts", "Website");
    const described: [string, { description: string }][] = [
      ...fieldEntries,
      ...Object.entries(apiOnlyOutputs),
      ...Object.entries(recordedOutputs),
    ];
    for (const [name, spec] of described) expect(docs.get(name), name).toBe(whitespace(spec.description));
  });

  it("the README's argument table has one row per argument: type, default and the table's description", () => {
    const rows = docTable("docs/website.md", "## Arguments");
    expect(rows.map(([name]) => name)).toEqual(fieldEntries.map(([name]) => `\`${name}\``));
    for (const [name, spec] of fieldEntries) {
      const row = rows.find(([cell]) => cell === `\`${name}\``)!;
      expect(row.slice(1), name).toEqual([
        documentedType(spec.schema, !!spec.secret),
        documentedDefault(spec),
        whitespace(spec.description),
      ]);
    }
  });

  it("the README's output table lists the outputs that are no arguments", () => {
    const rows = docTable("docs/website.md", "## Outputs");
    const names = rows.flatMap(([cell]) => cell!.split(",").map((name) => name.trim().replace(/`/g, "")));
    expect(names).toEqual([...Object.keys(apiOnlyOutputs), ...Object.keys(recordedOutputs)]);
  });

  it("the README's settings tables are the ones the settings table gives (npm run readme:settings)", () => {
    expect(docTable("docs/accounts.md", "## Settings")).toEqual(configureRows());
    expect(docTable("docs/networks.md", "# Networks: proxies, certificates, plain HTTP")).toEqual(
      networkRows(),
    );
    // Every setting a connection may carry but the installation and key is in the Networks table.
    expect(connectionSettingNames.filter((name) => name !== "baseUrl" && name !== "apiKey")).toEqual(
      networkSettings,
    );
  });

  it("each setting's doc comment, which editors show for a connection's setting, is its description", () => {
    const docs = entryDocs("core/setting-specs.ts", "settingSpecs");
    expect([...docs.keys()]).toEqual(settingEntries.map(([name]) => name));
    for (const [name, spec] of settingEntries)
      expect(docs.get(name), name).toBe(whitespace(spec.description));
  });

  it("a fleet file takes every argument but the domain and the secret ones, in the table's order", () => {
    expect(settingKeys).toEqual(
      fieldEntries.filter(([, spec]) => !spec.required && !spec.secret).map(([name]) => name),
    );
  });
});
