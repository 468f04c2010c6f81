/**
 * GET /api/assets/'s page and count: the filters, orderings and pagination of docs/product.md §7.
 *
 * Tuned (README "Benchmark"): building a statement with Drizzle cost more than the rest of the
 * request (80 µs of about 250), so each shape of request (which filters, ordering, staff view)
 * builds its two statements once, with placeholders, and later requests only fill in their
 * values (kept-statements.ts). They are named statements, kept parsed by PostgreSQL on each
 * connection (and planned with each request's values: db/connection.ts). Their rows come straight
 * from the driver, not through Drizzle: the page's columns are already the answer's text
 * (asset-fields.ts), so Drizzle's row mapping would only cost time. There are at most 7
 * orderings x 5 market filters x 2^10 filter sets (`Placeholders`), so the statements stay few
 * whatever clients send. Lists filtered by id lists (whose length varies) are built per request.
 * Large counts are shared and reused a few seconds (list-count.ts).
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lte,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm'
import type { AssetListQuery, MarketFilter } from '@unica/schemas'
import type { Database } from '../connection.js'
import { PG_BIGINT_MAX } from '../limits.js'
import { assets } from '../schema.js'
import { assetFields, type AssetFields } from './asset-fields.js'
import { notHidden } from './hidden-assets.js'
import { KeptStatements } from './kept-statements.js'
import { CountCache, queryKey, type CountQuery } from './list-count.js'

/** The values a list's prepared statements take (besides limit and offset). */
interface Placeholders {
  viewer?: string
  status?: string
  status__exclude?: string
  price__gt?: string
  highest_bid__value__gt?: string
  owner_address?: string
  creator_address?: string
  auction_bidder?: string
  price__gte?: string
  price__lte?: string
}

/** Each ordering's ORDER BY (search sorts by these too when asked to). */
export const ORDER: Record<NonNullable<AssetListQuery['ordering']>, SQL[]> = {
  created_at: [asc(assets.createdAt), asc(assets.guid)],
  '-created_at': [desc(assets.createdAt), desc(assets.guid)],
  '-highest_bid__value': [sql`${assets.highestBidValue} DESC NULLS LAST`, desc(assets.guid)],
  // Discovery's (docs/product.md §11); migration 0004 indexes each.
  price: [sql`${assets.price} ASC NULLS LAST`, asc(assets.guid)],
  '-price': [sql`${assets.price} DESC NULLS LAST`, desc(assets.guid)],
  '-last_sold_at': [sql`${assets.lastSoldAt} DESC NULLS LAST`, desc(assets.guid)],
  // Auctions (migration 0011 indexes it): the earliest end first, then auctions without a bid
  // (no end yet), then pieces without an auction.
  ending_soon: [
    sql`${assets.auctionReserve} IS NULL`,
    sql`${assets.auctionEnd} ASC NULLS LAST`,
    asc(assets.guid),
  ],
}

/** Discovery's market filter: its SQL has no values, so each is part of a statement's shape. */
const MARKET: Record<MarketFilter, SQL> = {
  for_sale: sql`${assets.price} IS NOT NULL`,
  has_bids: sql`${assets.highestBidValue} > 0`,
  sold: sql`${assets.lastSoldAt} IS NOT NULL`,
  auction: sql`${assets.auctionReserve} IS NOT NULL`,
}

/** uint64 ids for an IN filter: those beyond bigint range cannot be stored, so are dropped. */
function storedIds(values: readonly string[]): bigint[] {
  return values.map(BigInt).filter((n) => n <= PG_BIGINT_MAX)
}

/** A page of assets and the count of all that match. */
export type AssetListPage = (
  q: AssetListQuery,
  /** A staff account whose own unfinished (DA, DC) assets are listed too. */
  staffViewer: string | undefined,
  limit: number,
  offset: number,
) => Promise<[AssetFields[], number]>

/** Ready to trade: the only status a visitor sees. */
const shown = sql`${assets.status} = 'RD'`

/**
 * The WHERE of a list (and of a search's filters: search.ts): `v(name, value)` gives each filter's
 * value (a parameter or placeholder).
 */
export const listWhere = (
  q: AssetListQuery,
  staffViewer: string | undefined,
  v: (name: keyof Placeholders, value: string) => SQLWrapper,
): SQL | undefined =>
  and(
    // Moderation: a hidden piece is in no list, not even its creator's view-as list.
    notHidden,
    // 'RD' is a literal, not a value: the partial index search reads (migration 0013) names it,
    // and a plan PostgreSQL keeps can use a partial index only for what the SQL itself says.
    staffViewer !== undefined
      ? or(shown, eq(assets.creatorAddress, v('viewer', staffViewer)))
      : shown,
    q.status === undefined ? undefined : eq(assets.status, v('status', q.status)),
    q.status__exclude === undefined
      ? undefined
      : ne(assets.status, v('status__exclude', q.status__exclude)),
    q.price__gt === undefined ? undefined : gt(assets.price, v('price__gt', q.price__gt)),
    q.highest_bid__value__gt === undefined
      ? undefined
      : gt(assets.highestBidValue, v('highest_bid__value__gt', q.highest_bid__value__gt)),
    q.asset_id__in === undefined ? undefined : inArray(assets.assetId, storedIds(q.asset_id__in)),
    q.application_id__in === undefined
      ? undefined
      : inArray(assets.applicationId, storedIds(q.application_id__in)),
    q.owner_address === undefined
      ? undefined
      : eq(assets.ownerAddress, v('owner_address', q.owner_address)),
    q.creator_address === undefined
      ? undefined
      : eq(assets.creatorAddress, v('creator_address', q.creator_address)),
    q.auction_bidder === undefined
      ? undefined
      : eq(assets.auctionBidder, v('auction_bidder', q.auction_bidder)),
    q.market === undefined ? undefined : MARKET[q.market],
    q.price__gte === undefined ? undefined : gte(assets.price, v('price__gte', q.price__gte)),
    q.price__lte === undefined ? undefined : lte(assets.price, v('price__lte', q.price__lte)),
  )

/** The list of one app instance: its prepared statements and count cache live as long as it. */
export function assetList(database: Database): AssetListPage {
  const { db } = database
  const counts = new CountCache()
  const counted = (query: CountQuery): Promise<number> =>
    counts.count(queryKey(query), async () => (await query).at(0)?.total ?? 0)

  const pageQuery = (where: SQL | undefined, ordering: AssetListQuery['ordering']) =>
    db
      .select(assetFields)
      .from(assets)
      .where(where)
      .orderBy(...ORDER[ordering ?? '-created_at'])
  const countQuery = (where: SQL | undefined) =>
    db.select({ total: count() }).from(assets).where(where)

  /** A list whose id filters vary in length: its statements are built for this request. */
  const listBuilt: AssetListPage = (q, staffViewer, limit, offset) => {
    const where = listWhere(q, staffViewer, (_name, value) => sql`${value}`)
    return Promise.all([
      pageQuery(where, q.ordering).limit(limit).offset(offset),
      counted(countQuery(where)),
    ])
  }

  /** Every other list: its shape's statements, built once (see the header). */
  const statements = new KeptStatements(database)
  const listPrepared: AssetListPage = (q, staffViewer, limit, offset) => {
    const values: Placeholders = {
      viewer: staffViewer,
      status: q.status,
      status__exclude: q.status__exclude,
      price__gt: q.price__gt,
      highest_bid__value__gt: q.highest_bid__value__gt,
      owner_address: q.owner_address,
      creator_address: q.creator_address,
      auction_bidder: q.auction_bidder,
      price__gte: q.price__gte,
      price__lte: q.price__lte,
    }
    // The shape: which values are present, and the ordering (the values never enter the SQL).
    const shape = JSON.stringify([
      q.ordering ?? '-created_at',
      q.market ?? null,
      ...Object.values(values).map((value) => value !== undefined),
    ])
    const where = () => listWhere(q, staffViewer, (name) => sql.placeholder(name))
    const present = Object.fromEntries(
      Object.entries(values).filter(([, value]) => value !== undefined),
    )
    return Promise.all([
      statements.run<AssetFields>(
        `page,${shape}`,
        () =>
          pageQuery(where(), q.ordering)
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
            .toSQL(),
        { ...present, limit, offset },
      ),
      counts.count(JSON.stringify([shape, present]), async () => {
        const rows = await statements.run<{ total: number }>(
          `count,${shape}`,
          () =>
            db
              .select({ total: sql<number>`count(*)::int`.as('total') })
              .from(assets)
              .where(where())
              .toSQL(),
          present,
        )
        return rows.at(0)?.total ?? 0
      }),
    ])
  }

  return (q, staffViewer, limit, offset) =>
    q.asset_id__in === undefined && q.application_id__in === undefined
      ? listPrepared(q, staffViewer, limit, offset)
      : listBuilt(q, staffViewer, limit, offset)
}
