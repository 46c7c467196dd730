import { chai } from "vitest";

// Vitest (vitest-dev/vitest#7260) lets `.rejects.toThrow("text")`, `.rejects.toThrow(/re/)` and
// `.rejects.toThrowError(...)` pass when the promise rejects with undefined or null, whatever the
// text, and `expect(fn).toThrow("text")` when the function throws undefined or null: a test that
// checks an error's message then also passes when the code throws nothing usable (an emptied
// error factory, `throw undefined`). Every project loads this file first (vitest.config.mts,
// setupFiles), so such an assertion fails unless what was thrown is an Error, or at least an
// object with a string message.
chai.use((chai, utils) => {
  for (const name of ["toThrow", "toThrowError"]) {
    utils.overwriteMethod(chai.Assertion.prototype, name, (original: (...args: unknown[]) => unknown) => {
      return function (this: Chai.AssertionStatic, ...args: unknown[]) {
        const object: unknown = utils.flag(this, "object");
        if (utils.flag(this, "promise") === "rejects") {
          // `.rejects` has put the rejected value in the object flag before calling the matcher.
          if (!isErrorLike(object)) {
            throw new chai.AssertionError(
              `expected the promise to reject with an Error, but it rejected with ${utils.inspect(object)}`,
              { showDiff: false },
            );
          }
        } else if (typeof object === "function") {
          // The function runs once, here, and the matcher gets its outcome again.
          let outcome: () => unknown;
          try {
            const value: unknown = (object as () => unknown)();
            outcome = () => value;
          } catch (thrown) {
            if (!isErrorLike(thrown)) {
              throw new chai.AssertionError(
                `expected the function to throw an Error, but it threw ${utils.inspect(thrown)}`,
                { showDiff: false },
              );
            }
            outcome = () => {
              throw thrown;
            };
          }
          utils.flag(this, "object", outcome);
        }
        return original.apply(this, args);
      };
    });
  }
});

function isErrorLike(value: unknown): boolean {
  return (
    value instanceof Error ||
    (typeof value === "object" &&
      value !== null &&
      typeof (value as { message?: unknown }).message === "string")
  );
}
