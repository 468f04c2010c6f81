/**
 * Operations: the history of every manager call, and the send queue's status (docs/product.md §3,
 * §7).
 */
import { AUCTION_OPERATIONS, OP_TYPES, TRADE_OPERATIONS } from '@unica/rules'
import { z } from 'zod'
import { Address, Guid, PageQuery, Timestamp, Uint64String } from './common.js'

// The names are the protocol's (@unica/rules), shared with each operation's spec in the contracts.
export { AUCTION_OPERATIONS, OP_TYPES, TRADE_OPERATIONS, type AuctionOperation } from '@unica/rules'

export const TradeOperation = z.enum(TRADE_OPERATIONS)
export type TradeOperation = z.infer<typeof TradeOperation>

export const OpType = z.enum(OP_TYPES)
export type OpType = z.infer<typeof OpType>

export const Operation = z.object({
  operation_id: z.string(),
  asset_guid: Guid.nullable(),
  application_id: Uint64String,
  op_type: z.string(),
  value: Uint64String,
  sender: Address,
  /**
   * Ours, additive: a sale's other party as the chain follower read it from the manager's inner
   * transactions (the owner paid by a BUY_NOW, the buyer of a SELL_NOW); null otherwise.
   */
  counterparty: Address.nullable()
    .optional()
    .describe("A sale's other party: the owner paid by a BUY_NOW, the buyer of a SELL_NOW."),
  /**
   * Ours, additive: the USDC a sale's creator royalty took (paid to recipients plus held for them
   * to claim), as the follower read it; null for other operations, v1 apps and unseen sends.
   */
  royalty: Uint64String.nullable()
    .optional()
    .describe("The USDC a sale's royalty took (paid plus held); null for non-sales and v1."),
  /** Ours, additive: an AUCTION_BID's auction end after it (moved by a late bid); else null. */
  auction_end: Timestamp.nullable()
    .optional()
    .describe(
      "An auction bid's end after it (the first bid starts the clock, a late one moves it).",
    ),
  tx_id: z.string().nullable(),
  round: Uint64String.nullable(),
  block_time: Timestamp.nullable(),
  is_pending: z.boolean(),
  is_executed: z.boolean(),
  created_at: Timestamp,
})
export type Operation = z.infer<typeof Operation>

export const OperationListQuery = PageQuery.extend({
  asset__guid: Guid.optional(),
})
export type OperationListQuery = z.infer<typeof OperationListQuery>

/** What send_tx queues: the trades, and a v3 manager's auction calls (additive). */
export const SEND_OPERATIONS = [...TRADE_OPERATIONS, ...AUCTION_OPERATIONS] as const
export const SendOperation = z.enum(SEND_OPERATIONS)
export type SendOperation = z.infer<typeof SendOperation>

/** POST /api/operations/send_tx/: a signed group (base64 of concatenated msgpack) and its kind. */
export const SendTxBody = z.object({
  blob: z
    .string()
    .min(1, 'This field is required.')
    .max(64 * 1024, 'Too large.'),
  operation: SendOperation,
})
export type SendTxBody = z.infer<typeof SendTxBody>

export const SendTxAnswer = z.object({ operation_id: z.string() })

/** GET /api/operations/{id}. */
export const OperationStatus = z.object({
  operation_id: z.string(),
  is_pending: z.boolean(),
  is_executed: z.boolean(),
  failure_reason: z.string().nullable(),
})
export type OperationStatus = z.infer<typeof OperationStatus>
