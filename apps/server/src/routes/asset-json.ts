/**
 * An asset as the API answers it (docs/product.md §3): uint64s as decimal strings, media URLs. Its
 * row (`AssetFields`) already holds the answer's text, written by PostgreSQL
 * (db/repositories/asset-fields.ts).
 */
import algosdk from 'algosdk'
import { royaltyOf, type Asset, type Royalty } from '@unica/schemas'
import { auctionJson } from '../chain/auction.js'
import type { AssetFields } from '../db/repositories/asset-fields.js'
import type { StoredRoyalty } from '../db/schema.js'
import type { MediaStorage } from '../media/storage.js'

export function mediaUrl(storage: MediaStorage, base: string, key: string | null): string | null {
  if (key === null) return null
  return storage.publicUrl(key) ?? `${base}/media/${key}`
}

/** v1 pays no royalty (null); v2 shows the stored split, none when none was given. */
function royaltyJson(version: number, split: StoredRoyalty | null): Royalty | null {
  if (version < 2) return null
  return royaltyOf({ recipients: split ?? [] })
}

export function assetJson(a: AssetFields, storage: MediaStorage, base: string): Asset {
  const bid = a.highest_bid_value
  return {
    guid: a.guid,
    asset_id: a.asset_id,
    application_id: a.application_id,
    contract_version: a.contract_version,
    royalty: royaltyJson(a.contract_version, a.royalty),
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
    auction: auctionJson(a),
    created_at: a.created_at,
    image_cid: a.image_cid,
  }
}
