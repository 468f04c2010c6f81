/**
 * The consensus values the marketplace's costs derive from (go-algorand config/consensus.go; the
 * same on MainNet and TestNet since v36), and the manager's schema. One home for every number the
 * fee and cost arithmetic uses.
 */

/** MinBalance (v9): every account's base minimum balance. */
export const ACCOUNT_MIN_BALANCE = 100_000n
/** MinBalance per asset held or created (v9). */
export const ASSET_MIN_BALANCE = 100_000n
/** AppFlatParamsMinBalance (v24): each app created, per program page. */
export const APP_CREATE_MIN_BALANCE = 100_000n
/** AppFlatOptInMinBalance (v24): each app opted in to. */
export const APP_OPT_IN_MIN_BALANCE = 100_000n
/** SchemaMinBalancePerEntry + SchemaUintMinBalance (v24). */
export const SCHEMA_UINT_MIN_BALANCE = 28_500n
/** SchemaMinBalancePerEntry + SchemaBytesMinBalance (v24). */
export const SCHEMA_BYTES_MIN_BALANCE = 50_000n
/** BoxFlatMinBalance and BoxByteMinBalance (v36), charged to the app account. */
export const BOX_FLAT_MIN_BALANCE = 2_500n
export const BOX_BYTE_MIN_BALANCE = 400n

/** The manager's state schema (teal/manager.teal): A, U, N, B uints; O, E, C byte slices; local B. */
export const MANAGER_SCHEMA = {
  globalInts: 4,
  globalBytes: 3,
  localInts: 1,
  localBytes: 0,
  extraPages: 0,
} as const

/**
 * Version 2's schema (teal/manager-v2.teal): version 1's plus H0..H3 (royalties held per
 * recipient) and R0..R3 (the recipients and their shares).
 */
export const MANAGER_SCHEMA_V2 = {
  ...MANAGER_SCHEMA,
  globalInts: MANAGER_SCHEMA.globalInts + 4,
  globalBytes: MANAGER_SCHEMA.globalBytes + 4,
} as const

/**
 * Version 3's schema (teal/manager-v3.teal): version 2's plus the auction's AR, AD, AP, AM, AE, AV
 * (uints) and AH (bytes); its approval program takes one extra page.
 */
export const MANAGER_SCHEMA_V3 = {
  ...MANAGER_SCHEMA_V2,
  globalInts: MANAGER_SCHEMA_V2.globalInts + 6,
  globalBytes: MANAGER_SCHEMA_V2.globalBytes + 1,
  extraPages: 1,
} as const

export type ManagerSchema =
  typeof MANAGER_SCHEMA | typeof MANAGER_SCHEMA_V2 | typeof MANAGER_SCHEMA_V3

/**
 * Royalties (manager v2 and later): shares in basis points of the price. Their limits differ by
 * version and live in @unica/rules (`royaltyLimits(version)`), below this package and the schemas.
 */
import { auctionLimits, BASIS_POINTS } from '@unica/rules'

export { BASIS_POINTS }

/** A bid's box: key = the bidder's 32-byte address, value = the 8-byte bid. */
export const BID_BOX_MIN_BALANCE = BOX_FLAT_MIN_BALANCE + BOX_BYTE_MIN_BALANCE * (32n + 8n)

/** What the proxy must hold to create a manager of `schema`: its base plus the app's min balance. */
export const proxyFunding = (schema: ManagerSchema): bigint =>
  ACCOUNT_MIN_BALANCE +
  APP_CREATE_MIN_BALANCE * BigInt(1 + schema.extraPages) +
  SCHEMA_UINT_MIN_BALANCE * BigInt(schema.globalInts) +
  SCHEMA_BYTES_MIN_BALANCE * BigInt(schema.globalBytes)

export const PROXY_FUNDING = proxyFunding(MANAGER_SCHEMA)
export const PROXY_FUNDING_V2 = proxyFunding(MANAGER_SCHEMA_V2)
export const PROXY_FUNDING_V3 = proxyFunding(MANAGER_SCHEMA_V3)

/** Auctions (manager v3): the limits of @unica/rules, named as the builders and tests use them. */
const V3_AUCTION = auctionLimits(3)!
export const AUCTION_MIN_DURATION = V3_AUCTION.minDuration
export const AUCTION_MAX_DURATION = V3_AUCTION.maxDuration
/** The minimum raise in basis points: 0 (none), or 5% ..= 100%. */
export const AUCTION_MIN_RAISE_BP = V3_AUCTION.minRaiseBp
export const AUCTION_MAX_RAISE_BP = V3_AUCTION.maxRaiseBp
/** A bid less than this many seconds before the end moves the end to this long after its block. */
export const AUCTION_EXTENSION = V3_AUCTION.extension
/** A held refund's box: key = "a" + the 32-byte address, value = the 8-byte USDC amount. */
export const HELD_BOX_PREFIX = 'a'
export const HELD_BOX_MIN_BALANCE = BOX_FLAT_MIN_BALANCE + BOX_BYTE_MIN_BALANCE * (33n + 8n)
/**
 * What every auction bid deposits in Algos: a held refund box's min balance, so the app can hold
 * the bidder's refund when outbid (or the seller's proceeds at settlement) if USDC cannot reach
 * them. Returned when not used. The same amount as HELD_BOX_MIN_BALANCE, named for the bidder.
 * @alias
 */
export const AUCTION_DEPOSIT = HELD_BOX_MIN_BALANCE

/** What the escrow (the app account) must hold: its base plus its NFT and USDC opt-ins. */
export const ESCROW_FUNDING = ACCOUNT_MIN_BALANCE + 2n * ASSET_MIN_BALANCE

/** What opting in to the manager adds to a user's min balance. */
export const APP_OPT_IN_COST =
  APP_OPT_IN_MIN_BALANCE + SCHEMA_UINT_MIN_BALANCE * BigInt(MANAGER_SCHEMA.localInts)
