/**
 * Trading groups (docs/product.md §4). Each app call is last in its group and names the amount its
 * signer agreed to; deposits come before it, payouts are the app's inner transactions. See the
 * README for every group index by index.
 */
import algosdk from 'algosdk'
import { tradeArgs } from '../args.js'
import { BID_BOX_MIN_BALANCE } from '../protocol.js'
import {
  bidBox,
  escrowAddress,
  group,
  requireNonNegative,
  requirePositive,
  wallet,
  withFee,
  type ChainParams,
  type Market,
  type UnsignedGroup,
} from './group.js'

interface TradeInput {
  readonly market: Market
  readonly params: ChainParams
}

function call(
  sender: string,
  input: TradeInput,
  args: Uint8Array[],
  fees: number,
  extra: { accounts?: string[]; boxes?: algosdk.BoxReference[] } = {},
): algosdk.Transaction {
  const { market } = input
  return algosdk.makeApplicationNoOpTxnFromObject({
    sender,
    appIndex: market.appId,
    appArgs: args,
    foreignAssets: [market.nftId, market.usdcId],
    accounts: extra.accounts,
    boxes: extra.boxes,
    suggestedParams: withFee(input.params, fees),
  })
}

function deposit(
  sender: string,
  input: TradeInput,
  assetIndex: bigint,
  amount: bigint,
  receiver = escrowAddress(input.market.appId),
): algosdk.Transaction {
  return algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
    sender,
    receiver,
    assetIndex,
    amount,
    suggestedParams: withFee(input.params, 1),
  })
}

export interface AskInput extends TradeInput {
  readonly seller: string
  readonly price: bigint
}

/** First listing: [0] axfer NFT seller -> escrow, [1] appl S price. */
export function buildListAsk(input: AskInput): UnsignedGroup {
  requirePositive('price', input.price)
  const txns = [
    deposit(input.seller, input, input.market.nftId, 1n),
    call(input.seller, input, tradeArgs('ASK', input.price), 1),
  ]
  return group(txns, [wallet(input.seller), wallet(input.seller)])
}

/** The owner of the NFT in escrow changes the ask: [0] appl S price. */
export function buildChangeAsk(input: AskInput): UnsignedGroup {
  requirePositive('price', input.price)
  return group(
    [call(input.seller, input, tradeArgs('ASK', input.price), 1)],
    [wallet(input.seller)],
  )
}

/** The owner cancels the ask: [0] appl S 0, fee 2x (the NFT's return). */
export function buildCancelAsk(input: Omit<AskInput, 'price'>): UnsignedGroup {
  return group([call(input.seller, input, tradeArgs('ASK', 0n), 2)], [wallet(input.seller)])
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
export function buildBid(input: BidInput): UnsignedGroup {
  const { bidder, currentBid, newBid } = input
  requireNonNegative('current bid', currentBid)
  requireNonNegative('new bid', newBid)
  if (newBid === currentBid) throw new RangeError('the new bid must differ from the current bid')
  const args = tradeArgs('BID', newBid)
  const boxes = [bidBox(bidder)]
  if (newBid < currentBid) {
    const fees = newBid === 0n ? 3 : 2
    return group([call(bidder, input, args, fees, { boxes })], [wallet(bidder)])
  }
  const txns: algosdk.Transaction[] = []
  if (currentBid === 0n) {
    txns.push(
      algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: bidder,
        receiver: escrowAddress(input.market.appId),
        amount: BID_BOX_MIN_BALANCE,
        suggestedParams: withFee(input.params, 1),
      }),
    )
  }
  txns.push(deposit(bidder, input, input.market.usdcId, newBid - currentBid))
  txns.push(call(bidder, input, args, 1, { boxes }))
  return group(
    txns,
    txns.map(() => wallet(bidder)),
  )
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
export function buildBuyNow(input: BuyNowInput): UnsignedGroup {
  const { buyer, price, currentBid } = input
  requirePositive('price', price)
  requireNonNegative('current bid', currentBid)
  const inner = 2 + (currentBid > price ? 1 : 0) + (currentBid > 0n ? 1 : 0)
  const extra = { accounts: [input.owner], boxes: [bidBox(buyer)] }
  const appCall = call(buyer, input, tradeArgs('BUY_NOW', price), 1 + inner, extra)
  if (currentBid >= price) return group([appCall], [wallet(buyer)])
  const pay = deposit(buyer, input, input.market.usdcId, price - currentBid)
  return group([pay, appCall], [wallet(buyer), wallet(buyer)])
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
export function buildSellNow(input: SellNowInput): UnsignedGroup {
  const { seller, buyer, bid } = input
  requirePositive('bid', bid)
  const extra = { accounts: [buyer], boxes: [bidBox(buyer)] }
  const inner = input.fromEscrow ? 3 : 2
  const appCall = call(seller, input, tradeArgs('SELL_NOW', bid), 1 + inner, extra)
  if (input.fromEscrow) return group([appCall], [wallet(seller)])
  const nft = deposit(seller, input, input.market.nftId, 1n, buyer)
  return group([nft, appCall], [wallet(seller), wallet(seller)])
}
