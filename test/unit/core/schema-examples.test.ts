// The examples in the package schema: core/schema-example-texts.ts is what schema-examples/
// holds (tools/build/schema-examples.mjs writes it), every resource and function has an example
// and every example folder names one, and each description carries its example in every
// language inside the shortcodes the Registry's page generator reads, the Website's with its
// `## Import` section.
import { describe, expect, it } from "vitest";
import { packageSchema, websiteToken } from "../../../core/package-schema";
import { exampleNames } from "../../../core/schema-examples";
import {
  exampleFiles,
  exampleTextsCurrent,
  readSchemaExamples,
} from "../../../tools/build/schema-examples.mjs";
import { fencedBlocks } from "../../support/sdk-docs";

const schema = packageSchema() as {
  resources: Record<string, { description: string }>;
  functions: Record<string, { description: string }>;
};
const described = Object.entries({ ...schema.resources, ...schema.functions }).map(
  ([token, spec]) => [token.split(":")[2]!, spec.description] as const,
);

describe("the schema's examples", () => {
  it("are compiled in as schema-examples/ holds them (else: npm run sdks)", () => {
    expect(exampleTextsCurrent()).toBe(true);
  });

  it("cover every resource and function, and only those", () => {
    expect(exampleNames().sort()).toEqual(described.map(([name]) => name).sort());
  });

  it.each(described)("%s's description carries its example in every language", (name, description) => {
    const example = readSchemaExamples()[name]!;
    const shortcodes =
      /\{\{% examples %\}\}\n## Example Usage\n\n\{\{% example %\}\}\n### (.+)\n\n[\s\S]*\{\{% \/example %\}\}\n\{\{% \/examples %\}\}/;
    expect(description).toMatch(shortcodes);
    expect(shortcodes.exec(description)![1]).toBe(example.title);
    for (const language of Object.keys(exampleFiles) as (keyof typeof exampleFiles)[]) {
      expect(fencedBlocks(description, language), language).toEqual([example[language]]);
    }
  });

  it("gives the Website an Import section with the import command", () => {
    const description = schema.resources[websiteToken]!.description;
    const [, importSection] = description.split("\n\n## Import\n\n");
    expect(importSection).toBeDefined();
    expect(fencedBlocks(importSection!, "sh")).toEqual([`$ pulumi import ${websiteToken} blog 42\n`]);
    // The page generator splits the import section off at its heading: nothing may follow it.
    expect(importSection).not.toContain("\n## ");
  });
});
