/**
 * Trading groups (docs/product.md §4), built from the description of the market's contract
 * version (../market/v1.ts, v2.ts): each app call is last in its group and names the amount its
 * signer agreed to; deposits come before it, payouts are the app's inner transactions. See the
 * README for every group index by index.
 */
import { buildVariant, chooseVariant, type BuildInput, type BuiltGroup } from '../market/build.js'
import { RECIPIENT_ROLES, SHARE_TERMS, type Role, type Term } from '../market/spec.js'
import type { OperationKey } from '../market/versions.js'
import { requireNonNegative, requirePositive, type ChainParams, type Market } from './group.js'

interface TradeInput {
  readonly market: Market
  readonly params: ChainParams
}

/** The group of `operation` on the market's version; `variant` by name or chosen by the terms. */
function tradeGroup(
  operation: OperationKey,
  variant: string | null,
  input: TradeInput,
  roles: Partial<Record<Role, string>>,
  terms: Partial<Record<Term, bigint>>,
): BuiltGroup {
  const { market } = input
  const version = market.version ?? 1
  const built: BuildInput = {
    appId: market.appId,
    params: input.params,
    roles,
    terms: { nftId: market.nftId, usdcId: market.usdcId, ...terms },
  }
  const chosen = variant ?? chooseVariant(operation, built.terms, version)
  return buildVariant(operation, chosen, built, version)
}

/**
 * A sale's royalty on a v2 market: the recipients (named as accounts so the app can pay them),
 * their shares, and whether a royalty is due (the seller is not the creator). Nothing on v1.
 */
function saleRoyalty(
  market: Market,
  seller: string,
): { roles: Partial<Record<Role, string>>; terms: Partial<Record<Term, bigint>> } {
  const r = market.royalty
  if ((market.version ?? 1) === 1 || r === undefined) return { roles: {}, terms: {} }
  const roles: Partial<Record<Role, string>> = {}
  const terms: Partial<Record<Term, bigint>> = { royaltyDue: seller === r.creator ? 0n : 1n }
  SHARE_TERMS.forEach((share, i) => {
    const recipient = r.recipients.at(i)
    terms[share] = recipient?.share ?? 0n
    if (recipient !== undefined) roles[RECIPIENT_ROLES[i]] = recipient.address
  })
  return { roles, terms }
}

/**
 * What every sale's group carries (buy now, sell now, an auction's settlement): its price, checked
 * positive, as the `amount` term, and the royalty's recipients and terms (saleRoyalty).
 */
export function sale(
  market: Market,
  seller: string,
  name: string,
  price: bigint,
): { roles: Partial<Record<Role, string>>; terms: Partial<Record<Term, bigint>> } {
  requirePositive(name, price)
  const royalty = saleRoyalty(market, seller)
  return { roles: royalty.roles, terms: { amount: price, ...royalty.terms } }
}

/** A call that moves or sets one positive amount (an ask's price, a claim): checked, then built. */
function amountGroup(
  operation: OperationKey,
  variant: string,
  input: TradeInput,
  roles: Partial<Record<Role, string>>,
  name: string,
  amount: bigint,
): BuiltGroup {
  requirePositive(name, amount)
  return tradeGroup(operation, variant, input, roles, { amount })
}

export interface AskInput extends TradeInput {
  readonly seller: string
  readonly price: bigint
}

/** First listing: [0] axfer NFT seller -> escrow, [1] appl S price. */
export function buildListAsk(input: AskInput): BuiltGroup {
  return amountGroup('ASK', 'list', input, { seller: input.seller }, 'price', input.price)
}

/** The owner of the NFT in escrow changes the ask: [0] appl S price. */
export function buildChangeAsk(input: AskInput): BuiltGroup {
  return amountGroup('ASK', 'change', input, { owner: input.seller }, 'price', input.price)
}

/** The owner cancels the ask: [0] appl S 0, fee 2x (the NFT's return). */
export function buildCancelAsk(input: Omit<AskInput, 'price'>): BuiltGroup {
  return tradeGroup('ASK', 'cancel', input, { owner: input.seller }, { amount: 0n })
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
  const terms = { amount: newBid, bid: currentBid }
  return tradeGroup('BID', null, input, { bidder: input.bidder }, terms)
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
 * Inner: any refund, NFT to the buyer, (v2) each royalty recipient's cut, the price (less the
 * cuts) to the owner, and the bid box's min balance back.
 */
export function buildBuyNow(input: BuyNowInput): BuiltGroup {
  const priced = sale(input.market, input.owner, 'price', input.price)
  requireNonNegative('current bid', input.currentBid)
  const roles = { buyer: input.buyer, owner: input.owner, ...priced.roles }
  return tradeGroup('BUY_NOW', null, input, roles, { ...priced.terms, bid: input.currentBid })
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
 * Inner: (the NFT to the buyer from escrow,) (v2) each royalty recipient's cut, the bid (less the
 * cuts) to the seller, the buyer's box min balance back to the buyer.
 */
export function buildSellNow(input: SellNowInput): BuiltGroup {
  const priced = sale(input.market, input.seller, 'bid', input.bid)
  const roles = { seller: input.seller, buyer: input.buyer, ...priced.roles }
  const terms = { ...priced.terms, bid: input.bid }
  const variant = input.fromEscrow ? 'from-escrow' : 'from-wallet'
  return tradeGroup('SELL_NOW', variant, input, roles, terms)
}

export interface ClaimInput extends TradeInput {
  readonly recipient: string
  /** Every royalty held for the recipient (the sum of its H slots). */
  readonly amount: bigint
}

/** v2: a royalty recipient takes what the app holds for it: [0] appl R amount, fee 2x. */
export function buildClaim(input: ClaimInput): BuiltGroup {
  return amountGroup('CLAIM', 'claim', input, { user: input.recipient }, 'amount', input.amount)
}
