// The executable's console (cli/terminal.ts): the yes-or-no question read from a stream as from a
// terminal (what counts as yes, in any case and with spaces; everything else, an input that ends,
// Ctrl-D and Ctrl-C, as no), asked on standard error, and offered only when standard input is a
// terminal. The question drift --fix cloud asks, declined and accepted through the command, is
// test/integration/drift/fix/fix-cloud-confirm.test.ts.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { askYesNo, processConsole } from "../../../cli/terminal";

/** A stream that keeps what is written to it. */
function collector() {
  const stream = new PassThrough();
  let text = "";
  stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  return { stream, text: () => text };
}

/** Asks, and types `typed` once the question is shown (undefined: the input ends instead). */
async function answer(typed: string | undefined) {
  const input = new PassThrough();
  const output = collector();
  output.stream.once("data", () => (typed === undefined ? input.end() : input.write(typed)));
  const yes = await askYesNo("Go on? (yes/no) ", input, output.stream);
  return { yes, shown: output.text() };
}

describe("the yes-or-no question", () => {
  it.each(["yes\n", "y\n", "YES\n", "Y\n", "Yes\n", "yEs\n", "  yes  \n", "\ty\n", "yes\r\n"])(
    "takes %j as yes",
    async (typed) => {
      expect(await answer(typed)).toEqual({ yes: true, shown: "Go on? (yes/no) " });
    },
  );

  it.each([
    "no\n",
    "n\n",
    "\n",
    "yeah\n",
    "ye\n",
    "yess\n",
    "yes please\n",
    "y e s\n",
    "sure\n",
    "ok\n",
    "1\n",
  ])("takes %j as no", async (typed) => {
    expect(await answer(typed)).toEqual({ yes: false, shown: "Go on? (yes/no) " });
  });

  it("takes an input that ends before any answer as no", async () => {
    expect(await answer(undefined)).toEqual({ yes: false, shown: "Go on? (yes/no) " });
  });

  it("at a terminal, takes Ctrl-D and Ctrl-C as no, and Enter ends the answer", async () => {
    // An output that is a terminal puts readline in its terminal mode, where keys are read one by one.
    const atTerminal = async (keys: string) => {
      const input = new PassThrough();
      const output = Object.assign(collector().stream, { isTTY: true, columns: 80 });
      output.once("data", () => input.write(keys));
      return askYesNo("Go on? (yes/no) ", input, output);
    };
    expect(await atTerminal("\x04")).toBe(false);
    expect(await atTerminal("\x03")).toBe(false);
    expect(await atTerminal("yes\r")).toBe(true);
    expect(await atTerminal("no\r")).toBe(false);
  });

  it("reads one line: what follows it is not part of the answer", async () => {
    expect((await answer("no\nyes\n")).yes).toBe(false);
    expect((await answer("yes\nno\n")).yes).toBe(true);
  });
});

describe("the process's console", () => {
  it("asks on standard error when standard input is a terminal, and writes each stream", async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const [stdout, stderr] = [collector(), collector()];
    const io = processConsole(stdin, stdout.stream, stderr.stream);
    io.out("report\n");
    io.err("progress\n");
    expect(io.confirm).toBeTypeOf("function");
    stderr.stream.on("data", (chunk: Buffer) => {
      if (chunk.toString().endsWith("(yes/no) ")) stdin.write("y\n");
    });
    expect(await io.confirm!("Put back 1 website with pulumi up? (yes/no) ")).toBe(true);
    expect(stdout.text()).toBe("report\n");
    expect(stderr.text()).toBe("progress\nPut back 1 website with pulumi up? (yes/no) ");
  });

  it("offers no question when standard input is not a terminal: nobody can answer", () => {
    for (const isTTY of [false, undefined]) {
      const stdin = Object.assign(new PassThrough(), { isTTY });
      const io = processConsole(stdin, new PassThrough(), new PassThrough());
      expect(io.confirm).toBeUndefined();
    }
  });
});
