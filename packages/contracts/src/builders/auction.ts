/**
 * Auction groups (manager v3), built from ../market/v3.ts; every group index by index is in the
 * README's v3 section. Each checks its inputs as the app would, so a group the app must refuse is
 * not built (RangeError).
 */
import algosdk from 'algosdk'
import { auctionTermsError, MAX_UINT64, type AuctionTerms } from '../market/auction.js'
import { buildVariant, type BuiltGroup } from '../market/build.js'
import type { Role, Term } from '../market/spec.js'
import { requireNonNegative, requirePositive, type ChainParams, type Market } from './group.js'
import { sale } from './trade.js'

interface AuctionInput {
  readonly market: Market
  readonly params: ChainParams
}

/** USDC's decimals (Circle's USDC, and the devnet's): 1 USDC = 10^6 base units. */
export const USDC_DECIMALS = 6

const flag = (b: boolean): bigint => (b ? 1n : 0n)

function requireV3(market: Market): void {
  if (market.version !== 3) throw new RangeError('auctions need a contract v3 market')
}

function auctionGroup(
  operation:
    'AUCTION_START' | 'AUCTION_BID' | 'AUCTION_CANCEL' | 'AUCTION_SETTLE' | 'AUCTION_WITHDRAW',
  variant: string,
  input: AuctionInput,
  roles: Partial<Record<Role, string>>,
  terms: Partial<Record<Term, bigint>>,
): BuiltGroup {
  requireV3(input.market)
  const { market } = input
  const built = {
    appId: market.appId,
    params: input.params,
    roles,
    terms: { nftId: market.nftId, usdcId: market.usdcId, ...terms },
  }
  return buildVariant(operation, variant, built, 3)
}

export interface StartAuctionInput extends AuctionInput, AuctionTerms {
  readonly seller: string
  /** The NFT is in escrow already (the seller is O: a listing, whose ask ends). */
  readonly fromEscrow: boolean
  /** USDC's decimals (USDC_DECIMALS when unset): the absolute raise is at least one USDC. */
  readonly usdcDecimals?: number
}

/**
 * From the wallet: [0] axfer NFT seller -> escrow 1  [1] appl AS reserve duration raise_bp raise_min
 * From escrow:     [0] appl AS reserve duration raise_bp raise_min (sender O)
 */
export function buildStartAuction(input: StartAuctionInput): BuiltGroup {
  const why = auctionTermsError(input, input.usdcDecimals ?? USDC_DECIMALS)
  if (why !== null) throw new RangeError(why)
  const terms = {
    amount: input.reserve,
    duration: input.duration,
    raiseBp: input.raiseBp,
    raiseMin: input.raiseMin,
  }
  return input.fromEscrow
    ? auctionGroup('AUCTION_START', 'from-escrow', input, { owner: input.seller }, terms)
    : auctionGroup('AUCTION_START', 'from-wallet', input, { seller: input.seller }, terms)
}

export interface AuctionBidInput extends AuctionInput {
  readonly bidder: string
  /** The new highest bid (at least minNextBid of the auction). */
  readonly amount: bigint
  /** The highest bid it outbids (AV, AH), and whether that bidder can receive USDC now. */
  readonly previous: {
    readonly bidder: string
    readonly bid: bigint
    readonly canReceiveUsdc: boolean
  } | null
}

/**
 * [0] pay bidder -> escrow AUCTION_DEPOSIT  [1] axfer USDC amount bidder -> escrow
 * [2] appl AB amount, accounts [previous highest bidder or the zero address]; fee 3x when the
 *     previous bid and deposit go back by inner transactions, else 1x (first bid, or refund held).
 */
export function buildAuctionBid(input: AuctionBidInput): BuiltGroup {
  requirePositive('bid', input.amount)
  if (input.amount > MAX_UINT64) throw new RangeError('the bid does not fit in 64 bits')
  const prev = input.previous
  if (prev !== null) requirePositive('previous bid', prev.bid)
  if (prev !== null && input.amount <= prev.bid) {
    throw new RangeError('the bid must be above the highest bid')
  }
  const outbid = prev?.bidder ?? algosdk.ALGORAND_ZERO_ADDRESS_STRING
  const terms = {
    amount: input.amount,
    bid: prev?.bid ?? 0n,
    refundable: flag(prev?.canReceiveUsdc ?? false),
  }
  return auctionGroup('AUCTION_BID', 'bid', input, { bidder: input.bidder, outbid }, terms)
}

export interface CancelAuctionInput extends AuctionInput {
  /** O, the seller. */
  readonly seller: string
}

/** [0] appl AC (sender O, before any bid); fee 2x (the NFT back to O). */
export function buildCancelAuction(input: CancelAuctionInput): BuiltGroup {
  return auctionGroup('AUCTION_CANCEL', 'cancel', input, { owner: input.seller }, {})
}

export interface SettleAuctionInput extends AuctionInput {
  /** Whoever sends the call (the worker's operator, any user): pays only the fee. */
  readonly sender: string
  readonly winner: string
  /** O, the seller. */
  readonly seller: string
  /** The highest bid (AV). */
  readonly amount: bigint
  /** Whether, now, the winner can receive the NFT (opted in), the seller USDC (opted in, not
   * frozen), and the winner's account exists (balance > 0) to take back its deposit. */
  readonly winnerCanReceiveNft: boolean
  readonly sellerCanReceiveUsdc: boolean
  readonly winnerExists: boolean
}

/**
 * [0] appl AZ amount, accounts [winner, seller, royalty recipients]; inner: NFT -> winner (when it
 * can receive it), each royalty cut (or held), the rest -> seller (or held in their refund box),
 * the deposit -> winner (unless it paid the seller's box); fee 1x + each inner transaction.
 */
export function buildSettleAuction(input: SettleAuctionInput): BuiltGroup {
  const priced = sale(input.market, input.seller, 'highest bid', input.amount)
  const roles = { user: input.sender, winner: input.winner, owner: input.seller, ...priced.roles }
  const terms = {
    ...priced.terms,
    nftDeliverable: flag(input.winnerCanReceiveNft),
    sellerReceives: flag(input.sellerCanReceiveUsdc),
    winnerExists: flag(input.winnerExists),
  }
  const variant = input.winnerCanReceiveNft ? 'delivered' : 'kept'
  return auctionGroup('AUCTION_SETTLE', variant, input, roles, terms)
}

export interface WithdrawHeldInput extends AuctionInput {
  readonly account: string
  /** The USDC its refund box holds (0 for a box holding only a deposit). */
  readonly amount: bigint
}

/** [0] appl AW amount; inner: the USDC (when positive) and the box's deposit -> the account. */
export function buildWithdrawHeld(input: WithdrawHeldInput): BuiltGroup {
  requireNonNegative('amount', input.amount)
  const terms = { amount: input.amount }
  return auctionGroup('AUCTION_WITHDRAW', 'withdraw', input, { user: input.account }, terms)
}
