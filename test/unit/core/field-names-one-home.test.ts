// The Website's fields are named once: at the wire, in the sdk's table (sdk/website-fields.ts),
// each field's name in the client's model and on the wire; for the resource, in the core's table
// (core/website-fields.ts), which takes the API's fields from the sdk's by name. Product code takes
// the names, and what it knows of each field, from those tables (or from a type derived from them,
// which the compiler holds to them), so a second list or a per-field text cannot fall behind. This
// reads every product source and fails on a string literal equal to a field's name, in the
// model's camelCase or the API's snake_case. Literal types are not counted: the compiler holds
// them to the types. The emulator (the server) stands alone and spells its own; generated files,
// tests, examples and schema examples are no product code (examples spell fields as users do).
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { websiteFields } from "../../../core/website-fields";
import { websiteApiFields, wireNameOf } from "../../../sdk/website-fields";
import type { ApiFieldName } from "../../../sdk/website-fields";
import { layers } from "../../support/layers";

const root = join(__dirname, "..", "..", "..");
const tables = ["core/website-fields.ts", "sdk/website-fields.ts"];
// Every layer but the server (emulator), which keeps its own spellings; of the Action its sources.
const productFolders = [
  ...layers.filter((layer) => layer !== "emulator" && layer !== "action"),
  "action/src",
];
const productFiles = ["index.ts", "settings.ts"];

/** Why a file may spell a field's name: every place is listed with its reason. */
const allowed: { file: string; names: string[]; reason: string }[] = [
  // Another thing of the same name: no Website field.
  {
    file: "core/functions.ts",
    names: ["domain", "favorite"],
    reason: "a function's sort key and filter argument",
  },
  { file: "core/glob.ts", names: ["domain"], reason: "the word a glob's message names its subject with" },
  { file: "sdk/retry-policy.ts", names: ["connection"], reason: "a kind of failure a retry follows" },
  {
    file: "sdk/wire-values.ts",
    names: ["password"],
    reason: "the privacy value that goes with a password, one of the privacy kind's values",
  },
  { file: "sdk/wire.ts", names: ["favorite"], reason: "the listing's filter, a query parameter of its own" },
  {
    file: "drift/read/backend/postgres-store.ts",
    names: ["password"],
    reason: "a PostgreSQL connection parameter, the database's password",
  },
  { file: "policy/rules.ts", names: ["email"], reason: "a query parameter name in a rule's example setting" },
  {
    file: "drift/accept/baseline.ts",
    names: ["domain"],
    reason: "a key of the baseline file's entries, a format of its own",
  },
  {
    file: "drift/accept/ignore-file.ts",
    names: ["domain"],
    reason: "a key of the ignore file's rules, a format of its own",
  },
  // A rule between two fields, which the table states field by field.
  {
    file: "core/website-check.ts",
    names: ["password"],
    reason:
      "the failure of the rule that a password goes with privacy password names the argument it refuses",
  },
  {
    file: "core/website-diff.ts",
    names: ["privacy"],
    reason: "a change of privacy sends the password again; `changed` is typed by the table's names",
  },
  {
    file: "drift/fix/fix-text.ts",
    names: ["privacy", "adoptExisting"],
    reason:
      "writing a live privacy back must keep privacy and passwordConfig (or password) together, and sets adoptExisting " +
      "so a fleet entry keeps the server's password",
  },
  {
    file: "fleet/load-fleet.ts",
    names: ["password"],
    reason:
      "a fleet file names the password argument by its passwordConfig key: the one place that maps the two",
  },
  // Checks made before the field table's checks, about one argument.
  {
    file: "core/website-lifecycle.ts",
    names: ["connection", "domain"],
    reason:
      "failures of the connection (no client for it) and of the domain (the plan's room) name their argument",
  },
  {
    file: "core/website-reader.ts",
    names: ["domain"],
    reason:
      "tells a website asked for by its domain from one asked for by its id (`in` between two typed shapes)",
  },
  {
    file: "policy/policy-website.ts",
    names: ["domain", "privacy", "excludeBots", "excludeIps", "excludeParams"],
    reason:
      "the policy's choice of the arguments its rules judge, held to the table's names by `satisfies`; their types " +
      "and which are never returned come from the table",
  },
];

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const fieldNames = new Set([
  ...Object.keys(websiteFields).flatMap((name) => [name, snakeCase(name)]),
  // The id is every record's key word, of accounts and listings as much as of websites.
  ...(Object.keys(websiteApiFields) as ApiFieldName[])
    .filter((name) => name !== "id")
    .flatMap((name) => [name, wireNameOf(name)]),
]);

function sources(): string[] {
  const found = [
    ...productFolders.flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
        .filter((name) => name.endsWith(".ts") && !name.includes("node_modules"))
        .map((name) => `${folder}/${name.split("\\").join("/")}`),
    ),
    ...productFiles,
  ].filter((file) => !tables.includes(file));
  const attributes = execFileSync("git", ["check-attr", "linguist-generated", "--", ...found], {
    cwd: root,
    encoding: "utf8",
  });
  const generated = new Set(
    attributes
      .split("\n")
      .filter((line) => /: linguist-generated: (true|set)$/.test(line))
      .map((line) => line.slice(0, line.indexOf(": linguist-generated"))),
  );
  return found.filter((file) => !generated.has(file)).sort();
}

/** The string literals of a source that equal a field's name, outside type positions, with their lines. */
function fieldLiterals(file: string, text: string): { name: string; line: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { name: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isLiteralTypeNode(node)) return;
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && fieldNames.has(node.text)) {
      found.push({ name: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the Website's field names have one home", () => {
  const files = sources();

  it("reads the product sources, the sdk's included, and not the tables, the emulator or generated files", () => {
    expect(files).toContain("policy/policy-website.ts");
    expect(files).toContain("drift/fix/fix-text.ts");
    expect(files).toContain("sdk/wire.ts");
    for (const table of tables) expect(files).not.toContain(table);
    expect(files).not.toContain("core/schema-example-texts.ts");
    expect(files.filter((file) => /^(emulator|language-sdks|test|examples)\//.test(file))).toEqual([]);
    expect(fieldNames).toContain("exclude_bots");
    expect(fieldNames).toContain("favorited_at");
    expect(fieldLiterals("x.ts", 'const a = "excludeBots"; type B = "excludeBots";')).toEqual([
      { name: "excludeBots", line: 1 },
    ]);
  });

  it("no product file spells a field's name as a string literal, but where listed with a reason", () => {
    const spelled = files.flatMap((file) =>
      fieldLiterals(file, readFileSync(join(root, file), "utf8"))
        .filter(({ name }) => !allowed.some((place) => place.file === file && place.names.includes(name)))
        .map(({ name, line }) => `${file}:${line}: ${JSON.stringify(name)}`),
    );
    expect(
      spelled,
      "take the name from core/website-fields.ts or sdk/website-fields.ts (or list the place with its reason)",
    ).toEqual([]);
  });

  it("lists no place that no longer spells the name", () => {
    const stale = allowed.flatMap(({ file, names }) => {
      const spelled = new Set(
        fieldLiterals(file, readFileSync(join(root, file), "utf8")).map(({ name }) => name),
      );
      return names.filter((name) => !spelled.has(name)).map((name) => `${file}: ${name}`);
    });
    expect(stale).toEqual([]);
  });
});
