#!/usr/bin/env bash
# The action's second step: the pulumi-webstats command of the action's own version (the
# version in package.json at the ref the workflow named in `uses:`). The project's own
# node_modules copy is used when it is that version (after `npm ci`); any other is left alone,
# and the action's version is installed into the runner's temporary folder instead.
# Sets the step output `cli`: the command's path.
set -euo pipefail

version_of() { node -p 'require(require("node:path").resolve(process.argv[1])).version' "$1"; }

version=$(version_of "$GITHUB_ACTION_PATH/package.json")
project=$(cd "${INPUT_WORKING_DIRECTORY:-.}" && pwd)
own="$project/node_modules/pulumi-webstats"
if [[ -f $own/package.json && -x $project/node_modules/.bin/pulumi-webstats ]] &&
  [[ $(version_of "$own/package.json") == "$version" ]]; then
  cli="$project/node_modules/.bin/pulumi-webstats"
  echo "pulumi-webstats $version: the project's own copy ($own)."
else
  prefix="${RUNNER_TEMP:?}/pulumi-webstats-$version"
  echo "pulumi-webstats $version: installing it into $prefix..."
  npm install --no-save --no-audit --no-fund --prefix "$prefix" "pulumi-webstats@$version"
  cli="$prefix/node_modules/.bin/pulumi-webstats"
fi
echo "cli=$cli" >>"$GITHUB_OUTPUT"
