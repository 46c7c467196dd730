// Every command's --help against its docs page and its code: the help lists the command's options
// a line each (exactly those of its option table) and ends with its docs page; every option the
// help names is on that page, and every option the page documents for the command is in the help
// and the table; every docs page, #anchor and "the X section" a help text (or the header generate
// writes into websites.yaml) names exists, anchors read with GitHub's slug rules; the defaults and
// bounds the help states (from the code's constants) are the ones the page states; drift's exit
// codes are the ones the run (and --fix code, --fix cloud) returns, and the help and docs/drift-reference.md
// say the same of them; every command's help and docs page state its exit codes from the one
// table (core/exit-codes.ts, said by cli/exit-codes.ts), and a wrong command line exits with the same code in every command.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import GithubSlugger from "github-slugger";
import { describe, expect, it } from "vitest";
import { commands } from "../../../cli/run";
import type { CliCommand } from "../../../cli/command";
import { exitCodes, USAGE_EXIT_CODE } from "../../../core/exit-codes";
import { ERROR_MEANING, exitCodeHelp } from "../../../cli/exit-codes";
import { commonOptions } from "../../../cli/parse-line";
import { exitCodeOf } from "../../../drift/report/report-run";
import { runFix } from "../../../drift/fix/fix-run";
import { runCloudFix } from "../../../drift/fix/fix-cloud";
import type { DriftReport, PolicyCheck } from "../../../drift/model/report";
import { fleetFile, fleetFormatDocs } from "../../../generate/fleet-program";
import { markdownIt } from "../../support/markdown-it";
import { entry, liveWebsite } from "../../support/drift-entries";
import { runCaptured } from "../../support/run-cli";

const root = join(__dirname, "..", "..", "..");
const read = (file: string) => readFileSync(join(root, file), "utf8");

/** The options a help text or a docs page names: `--name`, without its value. */
const optionNames = (text: string): string[] => [
  ...new Set([...text.matchAll(/(?<![\w-])--([a-z][a-z0-9-]*[a-z0-9])/g)].map((m) => m[1]!)),
];

/** The options a help text lists a line each: `  --name VALUE  words`, `  -h, --help  words`. */
const listedOptions = (help: string): string[] => [
  ...new Set([...help.matchAll(/^ {2}(?:-[a-z], )?--([a-z][a-z0-9-]*)/gm)].map((m) => m[1]!)),
];

type Token = { type: string; tag: string; content: string; info: string; children: Token[] | null };
const parse = (text: string) => markdownIt.parse(text, {}) as unknown as Token[];

/** A heading's text as GitHub renders it (code spans without their backticks). */
const headingText = (inline: Token): string =>
  (inline.children ?? [])
    .filter((c) => c.type === "text" || c.type === "code_inline")
    .map((c) => c.content)
    .join("");

/** The headings of a page: text, level and anchor (GitHub's slugs, a page's repeats numbered). */
function headingsOf(page: string): { text: string; level: number; anchor: string }[] {
  const slugger = new GithubSlugger();
  const tokens = parse(read(page));
  return tokens.flatMap((token, index) => {
    if (token.type !== "heading_open") return [];
    const text = headingText(tokens[index + 1]!);
    return [{ text, level: Number(token.tag.slice(1)), anchor: slugger.slug(text) }];
  });
}

/** What is wrong with a reference to `docs/x.md` or `docs/x.md#anchor`, if anything. */
function referenceProblem(reference: string): string | undefined {
  const [page, anchor] = reference.split("#") as [string, string | undefined];
  if (!existsSync(join(root, page))) return `${page} does not exist`;
  if (anchor === undefined) return undefined;
  const anchors = headingsOf(page).map((h) => h.anchor);
  return anchors.includes(anchor)
    ? undefined
    : `${page} has no heading whose anchor is #${anchor} (its anchors: ${anchors.join(", ")})`;
}

/** The docs pages a text names: `docs/x.md`, `docs/x.md#anchor`, `README.md`. */
const referencesIn = (text: string): string[] => [
  ...new Set([...text.matchAll(/\b(?:docs\/[\w/.-]+\.md|README\.md)(?:#[\w-]+)?/g)].map((m) => m[0])),
];

/** The problems of the pages, anchors and sections a text names; `where` names the text. */
function pointerProblems(text: string, where: string, fix: string): string[] {
  const references = referencesIn(text);
  const problems = references.flatMap((reference) => {
    const problem = referenceProblem(reference);
    return problem ? [`${where} names ${reference}, but ${problem}: ${fix}`] : [];
  });
  // "the Configure section", "the README's Configure and Networks sections": a section is named
  // by the page's path and its anchor, never by its title alone.
  for (const match of text.matchAll(/\bthe ([\w' ]+?) sections?\b/gi)) {
    const titles = match[1]!.split(/ and |, /).map((t) =>
      t
        .replace(/^.*'s /, "")
        .trim()
        .toLowerCase(),
    );
    const headings = references.flatMap((r) => headingsOf(r.split("#")[0]!).map((h) => h.text.toLowerCase()));
    for (const title of titles.filter((t) => !headings.includes(t))) {
      problems.push(
        `${where} sends readers to "${match[0]}", and no page it names has a heading "${title}": ${fix}`,
      );
    }
  }
  if (/README/.test(text) && !references.includes("README.md")) {
    problems.push(`${where} sends readers to the README by name, not by a page of docs/: ${fix}`);
  }
  return problems;
}

/** The command `text` starts with, the longest name first (`drift merge` is not drift's). */
const commandStarting = (text: string): CliCommand<unknown> | undefined =>
  [...commands]
    .sort((a, b) => b.name.length - a.name.length)
    .find((c) => text === c.name || text.startsWith(`${c.name} `));

/** The command a line or code span runs, if it starts with one: "drift", "generate", or "pulumi" (another tool's). */
function commandOfCode(code: string, pageCommand: string | undefined): string | undefined {
  const text = code.trim().replace(/^(?:\$ |- run: |run: )/, "");
  if (text.startsWith("--")) return pageCommand;
  const ours = /^(?:npx )?pulumi-webstats ([a-z]+(?: [a-z]+)?)/.exec(text);
  if (ours) {
    const words = ours[1]!;
    return commandStarting(words)?.name ?? words;
  }
  const bare = commandStarting(text);
  if (bare) return bare.name;
  return "another tool";
}

/**
 * The options a page documents, by the command they belong to: in prose and in code spans that
 * start with an option, the page's command; in a code span or a shell line that starts with
 * `pulumi-webstats NAME` (or `NAME` alone, a command of ours), that command; anything else
 * (`pulumi up --refresh`) is another tool's.
 */
function documentedOptions(markdown: string, pageCommand: string | undefined): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (command: string | undefined, text: string) => {
    if (command === undefined || command === "another tool") return;
    for (const name of optionNames(text)) {
      if (!found.has(command)) found.set(command, new Set());
      found.get(command)!.add(name);
    }
  };
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "inline") walk(token.children ?? []);
      else if (token.type === "text") add(pageCommand, token.content);
      else if (token.type === "code_inline") add(commandOfCode(token.content, pageCommand), token.content);
      else if (token.type === "fence" && /^(sh|bash|shell|console|yaml|yml)?$/.test(token.info.trim())) {
        // Shell lines, a trailing backslash continuing one; a comment is prose about the line.
        let command: string | undefined = "another tool";
        let continued = false;
        for (const line of token.content.split("\n")) {
          const code = line.replace(/\s#\s.*$/, "");
          if (!continued) command = commandOfCode(code, undefined);
          add(command, code);
          continued = /\\\s*$/.test(code);
        }
      }
    }
  };
  walk(parse(markdown));
  return found;
}

/** The part of a page an anchor names: its heading and everything up to the next one as high. */
function sectionOf(page: string, anchor: string | undefined): string {
  const text = read(page);
  if (anchor === undefined) return text;
  const headings = headingsOf(page);
  const index = headings.findIndex((h) => h.anchor === anchor);
  const lines = text.split("\n");
  // A `# comment` line of a shell block is no heading: the fences are skipped.
  let fenced = false;
  const headingLines = lines.flatMap((line, n) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    return !fenced && /^#{1,6} /.test(line) ? [n] : [];
  });
  const start = headingLines[index]!;
  const level = headings[index]!.level;
  const next = headings.findIndex((h, i) => i > index && h.level <= level);
  return lines.slice(start, next === -1 ? undefined : headingLines[next]).join("\n");
}

// Options of other tools that a command's page names in prose beside its own, and the tool:
// an option here must not be one of drift's (else it would be drift's, and checked).
const otherToolsOptions: Record<string, Record<string, string>> = {
  drift: { "show-secrets": "pulumi stack export" },
  generate: { protect: "pulumi import" },
};

const helpOf = (command: CliCommand<unknown>) => command.usage();

/**
 * The pages that tell a command's story: its docs page, and any page a heading of its options
 * names for the options under it (drift's "Shards (...; docs/drift-scale.md):").
 */
function pagesOf(command: CliCommand<unknown>): string[] {
  const lines = helpOf(command).split("\n");
  const headings = lines.filter((line, i) => /^\S.*:$/.test(line) && /^ {2}-/.test(lines[i + 1] ?? ""));
  return [
    ...new Set(
      [command.docs, ...headings.flatMap(referencesIn)].map((reference) => reference.split("#")[0]!),
    ),
  ];
}

describe("every command's --help", () => {
  it.each(commands.map((c) => [c.name, c] as const))(
    "%s: ends with its docs page, which exists (its anchor too)",
    (name, command) => {
      const help = helpOf(command);
      expect(
        help.trimEnd().endsWith(command.docs),
        `${name} --help does not end with its docs page ${command.docs}: end its usage text with docsLine(docs) (cli/help.ts)`,
      ).toBe(true);
      expect(
        referenceProblem(command.docs),
        `${name}'s docs page ${command.docs}: fix the docs field of its command (cli/)`,
      ).toBeUndefined();
    },
  );

  it.each(commands.map((c) => [c.name, c] as const))(
    "%s: names only docs pages, anchors and sections that exist",
    (name, command) => {
      expect(
        pointerProblems(
          helpOf(command),
          `${name} --help`,
          "name an existing docs/*.md page (with an anchor of one of its headings) in cli/",
        ),
      ).toEqual([]);
    },
  );

  it.each(commands.map((c) => [c.name, c] as const))(
    "%s: lists exactly the options of its table, a line each, none wider than 110 characters",
    (name, command) => {
      const help = helpOf(command);
      const table = [...Object.keys(command.options), ...Object.keys(commonOptions)].sort();
      expect(
        listedOptions(help).sort(),
        `${name} --help lists options other than its option table's: give each option of the table a row (OptionHelp in its cli/ file) and no other`,
      ).toEqual(table);
      const wide = help.split("\n").filter((line) => line.length > 110);
      expect(wide, `${name} --help has lines wider than 110 characters: shorten them in cli/`).toEqual([]);
    },
  );

  it.each(commands.map((c) => [c.name, c] as const))(
    "%s: every option its help names is on its docs page",
    (name, command) => {
      const pages = pagesOf(command);
      const onPage = new Set(pages.flatMap((page) => optionNames(read(page))));
      // --help is every command's: the page need not say so.
      const missing = optionNames(helpOf(command)).filter((o) => !onPage.has(o) && o !== "help");
      expect(
        missing,
        `${name} --help names options that ${pages.join(" and ")} never mention: document them there (or drop them from the help)`,
      ).toEqual([]);
    },
  );

  it.each(commands.map((c) => [c.name, c] as const))(
    "%s: every option its docs page documents for it is in its help and its option table",
    (name, command) => {
      const [page, anchor] = command.docs.split("#") as [string, string | undefined];
      const documented = documentedOptions(sectionOf(page, anchor), name).get(name) ?? new Set<string>();
      const others = otherToolsOptions[name] ?? {};
      const listed = new Set(listedOptions(helpOf(command)));
      const unknown = [...documented].filter((o) => !listed.has(o) && !(o in others));
      expect(
        unknown,
        `${page} documents options of ${name} that its help does not list: add them to its option table and help (cli/), fix the page, or, if another tool's, add them to otherToolsOptions in this test`,
      ).toEqual([]);
      for (const option of Object.keys(others)) {
        expect(
          Object.hasOwn(command.options, option),
          `--${option} is listed in otherToolsOptions as another tool's, but ${name} has it: remove it there`,
        ).toBe(false);
        expect(
          optionNames(read(page)),
          `otherToolsOptions lists --${option} for ${page}, which no longer names it: remove it there`,
        ).toContain(option);
      }
    },
  );

  it("every option a docs page gives one of the commands is in that command's table", () => {
    const pages = ["README.md", ...readdirDocs()];
    const problems: string[] = [];
    for (const page of pages) {
      for (const [name, options] of documentedOptions(read(page), undefined)) {
        const command = commands.find((c) => c.name === name);
        if (!command) {
          problems.push(`${page} runs pulumi-webstats ${name}, which is no command: fix the page`);
          continue;
        }
        for (const option of options) {
          if (!Object.hasOwn(command.options, option) && !Object.hasOwn(commonOptions, option)) {
            problems.push(`${page} gives ${name} --${option}, which it does not have: fix the page or cli/`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("states the defaults and bounds its docs page states", () => {
    // Each option row with a number for its default or bounds: the page's paragraph or list item
    // about that option says the same numbers (the help's come from the code's constants).
    const problems: string[] = [];
    for (const command of commands) {
      const page = pagesOf(command).join(" or ");
      const blocks = pagesOf(command).flatMap((p) => read(p).split(/\n\s*\n|\n(?=\s*- )/));
      for (const line of helpOf(command).split("\n")) {
        const row = /^ {2}--([a-z-]+)(?: [A-Z]+)? +(.*)$/.exec(line);
        if (!row) continue;
        const [, option, words] = row as unknown as [string, string, string];
        const numbers = [
          ...(/\(default (\d+)\)/.exec(words)?.slice(1) ?? []),
          ...(/(\d+) to (\d+)/.exec(words)?.slice(1) ?? []),
        ];
        if (numbers.length === 0) continue;
        const about = blocks.filter((b) => new RegExp(`--${option}(?![\\w-])`).test(b));
        const text = about.join("\n").replace(/(\d),(?=\d{3})/g, "$1");
        for (const n of numbers.filter((n) => !new RegExp(`(?<![\\d.])${n}(?![\\d])`).test(text))) {
          problems.push(
            `${command.name} --help says ${n} of --${option}, and no paragraph of ${page} about --${option} does: state it there`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

/** The pages of docs/ (not the API reference's folder). */
const readdirDocs = (): string[] =>
  readdirSync(join(root, "docs"))
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/${file}`);

describe("the header generate writes into websites.yaml", () => {
  const website = liveWebsite(1, "blog.example.com");

  it("names only docs pages and sections that exist", () => {
    const text = fleetFile([{ name: "blog-example-com", website }], {
      baseUrl: "https://stats.example.com",
      date: "2026-05-01",
      count: 1,
    });
    const header = text
      .split("\n")
      .filter((line) => line.startsWith("#"))
      .join("\n");
    expect(referencesIn(header)).toContain(fleetFormatDocs);
    expect(
      pointerProblems(header, "The header of websites.yaml", "fix its text in generate/fleet-program.ts"),
    ).toEqual([]);
  });
});

describe("drift's exit codes", () => {
  const failOn = ["changed", "gone", "unmanaged", "duplicate"] as const;
  const report = (websites: DriftReport["websites"], policy?: PolicyCheck): DriftReport => ({
    stacks: ["shop/prod"],
    websites,
    accounts: [],
    ...(policy ? { policy } : {}),
  });
  const mandatory = (failOn: boolean): PolicyCheck => ({
    file: "policy.json",
    rules: [{ name: "bots-excluded", description: "", level: "mandatory" }],
    findings: [{ rule: "bots-excluded", level: "mandatory", message: "bots counted", stack: "shop/prod" }],
    failOn,
  });
  const exitOf = (r: DriftReport, writesBaseline = false) => exitCodeOf(r, failOn, writesBaseline);

  it("are the ones the run returns", async () => {
    expect(exitOf(report([entry("a.example.com", "in-sync")]))).toBe(exitCodes.success);
    expect(exitOf(report([entry("a.example.com", "changed")]))).toBe(exitCodes.drift);
    expect(exitOf(report([entry("a.example.com", "changed")], mandatory(true)))).toBe(exitCodes.policy);
    expect(exitOf(report([entry("a.example.com", "in-sync")], mandatory(true)))).toBe(exitCodes.policy);
    // --write-baseline: what was found is accepted from now on.
    expect(exitOf(report([entry("a.example.com", "changed")]), true)).toBe(exitCodes.success);
    // --fail-on without policy: the violation is reported, not failed on.
    expect(exitOf(report([entry("a.example.com", "in-sync")], mandatory(false)))).toBe(exitCodes.success);
    const wrong = await runCaptured(["drift", "--stack", "prod", "--no-such-option"]);
    expect(wrong.code).toBe(exitCodes.error);
  });

  it("are the ones --fix code and --fix cloud return", async () => {
    const io = { out: () => {}, err: () => {} };
    const fixCodeExit = (entries: DriftReport["websites"]) =>
      runFix(
        { target: "code", summary: "json", adoptUnmanaged: false, force: false },
        { stacks: [], entries, live: new Map(), failOn },
        io,
      );
    const fixCloudExit = (entries: DriftReport["websites"]) =>
      runCloudFix({ summary: "json", yes: true }, { stacks: [], entries, failOn, parallel: 1 }, {}, io);
    expect(await fixCodeExit([entry("a.example.com", "in-sync")])).toBe(exitCodes.success);
    expect(await fixCloudExit([entry("a.example.com", "in-sync")])).toBe(exitCodes.success);
    // An unmanaged website: neither fix covers it without --adopt-unmanaged.
    expect(await fixCodeExit([entry("a.example.com", "unmanaged")])).toBe(exitCodes.drift);
    expect(await fixCloudExit([entry("a.example.com", "unmanaged")])).toBe(exitCodes.drift);
    // --yes without --fix cloud: a wrong command line.
    const wrong = await runCaptured(["drift", "--stack", "prod", "--yes"]);
    expect(wrong.code).toBe(exitCodes.error);
  });

  // What each code means, in the words the help and docs/drift-reference.md use for it.
  const meanings: Record<keyof typeof exitCodes, RegExp> = {
    success: /^in sync/,
    error: /^(an )?error/,
    drift: /^drift found/,
    policy: /^a mandatory policy violation/,
  };

  it("are stated in drift --help as the run returns them", () => {
    const help = commands.find((c) => c.name === "drift")!.usage();
    const stated = /^Exit code: (.*?)\.\n/ms.exec(help)?.[1]?.replace(/\n/g, " ") ?? "";
    const pairs = [...stated.matchAll(/(?:^|, )(\d) ([^,]+(?:,(?! \d )[^,]*)*)/g)].map((m) => [
      Number(m[1]),
      m[2]!,
    ]);
    for (const [key, code] of Object.entries(exitCodes)) {
      const said = pairs.filter(([n]) => n === code).map(([, words]) => words as string);
      expect(
        said.some((words) => meanings[key as keyof typeof exitCodes].test(words)),
        `drift --help's "Exit code:" line does not say ${code} for ${key} (it says: ${stated}): write it from driftExits (cli/drift/exit-codes.ts)`,
      ).toBe(true);
    }
    expect(pairs.map(([n]) => n).sort()).toEqual(Object.values(exitCodes).sort());
  });

  it("are the rows of docs/drift-reference.md's Exit codes table", () => {
    const section = sectionOf("docs/drift-reference.md", "exit-codes");
    const rows = [...section.matchAll(/^\| (\d+) +\| (.*?) *\|$/gm)].map(
      (m) => [Number(m[1]), m[2]!] as const,
    );
    expect(
      rows.map(([n]) => n).sort(),
      "docs/drift-reference.md's Exit codes table does not have a row for each of exitCodes (core/exit-codes.ts): make them the same",
    ).toEqual(Object.values(exitCodes).sort());
    for (const [key, code] of Object.entries(exitCodes)) {
      const words = rows.find(([n]) => n === code)?.[1] ?? "";
      expect(
        meanings[key as keyof typeof exitCodes].test(words),
        `docs/drift-reference.md's Exit codes row ${code} says "${words}", and the run returns ${code} for ${key}: fix the row`,
      ).toBe(true);
    }
    // The page's exit code summary and the policy option's bullet name code 3 and the option.
    const page = read("docs/drift-reference.md");
    expect(page).toMatch(/--policy-pack-config/);
    expect(page).toMatch(new RegExp(`exit\\s+code\\s+\\*{0,2}${exitCodes.policy}\\b`));
  });
});

/** The rows of the first "Exit codes" table in a command's docs section: code, and its words without backticks. */
function exitRowsOf(command: CliCommand<unknown>): (readonly [number, string])[] {
  const [page, anchor] = command.docs.split("#") as [string, string | undefined];
  const section = sectionOf(page, anchor);
  const table = /^#+ Exit codes\n+((?:\|.*\|\n?)+)/m.exec(section)?.[1] ?? "";
  return [...table.matchAll(/^\| (\d+) +\| (.*?) *\|$/gm)].map(
    (m) => [Number(m[1]), m[2]!.replace(/`/g, "")] as const,
  );
}

describe("every command's exit codes", () => {
  it.each(commands.map((c) => [c.name, c] as const))(
    "%s: are stated in its help from the one table, a wrong command line among the errors",
    (name, command) => {
      const codes = command.exits.map((e) => exitCodes[e.name]);
      expect(codes, `${name} states a code twice`).toEqual([...new Set(codes)]);
      expect(codes, `${name}'s exits lack success or error`).toEqual(
        expect.arrayContaining([exitCodes.success, exitCodes.error]),
      );
      const error = command.exits.find((e) => e.name === "error")!;
      expect(error.meaning).toBe(ERROR_MEANING);
      expect(error.detail, `${name}: its error code's detail must say a wrong command line is one`).toMatch(
        /a wrong command line/,
      );
      expect(helpOf(command), `${name} --help must state exitCodeHelp(exits) (cli/exit-codes.ts)`).toContain(
        exitCodeHelp(command.exits),
      );
    },
  );

  it.each(commands.map((c) => [c.name, c] as const))(
    "%s: are the rows of the Exit codes table of its docs page, each starting with its meaning",
    (name, command) => {
      const rows = exitRowsOf(command);
      expect(
        rows.map(([code]) => code).sort(),
        `${command.docs} has no "Exit codes" heading with a row per code of ${name} (cli/exit-codes.ts): add one`,
      ).toEqual(command.exits.map((e) => exitCodes[e.name]).sort());
      for (const exit of command.exits) {
        const words = rows.find(([code]) => code === exitCodes[exit.name])?.[1] ?? "";
        expect(
          words.startsWith(exit.meaning),
          `${command.docs}'s Exit codes row ${exitCodes[exit.name]} says "${words}"; ${name} means "${exit.meaning}"`,
        ).toBe(true);
        if (exit.name === "error")
          expect(words, `${command.docs}: row ${exitCodes.error}`).toMatch(/wrong command line/);
      }
    },
  );
});

describe("a wrong command line", () => {
  // Per command: an unknown option, and the line's own mistake (a missing or extra argument).
  const wrongLines: [string, string[]][] = [
    ["generate", ["generate", "--out", "x", "--no-such-option"]],
    ["generate", ["generate"]],
    ["drift", ["drift", "--stack", "prod", "--no-such-option"]],
    ["drift", ["drift"]],
    ["drift merge", ["drift", "merge", "a.json", "--no-such-option"]],
    ["drift merge", ["drift", "merge"]],
    ["schema", ["schema", "--no-such-option"]],
    ["schema", ["schema", "extra"]],
    ["policy check", ["policy", "check", "p.json", "--no-such-option"]],
    ["policy check", ["policy", "check"]],
    ["plugin install", ["plugin", "install", "--no-such-option"]],
    ["plugin install", ["plugin", "install", "extra"]],
    ["no command", ["no-such-command"]],
    ["a credential", ["drift", "--api-key=k"]],
    ["a bad WEBSTATS_VERBOSE", ["schema"]],
  ];

  it("covers every command", () => {
    for (const command of commands) expect(wrongLines.map(([name]) => name)).toContain(command.name);
  });

  it.each(wrongLines)("%s: %j exits with the one usage code and says how to get help", async (name, argv) => {
    const env = name === "a bad WEBSTATS_VERBOSE" ? { WEBSTATS_VERBOSE: "maybe" } : {};
    const run = await runCaptured(argv, env);
    // The docs' error row of every command names a wrong command line: the code is that row's.
    expect(run.code).toBe(exitCodes.error);
    expect(run.code).toBe(USAGE_EXIT_CODE);
    expect(run.out).toBe("");
    expect(run.err).toMatch(/--help for usage/);
  });
});
