import { chai } from "vitest";

// Vitest (vitest-dev/vitest#7260) lets `.rejects.toThrow("text")`, `.rejects.toThrow(/re/)` and
// `.rejects.toThrowError(...)` pass when the promise rejects with undefined or null, whatever the
// text: a test that checks an error's message then also passes when the code throws nothing
// usable (an emptied error factory, `throw undefined`). Every project loads this file first
// (vitest.config.mts, setupFiles), so such an assertion fails unless the rejection is an Error,
// or at least an object with a string message.
chai.use((chai, utils) => {
  for (const name of ["toThrow", "toThrowError"]) {
    utils.overwriteMethod(chai.Assertion.prototype, name, (original: (...args: unknown[]) => unknown) => {
      return function (this: Chai.AssertionStatic, ...args: unknown[]) {
        // `.rejects` has put the rejected value in the object flag before calling the matcher.
        if (utils.flag(this, "promise") === "rejects") {
          const rejected: unknown = utils.flag(this, "object");
          if (!isErrorLike(rejected)) {
            throw new chai.AssertionError(
              `expected the promise to reject with an Error, but it rejected with ${utils.inspect(rejected)}`,
              { showDiff: false },
            );
          }
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
