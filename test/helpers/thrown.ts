/**
 * The error a call throws, for tests that check its code, message or place. A call that throws
 * nothing, or an error of another kind, fails the test here (the other error kept as the cause,
 * so its own stack is shown), never passes it.
 */

// Abstract classes too (an error base class the code narrows on).
type ErrorClass<E> = abstract new (...args: never[]) => E

function wrong(type: ErrorClass<unknown>, err: unknown): Error {
  return new Error(`expected a ${type.name}, got ${err instanceof Error ? `${err.constructor.name}: ${err.message}` : String(err)}`, { cause: err })
}

/** The `type` error `fn` throws. */
export function thrownBy<E>(fn: () => unknown, type: ErrorClass<E>): E {
  try {
    fn()
  } catch (err) {
    if (err instanceof type) return err
    throw wrong(type, err)
  }
  throw new Error(`expected a ${type.name}, nothing was thrown`)
}

/** The `type` error `promise` rejects with. */
export async function rejectionOf<E>(promise: PromiseLike<unknown>, type: ErrorClass<E>): Promise<E> {
  try {
    await promise
  } catch (err) {
    if (err instanceof type) return err
    throw wrong(type, err)
  }
  throw new Error(`expected a ${type.name}, the promise resolved`)
}
