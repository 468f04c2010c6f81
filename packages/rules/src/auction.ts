/**
 * Auctions (manager v3 and later): the terms a seller may set, and the extension a late bid gets.
 * The program checks them on chain; the Start auction form, the builders and the tests ask this
 * module, by version, so no limit is restated beside them.
 */
import { BASIS_POINTS } from './royalty.js'
import type { ContractVersion } from './versions.js'

export interface AuctionLimits {
  /** The shortest and longest time from the first bid to the end, in seconds. */
  readonly minDuration: bigint
  readonly maxDuration: bigint
  /** The minimum raise in basis points of the highest bid: 0 (none), or from min to max. */
  readonly minRaiseBp: bigint
  readonly maxRaiseBp: bigint
  /** A bid less than this many seconds before the end moves the end to this long after its block. */
  readonly extension: bigint
}

const HOUR = 3_600n
const DAY = 24n * HOUR

const LIMITS: Readonly<Record<ContractVersion, AuctionLimits | null>> = {
  // Versions 1 and 2 hold no auction.
  1: null,
  2: null,
  3: {
    minDuration: HOUR,
    maxDuration: 7n * DAY,
    minRaiseBp: 500n,
    maxRaiseBp: BASIS_POINTS,
    extension: 15n * 60n,
  },
}

/** What a manager of `version` takes when an auction starts, or null when it holds none. */
export const auctionLimits = (version: ContractVersion): AuctionLimits | null => LIMITS[version]

/** `3600n` is "1 hour", `604800n` "7 days": whole days when it is some, else hours. */
export function durationWords(seconds: bigint): string {
  const [n, unit] = seconds % DAY === 0n ? [seconds / DAY, 'day'] : [seconds / HOUR, 'hour']
  return `${n} ${unit}${n === 1n ? '' : 's'}`
}

/** The refusals' words, the same wherever a term is checked. */
export const AUCTION_RULE_MESSAGES = {
  duration: (limits: AuctionLimits) =>
    `Choose a duration from ${durationWords(limits.minDuration)} to ${durationWords(limits.maxDuration)} (${limits.maxDuration / HOUR} hours)`,
} as const
