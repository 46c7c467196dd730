// The Action's entry (action/src/main.ts): the run given the process's environment and its two
// streams, the code it resolves with set as the process's exit code, and a run that throws
// reported as one error annotation with exit code 1. The run itself stands in here (it is
// test/integration/action/drift-run.test.ts).
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CommandConsole } from "../../../core/console";

const run = vi.hoisted(() => ({
  act: (_env: Record<string, string | undefined>, _log: CommandConsole): Promise<number> =>
    Promise.resolve(0),
}));
vi.mock("../../../action/src/drift-action", () => ({
  runDriftAction: (env: Record<string, string | undefined>, log: CommandConsole) => run.act(env, log),
}));

/** Runs main.ts afresh; resolves once it has set the exit code, with what it wrote. */
async function main(): Promise<{ exitCode: unknown; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    process.exitCode = undefined;
    vi.resetModules();
    await import("../../../action/src/main");
    await vi.waitFor(() => expect(process.exitCode).not.toBeUndefined());
    return { exitCode: process.exitCode, stdout, stderr };
  } finally {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  }
}

afterEach(() => {
  process.exitCode = undefined;
});

describe("the Action's entry", () => {
  it("runs with the process's environment and streams, and exits with the run's code", async () => {
    let given: unknown;
    run.act = (env, log) => {
      given = env;
      log.out("to standard output\n");
      log.err("to standard error\n");
      return Promise.resolve(2);
    };
    const result = await main();
    expect(given).toBe(process.env);
    expect(result).toEqual({ exitCode: 2, stdout: "to standard output\n", stderr: "to standard error\n" });
  });

  it.each([
    [new Error("the step's output file cannot be written"), "the step's output file cannot be written"],
    ["not an Error", "not an Error"],
  ])("reports a run that throws %j as an error annotation, exit code 1", async (thrown, message) => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a non-Error is one case
    run.act = () => Promise.reject(thrown);
    expect(await main()).toEqual({
      exitCode: 1,
      stdout: `::error title=pulumi-webstats action::${message}\n`,
      stderr: "",
    });
  });
});
