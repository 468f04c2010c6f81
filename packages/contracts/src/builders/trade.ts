/**
 * Trading groups (docs/product.md §4), built from the v1 description (../market/v1.ts): each app call
 * is last in its group and names the amount its signer agreed to; deposits come before it, payouts
 * are the app's inner transactions. See the README for every group index by index.
 */
import { buildVariant, chooseVariant, type BuiltGroup } from '../market/build.js'
import { requireNonNegative, requirePositive, type ChainParams, type Market } from './group.js'

interface TradeInput {
  readonly market: Market
  readonly params: ChainParams
}

const on = (input: TradeInput) => ({
  appId: input.market.appId,
  params: input.params,
  terms: { nftId: input.market.nftId, usdcId: input.market.usdcId },
})

export interface AskInput extends TradeInput {
  readonly seller: string
  readonly price: bigint
}

/** First listing: [0] axfer NFT seller -> escrow, [1] appl S price. */
export function buildListAsk(input: AskInput): BuiltGroup {
  requirePositive('price', input.price)
  const base = on(input)
  return buildVariant('ASK', 'list', {
    ...base,
    roles: { seller: input.seller },
    terms: { ...base.terms, amount: input.price },
  })
}

/** The owner of the NFT in escrow changes the ask: [0] appl S price. */
export function buildChangeAsk(input: AskInput): BuiltGroup {
  requirePositive('price', input.price)
  const base = on(input)
  return buildVariant('ASK', 'change', {
    ...base,
    roles: { owner: input.seller },
    terms: { ...base.terms, amount: input.price },
  })
}

/** The owner cancels the ask: [0] appl S 0, fee 2x (the NFT's return). */
export function buildCancelAsk(input: Omit<AskInput, 'price'>): BuiltGroup {
  const base = on(input)
  return buildVariant('ASK', 'cancel', {
    ...base,
    roles: { owner: input.seller },
    terms: { ...base.terms, amount: 0n },
  })
}

export interface BidInput extends TradeInput {
  readonly bidder: string
  /** The bidder's bid of record now (0 if none). */
  readonly currentBid: bigint
  /** The new total bid; 0 cancels. */
  readonly newBid: bigint
}

/**
 * First bid:  [0] pay bidder -> escrow (the bid box's min balance) [1] axfer USDC bid [2] appl B bid
 * Raise:      [0] axfer USDC (new - current) bidder -> escrow [1] appl B bid
 * Lower:      [0] appl B bid, fee 2x (the refund)
 * Cancel:     [0] appl B 0, fee 3x (the refund and the box's min balance back)
 */
export function buildBid(input: BidInput): BuiltGroup {
  const { currentBid, newBid } = input
  requireNonNegative('current bid', currentBid)
  requireNonNegative('new bid', newBid)
  if (newBid === currentBid) throw new RangeError('the new bid must differ from the current bid')
  const base = on(input)
  const terms = { ...base.terms, amount: newBid, bid: currentBid }
  return buildVariant('BID', chooseVariant('BID', terms), {
    ...base,
    roles: { bidder: input.bidder },
    terms,
  })
}

export interface BuyNowInput extends TradeInput {
  readonly buyer: string
  /** The ask the buyer agreed to (must equal global A). */
  readonly price: bigint
  /** The owner O, who receives the price. */
  readonly owner: string
  /** The buyer's bid of record (0 if none); it counts towards the price. */
  readonly currentBid: bigint
}

/**
 * bid < price:  [0] axfer USDC (price - bid) buyer -> escrow  [1] appl BN price
 * bid >= price: [0] appl BN price (the app refunds bid - price)
 * Inner: NFT to the buyer, price to the owner, any refund, and the bid box's min balance back.
 */
export function buildBuyNow(input: BuyNowInput): BuiltGroup {
  requirePositive('price', input.price)
  requireNonNegative('current bid', input.currentBid)
  const base = on(input)
  const terms = { ...base.terms, amount: input.price, bid: input.currentBid }
  return buildVariant('BUY_NOW', chooseVariant('BUY_NOW', terms), {
    ...base,
    roles: { buyer: input.buyer, owner: input.owner },
    terms,
  })
}

export interface SellNowInput extends TradeInput {
  readonly seller: string
  readonly buyer: string
  /** The buyer's bid the seller agreed to (must equal the bid of record). */
  readonly bid: bigint
  /** Whether the NFT is in escrow (the seller is O) rather than in the seller's wallet. */
  readonly fromEscrow: boolean
}

/**
 * NFT in escrow:  [0] appl SN bid, accounts [buyer], fee 4x
 * NFT in wallet:  [0] axfer NFT seller -> buyer  [1] appl SN bid, accounts [buyer], fee 3x
 * Inner: the bid to the seller, the buyer's box min balance back to the buyer (and the NFT to the
 * buyer from escrow).
 */
export function buildSellNow(input: SellNowInput): BuiltGroup {
  requirePositive('bid', input.bid)
  const base = on(input)
  return buildVariant('SELL_NOW', input.fromEscrow ? 'from-escrow' : 'from-wallet', {
    ...base,
    roles: { seller: input.seller, buyer: input.buyer },
    terms: { ...base.terms, amount: input.bid, bid: input.bid },
  })
}
