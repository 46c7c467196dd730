// The engine tests' stack keeps one automation driver for its operations (DriverSession in
// test/harness/program-project.mjs): each answer holds the output of its own operation and no
// more, whatever the pipe's chunks, a driver that ends or another environment starts a new one,
// and a driver that cannot start fails its operation with why. Proven here with a stand-in driver that speaks the same protocol, so that the framing is
// held without the engine; the engine tests run the real driver.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DriverSession } from "../../harness/program-project.mjs";
import { scratchFolder } from "../../support/scratch-folder";

const dir = scratchFolder("driver-session-");

// The stand-in: for each request line, the output its request asks for, written in the pieces
// given (the end mark may be cut between two writes), then its process id as the result.
writeFileSync(
  join(dir, "driver.cjs"),
  `"use strict";
const fs = require("node:fs");
const readline = require("node:readline");
const mark = "\\u0000operation-done\\u0000";
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
(async () => {
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const { requestFile, resultFile } = JSON.parse(line);
    const request = JSON.parse(fs.readFileSync(requestFile, "utf8"));
    for (const piece of request.pieces) {
      if (piece === "<wait>") {
        while (!fs.existsSync(request.goFile)) await sleep(10);
      } else if (piece === "<exit>") {
        process.exit(1);
      } else {
        process.stdout.write(piece.replace("<mark>", mark).replace("<half-mark>", mark.slice(0, 6)));
        await sleep(20);
      }
    }
    fs.writeFileSync(resultFile, JSON.stringify({ ok: true, pid: process.pid, env: process.env.SESSION_TEST }));
    if (!request.pieces.some((piece) => piece.includes("mark>"))) process.stdout.write(mark);
  }
})();
`,
);

let sequence = 0;
function operation(
  session: DriverSession,
  pieces: string[],
  options: { key?: string; goFile?: string; workDir?: string } = {},
) {
  const id = ++sequence;
  const seen: string[] = [];
  const kills: { killAll?: () => void } = {};
  const answer = session.run({
    key: options.key ?? "a",
    workDir: options.workDir ?? dir,
    request: { op: "up", pieces, goFile: options.goFile },
    requestFile: join(dir, `${id}.request.json`),
    resultFile: join(dir, `${id}.result.json`),
    env: { ...(process.env as Record<string, string>), SESSION_TEST: options.key ?? "a" },
    timeoutMs: 30_000,
    onOutput: (text) => seen.push(text),
    onStart: (killAll) => {
      kills.killAll = killAll;
    },
  });
  return { answer, seen, kills };
}

describe("a stack's automation driver, kept between operations", () => {
  it("answers each operation with its own output, from one driver", async () => {
    const session = new DriverSession();
    const first = await operation(session, ["first ", "operation"]).answer;
    const second = await operation(session, ["second"]).answer;
    session.stop();
    expect([first.output, second.output]).toEqual(["first operation", "second"]);
    expect(first.ok && second.ok).toBe(true);
    expect(second.pid).toBe(first.pid);
  });

  it("takes an end mark cut between two writes as the end, and shows none of it", async () => {
    const session = new DriverSession();
    const mark = "\u0000operation-done\u0000";
    const first = operation(session, ["before", `<half-mark>`, mark.slice(6)]);
    const answered = await first.answer;
    const next = await operation(session, ["next"]).answer;
    session.stop();
    expect(answered.output).toBe("before");
    expect(first.seen.join("")).toBe("before");
    expect(next.output).toBe("next");
  });

  it("passes on the text after a NUL of the operation's own output at once, not at its end", async () => {
    const session = new DriverSession();
    const goFile = join(dir, "go");
    // The stand-in waits for the go file after "after": held back, the text would never come
    // and the operation would never end.
    const waiting = operation(session, ["x\u0000after", "<wait>", "done"], { goFile });
    const interval = setInterval(() => {
      if (waiting.seen.join("").includes("after")) writeFileSync(goFile, "");
    }, 10);
    const answered = await waiting.answer;
    clearInterval(interval);
    session.stop();
    expect(answered.output).toBe("x\u0000afterdone");
  });

  it("answers an operation whose driver was killed from its result file, and starts another for the next", async () => {
    const session = new DriverSession();
    const before = await operation(session, ["one"]).answer;
    const goFile = join(dir, "never");
    const killed = operation(session, ["going", "<wait>"], { goFile });
    const interval = setInterval(() => {
      if (killed.seen.join("").includes("going")) killed.kills.killAll?.();
    }, 10);
    const answer = await killed.answer;
    clearInterval(interval);
    const after = await operation(session, ["three"]).answer;
    session.stop();
    expect(answer).toMatchObject({ ok: false, error: "the driver wrote no result", output: "going" });
    expect(after.ok).toBe(true);
    expect(after.pid).not.toBe(before.pid);
  });

  it("answers an operation whose driver exited and starts a new driver for another environment", async () => {
    const session = new DriverSession();
    const exited = await operation(session, ["bye", "<exit>"]).answer;
    const first = await operation(session, ["a"], { key: "a" }).answer;
    const other = await operation(session, ["b"], { key: "b" }).answer;
    session.stop();
    expect(exited).toMatchObject({ ok: false, output: "bye" });
    expect([first.env, other.env]).toEqual(["a", "b"]);
    expect(other.pid).not.toBe(first.pid);
  });

  it("fails an operation whose driver cannot start, saying why, and starts one for the next", async () => {
    const session = new DriverSession();
    const missing = join(dir, "no-such-folder");
    const failure = await operation(session, ["never"], { workDir: missing }).answer.then(
      (answer) => answer,
      (error: unknown) => error,
    );
    const after = await operation(session, ["after"]).answer;
    session.stop();
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(
      `pulumi up: the automation driver could not start in ${missing}: spawn ${process.execPath} ENOENT`,
    );
    expect(after).toMatchObject({ ok: true, output: "after" });
  });
});
