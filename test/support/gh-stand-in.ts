// A stand-in for the GitHub CLI (`gh`), for the scripts of examples/gitops: GitHub cannot be
// reached from the test machines. It is an executable put first on PATH that records every call
// (its arguments, and the text of --body or --body-file) and answers from a small state of
// issues, labels and pull requests kept in a JSON file, as GitHub would for the calls the
// scripts make. What it does not know it refuses (exit 1), so a script that starts making
// another call fails its test instead of passing on a made-up answer.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface GhCall {
  /** The words after `gh`, e.g. ["issue", "list", "--label", "webstats-drift", ...]. */
  args: string[];
  /** The text given with --body or --body-file (`-`: standard input), when there is one. */
  body?: string;
}

export interface GhIssue {
  number: number;
  title: string;
  labels: string[];
  body: string;
  state: "open" | "closed";
  comments: string[];
}

export interface GhPullRequest {
  number: number;
  title: string;
  head: string;
  base: string;
  body: string;
  state: "open" | "closed";
  comments: string[];
}

export interface GhState {
  labels: string[];
  issues: GhIssue[];
  pulls: GhPullRequest[];
}

export interface GhStandIn {
  /** The folder holding the `gh` executable: put it first on PATH. */
  binDir: string;
  /** The variables that tell the executable where its state and its record of calls are. */
  env: Record<string, string>;
  calls(): GhCall[];
  state(): GhState;
  /** Forgets the calls recorded so far (the state stays). */
  clearCalls(): void;
}

// The executable. Numbers are shared by issues and pull requests, as on GitHub. `--jq` takes the
// two forms of jq the scripts use, `.[].FIELD` on a list and `.FIELD` on one item, and prints
// strings raw as gh does.
const program = String.raw`#!/usr/bin/env node
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const [stateFile, callsFile] = [process.env.GH_STAND_IN_STATE, process.env.GH_STAND_IN_CALLS];
const args = process.argv.slice(2);
const state = JSON.parse(fs.readFileSync(stateFile, "utf8"));
const switches = new Set(["--force", "--delete-branch"]);
const flags = {};
const words = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (!arg.startsWith("--")) words.push(arg);
  else if (arg.includes("=")) flags[arg.slice(2, arg.indexOf("="))] = arg.slice(arg.indexOf("=") + 1);
  else if (switches.has(arg)) flags[arg.slice(2)] = true;
  else flags[arg.slice(2)] = args[++i];
}
const fail = (message) => {
  process.stderr.write("gh stand-in: " + message + "\n");
  process.exit(1);
};
let body;
if (flags["body-file"] !== undefined) {
  body = fs.readFileSync(flags["body-file"] === "-" ? 0 : flags["body-file"], "utf8");
} else if (flags.body !== undefined) body = flags.body;
fs.appendFileSync(callsFile, JSON.stringify(body === undefined ? { args } : { args, body }) + "\n");
const save = () => fs.writeFileSync(stateFile, JSON.stringify(state, null, 2));
const nextNumber = () => 1 + Math.max(0, ...state.issues.map((i) => i.number), ...state.pulls.map((p) => p.number));
const url = (kind, number) => "https://github.com/example/fleet/" + kind + "/" + number;
const print = (value) => {
  const jq = flags.jq;
  if (jq === undefined) return process.stdout.write(JSON.stringify(value) + "\n");
  const each = /^\.\[\]\.(\w+)$/.exec(jq);
  const one = /^\.(\w+)$/.exec(jq);
  const results = each && Array.isArray(value) ? value.map((v) => v[each[1]]) : one ? [value[one[1]]] : fail("jq " + jq + " is not answered");
  for (const r of results) process.stdout.write((typeof r === "string" ? r : JSON.stringify(r)) + "\n");
};
const only = (item, fields) => {
  const wanted = String(fields ?? "").split(",").filter(Boolean);
  if (wanted.length === 0) fail("a --json list of fields is needed");
  return Object.fromEntries(wanted.map((f) => (f in item ? [f, item[f]] : fail("no field " + f))));
};
const find = (list, number, kind) => list.find((x) => x.number === Number(number)) ?? fail(kind + " " + number + " not found");
const [noun, verb, target] = words;
const command = noun + " " + verb;
if (command === "label create") {
  if (state.labels.includes(target) && !flags.force) fail("label " + target + " already exists");
  if (!state.labels.includes(target)) state.labels.push(target);
} else if (command === "issue list") {
  const issues = state.issues.filter((i) => (flags.state ?? "open") === i.state && (!flags.label || i.labels.includes(flags.label)));
  print(issues.map((i) => only(i, flags.json)));
} else if (command === "issue create") {
  const labels = flags.label ? [flags.label] : [];
  for (const l of labels) if (!state.labels.includes(l)) fail("could not add label: '" + l + "' not found");
  const number = nextNumber();
  state.issues.push({ number, title: flags.title, labels, body: body ?? "", state: "open", comments: [] });
  console.log(url("issues", number));
} else if (command === "issue view") {
  print(only(find(state.issues, target, "issue"), flags.json));
} else if (command === "issue edit") {
  find(state.issues, target, "issue").body = body;
} else if (command === "issue comment") {
  find(state.issues, target, "issue").comments.push(body);
} else if (command === "issue close") {
  const issue = find(state.issues, target, "issue");
  issue.state = "closed";
  if (flags.comment) issue.comments.push(flags.comment);
} else if (command === "pr list") {
  const pulls = state.pulls.filter((p) => (flags.state ?? "open") === p.state && (!flags.head || p.head === flags.head));
  print(pulls.map((p) => only(p, flags.json)));
} else if (command === "pr create") {
  // As GitHub: the head branch must have been pushed, and one open pull request per branch pair.
  try {
    execFileSync("git", ["ls-remote", "--exit-code", "origin", "refs/heads/" + flags.head], { stdio: "ignore" });
  } catch {
    fail("head branch " + flags.head + " is not on origin");
  }
  if (state.pulls.some((p) => p.state === "open" && p.head === flags.head && p.base === flags.base))
    fail("a pull request for branch " + flags.head + " into branch " + flags.base + " already exists");
  const number = nextNumber();
  state.pulls.push({ number, title: flags.title, head: flags.head, base: flags.base, body: body ?? "", state: "open", comments: [] });
  console.log(url("pull", number));
} else if (command === "pr edit") {
  find(state.pulls, target, "pull request").body = body;
} else if (command === "pr close") {
  const pull = find(state.pulls, target, "pull request");
  pull.state = "closed";
  if (flags.comment) pull.comments.push(flags.comment);
} else {
  fail("gh " + command + " is not answered");
}
save();
`;

/** Writes the stand-in into DIR/bin, with an empty state (or the one given). */
export function installGhStandIn(dir: string, initial: Partial<GhState> = {}): GhStandIn {
  const binDir = join(dir, "bin");
  mkdirSync(binDir, { recursive: true });
  const stateFile = join(dir, "gh-state.json");
  const callsFile = join(dir, "gh-calls.jsonl");
  writeFileSync(join(binDir, "gh"), program);
  chmodSync(join(binDir, "gh"), 0o755);
  writeFileSync(stateFile, JSON.stringify({ labels: [], issues: [], pulls: [], ...initial }));
  writeFileSync(callsFile, "");
  return {
    binDir,
    env: { GH_STAND_IN_STATE: stateFile, GH_STAND_IN_CALLS: callsFile },
    calls: () =>
      readFileSync(callsFile, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as GhCall),
    state: () => JSON.parse(readFileSync(stateFile, "utf8")) as GhState,
    clearCalls: () => writeFileSync(callsFile, ""),
  };
}
