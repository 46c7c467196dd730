"""Runs one Pulumi operation on a Python program through the Automation API.

The program (a file written as for `pulumi up`) runs as an inline program inside this process:
the engine talks to this process's own language server, so Pulumi's Python language host
(`pulumi-language-python`), which cannot be built here, is not needed.

Usage: python automation.py REQUEST RESULT. REQUEST is a JSON file (see `main`); one JSON object
is written to RESULT (see `result_of`). The engine's output goes to stderr as it comes.
"""

import json
import os
import runpy
import sys

from pulumi import automation as auto


def open_stack(request):
    """Creates or selects the stack, offline: a local backend, the given CLI and PULUMI_HOME."""
    program_file = request["programFile"]

    def program():
        # Run as `pulumi up` runs a program file: top to bottom, as the main module.
        runpy.run_path(program_file, run_name="__main__")

    settings = auto.ProjectSettings(
        name=request["project"],
        runtime="python",
        backend=auto.ProjectBackend(url=request["backendUrl"]),
    )
    options = auto.LocalWorkspaceOptions(
        work_dir=request["workDir"],
        pulumi_home=request["pulumiHome"],
        project_settings=settings,
        secrets_provider="passphrase",
        # The Automation API looks for ROOT/bin/pulumi.
        pulumi_command=auto.PulumiCommand(root=os.path.dirname(request["cliDir"])),
        env_vars={
            "PULUMI_CONFIG_PASSPHRASE": request["passphrase"],
            "PULUMI_SKIP_UPDATE_CHECK": "true",
            "PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION": "true",
            # Only the plugin installed in PULUMI_HOME, never one found on PATH.
            "PULUMI_IGNORE_AMBIENT_PLUGINS": "true",
        },
    )
    stack = auto.create_or_select_stack(
        stack_name=request["stack"],
        project_name=request["project"],
        program=program,
        opts=options,
    )
    config = {
        key: auto.ConfigValue(value=entry["value"], secret=entry.get("secret", False))
        for key, entry in request.get("config", {}).items()
    }
    if config:
        stack.set_all_config(config)
    return stack


def plain_outputs(outputs):
    """The stack's outputs by name; a secret one keeps only its secretness, never its value."""
    return {
        name: {"secret": True} if output.secret else {"value": output.value, "secret": False}
        for name, output in outputs.items()
    }


def run(request):
    stack = open_stack(request)
    operation = request["operation"]
    def echo(line):
        print(line, file=sys.stderr, flush=True)

    common = {"color": "never", "on_output": echo, "on_error": echo}
    expect_no_changes = request.get("expectNoChanges", False)
    if operation == "up" and request.get("previewFirst", False):
        # `pulumi up` previews first and stops when the preview fails; the Automation API's up
        # passes --skip-preview, which this takes out again.
        command = stack.workspace.pulumi_command
        run_command = command.run

        def previewing(args, *rest, **named):
            return run_command([arg for arg in args if arg != "--skip-preview"], *rest, **named)

        command.run = previewing
    if operation == "up":
        # show_secrets=False: the summary would otherwise carry the stack's secret configuration
        # in clear (it is read back with --show-secrets).
        up = stack.up(expect_no_changes=expect_no_changes, show_secrets=False, **common)
        return {"summary": up.summary.resource_changes, "outputs": plain_outputs(up.outputs)}
    if operation == "preview":
        preview = stack.preview(
            expect_no_changes=expect_no_changes, refresh=request.get("refresh", False), **common
        )
        return {"changeSummary": preview.change_summary}
    if operation == "refresh":
        refresh = stack.refresh(show_secrets=False, **common)
        return {"summary": refresh.summary.resource_changes}
    if operation == "destroy":
        destroy = stack.destroy(show_secrets=False, **common)
        return {"summary": destroy.summary.resource_changes}
    raise ValueError(f"unknown operation {operation!r}: use up, preview, refresh or destroy")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: automation.py REQUEST RESULT")
    request_file, result_file = sys.argv[1:]
    with open(request_file, encoding="utf-8") as file:
        request = json.load(file)
    try:
        result = {"ok": True, **run(request)}
    except Exception as error:  # reported to the caller, which shows it with the engine's output
        result = {"ok": False, "error": str(error)}
    with open(result_file, "w", encoding="utf-8") as file:
        json.dump(result, file)
    if not result["ok"]:
        print(result["error"], file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
