/**
 * Raised by an opcode or the step loop to end evaluation with an error. The loop catches it (and
 * any other exception, which would be our bug) and turns it into a structured result; nothing
 * escapes the evaluator.
 */
export class AvmError extends Error {
  override readonly name = 'AvmError'
}

export function fail(message: string): never {
  throw new AvmError(message)
}
