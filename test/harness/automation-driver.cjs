// Runs one Pulumi operation on a program inside a Pulumi project folder; used by the
// engine tests and the demo.
//
// It lives in the project folder, so `@pulumi/pulumi` and `pulumi-webstats` resolve from
// that project's node_modules, where the packed package is installed as a user's would
// be. The program is an Automation API inline program (the module at `programPath`
// exports the program function): the engine then talks to this process's own language
// server, which is why no separate Node.js language host binary is needed.
//
// Usage: node driver.cjs <request.json> <result.json>   one operation, then exit
//        node driver.cjs --serve                         one operation per line of standard
//   input ({"requestFile", "resultFile"}), each answered on standard output by the operation's
//   output, then OPERATION_DONE: a stack's later operations skip Node.js's start, loading the
//   Automation API, `pulumi version` and `pulumi stack select`, about a second each.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { execFile } = require("node:child_process");
const readline = require("node:readline");
const { LocalWorkspace, PulumiCommand } = require("@pulumi/pulumi/automation");

async function inlineStack(request, options) {
  const programPath = path.resolve(request.workDir, request.programFile);
  const program = async () => {
    // Load the program afresh on every run so a test can change it between operations.
    delete require.cache[require.resolve(programPath)];
    const loaded = require(programPath);
    // As with `pulumi up`: an exported function is the program; otherwise the module's
    // exports are the stack outputs.
    return typeof loaded === "function" ? loaded() : { ...loaded };
  };
  return LocalWorkspace.createOrSelectStack(
    { stackName: request.stackName, projectName: request.projectName, program },
    {
      ...options,
      projectSettings: {
        name: request.projectName,
        runtime: "nodejs",
        backend: { url: request.backendUrl },
      },
    },
  );
}

/**
 * Marks the end of an operation's output in --serve mode. The output may hold a NUL of its own:
 * the harness (DriverSession in program-project.mjs) passes it on, and holds back only text that
 * could be the start of this mark until the next chunk completes it or shows it is not.
 */
const OPERATION_DONE = "\u0000operation-done\u0000";

/**
 * The stack a request names, with the CLI that runs it. A served driver keeps it for the
 * requests after (the harness starts another driver when the stack or the environment changes).
 */
async function openStack(request) {
  const pulumiCommand = await PulumiCommand.get({ root: path.dirname(request.binDir) });
  const options = {
    workDir: request.workDir,
    pulumiHome: request.pulumiHome,
    pulumiCommand,
    envVars: request.envVars,
  };
  // Without a program file, the project folder's Pulumi.yaml is the program (a Pulumi YAML
  // project, run by the YAML language host); otherwise the module is an inline program.
  const stack = request.programFile
    ? await inlineStack(request, options)
    : await LocalWorkspace.createOrSelectStack(
        { stackName: request.stackName, workDir: request.workDir },
        options,
      );
  return { stack, pulumiCommand };
}

async function runOperation(request, resultFile, { stack, pulumiCommand }) {
  if (request.config && Object.keys(request.config).length > 0) {
    await stack.setAllConfig(request.config);
  }

  const onOutput = (text) => process.stdout.write(text);
  // Policy packs run by the engine during preview and up (--policy-pack, --policy-pack-config).
  const policies = request.policyPacks
    ? { policyPacks: request.policyPacks, policyPackConfigs: request.policyPackConfigs }
    : {};
  const common = { onOutput, color: "never" };
  // The operation alone, without the workspace set-up above, is what `pulumi up` in a project
  // folder would take; the bench reports it.
  const operationStartedAt = Date.now();
  let result;
  switch (request.op) {
    case "up":
      if (request.previewFirst) {
        // `pulumi up` previews first and stops when the preview fails; the Automation API's up
        // passes --skip-preview, which this takes out again (for this operation only).
        const run = pulumiCommand.run.bind(pulumiCommand);
        const previewing = (args) => args.filter((arg) => arg !== "--skip-preview");
        pulumiCommand.run = (args, ...rest) => run(previewing(args), ...rest);
      }
      try {
        result = await stack.up({
          ...common,
          ...policies,
          expectNoChanges: request.expectNoChanges,
          diff: request.diff,
          refresh: request.refresh,
          replace: request.replace,
        });
      } finally {
        delete pulumiCommand.run;
      }
      result = { summary: result.summary, outputs: result.outputs };
      break;
    case "preview":
      result = await stack.preview({
        ...common,
        ...policies,
        expectNoChanges: request.expectNoChanges,
        refresh: request.refresh,
        diff: request.diff,
      });
      result = { changeSummary: result.changeSummary };
      break;
    case "refresh":
      result = await stack.refresh({
        ...common,
        expectNoChanges: request.expectNoChanges,
        clearPendingCreates: request.clearPendingCreates,
      });
      result = { summary: result.summary };
      break;
    case "cancel":
      // Clears the lock a killed operation left behind.
      await stack.cancel();
      result = {};
      break;
    case "import": {
      // `pulumi import` as a user types it, by type, name and id or with --file; the CLI
      // writes the program code for what it imported, in the project's language.
      const codeFile = path.join(path.dirname(resultFile), `import-${path.basename(resultFile)}.code`);
      const args = ["import", ...request.importArgs, "--yes", "--protect=false", "--non-interactive"];
      args.push("--stack", request.stackName, "--out", codeFile, "--color", "never");
      const output = await new Promise((resolve, reject) =>
        execFile(
          path.join(request.binDir, "pulumi"),
          args,
          { cwd: request.workDir },
          (error, stdout, stderr) => {
            process.stdout.write(stdout + stderr);
            if (error) reject(new Error(`pulumi import failed: ${stderr || error.message}`));
            else resolve(stdout);
          },
        ),
      );
      result = {
        importOutput: output,
        generatedCode: fs.existsSync(codeFile) ? fs.readFileSync(codeFile, "utf8") : "",
      };
      break;
    }
    case "destroy":
      result = await stack.destroy({ ...common });
      result = { summary: result.summary };
      break;
    default:
      throw new Error(`unknown operation ${request.op}`);
  }
  const timing = { operationStartedAt, operationEndedAt: Date.now() };
  fs.writeFileSync(resultFile, JSON.stringify({ ok: true, ...result, timing }));
}

function failed(resultFile, error) {
  const message = error && error.stack ? String(error.stack) : String(error);
  fs.writeFileSync(resultFile, JSON.stringify({ ok: false, error: message }));
  process.stderr.write(`${message}\n`);
}

async function runOnce() {
  const [requestFile, resultFile] = process.argv.slice(2);
  try {
    const request = JSON.parse(fs.readFileSync(requestFile, "utf8"));
    await runOperation(request, resultFile, await openStack(request));
  } catch (error) {
    failed(resultFile, error);
    process.exitCode = 1;
  }
}

async function serve() {
  // One ordered stream: what is written to standard error comes before the end mark too.
  process.stderr.write = process.stdout.write.bind(process.stdout);
  let opened;
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (line.trim() === "") continue;
    const { requestFile, resultFile } = JSON.parse(line);
    try {
      const request = JSON.parse(fs.readFileSync(requestFile, "utf8"));
      opened ??= await openStack(request);
      await runOperation(request, resultFile, opened);
    } catch (error) {
      failed(resultFile, error);
    }
    process.stdout.write(OPERATION_DONE);
  }
}

if (process.argv[2] === "--serve") serve();
else runOnce();
