/**
 * The trades the follower recorded in a range of rounds, with the piece's owner as those rounds
 * leave it, and the bidders a bid beat: what worker/notify.ts makes notifications of.
 */
import { and, between, desc, eq, gt, isNotNull, lt, ne, or } from 'drizzle-orm'
import type { Db } from '../connection.js'
import { assets, bids, operations, type StoredRoyalty } from '../schema.js'

export interface RoundTrade {
  readonly id: bigint
  readonly round: bigint | null
  readonly guid: string
  readonly applicationId: bigint
  readonly opType: string
  readonly value: bigint
  readonly sender: string
  readonly counterparty: string | null
  readonly txId: string
  readonly owner: string | null
  /** A v2 sale's royalty (paid plus held), else null; and the piece's split. */
  readonly royalty: bigint | null
  readonly split: StoredRoyalty | null
}

export async function tradesInRounds(db: Db, first: bigint, last: bigint): Promise<RoundTrade[]> {
  const rows = await db
    .select({
      id: operations.id,
      round: operations.round,
      guid: assets.guid,
      applicationId: operations.applicationId,
      opType: operations.opType,
      value: operations.value,
      sender: operations.sender,
      counterparty: operations.counterparty,
      txId: operations.txId,
      owner: assets.ownerAddress,
      royalty: operations.royalty,
      split: assets.royalty,
    })
    .from(operations)
    .innerJoin(assets, eq(assets.guid, operations.assetGuid))
    .where(
      and(
        eq(operations.status, 'executed'),
        between(operations.round, first, last),
        isNotNull(operations.txId),
      ),
    )
    .orderBy(operations.round, operations.id)
  return rows.map((r) => ({ ...r, txId: r.txId ?? '' }))
}

/**
 * The other bidders on the app whose standing bid is now below `value` (as the applied rounds
 * leave it: a bidder who withdrew or spent the bid in those rounds is not told).
 */
export async function outbidBy(db: Db, trade: RoundTrade): Promise<string[]> {
  const rows = await db
    .select({ bidder: bids.bidder })
    .from(bids)
    .where(
      and(
        eq(bids.applicationId, trade.applicationId),
        ne(bids.bidder, trade.sender),
        gt(bids.amount, 0n),
        lt(bids.amount, trade.value),
      ),
    )
  return rows.map((r) => r.bidder)
}

/**
 * The seller of the auction a trade belongs to: who started the app's latest auction before it
 * (AUCTION_START's sender is the owner O who put the piece up), or null when none is recorded.
 */
export async function auctionSellerOf(db: Db, trade: RoundTrade): Promise<string | null> {
  if (trade.round === null) return null
  const rows = await db
    .select({ sender: operations.sender })
    .from(operations)
    .where(
      and(
        eq(operations.applicationId, trade.applicationId),
        eq(operations.opType, 'AUCTION_START'),
        eq(operations.status, 'executed'),
        or(
          lt(operations.round, trade.round),
          and(eq(operations.round, trade.round), lt(operations.id, trade.id)),
        ),
      ),
    )
    .orderBy(desc(operations.round), desc(operations.id))
    .limit(1)
  return rows.at(0)?.sender ?? null
}
