/** Assets (docs/product.md §3): the list, its filters (§7), and the create-NFT payloads. */
import { z } from 'zod'
import { Address, Guid, IdInput, PageQuery, Timestamp, Uint64String } from './common.js'
import { Royalty, RoyaltyField } from './royalty.js'

/** DA: created, no contract. DC: contract deployed, not configured. RD: ready and tradable. */
export const AssetStatus = z.enum(['DA', 'DC', 'RD'])
export type AssetStatus = z.infer<typeof AssetStatus>

export const HighestBid = z.object({ value: Uint64String, sender: Address })
export type HighestBid = z.infer<typeof HighestBid>

export const AUCTION_STATUSES = ['running', 'ended'] as const
export const AuctionStatus = z.enum(AUCTION_STATUSES)
export type AuctionStatus = z.infer<typeof AuctionStatus>

/**
 * A timed reserve auction (manager v3, docs/product.md §4) as the chain holds it. Amounts are USDC
 * base units. The clock starts with the first bid at or above the reserve (`end` null before);
 * a bid in the last 15 minutes moves the end to 15 minutes after its block. `status` is `ended`
 * once the chain's latest block is at or past `end`: then nobody can bid and anyone can settle.
 */
export const Auction = z.object({
  reserve: Uint64String,
  /** Seconds, fixed at the start (3,600 to 604,800). */
  duration: z.number().int(),
  /** Minimum raise over the highest bid in basis points (0, or 500 to 10,000). */
  raise_bp: z.number().int(),
  /** Minimum raise in USDC base units (0, or at least 1 USDC). */
  raise_min: Uint64String,
  end: Timestamp.nullable(),
  highest_bid: Uint64String.nullable(),
  highest_bidder: Address.nullable(),
  /**
   * The least the next bid may be: the reserve before any bid, else the highest bid plus the
   * larger of the two raises. Decimal; above 2^64 - 1 when no further bid is possible.
   */
  min_next_bid: z.string().regex(/^(0|[1-9][0-9]*)$/),
  status: AuctionStatus,
})
export type Auction = z.infer<typeof Auction>

export const Asset = z.object({
  guid: Guid,
  asset_id: Uint64String,
  application_id: Uint64String.nullable(),
  /**
   * The manager version the asset's app runs (or will run: the current one until it is deployed);
   * clients build its trades with that version's protocol.
   */
  contract_version: z.number().int().positive(),
  /**
   * The creator royalty (docs/product.md §3): null for a v1 app (it pays none). For v2, before
   * configuration the split chosen at creation, after it the split the chain holds (the truth);
   * `{basis_points: 0, recipients: []}` when there is none.
   */
  royalty: Royalty.nullable(),
  escrow_address: Address.nullable(),
  status: AssetStatus,
  name: z.string(),
  unit_name: z.string(),
  description: z.string(),
  /** Absolute URL of the re-encoded image, or null when none was uploaded. */
  image: z.string().nullable(),
  /** Absolute URL of the WebP thumbnail, or null. */
  thumbnail: z.string().nullable(),
  creator_address: Address,
  owner_address: Address.nullable(),
  holding_address: Address.nullable(),
  /** Ask in USDC base units; null when not for sale. */
  price: Uint64String.nullable(),
  highest_bid: HighestBid.nullable(),
  created_at: Timestamp,
  /**
   * Ours, additive: the running (or ended, not yet settled) auction of a v3 app; null when none.
   * The server always sends it; optional so clients written before auctions still type-check. Last,
   * where fast-json-stringify writes optional keys (routes/fast-json.ts).
   */
  auction: Auction.nullable()
    .optional()
    .describe('The auction of a v3 app (running, or ended and not settled yet); null when none.'),
  /**
   * Ours, additive: the IPFS CID (CIDv1) of the image `image` points to, also served at
   * `/ipfs/{cid}` (docs/ipfs.md); null for pieces uploaded before the server kept one. Optional
   * and last for the same reasons as `auction`.
   */
  image_cid: z
    .string()
    .nullable()
    .optional()
    .describe('The IPFS CID of the image (GET /ipfs/{cid}); null when it has none.'),
})
export type Asset = z.infer<typeof Asset>

/**
 * The spec's orderings, then discovery's (docs/product.md §11): price low to high and high to low
 * (unpriced last), most recently sold first.
 */
export const ASSET_ORDERINGS = [
  'created_at',
  '-created_at',
  '-highest_bid__value',
  'price',
  '-price',
  '-last_sold_at',
  'ending_soon',
] as const
export const AssetOrdering = z.enum(ASSET_ORDERINGS)
export type AssetOrdering = z.infer<typeof AssetOrdering>

/** A comma-separated list of ids (`asset_id__in=1,2,3`), as Django filters take it. */
const IdList = z
  .string()
  .max(2000, 'Too many ids.')
  .transform((s, ctx) => {
    const parts = s.split(',').filter((p) => p !== '')
    const ids: string[] = []
    for (const p of parts) {
      const r = IdInput.safeParse(p.trim())
      if (!r.success) {
        ctx.addIssue({ code: 'custom', message: `"${p.slice(0, 30)}" is not a valid id.` })
        return z.NEVER
      }
      ids.push(r.data)
    }
    return ids
  })

/**
 * for_sale: an ask is set; has_bids: a bid is open; sold: it has sold at least once; auction: an
 * auction is on (running, or ended and awaiting its settlement, which the worker sends at once).
 */
export const MARKET_FILTERS = ['for_sale', 'has_bids', 'sold', 'auction'] as const
export const MarketFilter = z.enum(MARKET_FILTERS)
export type MarketFilter = z.infer<typeof MarketFilter>

export const AssetListQuery = PageQuery.extend({
  status: AssetStatus.optional(),
  status__exclude: AssetStatus.optional(),
  ordering: AssetOrdering.optional(),
  /**
   * The same orderings under the name the auction interface gives (`order_by=ending_soon`: the
   * earliest end first, auctions without a bid after them, other pieces last); with `ordering`
   * too, both must agree (else 400).
   */
  order_by: AssetOrdering.optional(),
  price__gt: Uint64String.optional(),
  highest_bid__value__gt: Uint64String.optional(),
  asset_id__in: IdList.optional(),
  application_id__in: IdList.optional(),
  owner_address: Address.optional(),
  creator_address: Address.optional(),
  /**
   * Auctions this account leads: its bid is the highest, held by the auction's contract (manager
   * v3) until it is outbid (and refunded) or wins. Its trade bids are its own local state.
   */
  auction_bidder: Address.optional(),
  // Discovery's filters (docs/product.md §11); price bounds are inclusive, in USDC base units.
  market: MarketFilter.optional(),
  price__gte: Uint64String.optional(),
  price__lte: Uint64String.optional(),
})
export type AssetListQuery = z.infer<typeof AssetListQuery>

/** Chain limits (go-algorand MaxAssetUnitNameBytes, MaxAssetNameBytes) and our note budget. */
export const ASSET_LIMITS = {
  unitNameBytes: 8,
  nameBytes: 32,
  /**
   * The description travels in the ARC-69 note (max 1024 bytes) beside a media URL of up to 96
   * bytes and the JSON envelope; 800 bytes of JSON-escaped UTF-8 always fit.
   */
  descriptionBytes: 800,
  imageBytes: 4 * 1024 * 1024,
  /** Largest image side, and largest pixel count (all frames of a GIF together). */
  imageSide: 8192,
  imagePixels: 40_000_000,
} as const

/** The image field's messages (docs/product.md §5), the same in the browser and the server. */
export const IMAGE_MESSAGES = {
  required: 'Image is required',
  tooLarge: 'File too large. Size should not exceed 4 MiB.',
  invalid: 'Must be a valid image',
} as const

export type ImageFormat = 'png' | 'jpg' | 'gif'

/** The image format by its magic number (PNG, JPEG, GIF), whatever the name or type claims. */
export function imageFormat(bytes: Uint8Array): ImageFormat | undefined {
  const starts = (...sig: number[]): boolean => sig.every((b, i) => bytes[i] === b)
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png'
  if (starts(0xff, 0xd8, 0xff)) return 'jpg'
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif'
  return undefined
}

export const ASSET_MESSAGES = {
  required: 'This field is required.',
  maxBytes: (n: number) => `Ensure this field has no more than ${n} bytes.`,
  duplicateName: 'An asset with this name already exists.',
} as const

/** An asset's guid in a path: also accepted as a dashed UUID or in upper case. */
export const GuidParam = z
  .string()
  .max(64)
  .transform((s) => s.replaceAll('-', '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{32}$/, 'Must be an asset guid.'))

/** validate_asset's text fields (all optional here: missing ones get field errors). */
export const ValidateAssetFields = z.object({
  unit_name: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
})

/** submit_asset's text fields besides the image file. */
export const SubmitAssetFields = z.object({
  asset_id: IdInput,
  description: z.string().optional(),
  /**
   * Base64 of a transaction signed by the asset's creator (never broadcast): a 0-Algo payment to
   * themselves whose note is `submitAssetProofNote(...)`. It proves the upload is the creator's.
   */
  proof: z
    .string({ error: ASSET_MESSAGES.required })
    .min(1, ASSET_MESSAGES.required)
    .max(4096, 'Too large.'),
  /**
   * Optional, for a v2 manager: the royalty split chosen at creation, as JSON text
   * `{"recipients":[{"address":"…","share":500}]}` (shares in basis points, at most 4 recipients,
   * 1500 in all). Shown until the manager is configured; then the chain's split replaces it.
   */
  royalty: RoyaltyField.optional(),
})

/**
 * The note the creator signs to authorise an upload: it binds the asset id and the SHA-256 (hex)
 * of the image file's bytes and of the description's UTF-8, so a proof cannot carry other content.
 */
export function submitAssetProofNote(
  assetId: string,
  imageSha256Hex: string,
  descriptionSha256Hex: string,
): string {
  return `unica:submit_asset:v1:${assetId}:${imageSha256Hex}:${descriptionSha256Hex}`
}

export const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const

const utf8Bytes = (s: string): number => new TextEncoder().encode(s).length

/** The description's size as the ARC-69 note carries it: JSON-escaped UTF-8. */
export const descriptionBytes = (s: string): number => utf8Bytes(JSON.stringify(s)) - 2

/**
 * validate_asset's rules that need no database (the server adds the duplicate-name check):
 * required fields and the chain's byte limits. Missing keys mean "not checked".
 */
export function assetFieldProblems(fields: {
  unit_name?: string
  name?: string
  description?: string
}): Partial<Record<string, string[]>> {
  const out: Partial<Record<string, string[]>> = {}
  const check = (key: string, value: string | undefined, max: number, bytes = utf8Bytes) => {
    if (value === undefined) return
    if (value.trim() === '') out[key] = [ASSET_MESSAGES.required]
    else if (bytes(value) > max) out[key] = [ASSET_MESSAGES.maxBytes(max)]
  }
  check('unit_name', fields.unit_name, ASSET_LIMITS.unitNameBytes)
  check('name', fields.name, ASSET_LIMITS.nameBytes)
  check('description', fields.description, ASSET_LIMITS.descriptionBytes, descriptionBytes)
  return out
}
