/**
 * What a dialog's group needs against what the account has, both in base units (Algos and USDC),
 * checked before anything is signed.
 */
import { MESSAGES } from '../lib/errors.js'

/** What the account must have, in base units, against what it has. */
export interface Funds {
  readonly algos: bigint
  readonly usdc: bigint
}

export function fundsError(needed: Funds, available: Funds): string | null {
  return needed.algos > available.algos || needed.usdc > available.usdc
    ? MESSAGES.insufficientFunds
    : null
}
