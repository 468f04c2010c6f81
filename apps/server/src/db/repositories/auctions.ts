/**
 * The auctions the worker's settler must settle (manager v3, migration 0011): ended (the end at
 * or before the chain's latest block), with a highest bid, and no settlement of it already queued
 * or in flight, nor one refused within the last minute (retried after it, so an operator out of
 * Algos does not queue a failing group every poll).
 */
import { and, asc, eq, gt, gte, inArray, isNotNull, lte, notExists, or, sql } from 'drizzle-orm'
import type { Db } from '../connection.js'
import { assets, operations, type StoredRoyalty } from '../schema.js'

export interface EndedAuction {
  readonly guid: string
  readonly applicationId: bigint
  readonly assetId: bigint
  readonly contractVersion: number
  readonly creator: string
  readonly royalty: StoredRoyalty | null
  /** AH, who gets the NFT. */
  readonly winner: string
  /** O, who started the auction and gets the proceeds. */
  readonly seller: string
  readonly highestBid: bigint
}

/** A refused settlement is tried again after this long. */
const SETTLE_RETRY_SECONDS = 60

export async function endedAuctions(
  db: Db,
  chainNow: Date,
  limit: number,
): Promise<EndedAuction[]> {
  const settling = db
    .select({ one: sql`1` })
    .from(operations)
    .where(
      and(
        eq(operations.applicationId, assets.applicationId),
        eq(operations.opType, 'AUCTION_SETTLE'),
        or(
          inArray(operations.status, ['pending', 'submitted']),
          and(
            eq(operations.status, 'failed'),
            gte(operations.updatedAt, sql`now() - make_interval(secs => ${SETTLE_RETRY_SECONDS})`),
          ),
        ),
      ),
    )
  const rows = await db
    .select({
      guid: assets.guid,
      applicationId: assets.applicationId,
      assetId: assets.assetId,
      contractVersion: assets.contractVersion,
      creator: assets.creatorAddress,
      royalty: assets.royalty,
      winner: assets.auctionBidder,
      seller: assets.ownerAddress,
      highestBid: assets.auctionBid,
    })
    .from(assets)
    .where(
      and(
        gte(assets.contractVersion, 3),
        isNotNull(assets.auctionReserve),
        gt(assets.auctionBid, 0n),
        lte(assets.auctionEnd, chainNow),
        isNotNull(assets.auctionBidder),
        isNotNull(assets.ownerAddress),
        notExists(settling),
      ),
    )
    .orderBy(asc(assets.auctionEnd), asc(assets.guid))
    .limit(limit)
  return rows.flatMap((r) =>
    r.applicationId === null || r.winner === null || r.seller === null || r.highestBid === null
      ? []
      : [
          {
            ...r,
            applicationId: r.applicationId,
            winner: r.winner,
            seller: r.seller,
            highestBid: r.highestBid,
          },
        ],
  )
}
