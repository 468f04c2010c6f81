/**
 * Discovery (docs/product.md §11): search and its suggestions, the market-wide activity feed,
 * creator and collector figures, an asset's price history and the home page's market figures.
 * The list filters and orderings it adds to GET /api/assets/ are in assets.ts.
 */
import { z } from 'zod'
import { Asset, AssetListQuery } from './assets.js'
import { Address, Guid, PageQuery, Timestamp, Uint64String } from './common.js'

/** A search query: at least one letter or digit, at most 100 characters. */
export const SearchText = z
  .string()
  .max(100, 'Ensure this field has no more than 100 characters.')
  .refine((s) => /[\p{L}\p{N}]/u.test(s), 'Enter a word to search for.')

/**
 * Search takes the list pages' filters and orderings (docs/product.md §11); without `ordering`
 * the best match comes first.
 */
export const SearchQuery = PageQuery.extend({
  q: SearchText,
  ...AssetListQuery.pick({
    market: true,
    price__gte: true,
    price__lte: true,
    creator_address: true,
    ordering: true,
  }).shape,
})
export type SearchQuery = z.infer<typeof SearchQuery>

export const SuggestionQuery = z.object({ q: SearchText })

/** A piece or a creator offered while the user types. */
export const AssetSuggestion = z.object({
  guid: Guid,
  name: z.string(),
  unit_name: z.string(),
  thumbnail: z.string().nullable(),
})
export const CreatorSuggestion = z.object({ address: Address, works: z.number().int() })
export const Suggestions = z.object({
  assets: z.array(AssetSuggestion),
  creators: z.array(CreatorSuggestion),
})
export type Suggestions = z.infer<typeof Suggestions>

/**
 * What a history row is in the market: a sale (buy now, sell now, an auction's settlement), a
 * listing (an ask on a piece not listed, or an auction's start at its reserve), a price change (an
 * ask on a piece already listed), a bid (an offer or an auction bid), or a cancel (an ask or bid
 * of 0, or a cancelled auction). `op_type` tells an auction's rows from the others.
 */
export const ACTIVITY_TYPES = ['sale', 'listing', 'price_change', 'bid', 'cancel'] as const
export const ActivityType = z.enum(ACTIVITY_TYPES)
export type ActivityType = z.infer<typeof ActivityType>

/** The cursor of the activity feed's next page, as the previous page gave it. */
export const ActivityCursor = z
  .string()
  .regex(/^[0-9]{1,19}\.[0-9]{1,19}$/, 'Must be a cursor from a previous page.')

export const ActivityQuery = z.object({
  type: ActivityType.optional(),
  cursor: ActivityCursor.optional(),
  limit: PageQuery.shape.limit,
})
export type ActivityQuery = z.infer<typeof ActivityQuery>

export const ActivityItem = z.object({
  operation_id: z.string(),
  type: ActivityType,
  op_type: z.string(),
  /** USDC base units: the price, the bid, or the sale's value (0 for a cancel). */
  value: Uint64String,
  sender: Address,
  /**
   * Ours, additive: the other party as the chain follower read it (Operation.counterparty): the
   * owner paid by a BUY_NOW, the buyer of a SELL_NOW, the winner of an AUCTION_SETTLE (whose
   * sender is whoever settled, often the worker's operator), the bidder an AUCTION_BID refunded.
   */
  counterparty: Address.nullable()
    .optional()
    .describe(
      "The other party: a BUY_NOW's seller, a SELL_NOW's buyer, an AUCTION_SETTLE's winner (its sender is whoever settled), the bidder an AUCTION_BID refunded; else null.",
    ),
  tx_id: z.string().nullable(),
  round: Uint64String,
  block_time: Timestamp.nullable(),
  asset: z
    .object({
      guid: Guid,
      name: z.string(),
      thumbnail: z.string().nullable(),
      creator_address: Address,
    })
    .nullable(),
})
export type ActivityItem = z.infer<typeof ActivityItem>

/** A page of the feed: `next_cursor` is null on the last page. */
export const ActivityPage = z.object({
  next_cursor: z.string().nullable(),
  results: z.array(ActivityItem),
})
export type ActivityPage = z.infer<typeof ActivityPage>

/** A creator's figures: their listed works, how many sold, and for how much in all. */
export const CreatorProfile = z.object({
  address: Address,
  works: z.number().int(),
  for_sale: z.number().int(),
  sales: z.number().int(),
  /** USDC base units. */
  volume: Uint64String,
  /** USDC base units: the royalty cuts of sales paid to, or held for, this address. */
  royalties_earned: Uint64String,
})
export type CreatorProfile = z.infer<typeof CreatorProfile>

/** A collector's figures and their public bids (the chain shows every bid). */
export const AccountBid = z.object({ asset: Asset, amount: Uint64String, round: Uint64String })
export const AccountProfile = z.object({
  address: Address,
  owned: z.number().int(),
  bids: z.array(AccountBid),
})
export type AccountProfile = z.infer<typeof AccountProfile>

/** One point of an asset's price history, oldest first. */
export const PricePoint = z.object({
  type: ActivityType,
  /** Ours, additive: the manager call (ActivityItem.op_type), so an auction reads as one. */
  op_type: z
    .string()
    .optional()
    .describe('The manager call: ASK, BID, BUY_NOW, SELL_NOW or an AUCTION_* call.'),
  value: Uint64String,
  sender: Address,
  /** Ours, additive: as ActivityItem.counterparty (an auction sale's winner). */
  counterparty: Address.nullable()
    .optional()
    .describe("The other party, as the activity feed's counterparty (an auction sale's winner)."),
  tx_id: z.string().nullable(),
  round: Uint64String,
  block_time: Timestamp.nullable(),
})
export type PricePoint = z.infer<typeof PricePoint>
export const PriceHistory = z.object({ points: z.array(PricePoint) })
export type PriceHistory = z.infer<typeof PriceHistory>

/** The home page's market figures. */
export const MarketStats = z.object({
  latest_sales: z.array(ActivityItem),
  volume_24h: Uint64String,
  sales_24h: z.number().int(),
  volume_7d: Uint64String,
  sales_7d: z.number().int(),
})
export type MarketStats = z.infer<typeof MarketStats>
