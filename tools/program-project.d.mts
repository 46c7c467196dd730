// Types for tools/program-project.mjs, used by the engine tests.
/** `npm pack` of this package into packDir (with `build`, through its prepack build); the tarball's path. */
export function packPackage(packDir: string, options?: { build?: boolean }): string;
export function prepareProjectTemplate(root: string): string;
export function createProjectFromTemplate(templateDir: string, workDir: string, nodeModules?: string): void;
export function compileProgram(source: string): string;
export function offlineEnvironment(dirs: {
  binDir: string;
  pluginDir: string;
  pulumiHome: string;
}): Record<string, string>;
export interface DriverResult {
  ok: boolean;
  error?: string;
  output: string;
  [key: string]: unknown;
}
export function runDriver(options: {
  workDir: string;
  request: Record<string, unknown>;
  requestFile: string;
  resultFile: string;
  env: Record<string, string>;
  timeoutMs: number;
  onOutput?: (text: string) => void;
  /** Receives a function that SIGKILLs the driver, the CLI and the provider together. */
  onStart?: (killAll: () => void, killEngine: () => void) => void;
}): Promise<DriverResult>;
/** Processes whose environment names this PULUMI_HOME: the CLI of a stack and the plugins it started. */
export function processesOfStack(pulumiHome: string): number[];
