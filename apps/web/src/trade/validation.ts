/**
 * The trade modals' rules and messages (docs/product.md §5) and the preconditions of each action.
 * Amounts are bigint base units; null means the input is not a valid amount.
 */
import { MESSAGES } from '../common/lib/errors.js'

const TRADE_MESSAGES = {
  biggerThanZero: 'Must be bigger than 0',
  differentBid: 'Must be different than current bid',
  lowerThanPrice: 'Must be lower than the current price (use "Buy now" to buy instantly)',
  differentPrice: 'Must be different than current price',
  biggerThanBid: 'Must be bigger than the highest bid (use "Sell now" to sell instantly)',
  insufficientFunds: MESSAGES.insufficientFunds,
} as const

/**
 * The rule both amounts follow: > 0, not the current value, and not past the other side's amount
 * when there is one (`past` says which way is past it).
 */
function checkAmount(
  amount: bigint | null,
  current: { value: bigint; same: string },
  other: { value: bigint; past: (amount: bigint, other: bigint) => boolean; message: string },
): string | null {
  if (amount === null || amount <= 0n) return TRADE_MESSAGES.biggerThanZero
  if (amount === current.value) return current.same
  if (other.value > 0n && other.past(amount, other.value)) return other.message
  return null
}

/** Make offer: > 0, not the current bid, below the ask when there is one. */
export function validateOffer(
  amount: bigint | null,
  currentBid: bigint,
  ask: bigint,
): string | null {
  return checkAmount(
    amount,
    { value: currentBid, same: TRADE_MESSAGES.differentBid },
    { value: ask, past: (a, price) => a >= price, message: TRADE_MESSAGES.lowerThanPrice },
  )
}

/** Set price: > 0, not the current price, above the highest bid when there is one. */
export function validateAsk(
  amount: bigint | null,
  currentPrice: bigint,
  highestBid: bigint,
): string | null {
  return checkAmount(
    amount,
    { value: currentPrice, same: TRADE_MESSAGES.differentPrice },
    { value: highestBid, past: (a, bid) => a <= bid, message: TRADE_MESSAGES.biggerThanBid },
  )
}

/** Buy now needs an ask price. */
export function buyNowPrecondition(ask: bigint): string | null {
  return ask > 0n ? null : MESSAGES.noSellers
}

/** Sell now needs ownership and an existing bid. */
export function sellNowPrecondition(isOwner: boolean, highestBid: bigint): string | null {
  if (!isOwner) return MESSAGES.mustOwn
  return highestBid > 0n ? null : MESSAGES.mustBeBid
}

/** Cancel bid needs an existing bid. */
export function cancelBidPrecondition(currentBid: bigint): string | null {
  return currentBid > 0n ? null : MESSAGES.noOffer
}

/** Cancel ask needs ownership and an ask. */
export function cancelAskPrecondition(isOwner: boolean, ask: bigint): string | null {
  if (!isOwner) return MESSAGES.mustOwn
  return ask > 0n ? null : MESSAGES.noOffer
}
