// A command used wrongly. Its message says what is wrong and what to do, and never repeats a
// value from the command line: a pasted API key must not reach a CI log through an error.
export class UsageError extends Error {
  override name = "UsageError";
}
