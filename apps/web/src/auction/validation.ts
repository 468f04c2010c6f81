/**
 * The auction dialogs' rules (docs/product.md §5), in base units, by the chain's own limits:
 * Start auction (reserve, duration, minimum raise) and Bid in auction (at least the minimum next
 * bid). The limits are the piece's contract version's (@unica/rules `auctionLimits`). Each problem
 * is a message shown inline on its field; null means the field is fine.
 */
import { MAX_UINT64 } from '@unica/contracts'
import { AUCTION_RULE_MESSAGES, auctionLimits, type AuctionLimits } from '@unica/rules'
import { formatUnits, parseUnits } from '../common/lib/format.js'

/** Duration presets of the Start auction dialog, in seconds; 'custom' takes hours. */
export const DURATION_PRESETS = [
  { label: '1 hour', seconds: 3600 },
  { label: '12 hours', seconds: 12 * 3600 },
  { label: '24 hours', seconds: 24 * 3600 },
  { label: '3 days', seconds: 3 * 86_400 },
  { label: '7 days', seconds: 7 * 86_400 },
] as const

export type RaiseKind = 'percent' | 'amount'

/** What the Start auction form holds, as typed. */
export interface StartAuctionFields {
  readonly reserve: string
  /** A preset's seconds as text, or 'custom'. */
  readonly duration: string
  /** Custom duration in hours (whole), used when duration is 'custom'. */
  readonly customHours: string
  readonly raiseKind: RaiseKind
  /** Percent (up to 2 decimals) or USDC, by raiseKind. */
  readonly raise: string
}

export interface StartAuctionTerms {
  readonly reserve: bigint
  readonly duration: bigint
  readonly raiseBp: bigint
  readonly raiseMin: bigint
}

export type StartAuctionErrors = Partial<Record<'reserve' | 'duration' | 'raise', string>>

/** The terms of the only version with auctions so far: what the form shows and checks by default. */
export const V3_AUCTION_LIMITS = auctionLimits(3)!

export const AUCTION_MESSAGES = {
  reserve: 'Enter a reserve above 0 USDC',
  tooLarge: 'That amount is too large',
  duration: (limits: AuctionLimits) => AUCTION_RULE_MESSAGES.duration(limits),
  percent: (limits: AuctionLimits) =>
    `The minimum raise is at least ${formatUnits(limits.minRaiseBp, 2)}% and at most ${formatUnits(limits.maxRaiseBp, 2)}%`,
  amount: 'The minimum raise is at least 1 USDC',
  belowMinimum: (min: string) => `Your bid must be at least ${min} USDC`,
} as const

function durationSeconds(f: StartAuctionFields): number | null {
  if (f.duration !== 'custom') {
    const preset = Number(f.duration)
    return Number.isInteger(preset) ? preset : null
  }
  if (!/^\d{1,4}$/.test(f.customHours.trim())) return null
  return Number(f.customHours.trim()) * 3600
}

/** Parses and checks the form; `terms` is set only when there is no error. */
export function checkStartAuction(
  f: StartAuctionFields,
  usdcDecimals: number,
  limits: AuctionLimits,
): { terms: StartAuctionTerms | null; errors: StartAuctionErrors } {
  const errors: StartAuctionErrors = {}
  const reserve = parseUnits(f.reserve, usdcDecimals)
  if (reserve === null || reserve <= 0n) errors.reserve = AUCTION_MESSAGES.reserve
  else if (reserve > MAX_UINT64) errors.reserve = AUCTION_MESSAGES.tooLarge

  const seconds = durationSeconds(f)
  if (
    seconds === null ||
    BigInt(seconds) < limits.minDuration ||
    BigInt(seconds) > limits.maxDuration
  ) {
    errors.duration = AUCTION_MESSAGES.duration(limits)
  }

  let raiseBp = 0n
  let raiseMin = 0n
  if (f.raiseKind === 'percent') {
    // Percent with at most 2 decimals is a whole number of basis points.
    const bp = parseUnits(f.raise, 2)
    if (bp === null || bp < limits.minRaiseBp || bp > limits.maxRaiseBp) {
      errors.raise = AUCTION_MESSAGES.percent(limits)
    } else raiseBp = bp
  } else {
    const min = parseUnits(f.raise, usdcDecimals)
    if (min === null || min < 10n ** BigInt(usdcDecimals)) errors.raise = AUCTION_MESSAGES.amount
    else if (min > MAX_UINT64) errors.raise = AUCTION_MESSAGES.tooLarge
    else raiseMin = min
  }

  if (Object.keys(errors).length > 0 || reserve === null || seconds === null) {
    return { terms: null, errors }
  }
  return { terms: { reserve, duration: BigInt(seconds), raiseBp, raiseMin }, errors }
}

/** Bid in auction: an amount, at least the minimum next bid, within a uint64. */
export function checkAuctionBid(
  amount: bigint | null,
  minNext: bigint,
  formatMin: (v: bigint) => string,
): string | null {
  if (amount === null || amount <= 0n) return AUCTION_MESSAGES.belowMinimum(formatMin(minNext))
  if (amount > MAX_UINT64) return AUCTION_MESSAGES.tooLarge
  if (amount < minNext) return AUCTION_MESSAGES.belowMinimum(formatMin(minNext))
  return null
}
