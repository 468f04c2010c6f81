/**
 * The names of the manager's operations in the history (`op_type`, docs/product.md §3, §7): one
 * home for the schemas (the REST payloads) and the contracts (each operation's `opType` in
 * v1.ts–v3.ts, typed by `OpType`, so an operation cannot name a type the history does not have).
 */

/** Trades the web app sends through send_tx. */
export const TRADE_OPERATIONS = ['ASK', 'BID', 'BUY_NOW', 'SELL_NOW'] as const
export type TradeOperationName = (typeof TRADE_OPERATIONS)[number]

/**
 * A v3 manager's timed auction: start (value: the reserve), bid (value: the bid; counterparty: the
 * refunded previous bidder), cancel, settle (a sale: value the winning bid, counterparty the
 * winner, royalty as a sale's) and withdraw of USDC held for an account that could not receive it
 * (value: the amount).
 */
export const AUCTION_OPERATIONS = [
  'AUCTION_START',
  'AUCTION_BID',
  'AUCTION_CANCEL',
  'AUCTION_SETTLE',
  'AUCTION_WITHDRAW',
] as const
export type AuctionOperation = (typeof AUCTION_OPERATIONS)[number]

/**
 * Every op_type the history holds: trades plus the non-trade calls the chain follower sees
 * (CLAIM: a royalty recipient claims what a v2 manager held for them; its value is the amount),
 * and the auction's calls.
 */
export const OP_TYPES = [
  ...TRADE_OPERATIONS,
  'CONFIGURE',
  'OPT_IN',
  'CLOSE_OUT',
  'CLEAR',
  'CLAIM',
  ...AUCTION_OPERATIONS,
] as const
export type OpTypeName = (typeof OP_TYPES)[number]
