// A stand-in for pulumi that answers `stack ls` and `stack export` from files a test writes
// (stacks.json and stacks/<name>.json or .error beside it), and refuses anything else, for the
// tests that run the Action (test/integration/action/run.test.ts, which runs its bundle, and
// test/integration/action/drift-run.test.ts, which runs action/src in the test's process). It runs on this
// Node.js by its path, so PATH needs nothing but its folder.
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A stack as `pulumi stack ls` lists it, and what `pulumi stack export` answers for it. */
export interface StandInStack {
  name: string;
  export?: string;
  error?: string;
}

const standInScript = (node: string) => `#!${node}
const fs = require("node:fs");
const path = require("node:path");
const args = process.argv.slice(2);
if (args[0] === "stack" && args[1] === "ls") {
  process.stdout.write(fs.readFileSync(path.join(__dirname, "stacks.json")));
} else if (args[0] === "stack" && args[1] === "export") {
  const file = path.join(__dirname, "stacks", encodeURIComponent(args[args.indexOf("--stack") + 1]));
  if (fs.existsSync(file + ".error")) {
    process.stderr.write(fs.readFileSync(file + ".error"));
    process.exit(255);
  }
  process.stdout.write(fs.readFileSync(file + ".json"));
} else {
  process.stderr.write("error: the stand-in does not run pulumi " + args.join(" ") + "\\n");
  process.exit(1);
}
`;

/** Writes the stacks the stand-in in `folder` lists and exports, in place of any before. */
export function setStandInStacks(folder: string, stacks: StandInStack[]): void {
  rmSync(join(folder, "stacks"), { recursive: true, force: true });
  mkdirSync(join(folder, "stacks"));
  writeFileSync(join(folder, "stacks.json"), JSON.stringify(stacks.map(({ name }) => ({ name }))));
  for (const stack of stacks) {
    const file = join(folder, "stacks", encodeURIComponent(stack.name));
    if (stack.export !== undefined) writeFileSync(`${file}.json`, stack.export);
    if (stack.error !== undefined) writeFileSync(`${file}.error`, stack.error);
  }
}

/** Makes the stand-in `pulumi` in `folder` (made if missing), listing `stacks`. */
export function makePulumiStandIn(folder: string, stacks: StandInStack[]): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "pulumi"), standInScript(process.execPath));
  chmodSync(join(folder, "pulumi"), 0o755);
  setStandInStacks(folder, stacks);
}
