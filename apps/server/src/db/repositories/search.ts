/**
 * Search (docs/product.md §11): PostgreSQL's full-text search over the generated `search_vector`
 * (name, unit name, creator, description; English word stems), widened for typos through
 * `search_words` and pg_trgm (migration 0004). The same SQL runs on PGlite and PostgreSQL.
 *
 * A query's words become a tsquery built here from letters and digits only, so nothing a user
 * types reaches tsquery syntax: each word matches as a prefix ("harb" finds "Harbour") or as one
 * of the stored words most like it by trigrams (a small typo). Every word must match.
 *
 * The list pages' filters narrow a search, and their orderings replace the best-match order
 * (asset-list.ts holds both, so a search sorted by price sorts as the list does).
 */
import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { AssetListQuery } from '@unica/schemas'
import type { Db } from '../connection.js'
import { assets, searchWords } from '../schema.js'
import { assetFields, type AssetFields } from './asset-fields.js'
import { MARKET, ORDER } from './asset-list.js'
import { notHidden } from './hidden-assets.js'

/** What narrows or sorts a search besides its words (none: every match, best first). */
export type SearchFilters = Pick<
  AssetListQuery,
  'market' | 'price__gte' | 'price__lte' | 'creator_address' | 'ordering'
>

/** At most this many words of a query count (the rest is ignored). */
const MAX_WORDS = 6
/** Words this short only match as a prefix: trigrams of two letters say little. */
const MIN_FUZZY_LENGTH = 3
/** The stored words each query word is widened to. */
const FUZZY_WORDS = 3
/**
 * A search ranks and counts at most this many matches, so a query matching most of the market
 * costs the same as one matching this many (README "Search"). Ranking reads each match's row:
 * at 10,000 a common word took 0.8 s on the benchmark's 1,000,000 assets (bench/README.md).
 */
export const SEARCH_MATCH_CAP = 1_000

/** The words of a query: lower-case runs of letters and digits, at most 32 characters each. */
export function searchWordsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  return [...new Set(words.map((w) => w.slice(0, 32)))].slice(0, MAX_WORDS)
}

/** The stored words most like each query word (pg_trgm's `%`: similarity of at least 0.3). */
async function similarWords(db: Db, words: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  await Promise.all(
    words
      .filter((w) => w.length >= MIN_FUZZY_LENGTH)
      .map(async (word) => {
        const rows = await db
          .select({ word: searchWords.word })
          .from(searchWords)
          .where(sql`${searchWords.word} OPERATOR(public.%) ${word}`)
          .orderBy(desc(sql`public.similarity(${searchWords.word}, ${word})`), searchWords.word)
          .limit(FUZZY_WORDS)
        out.set(
          word,
          rows.map((r) => r.word).filter((w) => /^[\p{L}\p{N}]+$/u.test(w)),
        )
      }),
  )
  return out
}

/** The tsquery text: `(word:* | similar | ...) & ...`, letters and digits only besides syntax. */
export function tsqueryText(words: readonly string[], similar: Map<string, string[]>): string {
  return words
    .map((w) => `(${[`${w}:*`, ...(similar.get(w) ?? []).filter((s) => s !== w)].join(' | ')})`)
    .join(' & ')
}

/**
 * Ready assets matching `text` and `filters`. Without an ordering, best first: an exact name
 * first, then by ts_rank, then newest; ranked and counted among the first SEARCH_MATCH_CAP
 * matches. With one, in that order over every match (the count stays capped).
 */
export async function searchAssets(
  db: Db,
  text: string,
  filters: SearchFilters,
  limit: number,
  offset: number,
): Promise<[AssetFields[], number]> {
  const words = searchWordsOf(text)
  if (words.length === 0) return [[], 0]
  const query = sql`to_tsquery('english', ${tsqueryText(words, await similarWords(db, words))})`
  const where = and(
    eq(assets.status, 'RD'),
    notHidden,
    sql`${assets.searchVector} @@ ${query}`,
    filters.market === undefined ? undefined : MARKET[filters.market],
    filters.price__gte === undefined ? undefined : gte(assets.price, BigInt(filters.price__gte)),
    filters.price__lte === undefined ? undefined : lte(assets.price, BigInt(filters.price__lte)),
    filters.creator_address === undefined
      ? undefined
      : eq(assets.creatorAddress, filters.creator_address),
  )
  if (filters.ordering !== undefined) {
    const [rows, total] = await Promise.all([
      db
        .select(assetFields)
        .from(assets)
        .where(where)
        .orderBy(...ORDER[filters.ordering])
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(
        db
          .select({ one: sql`1` })
          .from(assets)
          .where(where)
          .limit(SEARCH_MATCH_CAP)
          .as('m'),
      ),
    ])
    return [rows, total.at(0)?.total ?? 0]
  }
  const exactName = text.trim().toLowerCase()
  // One statement: the capped matches with their rank, the page's few picked from them before
  // the join to their fields, and their count.
  const matched = db.$with('matched').as(
    db
      .select({
        guid: sql<string>`${assets.guid}`.as('match_guid'),
        createdAt: sql<Date>`${assets.createdAt}`.as('match_created_at'),
        rank: sql<number>`(ts_rank(${assets.searchVector}, ${query}) + CASE WHEN lower(${assets.name}) = ${exactName} THEN 1 ELSE 0 END)`.as(
          'rank',
        ),
      })
      .from(assets)
      .where(where)
      .limit(SEARCH_MATCH_CAP),
  )
  const best = (m: typeof matched) => [desc(m.rank), desc(m.createdAt), desc(m.guid)]
  const top = db.$with('top').as(
    db
      .select()
      .from(matched)
      .orderBy(...best(matched))
      .limit(limit)
      .offset(offset),
  )
  const found = await db
    .with(matched, top)
    .select({ ...assetFields, total: sql<number>`(SELECT count(*)::int FROM matched)` })
    .from(top)
    .innerJoin(assets, eq(assets.guid, top.guid))
    .orderBy(desc(top.rank), desc(top.createdAt), desc(top.guid))
  if (found.length === 0) {
    // Past the last page: the count alone.
    const [row] = await db.with(matched).select({ total: count() }).from(matched)
    return [[], row.total]
  }
  const total = found[0].total
  return [found.map(({ total: _total, ...fields }) => fields), total]
}

/** Creators whose address starts with `text` (upper-cased), or who made one of `guids`. */
export async function suggestCreators(
  db: Db,
  text: string,
  creatorsOfPieces: readonly string[],
  limit: number,
): Promise<{ address: string; works: number }[]> {
  const prefix = text.trim().toUpperCase()
  const byPrefix = /^[A-Z2-7]{3,58}$/.test(prefix)
    ? await db
        .selectDistinct({ address: assets.creatorAddress })
        .from(assets)
        .where(
          and(
            eq(assets.status, 'RD'),
            notHidden,
            sql`${assets.creatorAddress} LIKE ${`${prefix}%`}`,
          ),
        )
        .orderBy(assets.creatorAddress)
        .limit(limit)
    : []
  const addresses = [...new Set([...byPrefix.map((r) => r.address), ...creatorsOfPieces])].slice(
    0,
    limit,
  )
  if (addresses.length === 0) return []
  const counts = await db
    .select({ address: assets.creatorAddress, works: count() })
    .from(assets)
    .where(and(eq(assets.status, 'RD'), notHidden, inArray(assets.creatorAddress, addresses)))
    .groupBy(assets.creatorAddress)
  const works = new Map(counts.map((r) => [r.address, r.works]))
  return addresses.map((address) => ({ address, works: works.get(address) ?? 0 }))
}
