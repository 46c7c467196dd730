// Every text transform of drift's outputs (and of the Action's, and the SDK's quoting of bodies)
// takes time in proportion to its input, proven without a clock:
// - every regular expression in those modules, found in their source by the TypeScript parser
//   (literals, and `RegExp(...)` of a string literal: any other `RegExp` call fails the test), is
//   judged by recheck's automaton checker, which decides from the expression's automaton whether
//   some input makes a backtracking matcher take more than linear steps (an ambiguity that
//   repeats): each must be "safe" by that checker, a proof rather than the fuzzer's search;
// - the scans written by hand for what no safe expression says count their steps
//   (referenceSpans: test/unit/drift/model/reference-spans.test.ts, apart from this file because mutation runs
//   leave this one out), or read each character a bounded number of times (their comments say how);
// - each transform is run on 1 MB adversarial values (long runs of the characters each expression
//   or scan turns on), in a worker thread: a transform of quadratic cost would not end (10^11
//   steps and more), and the worker is ended and the test failed once a time limit passes, there
//   only to catch that hang. Outputs are held to a size linear in the input.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { check } from "recheck";
import ts from "typescript";
import { Worker } from "node:worker_threads";
import { buildSync } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adversarialValues, linearTransforms, MB } from "../../../support/linear-transforms";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
/** How long a transform of 1 MB may run: only to catch a hang (a quadratic one runs for hours). */
const HANG = 60_000;

// ---- Every regular expression, judged ----

/** The modules that render a value in some output, and the SDK's quoting of bodies. */
const renderingModules = [
  "drift/model/neutral-text.ts",
  "drift/model/page-quote.ts",
  "drift/compare/page-html.ts",
  "drift/compare/page-check.ts",
  ...readdirSync(`${root}drift/report`, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => `drift/report/${f}`),
  ...readdirSync(`${root}action/src`)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => `action/src/${f}`),
  "sdk/redact.ts",
  "sdk/escaped-spellings.ts",
  "sdk/response-errors.ts",
  "sdk/transport.ts",
];

interface FoundExpression {
  where: string;
  source: string;
  flags: string;
}

/** The regular expressions of a TypeScript file: its literals and its `RegExp(...)` calls. */
function expressionsOf(file: string): FoundExpression[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(`${root}${file}`, "utf8"),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: FoundExpression[] = [];
  const where = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      const text = node.text;
      const slash = text.lastIndexOf("/");
      found.push({ where: where(node), source: text.slice(1, slash), flags: text.slice(slash + 1) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "RegExp"
    ) {
      const [pattern, flags] = node.arguments ?? [];
      if (!pattern || !ts.isStringLiteralLike(pattern) || (flags && !ts.isStringLiteralLike(flags)))
        throw new Error(
          `${where(node)}: a RegExp built from anything but string literals cannot be judged here`,
        );
      found.push({ where: where(node), source: pattern.text, flags: flags?.text ?? "" });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const expressions = renderingModules.flatMap(expressionsOf);

describe("every regular expression of the rendering modules", () => {
  it("is found: the modules hold expressions, and the extraction reads them", () => {
    expect(expressions.length).toBeGreaterThan(20);
    expect(expressions.map((e) => e.source)).toContain("##([A-Za-z]*)\\[");
  });

  it.each(expressions.map((e): [string, FoundExpression] => [`${e.where} /${e.source}/${e.flags}`, e]))(
    "%s: linear, by recheck's automaton checker",
    async (_name, { source, flags }) => {
      const diagnostics = await check(source, flags, { checker: "automaton", timeout: 60_000 });
      expect({ status: diagnostics.status, checker: diagnostics.checker }).toEqual({
        status: "safe",
        checker: "automaton",
      });
    },
    HANG,
  );

  it.each([
    // The expressions the second pass replaced: the checker finds their cost.
    ["(?:[\\w.-]+/)?[\\w.-]*#\\d+", "gi"],
    ["\\/+$", ""],
  ])("finds the quadratic cost of /%s/%s, which the reports used before", async (source, flags) => {
    const diagnostics = await check(source, flags, { checker: "automaton", timeout: 60_000 });
    expect(diagnostics).toMatchObject({ status: "vulnerable", complexity: { type: "polynomial" } });
  });
});

// ---- Each transform on 1 MB adversarial values ----

/**
 * The transforms of test/support/linear-transforms.ts, bundled into a worker thread: a transform
 * of quadratic cost blocks the thread it runs in for hours, and only another thread can end it.
 * Resolves with the length of what the transform wrote, or rejects once `hangMs` has passed.
 */
class TransformWorker {
  private worker: Worker | undefined;
  private readonly code: string;

  constructor() {
    const bundle = buildSync({
      entryPoints: [`${root}test/support/linear-transforms.ts`],
      bundle: true,
      platform: "node",
      format: "iife",
      globalName: "linear",
      write: false,
      logLevel: "silent",
    }).outputFiles[0]!.text;
    this.code =
      `${bundle}\nrequire("node:worker_threads").parentPort.on("message", ({ transform, value }) => {\n` +
      `  const [run] = linear.linearTransforms[transform];\n` +
      `  const text = linear.adversarialValues[value]();\n` +
      `  require("node:worker_threads").parentPort.postMessage({ input: text.length, output: run(text).length });\n` +
      `});\n`;
  }

  run(transform: string, value: string, hangMs: number): Promise<{ input: number; output: number }> {
    const worker = (this.worker ??= new Worker(this.code, { eval: true }));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.worker = undefined;
        void worker.terminate();
        reject(new Error(`${transform} of ${value} did not end within ${hangMs} ms: it hangs`));
      }, hangMs);
      worker.once("message", (result: { input: number; output: number }) => {
        clearTimeout(timer);
        resolve(result);
      });
      worker.once("error", (error) => {
        clearTimeout(timer);
        this.worker = undefined;
        reject(error);
      });
      worker.postMessage({ transform, value });
    }).finally(() => worker.removeAllListeners("message").removeAllListeners("error")) as Promise<{
      input: number;
      output: number;
    }>;
  }

  close = async () => {
    await this.worker?.terminate();
  };
}

describe("each transform, on 1 MB adversarial values", () => {
  let worker: TransformWorker;
  beforeAll(() => {
    worker = new TransformWorker();
  });
  afterAll(() => worker.close());

  const cases = Object.entries(linearTransforms).flatMap(([transform, [, perCharacter]]) =>
    Object.keys(adversarialValues).map((value): [string, string, number] => [transform, value, perCharacter]),
  );
  it.each(cases)(
    "%s of 1 MB of %s ends, writing a size linear in it",
    async (transform, value, perCharacter) => {
      const { input, output } = await worker.run(transform, value, HANG);
      expect(input).toBeGreaterThanOrEqual(MB - 12);
      expect(output).toBeGreaterThan(0);
      expect(output).toBeLessThanOrEqual(perCharacter * input + 100_000);
    },
    HANG + 10_000,
  );
});
