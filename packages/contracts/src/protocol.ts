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

/** A bid's box: key = the bidder's 32-byte address, value = the 8-byte bid. */
export const BID_BOX_MIN_BALANCE = BOX_FLAT_MIN_BALANCE + BOX_BYTE_MIN_BALANCE * (32n + 8n)

/** What the proxy must hold to create the manager: its base plus the app's min balance. */
export const PROXY_FUNDING =
  ACCOUNT_MIN_BALANCE +
  APP_CREATE_MIN_BALANCE * BigInt(1 + MANAGER_SCHEMA.extraPages) +
  SCHEMA_UINT_MIN_BALANCE * BigInt(MANAGER_SCHEMA.globalInts) +
  SCHEMA_BYTES_MIN_BALANCE * BigInt(MANAGER_SCHEMA.globalBytes)

/** What the escrow (the app account) must hold: its base plus its NFT and USDC opt-ins. */
export const ESCROW_FUNDING = ACCOUNT_MIN_BALANCE + 2n * ASSET_MIN_BALANCE

/** What opting in to the manager adds to a user's min balance. */
export const APP_OPT_IN_COST =
  APP_OPT_IN_MIN_BALANCE + SCHEMA_UINT_MIN_BALANCE * BigInt(MANAGER_SCHEMA.localInts)
