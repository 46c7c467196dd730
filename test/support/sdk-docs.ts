// What the README and docs/ say about the language SDKs, read the way the tests compare it with
// the schema and the generated SDKs: the minimum versions each SDK declares, the stack settings
// an example program reads, and the `pulumi config set` lines that create them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { packageSchema } from "../../core/package-schema";
import { languageSdksDir } from "../../tools/sdks/language-sdks.mjs";

interface PropertySpec {
  type?: string;
  description?: string;
  secret?: boolean;
  defaultInfo?: { environment: string[] };
}

/** The parts of the package schema these tests read. */
export const schema = packageSchema() as {
  displayName: string;
  config: { variables: Record<string, PropertySpec> };
  provider: { inputProperties: Record<string, PropertySpec> };
  resources: Record<string, { inputProperties: Record<string, PropertySpec> }>;
  functions: Record<string, unknown>;
};

/** What each generated SDK declares it needs, read from its own manifest. */
export function sdkMinimums(): {
  nodejs: { pulumi: string };
  python: { python: string; pulumi: string };
  go: { go: string; pulumi: string };
} {
  const nodejs = JSON.parse(readFileSync(join(languageSdksDir, "nodejs", "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const caret = /^\^(\d+\.\d+\.\d+)$/.exec(nodejs.dependencies["@pulumi/pulumi"] ?? "");
  const pyproject = readFileSync(join(languageSdksDir, "python", "pyproject.toml"), "utf8");
  const python = /requires-python = ">=([\d.]+)"/.exec(pyproject);
  const pulumiPython = /"pulumi>=([\d.]+),<4\.0\.0"/.exec(pyproject);
  const goMod = readFileSync(join(languageSdksDir, "go", "go.mod"), "utf8");
  const go = /^go (\d+\.\d+)/m.exec(goMod);
  const pulumiGo = /^require github\.com\/pulumi\/pulumi\/sdk\/v3 v([\d.]+)$/m.exec(goMod);
  // A manifest written another way must be read anew, not guessed at.
  if (!caret || !python || !pulumiPython || !go || !pulumiGo) {
    throw new Error("a language SDK's manifest no longer states its minimum versions as expected");
  }
  return {
    nodejs: { pulumi: caret[1]! },
    python: { python: python[1]!, pulumi: pulumiPython[1]! },
    go: { go: go[1]!, pulumi: pulumiGo[1]! },
  };
}

/** The `pulumi config set` lines of a block: each key, and whether it is set as a secret. */
export function configSetLines(block: string): Map<string, boolean> {
  const set = new Map<string, boolean>();
  for (const match of block.matchAll(/^pulumi config set (--secret )?(\S+)/gm))
    set.set(match[2]!, !!match[1]);
  return set;
}

/** The stack settings a TypeScript, Python or Go program reads, each with whether it reads a secret. */
export function configReads(source: string): Map<string, boolean> {
  const reads = new Map<string, boolean>();
  // config.require("x"), config.requireSecret("x"), config.require_secret("x"), cfg.RequireSecret("x") ...
  for (const match of source.matchAll(
    /\.(require|get|Require|Get)(_secret|Secret)?[A-Za-z_]*\("([^"]+)"\)/g,
  )) {
    reads.set(match[3]!, !!match[2]);
  }
  return reads;
}

/**
 * The stack settings a Pulumi YAML program reads: each `${name}` that is no resource or variable
 * of the program, secret when the program declares it so or the property it fills is a secret
 * of the schema.
 */
export function yamlConfigReads(source: string): Map<string, boolean> {
  const program = parse(source) as {
    config?: Record<string, { secret?: boolean }>;
    resources?: Record<string, { type: string; properties?: Record<string, unknown> }>;
    variables?: Record<string, unknown>;
  };
  const declared = new Set([
    ...Object.keys(program.resources ?? {}),
    ...Object.keys(program.variables ?? {}),
  ]);
  const reads = new Map<string, boolean>();
  for (const resource of Object.values(program.resources ?? {})) {
    const properties =
      resource.type === "pulumi:providers:webstats"
        ? schema.provider.inputProperties
        : (schema.resources[resource.type]?.inputProperties ?? {});
    for (const [property, value] of Object.entries(resource.properties ?? {})) {
      const reference = typeof value === "string" ? /^\$\{(\w+)\}$/.exec(value)?.[1] : undefined;
      if (!reference || declared.has(reference)) continue;
      reads.set(
        reference,
        properties[property]?.secret === true || program.config?.[reference]?.secret === true,
      );
    }
  }
  return reads;
}

/** What every example needs besides its own keys: the default provider's account. */
export function defaultProviderSettings(): Map<string, boolean> {
  return new Map(
    ["baseUrl", "apiKey"].map((name) => [`webstats:${name}`, schema.config.variables[name]?.secret === true]),
  );
}

/** The fenced blocks of a Markdown text in one language, in order. */
export function fencedBlocks(markdown: string, language: string): string[] {
  return [...markdown.matchAll(new RegExp(`^( *)\`\`\`${language}\\n([\\s\\S]*?)^\\1\`\`\``, "gm"))].map(
    (match) => match[2]!,
  );
}

/** The constants of the Java SDK's `Privacy` enum, as Java code names them: `Public_`... */
export function javaPrivacyConstants(): string[] {
  const source = readFileSync(
    join(
      languageSdksDir,
      "java",
      "src",
      "main",
      "java",
      "io",
      "github",
      "pulumiwebstats",
      "webstats",
      "enums",
      "Privacy.java",
    ),
    "utf8",
  );
  return [...source.matchAll(/^\s+(\w+)\("[^"]*"\)[,;]/gm)].map((match) => match[1]!);
}

/**
 * The calls in a Java example of a function's Output form (`WebstatsFunctions.getX(...)`) whose
 * arguments read an output of a resource the example declares, but that pass no
 * `InvokeOutputOptions`: such a call looks the resource up at once, and fails a first preview.
 */
export function javaLookupsThatDoNotWait(source: string): string[] {
  const resources = [...source.matchAll(/\bvar (\w+) = new \w+\(/g)].map((match) => match[1]!);
  const calls: string[] = [];
  for (const match of source.matchAll(/WebstatsFunctions\.get\w+(?<!Plain)\(/g)) {
    // The call's text up to its closing parenthesis.
    let depth = 0;
    let end = match.index + match[0].length - 1;
    for (; end < source.length; end++) {
      if (source[end] === "(") depth++;
      else if (source[end] === ")" && --depth === 0) break;
    }
    const call = source.slice(match.index, end + 1);
    const readsResource = resources.some((name) => new RegExp(`\\b${name}\\.\\w+\\(\\)`).test(call));
    if (readsResource && !call.includes("InvokeOutputOptions")) calls.push(call);
  }
  return calls;
}
