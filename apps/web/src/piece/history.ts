/**
 * The history in the words of the market (docs/product.md §2, transaction table): each trade
 * becomes one row that says what happened ("Listed for", "Offer raised", "Sold to … by …"); the
 * housekeeping calls (opt-ins, close-outs, clears) are left to the "Show all transactions" view,
 * which keeps the spec's own names (operationName). The wording needs what came before each
 * operation (was the NFT listed? what was this bidder's previous offer?), so the rows are read
 * oldest first and shown newest first, like the API's list.
 */
import type { Asset, Operation } from '@unica/schemas'
import { operationName } from '../common/lib/format.js'

/** Text with addresses the table renders as links to the explorer. */
export type Phrase = readonly (string | { readonly address: string })[]

export interface HistoryRow {
  readonly key: string
  readonly phrase: Phrase
  /** Who acted (the signer of the call, or the creator for the mint). */
  readonly who: string
  /** The part `who` played in a sale (a settlement's sender is whoever settled); else null. */
  readonly role: SaleRole | null
  /** The amount the row is about, in USDC base units; null when none. */
  readonly price: bigint | null
  /** A sale's creator royalty (USDC base units its recipients took); null when it paid none. */
  readonly royalty: bigint | null
  readonly txId: string | null
  readonly when: string | null
  readonly pending: boolean
}

type SaleRole = 'Buyer' | 'Seller' | 'Settled by'

/** The sender's part in each kind of sale. */
const SENDER_ROLES: Readonly<Partial<Record<string, SaleRole>>> = {
  BUY_NOW: 'Buyer',
  SELL_NOW: 'Seller',
  AUCTION_SETTLE: 'Settled by',
}

/** Manager calls that only prepare or tidy an account; they tell no story of the piece. */
const HOUSEKEEPING = new Set(['OPT_IN', 'CLOSE_OUT', 'CLEAR'])

export function isHousekeeping(op: Operation): boolean {
  return HOUSEKEEPING.has(op.op_type)
}

/** What the market knew before an operation: whether it was listed, and each bidder's offer. */
interface Market {
  listed: boolean
  readonly offers: Map<string, bigint>
}

function offerPhrase(previous: bigint, value: bigint): string {
  if (value === 0n) return 'Offer withdrawn'
  if (previous === 0n || previous === value) return 'Offer'
  return value > previous ? 'Offer raised' : 'Offer lowered'
}

/** The row's words, moving the market on as the operation did; null for housekeeping. */
function phraseOf(op: Operation, value: bigint, market: Market): Phrase | null {
  const counterparty = op.counterparty ?? null
  switch (op.op_type) {
    case 'ASK': {
      const phrase = value === 0n ? 'Delisted' : market.listed ? 'Price changed to' : 'Listed for'
      market.listed = value > 0n
      return [phrase]
    }
    case 'BID': {
      const phrase = offerPhrase(market.offers.get(op.sender) ?? 0n, value)
      market.offers.set(op.sender, value)
      return [phrase]
    }
    case 'BUY_NOW':
      // A sale closes the listing and spends the buyer's offer.
      market.listed = false
      market.offers.set(op.sender, 0n)
      return counterparty === null
        ? ['Bought by ', { address: op.sender }]
        : ['Bought from ', { address: counterparty }, ' by ', { address: op.sender }]
    case 'SELL_NOW':
      market.listed = false
      if (counterparty === null) return ['Sold by ', { address: op.sender }]
      market.offers.set(counterparty, 0n)
      return ['Sold to ', { address: counterparty }, ' by ', { address: op.sender }]
    case 'AUCTION_START':
      // Started from a listing, the ask ends (manager v3): the NFT is in the auction's escrow.
      market.listed = false
      return ['Auction started, reserve']
    case 'AUCTION_BID':
      // The previous highest bidder (the counterparty) was refunded in the same group.
      return counterparty === null
        ? ['Auction bid']
        : ['Auction bid, outbidding ', { address: counterparty }]
    case 'AUCTION_CANCEL':
      return ['Auction cancelled']
    case 'AUCTION_SETTLE':
      // A sale like the others, settled by anyone (the worker's operator, or a "Settle" click).
      market.listed = false
      return counterparty === null
        ? ['Auction settled']
        : ['Won at auction by ', { address: counterparty }, ', settled']
    case 'AUCTION_WITHDRAW':
      return ['Held refund withdrawn']
    case 'CLAIM':
      // A royalty recipient took what a sale could not pay them at the time (docs/product.md §3).
      return ['Royalty claimed']
    case 'CONFIGURE':
      // The deployment itself is an app creation the history does not hold; its setup call is
      // the last step, after which the contract trades.
      return ['Contract deployed']
    default:
      return isHousekeeping(op) ? null : [operationName(op.op_type, value)]
  }
}

const PRICED = new Set([
  'ASK',
  'BID',
  'BUY_NOW',
  'SELL_NOW',
  'CLAIM',
  'AUCTION_START',
  'AUCTION_BID',
  'AUCTION_SETTLE',
  'AUCTION_WITHDRAW',
])

/** Whether an operation's value is an amount of USDC to show (a cancel's 0 is not). */
export function isPriced(opType: string): boolean {
  return PRICED.has(opType)
}

/** Sales: they pay a royalty and change the owner. */
const SALES = new Set(['BUY_NOW', 'SELL_NOW', 'AUCTION_SETTLE'])

/** Amounts belong to listings, offers, sales and claims; a cancel has none to show. */
function priceOf(op: Operation, value: bigint): bigint | null {
  const priced = PRICED.has(op.op_type)
  return priced && value > 0n ? value : null
}

/** The royalty a sale paid, when it paid one (v1 sales and sales by the creator pay none). */
function royaltyOf(op: Operation): bigint | null {
  const sale = SALES.has(op.op_type)
  const paid = op.royalty == null ? 0n : BigInt(op.royalty)
  return sale && paid > 0n ? paid : null
}

/**
 * The market rows of an asset's history, newest first. `operations` is the API's order (pending
 * first, then newest round first); the asset, when given, adds its mint as the oldest row.
 */
export function historyRows(
  operations: readonly Operation[],
  asset?: Pick<Asset, 'creator_address' | 'created_at'>,
): HistoryRow[] {
  const market: Market = { listed: false, offers: new Map() }
  const rows: HistoryRow[] = []
  if (asset !== undefined) {
    rows.push({
      key: 'minted',
      phrase: ['Minted'],
      who: asset.creator_address,
      role: null,
      price: null,
      royalty: null,
      txId: null,
      when: asset.created_at,
      pending: false,
    })
  }
  for (const op of [...operations].reverse()) {
    const value = BigInt(op.value)
    const phrase = phraseOf(op, value, market)
    if (phrase === null) continue
    rows.push({
      key: op.operation_id,
      phrase,
      who: op.sender,
      role: SENDER_ROLES[op.op_type] ?? null,
      price: priceOf(op, value),
      royalty: royaltyOf(op),
      txId: op.tx_id,
      when: op.block_time,
      pending: op.is_pending,
    })
  }
  return rows.reverse()
}
