/**
 * A creator's and a collector's figures (docs/product.md §11): the works and sales of a creator,
 * the pieces a collector owns and their open bids. Only ready (RD) assets count, as in every list.
 */
import { and, count, desc, eq, gt, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../connection.js'
import { assets, bids, operations } from '../schema.js'
import { assetFields, type AssetFields } from './asset-fields.js'
import { notHidden } from './hidden-assets.js'

export interface CreatorFigures {
  readonly works: number
  readonly forSale: number
  readonly sales: number
  /** USDC base units, as decimal text. */
  readonly volume: string
  /** USDC base units, as decimal text: royalty cuts of sales paid to or held for the address. */
  readonly royaltiesEarned: string
}

export async function creatorFigures(db: Db, address: string): Promise<CreatorFigures> {
  const [[works], [sales], earned] = await Promise.all([
    db
      .select({
        works: count(),
        forSale: sql<number>`count(${assets.price})::int`,
      })
      .from(assets)
      .where(and(eq(assets.status, 'RD'), notHidden, eq(assets.creatorAddress, address))),
    db
      .select({
        sales: sql<number>`count(*)::int`,
        volume: sql<string>`coalesce(sum(${operations.value}), 0)::text`,
      })
      .from(operations)
      .innerJoin(assets, eq(assets.guid, operations.assetGuid))
      .where(
        and(
          eq(assets.creatorAddress, address),
          eq(operations.status, 'executed'),
          eq(operations.activityType, 'sale'),
        ),
      ),
    royaltiesEarned(db, address),
  ])
  return {
    works: works.works,
    forSale: works.forSale,
    sales: sales.sales,
    volume: sales.volume,
    royaltiesEarned: earned,
  }
}

/**
 * The royalty cuts of `address`: each sale whose royalty took something paid every recipient of
 * its asset's split floor(price × share / 10000), as the manager does (packages/contracts
 * src/royalty.ts `royaltyCut`); a cut it could not pay is held for the recipient, still earned.
 */
async function royaltiesEarned(db: Db, address: string): Promise<string> {
  const cuts = sql`(SELECT coalesce(sum(floor(${operations.value} * (r ->> 'share')::numeric / 10000)), 0)
    FROM jsonb_array_elements(${assets.royalty}) AS r WHERE r ->> 'address' = ${address})`
  const [row] = await db
    .select({ earned: sql<string>`coalesce(sum(${cuts}), 0)::text` })
    .from(operations)
    .innerJoin(assets, eq(assets.guid, operations.assetGuid))
    .where(
      and(
        eq(operations.status, 'executed'),
        gt(operations.royalty, 0n),
        sql`${assets.royalty} @> ${JSON.stringify([{ address }])}::jsonb`,
      ),
    )
  return row.earned
}

/** At most this many of a collector's bids are shown, the latest first. */
const ACCOUNT_BIDS_SHOWN = 100

export interface AccountFigures {
  readonly owned: number
  readonly bids: { asset: AssetFields; amount: string; round: string }[]
}

/**
 * Pieces owned, and open bids: trade bids (each the bidder's local state, table `bids`) and the
 * auctions the address leads (manager v3 holds the highest bid itself; an outbid bidder was
 * refunded), each with the round of its bid; the latest ACCOUNT_BIDS_SHOWN together.
 */
export async function accountFigures(db: Db, address: string): Promise<AccountFigures> {
  const shown = and(eq(assets.status, 'RD'), notHidden)
  const [[owned], tradeBids, auctionBids] = await Promise.all([
    db
      .select({ owned: count() })
      .from(assets)
      .where(and(shown, eq(assets.ownerAddress, address))),
    db
      .select({
        asset: assetFields,
        amount: sql<string>`${bids.amount}::text`,
        round: sql<string>`${bids.round}::text`,
      })
      .from(bids)
      .innerJoin(assets, eq(assets.applicationId, bids.applicationId))
      .where(
        and(eq(bids.bidder, address), gt(bids.amount, 0n), shown, isNotNull(assets.applicationId)),
      )
      .orderBy(desc(bids.round))
      .limit(ACCOUNT_BIDS_SHOWN),
    db
      .select({
        asset: assetFields,
        amount: sql<string>`${assets.auctionBid}::text`,
        // The follower records the bid that made it the leader (operations_asset_idx).
        round: sql<string>`coalesce((SELECT max(o.round) FROM ${operations} o
            WHERE o.asset_guid = ${assets.guid} AND o.op_type = 'AUCTION_BID'
              AND o.sender = ${address} AND o.status = 'executed'), 0)::text`,
      })
      .from(assets)
      .where(and(eq(assets.auctionBidder, address), shown, isNotNull(assets.auctionBid)))
      .limit(ACCOUNT_BIDS_SHOWN),
  ])
  const latestFirst = [...tradeBids, ...auctionBids].sort((a, b) =>
    BigInt(a.round) > BigInt(b.round) ? -1 : BigInt(a.round) < BigInt(b.round) ? 1 : 0,
  )
  return { owned: owned.owned, bids: latestFirst.slice(0, ACCOUNT_BIDS_SHOWN) }
}
