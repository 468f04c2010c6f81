/**
 * The auction's bid history (docs/product.md §2): the AUCTION_BID operations of the running
 * auction (those after its AUCTION_START), newest first, each with the end after it as the
 * follower read it from the chain. The first bid starts the clock; a later bid whose end is later
 * than the one before it moved the end (anti-sniping).
 */
import type { Operation } from '@unica/schemas'

export interface AuctionBidRow {
  readonly key: string
  readonly bidder: string
  readonly amount: bigint
  readonly when: string | null
  readonly pending: boolean
  /** The end after this bid (ISO), when known. */
  readonly end: string | null
  /** 'started': this bid started the clock; 'extended': it moved the end; else null. */
  readonly endNote: 'started' | 'extended' | null
}

/** `operations` newest first (the API's order); the rows newest first too. */
export function auctionBids(operations: readonly Operation[]): AuctionBidRow[] {
  const oldestFirst = [...operations].reverse()
  const start = oldestFirst.findLastIndex((op) => op.op_type === 'AUCTION_START')
  const rows: AuctionBidRow[] = []
  let previousEnd: number | null = null
  for (const op of oldestFirst.slice(start + 1)) {
    if (op.op_type !== 'AUCTION_BID') continue
    const end = op.auction_end ?? null
    const endMs = end === null ? null : new Date(end).getTime()
    let endNote: AuctionBidRow['endNote'] = null
    if (rows.length === 0) endNote = 'started'
    else if (endMs !== null && previousEnd !== null && endMs > previousEnd) endNote = 'extended'
    if (endMs !== null) previousEnd = endMs
    rows.push({
      key: op.operation_id,
      bidder: op.sender,
      amount: BigInt(op.value),
      when: op.block_time,
      pending: op.is_pending,
      end,
      endNote,
    })
  }
  return rows.reverse()
}
