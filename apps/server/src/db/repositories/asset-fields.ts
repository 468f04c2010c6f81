/**
 * What the API shows of an asset, selected as the answer's text.
 *
 * PostgreSQL itself writes every column the answer shows as the text the answer carries (uint64s
 * in decimal, `created_at` in ISO 8601 UTC), so a row needs no parsing in Node: before, the
 * drivers turned each row into bigints and a Date that we turned straight back into strings,
 * and that round trip cost more than the rest of a 20-asset list request (README "Benchmark").
 * routes/asset-json.ts turns a row into the answer.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { assets, chainCursor, type StoredRoyalty } from '../schema.js'
import { FOLLOWER_CURSOR } from './chain-cursor.js'

/** A timestamp as JavaScript's `toISOString` writes it, written by PostgreSQL. */
export const isoText = (column: SQLWrapper): SQL =>
  // 'MS' truncates to milliseconds, as JavaScript's toISOString would.
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * The chain's "now" for auctions: the timestamp of the last block the follower applied, which is
 * what the next block's `global LatestTimestamp` (the manager's clock) will be; server time only
 * before the follower applied a block. One row read once per statement (an InitPlan).
 */
const chainNow = sql`coalesce((SELECT ${chainCursor.blockTime} FROM ${chainCursor} WHERE ${chainCursor.name} = ${sql.raw(`'${FOLLOWER_CURSOR}'`)}), now())`

/**
 * The selection, each column named as its key (node-postgres and PGlite key a row by column name,
 * so the list can run this SQL without Drizzle's row mapping: asset-list.ts).
 */
export const assetFields = {
  guid: assets.guid,
  asset_id: sql<string>`${assets.assetId}::text`.as('asset_id'),
  application_id: sql<string | null>`${assets.applicationId}::text`.as('application_id'),
  contract_version: assets.contractVersion,
  royalty: assets.royalty,
  escrow_address: assets.escrowAddress,
  status: assets.status,
  name: assets.name,
  unit_name: assets.unitName,
  description: assets.description,
  image_path: assets.imagePath,
  thumbnail_path: assets.thumbnailPath,
  image_cid: assets.imageCid,
  creator_address: assets.creatorAddress,
  owner_address: assets.ownerAddress,
  holding_address: assets.holdingAddress,
  price: sql<string | null>`${assets.price}::text`.as('price'),
  highest_bid_value: sql<string | null>`${assets.highestBidValue}::text`.as('highest_bid_value'),
  highest_bid_sender: assets.highestBidSender,
  // The auction (migration 0011): all null when none runs.
  auction_reserve: sql<string | null>`${assets.auctionReserve}::text`.as('auction_reserve'),
  auction_duration: assets.auctionDuration,
  auction_raise_bp: assets.auctionRaiseBp,
  auction_raise_min: sql<string | null>`${assets.auctionRaiseMin}::text`.as('auction_raise_min'),
  auction_end: sql<string | null>`${isoText(assets.auctionEnd)}`.as('auction_end'),
  auction_bid: sql<string | null>`${assets.auctionBid}::text`.as('auction_bid'),
  auction_bidder: assets.auctionBidder,
  auction_ended: sql<boolean | null>`${assets.auctionEnd} <= ${chainNow}`.as('auction_ended'),
  created_at: sql<string>`${isoText(assets.createdAt)}`.as('created_at'),
}

/** A row of `assetFields`. */
export interface AssetFields {
  readonly guid: string
  readonly asset_id: string
  readonly application_id: string | null
  readonly contract_version: number
  readonly royalty: StoredRoyalty | null
  readonly escrow_address: string | null
  readonly status: 'DA' | 'DC' | 'RD'
  readonly name: string
  readonly unit_name: string
  readonly description: string
  readonly image_path: string | null
  readonly thumbnail_path: string | null
  readonly image_cid: string | null
  readonly creator_address: string
  readonly owner_address: string | null
  readonly holding_address: string | null
  readonly price: string | null
  readonly highest_bid_value: string | null
  readonly highest_bid_sender: string | null
  readonly auction_reserve: string | null
  readonly auction_duration: number | null
  readonly auction_raise_bp: number | null
  readonly auction_raise_min: string | null
  readonly auction_end: string | null
  readonly auction_bid: string | null
  readonly auction_bidder: string | null
  /** The end is at or before the chain's latest block (null: no end yet). */
  readonly auction_ended: boolean | null
  readonly created_at: string
}
