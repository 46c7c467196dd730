#!/usr/bin/env bash
# The action's first step: every input with a fixed set of values is checked before anything is
# installed, read or changed. A wrong one is named with the values it takes, as an error
# annotation on the run's page, and the step fails. Inputs come in as INPUT_* variables.
set -euo pipefail
set -f # stack names and globs are words here, never file names

problems=0
refuse() {
  # A value pasted into the message stays on one line: the runner's escapes for a command's data.
  local message=${1//'%'/'%25'}
  message=${message//$'\r'/'%0D'}
  message=${message//$'\n'/'%0A'}
  echo "::error title=pulumi-webstats action::$message"
  problems=$((problems + 1))
}

# A space-, comma- or newline-separated list, one word a line.
words() { tr ', \t' '\n\n\n' <<<"$1" | sed '/^$/d'; }

check_choice() { # NAME VALUE CHOICES...
  local name=$1 value=$2
  shift 2
  local choice
  for choice in "$@"; do [[ $value == "$choice" ]] && return 0; done
  refuse "input $name is \"$value\": it takes $(sed 's/ /, /g' <<<"$*")."
}

check_choice fix "${INPUT_FIX:-none}" none code cloud
check_choice backend-wide "${INPUT_BACKEND_WIDE:-false}" true false
check_choice fail-on-drift "${INPUT_FAIL_ON_DRIFT:-true}" true false

stacks=${INPUT_STACKS:-all}
if [[ $stacks != all ]]; then
  while read -r stack; do
    [[ $stack =~ ^[A-Za-z0-9_./-]+$ ]] ||
      refuse "input stacks names \"$stack\", which is not a stack name: give \"all\" or stack names (letters, digits, _ . - /)."
  done < <(words "$stacks")
  [[ -n $(words "$stacks") ]] || refuse 'input stacks is empty: give "all" or stack names.'
  [[ -z ${INPUT_STACK_FILTER:-} ]] || refuse 'input stack-filter narrows stacks "all": set stacks to all, or name the stacks.'
  [[ ${INPUT_BACKEND_WIDE:-false} != true ]] || refuse 'input backend-wide goes with stacks "all".'
fi
if [[ ${INPUT_FIX:-none} == cloud && ${INPUT_BACKEND_WIDE:-false} == true ]]; then
  refuse 'input fix is "cloud" with backend-wide "true": putting websites back runs pulumi up in each stack'"'"'s project folder, which backend-wide does not know.'
fi

while read -r format; do
  check_choice formats "$format" text json markdown sarif junit
done < <(words "${INPUT_FORMATS:-markdown}")

fail_on=${INPUT_FAIL_ON:-}
if [[ -n $fail_on && $fail_on != none ]]; then
  while read -r status; do
    check_choice fail-on "$status" changed gone unmanaged duplicate
  done < <(words "$fail_on")
fi

if [[ $problems -gt 0 ]]; then
  echo "pulumi-webstats action: $problems wrong input(s); nothing was read or changed." >&2
  exit 1
fi
