// drift's --fix cloud and --yes on the command line: what they parse to, and each wrong
// combination refused with the option named, before anything is read.
import { describe, expect, it } from "vitest";
import { runCli } from "../../../cli/run";
import { parsedOptions } from "../../support/run-cli";
import { UsageError } from "../../../cli/usage-error";

const optionsOf = parsedOptions;

const refusal = (argv: string[]): string => {
  try {
    optionsOf(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`${argv.join(" ")} was accepted`);
};

describe("drift --fix cloud: the command line", () => {
  it("asks before applying unless --yes is given, and prints its summary in the format asked", () => {
    expect(optionsOf(["drift", "--stack", "prod", "--fix", "cloud"])).toMatchObject({
      fixCloud: { summary: "text", yes: false },
    });
    expect(
      optionsOf(["drift", "--stack", "prod", "--fix", "cloud", "--yes", "--format", "json"]),
    ).toMatchObject({
      fixCloud: { summary: "json", yes: true },
    });
    expect(optionsOf(["drift", "--all", "--fix", "cloud", "--yes"])).toMatchObject({
      fixCloud: { yes: true },
      all: { backendWide: false },
    });
  });

  it("names the fixes it takes when --fix names another", () => {
    expect(refusal(["drift", "--stack", "prod", "--fix", "server"])).toMatch(
      /--fix takes code .* or cloud \(the declared values put back on the server with pulumi up\)/,
    );
  });

  it("refuses --yes without --fix cloud", () => {
    expect(refusal(["drift", "--stack", "prod", "--yes"])).toMatch(/--yes goes with --fix cloud/);
    expect(refusal(["drift", "--stack", "prod", "--fix", "code", "--yes"])).toMatch(
      /--yes goes with --fix cloud/,
    );
  });

  it("refuses the options of --fix code with --fix cloud", () => {
    expect(refusal(["drift", "--stack", "prod", "--fix", "cloud", "--adopt-unmanaged"])).toMatch(
      /--adopt-unmanaged goes with --fix code/,
    );
    expect(refusal(["drift", "--stack", "prod", "--fix", "cloud", "--force"])).toMatch(
      /--force goes with --fix code/,
    );
  });

  it("refuses a state file, which names no stack for pulumi up", () => {
    expect(refusal(["drift", "--cwd", ".", "--state", "prod.json", "--fix", "cloud", "--yes"])).toMatch(
      /--fix cloud .* --state prod\.json names no stack: give --stack NAME/,
    );
  });

  it("refuses --backend-wide, whose stacks' project folders are not known", () => {
    expect(refusal(["drift", "--all", "--backend-wide", "--fix", "cloud", "--yes"])).toMatch(
      /--fix cloud runs pulumi up in each stack's project folder, which --backend-wide does not know/,
    );
  });

  it("prints its summary as text, markdown or json only", () => {
    expect(refusal(["drift", "--stack", "prod", "--fix", "cloud", "--format", "sarif"])).toMatch(
      /--fix cloud prints what it did as text, markdown or json/,
    );
  });

  it("refuses to run without --yes when standard input is not a terminal, before reading any stack", async () => {
    let err = "";
    // The folder does not exist: a run that read the stack would fail there instead.
    const argv = ["drift", "--cwd", "/nonexistent/project", "--stack", "prod", "--fix", "cloud"];
    const code = await runCli(argv, {}, { out: () => {}, err: (t) => (err += t) });
    expect(code).toBe(1);
    expect(err).toBe(
      "drift --fix cloud changes websites on the server with pulumi up, and standard input is not a terminal " +
        "to confirm the plan: give --yes to apply it without asking (nothing was read or changed).\n",
    );
  });
});
