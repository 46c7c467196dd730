// @ts-check
// Whether a tool's module is the script node was started with (`node tools/x/y.mjs ...`) rather
// than imported by another tool or a test: a tool runs its command line only then.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * @param {string} moduleUrl the module's own `import.meta.url`
 * @returns {boolean}
 */
export function invokedDirectly(moduleUrl) {
  const script = process.argv[1];
  return script !== undefined && script !== "" && resolve(script) === fileURLToPath(moduleUrl);
}
