/** The flows' algod failures (@unica/contracts/flows) as the error catalogue's ChainError. */
import { AlgodError } from '@unica/contracts/flows'
import { ChainError } from '../lib/errors.js'

/** Runs `work`; an AlgodError becomes a ChainError of the same kind, so the alert shows its text. */
export async function asChainErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (e) {
    throw e instanceof AlgodError ? new ChainError(e.kind, e.cause) : e
  }
}
