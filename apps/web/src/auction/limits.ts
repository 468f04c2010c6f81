/**
 * The auction's limits as the manager v3 interface pins them (seconds and basis points). The
 * dialogs check them before anything is signed; the chain checks them again.
 */
export const AUCTION_LIMITS = {
  minDuration: 3600,
  maxDuration: 604_800,
  minRaiseBp: 500,
  maxRaiseBp: 10_000,
} as const

/** The auction bid's deposit in microAlgos (the held-refund box's min balance), returned when outbid. */
export const AUCTION_DEPOSIT_MICROALGOS = 18_900n
