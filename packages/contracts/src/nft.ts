/**
 * The marketplace NFT: its on-chain shape, its metadata hash (the asset's guid, docs/product.md §3)
 * and its ARC-69 note, so wallets and explorers show the description and media.
 */
import type algosdk from 'algosdk'
import { royaltyBasisPoints, type Royalty } from './royalty.js'

/** Asset parameter limits (go-algorand config: MaxAssetUnitNameBytes, MaxAssetNameBytes, ...). */
export const NFT_LIMITS = {
  unitNameBytes: 8,
  assetNameBytes: 32,
  urlBytes: 96,
  noteBytes: 1024,
} as const

export interface NftDescription {
  readonly unitName: string
  readonly assetName: string
  /** The asset URL (ARC-3 style page or the image). */
  readonly url: string
  /** The asset's UUID without dashes: 32 lowercase hex characters. */
  readonly guid: string
  readonly description: string
  readonly mediaUrl: string
  readonly mimeType: string
  /**
   * v2: the royalty split the manager will be configured with; the note's `properties` carry it
   * (`royalty_bps`, `royalty_recipients` as "ADDRESS:share" strings) so wallets and explorers
   * show it. The chain's split (R0..R3) stays the truth.
   */
  readonly royalty?: Royalty
}

const utf8 = new TextEncoder()
const byteLength = (s: string): number => utf8.encode(s).length

const GUID = /^[0-9a-f]{32}$/

export function isGuid(value: string): boolean {
  return GUID.test(value)
}

/** The metadata hash: the 32 ASCII characters of the guid (spec: "a UUID without dashes"). */
export function nftMetadataHash(guid: string): Uint8Array {
  if (!isGuid(guid)) throw new RangeError('guid must be 32 lowercase hex characters')
  return utf8.encode(guid)
}

/** The guid a metadata hash carries, if it is one. */
export function guidOfMetadataHash(hash: Uint8Array | undefined): string | undefined {
  if (hash?.length !== 32) return undefined
  const text = new TextDecoder().decode(hash)
  return isGuid(text) ? text : undefined
}

/** ARC-69 metadata as the asset config note (https://github.com/algokittens/arc69). */
export function arc69Note(nft: NftDescription): Uint8Array {
  const checks: [string, string, number][] = [
    ['unit name', nft.unitName, NFT_LIMITS.unitNameBytes],
    ['asset name', nft.assetName, NFT_LIMITS.assetNameBytes],
    ['url', nft.url, NFT_LIMITS.urlBytes],
  ]
  for (const [what, value, max] of checks) {
    if (byteLength(value) === 0 || byteLength(value) > max) {
      throw new RangeError(`${what} must be 1 to ${max} bytes`)
    }
  }
  const note = utf8.encode(
    JSON.stringify({
      standard: 'arc69',
      description: nft.description,
      media_url: nft.mediaUrl,
      mime_type: nft.mimeType,
      ...(nft.royalty !== undefined && { properties: royaltyProperties(nft.royalty) }),
    }),
  )
  if (note.length > NFT_LIMITS.noteBytes) {
    throw new RangeError(`the ARC-69 note must fit in ${NFT_LIMITS.noteBytes} bytes`)
  }
  return note
}

/**
 * The properties of a royalty, in the ARC-69 note and the ARC-3 metadata alike (src/arc3.ts): its
 * total and each "ADDRESS:share" (basis points).
 */
export function royaltyProperties(r: Royalty): Record<string, unknown> {
  return {
    royalty_bps: Number(royaltyBasisPoints(r)),
    royalty_recipients: r.recipients.map((x) => `${x.address}:${x.share.toString()}`),
  }
}

/**
 * Whether asset params have the shape `buildCreateNft` gives and the manager accepts: one
 * indivisible unit, not default-frozen, no freeze or clawback address, manager and reserve the
 * creator, metadata hash a guid.
 */
export function isMarketplaceNft(params: algosdk.modelsv2.AssetParams): boolean {
  return (
    params.total === 1n &&
    params.decimals === 0 &&
    params.defaultFrozen !== true &&
    params.freeze === undefined &&
    params.clawback === undefined &&
    params.manager === params.creator &&
    params.reserve === params.creator &&
    guidOfMetadataHash(params.metadataHash) !== undefined
  )
}
