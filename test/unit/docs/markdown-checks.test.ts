// The Markdown checks of `npm run lint` (remark with .remarkrc.mjs) fail on what they are for,
// naming the file and line: a code fence that does not close as it opens (the README's typed
// client section once had a block opened with four backticks and "closed" by three followed by
// text, which turned the next section into code), a link to a file or heading that is not there,
// a sentence of prose over 40 words (the drift page once had 56 of them). Each case is a page of
// its own in a scratch folder, checked as `npm run lint:docs` checks the docs.
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchFolder } from "../../support/scratch-folder";

const root = join(__dirname, "..", "..", "..");
const scratch = scratchFolder("markdown-checks-");

/** remark over one page, as lint:docs runs it: its exit code and its report, colours off. */
function check(name: string, text: string): Promise<{ code: number; report: string }> {
  const page = join(scratch, name);
  writeFileSync(page, text);
  return new Promise((done) => {
    execFile(
      process.execPath,
      [
        join(root, "node_modules", "remark-cli", "cli.js"),
        "--rc-path",
        join(root, ".remarkrc.mjs"),
        "--frail",
        "--quiet",
        "--no-stdout",
        "--no-color",
        page,
      ],
      { cwd: root, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
      (error, _stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, report: stderr }),
    );
  });
}

const fence = "```";

describe("npm run lint:docs", () => {
  it("refuses a fence closed by a shorter one carrying text, at that line", async () => {
    const swallowed = [
      "# Page",
      "",
      "## The typed client",
      "",
      `${fence}\`ts`,
      "const account = await client.account.get();",
      `${fence} Errors: \`WebstatsError\`.`,
      "",
      "## The emulator",
      "",
      `${fence}sh`,
      "npx webstats-emulator",
      `${fence}\``,
      "",
    ].join("\n");
    const { code, report } = await check("swallowed.md", swallowed);
    expect(code).toBe(1);
    expect(report).toContain("swallowed.md");
    expect(report).toMatch(
      /^ *7:1 .*Line 7 starts with ``` inside the code block opened with ```` at line 5/m,
    );
    expect(report).toMatch(/^ *11:1 .*Line 11 starts with ```/m);
  });

  it("refuses a block that is never closed", async () => {
    const { code, report } = await check("unclosed.md", `# Page\n\n${fence}ts\nconst a = 1;\n`);
    expect(code).toBe(1);
    expect(report).toMatch(/^ *3:1 .*opened with ``` at line 3 is never closed/m);
  });

  it("refuses a link to a heading or a file that is not there, at its line", async () => {
    const { code, report } = await check(
      "links.md",
      "# Page\n\n## Here\n\nSee [here](#here), [gone](#gone) and [missing](no-such-page.md).\n",
    );
    expect(code).toBe(1);
    expect(report).toMatch(/^ *5:.*Cannot find heading for `#gone`/m);
    expect(report).toMatch(/^ *5:.*Cannot find file `no-such-page.md`/m);
    expect(report).not.toContain("#here");
  });

  it("accepts fences that close as they open, a longer fence holding a shorter one included", async () => {
    const good = [
      "# Page",
      "",
      `${fence}\`markdown`,
      `${fence}ts`,
      "const a = 1;",
      fence,
      `${fence}\``,
      "",
      "~~~text",
      "plain",
      "~~~~",
      "",
    ].join("\n");
    expect(await check("good.md", good)).toEqual({ code: 0, report: "" });
  });

  /** `count` words, the first capitalised, ending with `end`: one sentence of that many words. */
  const sentence = (count: number, end = ".") =>
    Array.from({ length: count }, (_, i) => (i === 0 ? "Word" : `word${i}`)).join(" ") + end;

  it.each([
    ["a paragraph", `# Page\n\n${sentence(41)}\n`, 3, 41],
    ["a list item, at its line", `# Page\n\n- ${sentence(10)}\n- ${sentence(45)}\n`, 4, 45],
    ["the second sentence of a paragraph", `# Page\n\n${sentence(5)}\n${sentence(42)}\n`, 4, 42],
    [
      "a sentence that goes on after an abbreviation",
      `# Page\n\n${sentence(20, " e.g.")} ${sentence(21).toLowerCase()}\n`,
      3,
      42,
    ],
  ])("refuses a sentence over 40 words in %s", async (_, page, line, words) => {
    const { code, report } = await check("long.md", page);
    expect(code).toBe(1);
    expect(report).toMatch(new RegExp(`^ *${line}:1 .*has ${words} words, more than 40`, "m"));
  });

  it("counts only prose: not headings, tables, code, link targets; a code span is one word", async () => {
    const long = sentence(60, "");
    const page = [
      `# ${long}`,
      "",
      `| ${long} | cell |`,
      "| --- | --- |",
      `| ${long} | cell |`,
      "",
      "```sh",
      `echo ${long}`,
      "```",
      "",
      `${sentence(38, "")} [two words](https://example.com/${long.replaceAll(" ", "/")}).`,
      "",
      `${sentence(39, "")} \`${long}\`.`,
      "",
      `${sentence(40)} ${sentence(40)}`,
      "",
    ].join("\n");
    expect(await check("prose.md", page)).toEqual({ code: 0, report: "" });
  });
});
