// A resource's or function's description as the Pulumi Registry's page generator and the SDK
// generators read it: its text, then its example in the `{{% examples %}}` shortcodes with a code
// fence per language (each SDK keeps its own language's in its doc comments), and for the
// resource an `## Import` section. The examples are the programs of schema-examples/<name>/,
// compiled in through schema-example-texts.ts (tools/build/schema-examples.mjs says why).
import { schemaExampleTexts } from "./schema-example-texts";
import type { SchemaExample } from "./schema-example-texts";

/** The code fences' languages, in the order the pages show them. */
const fenceLanguages = [
  "typescript",
  "python",
  "go",
  "java",
  "yaml",
] as const satisfies readonly (keyof SchemaExample)[];

function fence(language: string, text: string): string {
  return `\`\`\`${language}\n${text.endsWith("\n") ? text : `${text}\n`}\`\`\`\n`;
}

function examplesSection(example: SchemaExample): string {
  return [
    "{{% examples %}}\n",
    "## Example Usage\n\n",
    "{{% example %}}\n",
    `### ${example.title}\n\n`,
    ...fenceLanguages.map((language) => fence(language, example[language])),
    "{{% /example %}}\n",
    "{{% /examples %}}",
  ].join("");
}

/**
 * `description` followed by the example of `name` (a resource's or function's name, as its
 * folder under schema-examples/ is called) and, when given, the `## Import` section's text.
 * A name without an example keeps its description alone (test/unit/core/schema-examples.test.ts
 * requires one for every resource and function).
 */
export function describedWithExamples(name: string, description: string, importText?: string): string {
  const example = Object.hasOwn(schemaExampleTexts, name) ? schemaExampleTexts[name] : undefined;
  const parts = [description];
  if (example) parts.push(examplesSection(example));
  if (importText !== undefined) parts.push(`## Import\n\n${importText}`);
  return parts.join("\n\n");
}

/** The names that have an example: the folders of schema-examples/. */
export const exampleNames = (): string[] => Object.keys(schemaExampleTexts);
