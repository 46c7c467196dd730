// The Action's entry (action.yml: `runs.main`, bundled into action/dist/index.js by
// tools/build/bundle-action.mjs): the runner's own Node.js runs it in the workspace, with the
// inputs as INPUT_* variables and GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and RUNNER_TEMP set. The
// run is drift-action.ts.
import { runDriftAction } from "./drift-action";
import { errorAnnotation } from "./annotation";
import { exitCodes } from "../../core/exit-codes";

runDriftAction(process.env, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stdout.write(
      errorAnnotation("pulumi-webstats action", error instanceof Error ? error.message : String(error)),
    );
    process.exitCode = exitCodes.error;
  },
);
