/**
 * An asset as the API answers it (docs/product.md §3): uint64s as decimal strings, media URLs.
 *
 * PostgreSQL itself writes every column the answer shows as the text the answer carries (uint64s
 * in decimal, `created_at` in ISO 8601 UTC), so a row needs no parsing in Node: before, the
 * drivers turned each row into bigints and a Date that we turned straight back into strings,
 * and that round trip cost more than the rest of a 20-asset list request (README "Benchmark").
 */
import algosdk from 'algosdk'
import { sql, type SQL } from 'drizzle-orm'
import type { Asset } from '@unica/schemas'
import { assets, type Db } from '../db/index.js'
import type { MediaStorage } from '../media/storage.js'

/**
 * The selection of what the API shows of an asset, each column named as its key (node-postgres
 * and PGlite key a row by column name, so the list route can run this SQL without Drizzle).
 */
export const assetFields = {
  guid: assets.guid,
  asset_id: sql<string>`${assets.assetId}::text`.as('asset_id'),
  application_id: sql<string | null>`${assets.applicationId}::text`.as('application_id'),
  escrow_address: assets.escrowAddress,
  status: assets.status,
  name: assets.name,
  unit_name: assets.unitName,
  description: assets.description,
  image_path: assets.imagePath,
  thumbnail_path: assets.thumbnailPath,
  creator_address: assets.creatorAddress,
  owner_address: assets.ownerAddress,
  holding_address: assets.holdingAddress,
  price: sql<string | null>`${assets.price}::text`.as('price'),
  highest_bid_value: sql<string | null>`${assets.highestBidValue}::text`.as('highest_bid_value'),
  highest_bid_sender: assets.highestBidSender,
  // 'MS' truncates to milliseconds, as JavaScript's toISOString would.
  created_at:
    sql<string>`to_char(${assets.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
      'created_at',
    ),
}

/** A row of `assetFields`. */
export interface AssetFields {
  readonly guid: string
  readonly asset_id: string
  readonly application_id: string | null
  readonly escrow_address: string | null
  readonly status: 'DA' | 'DC' | 'RD'
  readonly name: string
  readonly unit_name: string
  readonly description: string
  readonly image_path: string | null
  readonly thumbnail_path: string | null
  readonly creator_address: string
  readonly owner_address: string | null
  readonly holding_address: string | null
  readonly price: string | null
  readonly highest_bid_value: string | null
  readonly highest_bid_sender: string | null
  readonly created_at: string
}

/** The one asset `where` selects, as the API shows it. */
export async function shownAsset(db: Db, where: SQL): Promise<AssetFields | undefined> {
  return (await db.select(assetFields).from(assets).where(where)).at(0)
}

export function mediaUrl(storage: MediaStorage, base: string, key: string | null): string | null {
  if (key === null) return null
  return storage.publicUrl(key) ?? `${base}/media/${key}`
}

export function assetJson(a: AssetFields, storage: MediaStorage, base: string): Asset {
  const bid = a.highest_bid_value
  return {
    guid: a.guid,
    asset_id: a.asset_id,
    application_id: a.application_id,
    escrow_address:
      a.escrow_address ??
      (a.application_id === null
        ? null
        : algosdk.getApplicationAddress(BigInt(a.application_id)).toString()),
    status: a.status,
    name: a.name,
    unit_name: a.unit_name,
    description: a.description,
    image: mediaUrl(storage, base, a.image_path),
    thumbnail: mediaUrl(storage, base, a.thumbnail_path),
    creator_address: a.creator_address,
    owner_address: a.owner_address,
    holding_address: a.holding_address,
    price: a.price,
    // Only a positive bid is one (the column is a signed bigint; "0" means none).
    highest_bid:
      bid !== null && bid !== '0' && !bid.startsWith('-') && a.highest_bid_sender !== null
        ? { value: bid, sender: a.highest_bid_sender }
        : null,
    created_at: a.created_at,
  }
}
