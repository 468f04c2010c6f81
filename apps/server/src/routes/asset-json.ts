/** An asset row as the API answers it (spec section 3): uint64s as decimal strings, media URLs. */
import algosdk from 'algosdk'
import type { Asset } from '@unica/schemas'
import type { AssetRow } from '../db/index.js'
import type { MediaStorage } from '../media/storage.js'

export function mediaUrl(storage: MediaStorage, base: string, key: string | null): string | null {
  if (key === null) return null
  return storage.publicUrl(key) ?? `${base}/media/${key}`
}

export function assetJson(row: AssetRow, storage: MediaStorage, base: string): Asset {
  return {
    guid: row.guid,
    asset_id: row.assetId.toString(),
    application_id: row.applicationId?.toString() ?? null,
    escrow_address:
      row.escrowAddress ??
      (row.applicationId === null
        ? null
        : algosdk.getApplicationAddress(row.applicationId).toString()),
    status: row.status,
    name: row.name,
    unit_name: row.unitName,
    description: row.description,
    image: mediaUrl(storage, base, row.imagePath),
    thumbnail: mediaUrl(storage, base, row.thumbnailPath),
    creator_address: row.creatorAddress,
    owner_address: row.ownerAddress,
    holding_address: row.holdingAddress,
    price: row.price?.toString() ?? null,
    highest_bid:
      row.highestBidValue !== null && row.highestBidValue > 0n && row.highestBidSender !== null
        ? { value: row.highestBidValue.toString(), sender: row.highestBidSender }
        : null,
    created_at: row.createdAt.toISOString(),
  }
}
