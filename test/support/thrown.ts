// What a call throws, or a promise rejects with, checked to be of the class the test expects, for
// the tests that go on to read the error's fields (its message, code, the setting it names): a
// call that throws nothing, or something of another class, fails the test here.
import { expect } from "vitest";

type ErrorClass<E> = abstract new (...args: never[]) => E;

/** The error of class `kind` that `call` throws. */
export function thrownBy<E>(kind: ErrorClass<E>, call: () => unknown): E {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(kind);
    return error as E;
  }
  throw new Error(`expected a ${kind.name}, but nothing was thrown`);
}

/** The error of class `kind` that `promise` rejects with. */
export async function rejectionOf<E>(kind: ErrorClass<E>, promise: PromiseLike<unknown>): Promise<E> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(kind);
    return error as E;
  }
  throw new Error(`expected a ${kind.name}, but the promise resolved`);
}
