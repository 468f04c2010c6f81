/**
 * ARC-3 metadata: the JSON document that describes an NFT and points at its art by content
 * (`ipfs://{cid}` with a SHA-256 integrity value), so a wallet can load and verify the art
 * without our server. Built here beside the ARC-69 note (src/nft.ts), with the same royalty
 * properties. What we set and where we differ from ARC-3 is in docs/ipfs.md §6; the CIDs and
 * integrity values come from `@unica/ipfs`.
 */
import { royaltyProperties } from './nft.js'
import type { Royalty } from './royalty.js'

/** A file the metadata points at: its `ipfs://` URL, SRI integrity and media type. */
export interface ContentRef {
  /** `ipfs://{cid}`. */
  readonly url: string
  /** `sha256-<base64>` of the file's bytes (Subresource Integrity). */
  readonly integrity: string
  readonly mimeType: string
}

export interface Arc3Description {
  readonly name: string
  readonly description: string
  /** The picture: the art itself, or a video's poster frame. */
  readonly image: ContentRef
  /** Moving art (MP4, WebM): ARC-3's `animation_url`, with `image` as its poster. */
  readonly animation?: ContentRef
  /** The piece's page on the marketplace. */
  readonly externalUrl?: string
  readonly royalty?: Royalty
}

/** The document, with ARC-3's field names. */
export interface Arc3Metadata {
  readonly name: string
  readonly decimals: 0
  readonly description: string
  readonly image: string
  readonly image_integrity: string
  readonly image_mimetype: string
  readonly animation_url?: string
  readonly animation_url_integrity?: string
  readonly animation_url_mimetype?: string
  readonly external_url?: string
  readonly properties?: Record<string, unknown>
}

const IPFS_URL = /^ipfs:\/\/[a-z2-7]{10,100}$/
/** SHA-256 is 32 bytes: 43 base64 characters and one `=`. */
const SHA256_SRI = /^sha256-[A-Za-z0-9+/]{43}=$/
const MIME_TYPE = /^[a-z]+\/[a-z0-9][a-z0-9.+-]*$/

function checked(what: string, ref: ContentRef): ContentRef {
  if (!IPFS_URL.test(ref.url)) throw new RangeError(`${what} must be an ipfs://{CIDv1} URL`)
  if (!SHA256_SRI.test(ref.integrity)) throw new RangeError(`${what} needs a sha256- integrity`)
  if (!MIME_TYPE.test(ref.mimeType)) throw new RangeError(`${what} needs a media type`)
  return ref
}

export function arc3Metadata(nft: Arc3Description): Arc3Metadata {
  if (nft.name.length === 0) throw new RangeError('name must not be empty')
  const image = checked('image', nft.image)
  if (!image.mimeType.startsWith('image/')) throw new RangeError('image must be a picture')
  const animation = nft.animation === undefined ? undefined : checked('animation', nft.animation)
  return {
    name: nft.name,
    // One indivisible unit (src/nft.ts: isMarketplaceNft): ARC-3 asks it to match the asset.
    decimals: 0,
    description: nft.description,
    image: image.url,
    image_integrity: image.integrity,
    image_mimetype: image.mimeType,
    ...(animation !== undefined && {
      animation_url: animation.url,
      animation_url_integrity: animation.integrity,
      animation_url_mimetype: animation.mimeType,
    }),
    ...(nft.externalUrl !== undefined && { external_url: nft.externalUrl }),
    ...(nft.royalty !== undefined && { properties: royaltyProperties(nft.royalty) }),
  }
}

/** The document as the bytes that are stored (and get a CID): UTF-8 JSON. */
export function arc3Json(nft: Arc3Description): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(arc3Metadata(nft)))
}
