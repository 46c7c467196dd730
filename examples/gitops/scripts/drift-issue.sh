#!/usr/bin/env bash
# Runs the drift report and keeps one GitHub issue in step with it:
#   drift found, no open issue   -> opens one (label webstats-drift) with the report
#   drift found, issue open      -> puts the latest report in its description, and comments
#                                   when the findings differ from the previous run's
#   in sync, issue open          -> closes it with a comment
#   the report failed (exit 1)   -> leaves the issue alone and fails the job
# The open issue is the signal, so the job stays green while drift lasts: a red run means the
# check itself could not run. The report also goes to the job's summary page.
#
# Usage: bash scripts/drift-issue.sh DRIFT-OPTIONS...   (e.g. --stack prod)
# Needs: npx pulumi-webstats (npm ci), gh with GH_TOKEN (issues: write), bash 4.
# Settings: DRIFT_ISSUE_LABEL (default webstats-drift), DRIFT_ISSUE_TITLE.
set -euo pipefail

label=${DRIFT_ISSUE_LABEL:-webstats-drift}
title=${DRIFT_ISSUE_TITLE:-Websites differ from what the stacks recorded}
# GitHub refuses an issue body over 65,536 characters; the summary page keeps the whole report.
max_report_bytes=60000

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

set +e
npx pulumi-webstats drift "$@" --format markdown >"$work/report.md"
code=$?
set -e
if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
  cat "$work/report.md" >>"$GITHUB_STEP_SUMMARY"
fi
if [[ $code -ne 0 && $code -ne 2 ]]; then
  echo "drift-issue: the drift report failed (exit $code); the issue is left as it is." >&2
  exit "$code"
fi

# The run's page, when run by GitHub Actions: each issue text links to it.
run="this check"
if [[ -n ${GITHUB_RUN_ID:-} ]]; then
  run="[run ${GITHUB_RUN_ID}](${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID})"
fi
today=$(date -u +%Y-%m-%d)

# Only the findings table, so that a new date or count elsewhere is not news.
findings() { sed -n '/^| Status | Domain /,$p'; }

existing=$(gh issue list --label "$label" --state open --json number --jq '.[].number' | head -n 1)

if [[ $code -eq 0 ]]; then
  if [[ -n $existing ]]; then
    gh issue close "$existing" --reason completed \
      --comment "Back in sync on ${today} (${run}): every website is as its stack recorded."
    echo "drift-issue: in sync; closed issue #${existing}."
  else
    echo "drift-issue: in sync; no open issue."
  fi
  exit 0
fi

# Drift: the description holds the latest report, cut to GitHub's limit when it must be.
{
  echo "<!-- kept up to date by scripts/drift-issue.sh: it closes this issue when back in sync -->"
  echo "Last checked on ${today} by ${run}. Put the declared settings back with \`pulumi up\`,"
  echo "or keep the live ones by changing the code; this issue closes itself once in sync."
  echo
  if [[ $(wc -c <"$work/report.md") -le $max_report_bytes ]]; then
    cat "$work/report.md"
  else
    head -c "$max_report_bytes" "$work/report.md" | sed '$d'
    echo
    echo "_The report is cut here: the whole report is on the run's summary page._"
  fi
} >"$work/body.md"

if [[ -z $existing ]]; then
  gh label create "$label" --color D93F0B --force \
    --description "Websites that differ from their stacks (scripts/drift-issue.sh)"
  gh issue create --title "$title" --label "$label" --body-file "$work/body.md"
  echo "drift-issue: drift found; opened an issue."
  exit 0
fi

gh issue view "$existing" --json body --jq '.body' >"$work/previous.md"
gh issue edit "$existing" --body-file "$work/body.md"
if [[ "$(findings <"$work/previous.md")" != "$(findings <"$work/body.md")" ]]; then
  gh issue comment "$existing" \
    --body "The drift changed on ${today} (${run}): the description has the new report."
  echo "drift-issue: the drift changed; updated issue #${existing} and commented."
else
  echo "drift-issue: the same drift; updated issue #${existing}."
fi
