// The guard every project loads (test/support/rejects-guard.ts): `.rejects.toThrow(...)`,
// `.rejects.toThrowError(...)` and a function's `toThrow(...)` fail when what was thrown is not an
// Error, which vitest alone lets pass whatever the expected text; an Error's message is still
// matched as before, and `.resolves` is left as it was.
import { describe, expect, it } from "vitest";

// A rejection that is not an Error, which is what the guard is about.
const rejectWith = (value: unknown): Promise<never> =>
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a non-Error is the point
  Promise.reject(value);

const throwValue = (value: unknown): never => {
  throw value;
};

const guardMessage = /expected the promise to reject with an Error, but it rejected with/;

describe("rejects guard", () => {
  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a string", "the x"],
    ["a number", 42],
    ["an object without a message", { code: "x" }],
  ])("fails .rejects.toThrow when the promise rejects with %s", async (_, rejected) => {
    // Without the guard the inner assertion passes (for undefined and null) and the outer one
    // fails with "promise resolved ... instead of rejecting".
    await expect(expect(rejectWith(rejected)).rejects.toThrow("x")).rejects.toThrow(guardMessage);
    await expect(expect(rejectWith(rejected)).rejects.toThrow(/x/)).rejects.toThrow(guardMessage);
    await expect(expect(rejectWith(rejected)).rejects.toThrowError("x")).rejects.toThrow(guardMessage);
    await expect(expect(rejectWith(rejected)).rejects.toThrow()).rejects.toThrow(guardMessage);
    await expect(expect(rejectWith(rejected)).rejects.not.toThrow("y")).rejects.toThrow(guardMessage);
  });

  it("names the rejected value", async () => {
    await expect(expect(rejectWith(undefined)).rejects.toThrow("x")).rejects.toThrow(
      "expected the promise to reject with an Error, but it rejected with undefined",
    );
  });

  it("passes an Error whose message matches, as before", async () => {
    await expect(Promise.reject(new Error("the x failed"))).rejects.toThrow("x failed");
    await expect(Promise.reject(new TypeError("the x failed"))).rejects.toThrow(/x fail/);
    await expect(Promise.reject(new RangeError("the x failed"))).rejects.toThrowError("the x");
    await expect(Promise.reject(new Error("the x failed"))).rejects.toThrow(Error);
    await expect(Promise.reject(new Error("the x failed"))).rejects.not.toThrow("y");
  });

  it("passes an object with a string message, as an Error-like rejection", async () => {
    await expect(rejectWith({ message: "the x failed" })).rejects.toThrow("x failed");
  });

  it("still fails an Error whose message does not match", async () => {
    await expect(expect(Promise.reject(new Error("the y failed"))).rejects.toThrow("x")).rejects.toThrow(
      "to throw error including 'x' but got 'the y failed'",
    );
    await expect(expect(Promise.reject(new Error("the y failed"))).rejects.toThrow(/x/)).rejects.toThrow(
      "to throw error matching /x/ but got 'the y failed'",
    );
  });

  it("still fails a promise that resolves", async () => {
    await expect(expect(Promise.resolve(3)).rejects.toThrow("x")).rejects.toThrow(
      'promise resolved "3" instead of rejecting',
    );
  });

  it("leaves .resolves as it was", async () => {
    await expect(Promise.resolve(3)).resolves.toBe(3);
    const throwing = (): never => {
      throw new Error("the x failed");
    };
    await expect(Promise.resolve(throwing)).resolves.toThrow("x failed");
    await expect(expect(Promise.resolve(3)).resolves.toThrow("x")).rejects.toThrow(
      "expected promise to throw an error, but it didn't",
    );
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a string", "the x"],
    ["an object without a message", { code: "x" }],
  ])("fails a function's toThrow when it throws %s", (_, thrown) => {
    // Without the guard the inner assertion passes (for undefined and null) and the outer one
    // fails with "expected [Function] to throw an error".
    const functionMessage = /expected the function to throw an Error, but it threw/;
    expect(() => expect(() => throwValue(thrown)).toThrow("x")).toThrow(functionMessage);
    expect(() => expect(() => throwValue(thrown)).toThrow(/x/)).toThrow(functionMessage);
    expect(() => expect(() => throwValue(thrown)).toThrowError("x")).toThrow(functionMessage);
    expect(() => expect(() => throwValue(thrown)).toThrow()).toThrow(functionMessage);
    expect(() => expect(() => throwValue(thrown)).not.toThrow("y")).toThrow(functionMessage);
  });

  it("runs the function given to toThrow once", () => {
    let calls = 0;
    const throwing = (): never => {
      calls += 1;
      throw new Error("the x failed");
    };
    expect(throwing).toThrow("x failed");
    expect(calls).toBe(1);
    let returned = 0;
    expect(() => {
      returned += 1;
    }).not.toThrow();
    expect(returned).toBe(1);
  });

  it("leaves a function's toThrow as it was", () => {
    expect(() => {
      throw new Error("the x failed");
    }).toThrow("x failed");
    expect(() => {
      throw new Error("the x failed");
    }).toThrowError(/x fail/);
    expect(() => expect(() => 3).toThrow("x")).toThrow("to throw an error");
    expect(() =>
      expect(() => {
        throw new Error("the y failed");
      }).toThrow("x"),
    ).toThrow("to throw error including 'x' but got 'the y failed'");
  });
});
