#!/usr/bin/env bash
# Writes the live settings of drifted websites into the fleet files (`pulumi-webstats drift
# --fix code`) and proposes them in one pull request, from the branch webstats/drift-fix:
#   files changed, no open pull request  -> pushes the branch and opens the pull request
#   files changed, pull request open     -> pushes the branch again when its content differs,
#                                           and puts the latest report in the description
#   nothing to change, pull request open -> closes it and deletes the branch: the code and the
#                                           websites agree again (merged, or put back by `up`)
#   nothing to change, none open         -> does nothing
# The branch belongs to this script: each run rebuilds it from the checked-out branch, so a
# commit added to it by hand is replaced on the next run (review, then merge or close).
#
# Usage: bash scripts/fix-pr.sh DRIFT-OPTIONS...   (e.g. --stack prod --adopt-unmanaged)
# Needs: a clean checkout of the base branch with a remote `origin` it may push to,
# npx pulumi-webstats (npm ci), gh with GH_TOKEN (contents: write, pull-requests: write).
# Settings: FIX_PR_BRANCH (default webstats/drift-fix), FIX_PR_TITLE.
set -euo pipefail

branch=${FIX_PR_BRANCH:-webstats/drift-fix}
title=${FIX_PR_TITLE:-Website settings changed outside the code, written into the fleet files}
# The commit's author when git has none configured, as on a GitHub runner.
export GIT_AUTHOR_NAME=${GIT_AUTHOR_NAME:-github-actions[bot]}
export GIT_AUTHOR_EMAIL=${GIT_AUTHOR_EMAIL:-41898282+github-actions[bot]@users.noreply.github.com}
export GIT_COMMITTER_NAME=${GIT_COMMITTER_NAME:-$GIT_AUTHOR_NAME}
export GIT_COMMITTER_EMAIL=${GIT_COMMITTER_EMAIL:-$GIT_AUTHOR_EMAIL}

base=$(git rev-parse --abbrev-ref HEAD)
if [[ $base == HEAD || $base == "$branch" ]]; then
  echo "fix-pr: check out the base branch first (now: $base)." >&2
  exit 1
fi
# Whatever is changed afterwards is the command's doing, and only that goes into the commit.
if ! git diff --quiet HEAD --; then
  echo "fix-pr: the checkout has local changes; run this on a clean checkout of $base." >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

set +e
npx pulumi-webstats drift "$@" --fix code --format markdown >"$work/report.md"
code=$?
set -e
cat "$work/report.md"
if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
  cat "$work/report.md" >>"$GITHUB_STEP_SUMMARY"
fi
# 0: written, or nothing to write; 2: written what could be, drift remains that code cannot fix.
if [[ $code -ne 0 && $code -ne 2 ]]; then
  echo "fix-pr: drift --fix code failed (exit $code); nothing is pushed." >&2
  exit "$code"
fi

existing=$(gh pr list --head "$branch" --state open --json number --jq '.[].number' | head -n 1)
run="this run"
if [[ -n ${GITHUB_RUN_ID:-} ]]; then
  run="[run ${GITHUB_RUN_ID}](${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID})"
fi

if [[ -z $(git status --porcelain --untracked-files=no) ]]; then
  if [[ -n $existing ]]; then
    gh pr close "$existing" --comment "Nothing to write any more (${run}): the fleet files on $base match the websites."
    git push --quiet origin --delete "$branch"
    echo "fix-pr: nothing to change; closed pull request #${existing}."
  else
    echo "fix-pr: nothing to change."
  fi
  exit 0
fi

{
  echo "<!-- kept up to date by scripts/fix-pr.sh from the branch $branch -->"
  echo "\`pulumi-webstats drift --fix code\` wrote the websites' live settings into the fleet files"
  echo "(${run}). Merge to keep them: the next \`pulumi up\` then changes nothing on the server."
  echo "Close to keep the code's settings instead, and put them back with \`pulumi up\`."
  if [[ $code -eq 2 ]]; then
    echo
    echo "Some drift is left that the fleet files cannot take: see the end of the summary below."
  fi
  echo
  cat "$work/report.md"
} >"$work/body.md"

git switch --quiet -C "$branch"
git add --update
git commit --quiet -m "$title" -m "Written by pulumi-webstats drift --fix code (scripts/fix-pr.sh)."
if remote=$(git ls-remote --exit-code --heads origin "$branch" | cut -f 1); then
  git fetch --quiet origin "$remote"
  if [[ $(git rev-parse "$remote^{tree}") == $(git rev-parse "HEAD^{tree}") ]]; then
    echo "fix-pr: the branch $branch already holds these changes."
  else
    git push --quiet --force-with-lease="refs/heads/$branch:$remote" origin "HEAD:refs/heads/$branch"
  fi
else
  git push --quiet origin "HEAD:refs/heads/$branch"
fi
git switch --quiet "$base"

if [[ -n $existing ]]; then
  gh pr edit "$existing" --body-file "$work/body.md"
  echo "fix-pr: updated pull request #${existing}."
else
  gh pr create --base "$base" --head "$branch" --title "$title" --body-file "$work/body.md"
  echo "fix-pr: opened a pull request from $branch."
fi
