// Types for tools/ensure-python.mjs, used by the tests.
export interface FoundPython {
  /** The command found on PATH (`python3` or `python`). */
  command: string;
  /** The interpreter's own path (`sys.executable`). */
  executable: string;
  /** Its full version (`sys.version`). */
  version: string;
}
export const pythonToolsDir: string;
export const requirementsFile: string;
/** The Python 3.9+ on PATH, or undefined. */
export function findPython(): FoundPython | undefined;
/** The cache key of the virtual environment: a hash of the requirements and the interpreter. */
export function pythonEnvKey(python: FoundPython, requirements?: string | Buffer): string;
export function ensurePythonEnv(options?: { quiet?: boolean }): {
  python: string;
  dir: string;
  source: "cache" | "build";
};
/** Installs language-sdks/python into `target` with the environment's pip; put it on PYTHONPATH. */
export function installPythonSdk(python: string, target: string): void;
