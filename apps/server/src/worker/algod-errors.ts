/**
 * Reading algod's answers when a call fails: algosdk throws an error carrying the HTTP status, and
 * algod explains a refusal in the body's `message` (which algosdk also appends to the error text).
 */
export interface AlgodFailure {
  /** HTTP status, or null when algod was not reached (refused, reset, timed out). */
  readonly status: number | null
  readonly message: string
}

export function algodFailure(e: unknown): AlgodFailure {
  const status = (e as { response?: { status?: unknown } } | null)?.response?.status
  const text = e instanceof Error ? e.message : String(e)
  const body = /Received status \d+ \([^)]*\): ([\s\S]*)$/.exec(text)
  return {
    status: typeof status === 'number' ? status : null,
    message: body?.[1] ?? text,
  }
}

/** A failure worth retrying: algod unreachable, overloaded or failing itself. */
export function isTransient(f: AlgodFailure): boolean {
  return f.status === null || f.status === 429 || f.status >= 500
}
