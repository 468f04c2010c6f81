/**
 * Auctions (manager v3) on the harness's devnet: the block clock under the test's control, and the
 * groups built from what the chain holds now (the highest bidder and whether USDC reaches them),
 * as the web app and the settling worker build them.
 */
import algosdk from 'algosdk'
import {
  buildAuctionBid,
  buildSettleAuction,
  buildStartAuction,
  decodeHeldBox,
  heldBoxKey,
  type BuiltGroup,
  type Market,
} from '../src/index.js'
import { signWith, type Account, type Harness } from './harness.js'

export const USDC = 1_000_000n
export const HOUR = 3_600n

/**
 * The devnet's dev-mode clock: each block is `offset` seconds after the previous one, so offset 0
 * holds time still. `advance` makes one block `seconds` later; every block after it keeps that
 * time (what the app reads as LatestTimestamp).
 */
export class Clock {
  private ticker: Account | undefined

  constructor(private readonly h: Harness) {}

  async freeze(): Promise<void> {
    await this.h.algod.setBlockOffsetTimestamp(0).do()
    await this.tick()
  }

  async advance(seconds: bigint): Promise<void> {
    // The ticking account first: while the offset is set, every block moves time on.
    this.ticker ??= await this.h.account(1_000_000n, 0n)
    await this.h.algod.setBlockOffsetTimestamp(seconds).do()
    await this.tick()
    await this.h.algod.setBlockOffsetTimestamp(0).do()
  }

  /** The latest block's timestamp: what the app's next call reads as LatestTimestamp. */
  async now(): Promise<bigint> {
    const { lastRound } = await this.h.algod.status().do()
    return (await this.h.algod.block(lastRound).do()).block.header.timestamp
  }

  /** One more block: a 0-Algo payment of the ticking account to itself. */
  private async tick(): Promise<void> {
    this.ticker ??= await this.h.account(1_000_000n, 0n)
    const a = this.ticker
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: a.address,
      receiver: a.address,
      amount: 0n,
      note: crypto.getRandomValues(new Uint8Array(8)),
      suggestedParams: await this.h.params(),
    })
    await this.h.sendSigned([signWith(a, pay)])
  }
}

/** `account` sends all its USDC back to the issuer and closes its holding (opts out). */
export async function closeUsdc(h: Harness, account: Account): Promise<void> {
  const issuer = (await h.algod.getAssetByID(h.usdcId).do()).params?.creator
  if (issuer === undefined) throw new Error('USDC has no creator')
  const close = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
    sender: account.address,
    receiver: issuer,
    closeRemainderTo: issuer,
    assetIndex: h.usdcId,
    amount: 0n,
    suggestedParams: await h.params(),
  })
  await h.sendSigned([signWith(account, close)])
}

/** Whether `address` can receive USDC now (opted in and not frozen). */
export async function canReceiveUsdc(h: Harness, address: string): Promise<boolean> {
  const info = await h.algod.accountInformation(address).do()
  const holding = info.assets?.find((a) => a.assetId === h.usdcId)
  return holding !== undefined && !holding.isFrozen
}

async function holdsOptIn(h: Harness, address: string, assetId: bigint): Promise<boolean> {
  const info = await h.algod.accountInformation(address).do()
  return info.assets?.some((a) => a.assetId === assetId) ?? false
}

/** A start from the wallet (or from escrow) with a 5% raise and 1 USDC absolute. */
export async function startAuction(
  h: Harness,
  market: Market,
  seller: Account,
  options: {
    reserve?: bigint
    duration?: bigint
    raiseBp?: bigint
    raiseMin?: bigint
    fromEscrow?: boolean
  } = {},
): Promise<BuiltGroup> {
  return buildStartAuction({
    market,
    params: await h.params(),
    seller: seller.address,
    reserve: options.reserve ?? 10n * USDC,
    duration: options.duration ?? 24n * HOUR,
    raiseBp: options.raiseBp ?? 500n,
    raiseMin: options.raiseMin ?? 1n * USDC,
    fromEscrow: options.fromEscrow ?? false,
  })
}

/** A bid of `amount` by `bidder` over whatever the chain holds as the highest bid now. */
export async function auctionBid(
  h: Harness,
  market: Market,
  bidder: Account,
  amount: bigint,
): Promise<BuiltGroup> {
  const auction = (await h.state(market)).auction
  const previous =
    auction?.highestBidder == null
      ? null
      : {
          bidder: auction.highestBidder,
          bid: auction.highestBid,
          canReceiveUsdc: await canReceiveUsdc(h, auction.highestBidder),
        }
  return buildAuctionBid({
    market,
    params: await h.params(),
    bidder: bidder.address,
    amount,
    previous,
  })
}

/** A settle of the running auction by `sender`, from the chain's state now. */
export async function settleAuction(
  h: Harness,
  market: Market,
  sender: Account,
): Promise<BuiltGroup> {
  const state = await h.state(market)
  const auction = state.auction
  if (auction?.highestBidder == null || state.owner === null) throw new Error('nothing to settle')
  const winner = auction.highestBidder
  const info = await h.algod.accountInformation(winner).do()
  return buildSettleAuction({
    market,
    params: await h.params(),
    sender: sender.address,
    winner,
    seller: state.owner,
    amount: auction.highestBid,
    winnerCanReceiveNft: await holdsOptIn(h, winner, market.nftId),
    sellerCanReceiveUsdc: await canReceiveUsdc(h, state.owner),
    winnerExists: info.amount > 0n,
  })
}

/** The USDC held in `account`'s refund box, or undefined when it has none. */
export async function heldOf(
  h: Harness,
  market: Market,
  account: string,
): Promise<bigint | undefined> {
  try {
    const box = await h.algod.getApplicationBoxByName(market.appId, heldBoxKey(account)).do()
    return decodeHeldBox(box.name, box.value).amount
  } catch {
    return undefined
  }
}

/** Every held refund box of the app: account -> USDC. */
export async function heldBoxes(h: Harness, market: Market): Promise<Map<string, bigint>> {
  const { boxes } = await h.algod.getApplicationBoxes(market.appId).do()
  const out = new Map<string, bigint>()
  for (const { name } of boxes) {
    if (name.length !== 33) continue
    const box = await h.algod.getApplicationBoxByName(market.appId, name).do()
    const held = decodeHeldBox(box.name, box.value)
    out.set(held.account, held.amount)
  }
  return out
}
