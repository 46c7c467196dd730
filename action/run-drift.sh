#!/usr/bin/env bash
# The action's third step: `pulumi-webstats drift` with the inputs (checked by check-inputs.sh),
# every report written to the output folder, the Markdown report (and, with fix, the summary of
# what was fixed) appended to the job summary, the exit code, the counts and the reports' paths
# set as step outputs. Fails with exit code 1, or 2 when drift is found and fail-on-drift is true.
set -uo pipefail
set -f # stack names and globs are words here, never file names

words() { tr ', \t' '\n\n\n' <<<"$1" | sed '/^$/d'; }

dir=${INPUT_OUTPUT_DIR:-"${RUNNER_TEMP:?}/pulumi-webstats-drift"}
mkdir -p "$dir" && dir=$(cd "$dir" && pwd) || exit 1

args=(drift --cwd "${INPUT_WORKING_DIRECTORY:-.}")
if [[ ${INPUT_STACKS:-all} == all ]]; then
  args+=(--all)
  [[ ${INPUT_BACKEND_WIDE:-false} == true ]] && args+=(--backend-wide)
  while read -r glob; do args+=(--stack-filter "$glob"); done < <(words "${INPUT_STACK_FILTER:-}")
else
  while read -r stack; do args+=(--stack "$stack"); done < <(words "$INPUT_STACKS")
fi
[[ -n ${INPUT_FAIL_ON:-} ]] && args+=(--fail-on "$(words "$INPUT_FAIL_ON" | paste -sd, -)")
[[ -n ${INPUT_BASELINE:-} ]] && args+=(--baseline "$INPUT_BASELINE")
[[ -n ${INPUT_IGNORE:-} ]] && args+=(--ignore "$INPUT_IGNORE")

# The JSON report gives the counts and the Markdown one the job summary: both are always written.
declare -A extension=([text]=txt [json]=json [markdown]=md [sarif]=sarif [junit]=xml)
declare -A written=()
for format in json markdown $(words "${INPUT_FORMATS:-markdown}"); do
  [[ -n ${written[$format]:-} ]] && continue
  written[$format]="$dir/drift.${extension[$format]}"
  args+=(--format "$format" --output "${written[$format]}")
done

fix=${INPUT_FIX:-none}
fix_summary=""
case $fix in
  code) args+=(--fix code --format markdown) ;;
  # Choosing fix "cloud" in a workflow is the confirmation: nobody is there to answer.
  cloud) args+=(--fix cloud --yes --format markdown) ;;
esac

echo "pulumi-webstats ${args[*]}"
if [[ $fix == none ]]; then
  "$WEBSTATS_CLI" "${args[@]}"
  code=$?
else
  fix_summary="$dir/fix.md"
  "$WEBSTATS_CLI" "${args[@]}" >"$fix_summary"
  code=$?
  cat "$fix_summary"
fi

{
  echo "exit-code=$code"
  for format in "${!written[@]}"; do
    [[ -f ${written[$format]} ]] && echo "report-$format=${written[$format]}"
  done
  [[ -n $fix_summary ]] && echo "fix-summary=$fix_summary"
  if [[ -f ${written[json]} ]]; then
    node -e '
      const { summary } = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
      for (const status of ["in-sync", "changed", "gone", "unmanaged", "duplicate"])
        console.log(`${status}=${summary[status] ?? 0}`);
    ' "${written[json]}"
  fi
} >>"$GITHUB_OUTPUT"

if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
  [[ -f ${written[markdown]} ]] && cat "${written[markdown]}" >>"$GITHUB_STEP_SUMMARY"
  [[ -n $fix_summary && -s $fix_summary ]] && { echo; cat "$fix_summary"; } >>"$GITHUB_STEP_SUMMARY"
fi

if [[ $code -eq 2 && ${INPUT_FAIL_ON_DRIFT:-true} == false ]]; then
  echo "Drift found (exit code 2); fail-on-drift is false: the step passes."
  exit 0
fi
exit "$code"
