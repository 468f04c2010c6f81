/**
 * Search (docs/product.md §11): PostgreSQL's full-text search over the generated `search_vector`
 * (name, unit name, creator, description; English word stems), widened for typos through
 * `search_words` and its trigram index (migration 0004). The same SQL runs on PGlite and
 * PostgreSQL.
 *
 * A query's words become a tsquery built here from letters and digits only, so nothing a user
 * types reaches tsquery syntax: each word matches as a prefix ("harb" finds "Harbour") or as one
 * of the stored words within its typos, as Meilisearch counts them (typos.ts: "emebr" finds
 * "Ember", one of 5 letters or more one typo away, of 9 or more two). Every word must match.
 *
 * The list pages' filters narrow a search, and their orderings replace the best-match order
 * (asset-list.ts holds both, so a search sorted by price sorts as the list does).
 */
import { and, count, eq, like, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { AssetListQuery } from '@unica/schemas'
import type { Database } from '../connection.js'
import { assets, searchWords } from '../schema.js'
import { assetFields, type AssetFields } from './asset-fields.js'
import { listWhere, ORDER } from './asset-list.js'
import { notHidden } from './hidden-assets.js'
import { KeptStatements } from './kept-statements.js'
import { typoDistance, typoPatterns, typosAllowed } from './typos.js'
import { CountCache } from './list-count.js'

/** What narrows or sorts a search besides its words (none: every match, best first). */
const SEARCH_FILTERS = [
  'market',
  'price__gte',
  'price__lte',
  'creator_address',
  'ordering',
] as const
export type SearchFilters = Pick<AssetListQuery, (typeof SEARCH_FILTERS)[number]>

/** At most this many words of a query count (the rest is ignored). */
const MAX_WORDS = 6
/** The stored words each query word is widened to, fewest typos first. */
const FUZZY_WORDS = 10
/**
 * Candidates read for one query word before their typos are counted: the patterns of a word
 * match few stored words (a part of it at its start or end), so this only bounds a hostile case.
 */
const TYPO_CANDIDATES = 5_000
/**
 * A search counts at most this many matches and its pages end there, so counting a query that
 * matches most of the market costs what counting this many does (apps/server/README.md
 * "Discovery").
 */
export const SEARCH_MATCH_CAP = 1_000

/** The words of a query: lower-case runs of letters and digits, at most 32 characters each. */
function searchWordsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  return [...new Set(words.map((w) => w.slice(0, 32)))].slice(0, MAX_WORDS)
}

/**
 * How long the stored words most like a query word are reused. Names only add words, and a new
 * piece's words reach typo matching this much later at most; a search then costs one statement
 * fewer for every word already asked (bench/README.md "Discovery").
 */
const SIMILAR_REUSE_MS = 60_000
/** Query words remembered at once (hostile variety must not grow memory: the oldest go first). */
const SIMILAR_ENTRIES = 10_000

/** What one app's searches reuse: similar words, the counts of common searches, statements. */
interface SearchCaches {
  readonly similar: Map<string, { readonly words: string[]; readonly until: number }>
  readonly counts: CountCache
  readonly statements: KeptStatements
}
const cachesOf = new WeakMap<Database, SearchCaches>()
function caches(database: Database): SearchCaches {
  let found = cachesOf.get(database)
  if (found === undefined) {
    found = {
      similar: new Map(),
      counts: new CountCache({ largeCount: SEARCH_MATCH_CAP }),
      statements: new KeptStatements(database),
    }
    cachesOf.set(database, found)
  }
  return found
}

/** The stored words within the typos `word` may hold (typos.ts), fewest typos first. */
async function wordsLike(database: Database, word: string): Promise<string[]> {
  const typos = typosAllowed(word)
  if (typos === 0) return []
  const { db } = database
  const { similar } = caches(database)
  const now = performance.now()
  const kept = similar.get(word)
  if (kept !== undefined && kept.until > now) return kept.words
  const length = Array.from(word).length
  // The patterns use the trigram index (search_words_trgm_idx); the length bounds the rest.
  const rows = await db
    .select({ word: searchWords.word })
    .from(searchWords)
    .where(
      and(
        or(...typoPatterns(word, typos).map((pattern) => like(searchWords.word, pattern))),
        sql`char_length(${searchWords.word}) BETWEEN ${length - typos} AND ${length + typos}`,
      ),
    )
    .limit(TYPO_CANDIDATES)
  const words = rows
    .map((r) => ({ word: r.word, typos: typoDistance(word, r.word, typos) }))
    .filter((c) => c.typos <= typos && /^[\p{L}\p{N}]+$/u.test(c.word))
    .sort((a, b) => a.typos - b.typos || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    .slice(0, FUZZY_WORDS)
    .map((c) => c.word)
  similar.delete(word)
  // Maps iterate in insertion order: the first key is the oldest.
  if (similar.size >= SIMILAR_ENTRIES) similar.delete(similar.keys().next().value as string)
  similar.set(word, { words, until: now + SIMILAR_REUSE_MS })
  return words
}

/** The stored words within a typo or two of each query word long enough for typos. */
async function similarWords(
  database: Database,
  words: readonly string[],
): Promise<Map<string, string[]>> {
  const found = await Promise.all(words.map((w) => wordsLike(database, w)))
  return new Map(words.map((w, i) => [w, found[i]]))
}

/** The tsquery text: `(word:* | similar | ...) & ...`, letters and digits only besides syntax. */
function tsqueryText(words: readonly string[], similar: Map<string, string[]>): string {
  return words
    .map((w) => `(${[`${w}:*`, ...(similar.get(w) ?? []).filter((s) => s !== w)].join(' | ')})`)
    .join(' & ')
}

/** The query's words as a tsquery's text restricted to stored words of the given weights. */
export function weightedText(tsquery: string, weights: 'A' | 'AB'): string {
  // Each operand is `word:*` or `word` (tsqueryText): the weights follow the colon.
  return tsquery.replace(/([\p{L}\p{N}]+)(:\*)?/gu, (_m, word: string, prefix?: string) =>
    prefix === undefined ? `${word}:${weights}` : `${word}:*${weights}`,
  )
}

/** The tsquery text a search runs for `text` (undefined: it has no word). */
export async function searchTsquery(database: Database, text: string): Promise<string | undefined> {
  const words = searchWordsOf(text)
  return words.length === 0 ? undefined : tsqueryText(words, await similarWords(database, words))
}

/**
 * Rows a search reads in the asked order before it turns to the full-text index: the first
 * `WINDOW_PER_ROW` times the rows it needs, within these bounds. A word in one piece of 50 fills a
 * page from the first rows in order (an index scan that stops early: about a millisecond at
 * 1,000,000 assets); a rarer one falls back to the GIN index, whose cost grows with the matches.
 */
const WINDOW_PER_ROW = 50
const WINDOW_MIN = 2_000
const WINDOW_MAX = 50_000

/** The values a search's statements take: its tsqueries, exact name, filters and sizes. */
interface SearchValues {
  readonly q: string
  readonly qa: string
  readonly qab: string
  readonly exact: string
  readonly price__gte?: string
  readonly price__lte?: string
  readonly creator_address?: string
  readonly need: number
  readonly window: number
}

/**
 * A tier of best-first order: which rows it holds besides the list's filters, written on a row's
 * name and words (the table's, or those the search's window read from its index), and the tsquery
 * they must match. Each tsquery is a subquery, made once per execution (see `firstMatches`).
 */
interface Tier {
  readonly holds: ((name: SQLWrapper, vector: SQLWrapper) => SQL) | undefined
  readonly match: 'q' | 'qa' | 'qab'
}
const p = sql.placeholder
const notExact = (name: SQLWrapper) => sql`lower(${name}) <> ${p('exact')}`
const TIERS: readonly Tier[] = [
  // An exact name, found by its own index (assets_name_lower_idx).
  { holds: (name) => sql`lower(${name}) = ${p('exact')}`, match: 'q' },
  { holds: notExact, match: 'qa' },
  {
    holds: (name, vector) =>
      sql`${notExact(name)} AND NOT ${vector} @@ (SELECT to_tsquery('english', ${p('qa')}))`,
    match: 'qab',
  },
  {
    holds: (name, vector) =>
      sql`${notExact(name)} AND NOT ${vector} @@ (SELECT to_tsquery('english', ${p('qab')}))`,
    match: 'q',
  },
]
/** A search with an ordering: every match, one tier. */
const ALL_MATCHES: readonly Tier[] = [{ holds: undefined, match: 'q' }]

/**
 * The guids of the first `need` rows of `listed` that the tier `holds` and that `match`, in
 * `order`.
 *
 * Neither plan alone is safe. An index scan in `order` that filters by the text stops after a few
 * hundred rows for a common word, but reads the whole index for a rare one (8.7 s for a one-piece
 * word at 1,000,000 assets, when the planner took it for common). The GIN index finds a rare word
 * at once, but builds a bitmap of every match of a common one first (40-90 ms for 86,000). So the
 * first read is bounded: the rows in order up to a window, filtered; only when they hold too few
 * matches does the second read ask the GIN index for every match (materialized, so the planner
 * cannot turn it back into the ordered scan) and sort them. The window reads only what the tier
 * and match look at (guid, name, words): in the default order, the index made for it holds those
 * (migration 0013), so the window never reads the table.
 */
async function firstMatches(
  database: Database,
  shape: string,
  listed: SQL | undefined,
  holds: Tier['holds'],
  match: SQL,
  order: SQL[],
  values: SearchValues,
  ordered: boolean,
  /** Which reads PostgreSQL may plan once and keep (db/connection.ts): see `searchAssets`. */
  plans: { readonly window?: 'once'; readonly index?: 'once' },
): Promise<string[]> {
  const { db } = database
  const { statements } = caches(database)
  if (ordered) {
    const found = await statements.run<{ guid: string }>(
      `${shape},ordered`,
      () => {
        const rows = db
          .select({ guid: assets.guid, name: assets.name, vector: assets.searchVector })
          .from(assets)
          .where(listed)
          .orderBy(...order)
          .limit(p('window'))
          .as('w')
        // PostgreSQL hands a filtered, limited subquery's rows on in the subquery's order. The
        // tsquery is a subquery of its own, made once per execution: written inline, a kept
        // plan would parse it again for every row (4 ms against 0.4 ms for "harbour").
        return db
          .select({ guid: rows.guid })
          .from(rows)
          .where(and(holds?.(rows.name, rows.vector), sql`${rows.vector} @@ (SELECT ${match})`))
          .limit(p('need'))
          .toSQL()
      },
      { ...values },
      plans.window,
    )
    if (found.length === values.need) return found.map((r) => r.guid)
  }
  const found = await statements.run<{ guid: string }>(
    `${shape},index`,
    () => {
      const matched = db.$with('matched').as(
        db
          .select({ guid: sql<string>`${assets.guid}`.as('matched_guid') })
          .from(assets)
          .where(
            and(
              listed,
              holds?.(assets.name, assets.searchVector),
              sql`${assets.searchVector} @@ ${match}`,
            ),
          ),
      )
      return db
        .with(matched)
        .select({ guid: assets.guid })
        .from(assets)
        .innerJoin(matched, eq(assets.guid, matched.guid))
        .orderBy(...order)
        .limit(p('need'))
        .toSQL()
    },
    { ...values },
    plans.index,
  )
  return found.map((r) => r.guid)
}

/**
 * Ready assets matching `text` and `filters`, and how many (at most SEARCH_MATCH_CAP). Without an
 * ordering, best first: an exact name, then matches in the name, then in the unit name or
 * creator, then in the description only, each newest first. With one, every match in that order.
 * Pages end at SEARCH_MATCH_CAP. Its statements are kept per shape (kept-statements.ts).
 */
export async function searchAssets(
  database: Database,
  text: string,
  filters: SearchFilters,
  limit: number,
  offset: number,
): Promise<[AssetFields[], number]> {
  const { db } = database
  const tsquery = await searchTsquery(database, text)
  if (tsquery === undefined) return [[], 0]
  const query = sql`to_tsquery('english', ${p('q')})`
  // The list's own filters (asset-list.ts), each value a placeholder.
  const listed = listWhere(filters, undefined, (name) => sql.placeholder(name))
  const filterShape = JSON.stringify([
    filters.market ?? null,
    filters.price__gte !== undefined,
    filters.price__lte !== undefined,
    filters.creator_address !== undefined,
  ])
  const need = Math.min(offset + limit, SEARCH_MATCH_CAP)
  const base = {
    q: tsquery,
    qa: weightedText(tsquery, 'A'),
    qab: weightedText(tsquery, 'AB'),
    exact: text.trim().toLowerCase(),
    price__gte: filters.price__gte,
    price__lte: filters.price__lte,
    creator_address: filters.creator_address,
  }
  const counted = caches(database).counts.count(JSON.stringify([tsquery, filters]), async () => {
    const rows = await caches(database).statements.run<{ total: number }>(
      `count,${filterShape}`,
      () =>
        db
          .select({ total: sql<number>`count(*)::int`.as('total') })
          .from(
            db
              .select({ one: sql`1` })
              .from(assets)
              .where(and(listed, sql`${assets.searchVector} @@ ${query}`))
              .limit(SEARCH_MATCH_CAP)
              .as('m'),
          )
          .toSQL(),
      base,
    )
    return rows[0].total
  })
  const ordering = filters.ordering ?? '-created_at'
  const unfiltered = SEARCH_FILTERS.every((key) => filters[key] === undefined)
  // ending_soon has no index to read in order: only the GIN index helps.
  const ordered = ordering !== 'ending_soon'
  const tiers = filters.ordering === undefined ? TIERS : ALL_MATCHES
  const matching = async (): Promise<string[]> => {
    const guids: string[] = []
    for (const [i, tier] of tiers.entries()) {
      const wanted = need - guids.length
      if (wanted <= 0) break
      const exactTier = tiers === TIERS && i === 0
      const found = await firstMatches(
        database,
        `${filterShape},${ordering},${String(tiers === TIERS ? i : 'all')}`,
        listed,
        tier.holds,
        sql`to_tsquery('english', ${p(tier.match)})`,
        ORDER[ordering],
        {
          ...base,
          need: wanted,
          window: Math.min(WINDOW_MAX, Math.max(WINDOW_MIN, wanted * WINDOW_PER_ROW)),
        },
        ordered && !exactTier,
        // The exact name is read by its index whatever the values. Without filters, the window
        // is the newest shown pieces, read from the index made for it (migration 0013) whatever
        // the words: planning it cost half as much as running it (0.18 against 0.37 ms).
        exactTier ? { index: 'once' } : { window: unfiltered ? 'once' : undefined },
      )
      guids.push(...found)
    }
    return guids
  }
  // Together, so that a failure of either is this request's error and never left unhandled.
  const [guids, total] = await Promise.all([matching(), counted])
  const pageGuids = guids.slice(offset, offset + limit)
  const rows =
    pageGuids.length === 0
      ? []
      : await caches(database).statements.run<AssetFields>(
          'fields',
          () =>
            db
              .select(assetFields)
              .from(assets)
              .where(sql`${assets.guid} = ANY(${p('guids')}::text[])`)
              .toSQL(),
          { guids: pageGuids },
          // Rows by primary key: one plan serves every page, so PostgreSQL keeps it.
          'once',
        )
  const byGuid = new Map(rows.map((r) => [r.guid, r]))
  const page = pageGuids.flatMap((g) => byGuid.get(g) ?? [])
  return [page, total]
}

/** Creators whose address starts with `text` (upper-cased), or who made one of `guids`. */
export async function suggestCreators(
  database: Database,
  text: string,
  creatorsOfPieces: readonly string[],
  limit: number,
): Promise<{ address: string; works: number }[]> {
  const { db } = database
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
  // A prolific creator's works take milliseconds to count (15,000 at the benchmark's size): a
  // count of at least SEARCH_MATCH_CAP is reused a few seconds, as a common search's is.
  const works = await Promise.all(
    addresses.map((address) =>
      caches(database).counts.count(JSON.stringify(['works', address]), async () => {
        const [row] = await db
          .select({ works: count() })
          .from(assets)
          .where(and(eq(assets.status, 'RD'), notHidden, eq(assets.creatorAddress, address)))
        return row.works
      }),
    ),
  )
  return addresses.map((address, i) => ({ address, works: works[i] }))
}
