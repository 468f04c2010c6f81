/**
 * `npm run bench -- discovery`: search, the filtered and sorted lists and the activity feed
 * (docs/product.md §11) under load, each beside the same SQL sent directly with `pg` (or PGlite)
 * in the same run, with the machinery of api.ts (50 connections, p99 and requests/s).
 *
 * Data: 1,000,000 assets and 5,000,000 operations in PostgreSQL (database `unica_bench_discovery`,
 * kept for the next run), 100,000 assets and 500,000 operations in PGlite beside it; BENCH_SCALE
 * shrinks both (BENCH_SCALE=0.01 BENCH_SECONDS=2 for a short look). Names are drawn from a word
 * list so that words match realistic shares of the market. Targets: search and lists p99 ≤ 50 ms
 * and at least half the raw SQL's throughput; the feed's 1st and 1,000th page p99 ≤ 20 ms.
 */
import type { Database } from '@unica/server'
import { generateOnce, insertMarket, runPlan, type BenchEndpoint } from './api.js'

const WORDS = [
  'harbour',
  'dusk',
  'field',
  'light',
  'bronze',
  'figure',
  'quiet',
  'river',
  'morning',
  'storm',
  'garden',
  'portrait',
  'window',
  'mountain',
  'city',
  'night',
  'ocean',
  'forest',
  'glass',
  'paper',
  'shadow',
  'summer',
  'winter',
  'silver',
  'golden',
  'echo',
  'bridge',
  'market',
  'lantern',
  'meadow',
  'orchard',
  'canyon',
  'desert',
  'island',
  'valley',
  'harvest',
  'ember',
  'willow',
  'copper',
  'amber',
]

async function generate(database: Database, assets: number, operations: number): Promise<void> {
  const word = (expr: string): string =>
    `(ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}])[1 + (${expr}) % ${String(WORDS.length)}]`
  const tables = 'operations, bids, assets, search_words'
  await generateOnce(database, assets, operations, tables, async (pick) => {
    // A bulk load: the last-sale trigger is set aside and its column filled in one statement after.
    await database.query('ALTER TABLE operations DISABLE TRIGGER operations_note_sale')
    await insertMarket(database, { assets, operations }, pick, {
      name: `initcap(${word('i')} || ' ' || ${word('i / 40')}) || ' ' || i`,
      unitName: `upper(left(${word('i / 7')}, 4))`,
      description: `'A ' || ${word('i / 3')} || ' by the ' || ${word('i / 11')} || ', number ' || i`,
      operationTime: `now() - ($1::int - j) * interval '1 second'`,
    })
    await database.query('ALTER TABLE operations ENABLE TRIGGER operations_note_sale')
    await database.query(
      `UPDATE assets SET last_sold_at = s.at
         FROM (SELECT asset_guid, max(block_time) AS at FROM operations
                WHERE status = 'executed' AND activity_type = 'sale' GROUP BY asset_guid) s
        WHERE assets.guid = s.asset_guid`,
    )
  })
}

/** The feed's page `n` (1-based) of 20: the cursor the page before it handed out. */
const feedPage =
  (n: number, type?: string) =>
  async (database: Database): Promise<string> => {
    const query = type === undefined ? '' : `type=${type}&`
    if (n === 1) return `/api/activity/?${query}limit=20`
    const where = `status = 'executed' AND ${type === undefined ? 'activity_type IS NOT NULL' : 'activity_type = $1'}`
    const values = type === undefined ? [] : [type]
    const [{ total }] = await database.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM operations WHERE ${where}`,
      values,
    )
    // A small BENCH_SCALE has fewer pages: its deepest page stands in (and is said so).
    const skip = Math.max(0, Math.min((n - 1) * 20, total - 20) - 1)
    if (skip < (n - 1) * 20 - 1)
      console.log(
        `  (only ${String(Math.ceil(total / 20))} pages at this scale: the last stands in for page ${String(n)})`,
      )
    const rows = await database.query<{ round: string; id: string }>(
      `SELECT round::text, id::text FROM operations WHERE ${where}
        ORDER BY round DESC, id DESC OFFSET ${String(skip)} LIMIT 1`,
      values,
    )
    const last = rows.at(0)
    if (last === undefined) return `/api/activity/?${query}limit=20`
    return `/api/activity/?${query}limit=20&cursor=${last.round}.${last.id}`
  }

const ENDPOINTS: readonly BenchEndpoint[] = [
  { name: 'search: a word', path: '/api/search/?q=harbour' },
  { name: 'search: a prefix', path: '/api/search/?q=harb' },
  { name: 'search: one typo', path: '/api/search/?q=harbuor' },
  { name: 'suggestions', path: '/api/search/suggestions/?q=meado' },
  {
    name: 'search: for sale, price asc',
    path: '/api/search/?q=harbour&market=for_sale&ordering=price',
  },
  {
    name: 'list: for sale, price asc',
    path: '/api/assets/?status=RD&market=for_sale&ordering=price',
  },
  {
    name: 'list: price range, -price',
    path: '/api/assets/?status=RD&price__gte=10000000&price__lte=50000000&ordering=-price',
  },
  {
    name: 'list: sold, recently sold',
    path: '/api/assets/?status=RD&market=sold&ordering=-last_sold_at',
  },
  { name: 'activity: page 1', path: feedPage(1) },
  { name: 'activity: page 1,000', path: feedPage(1000) },
  { name: 'activity: sales, page 1,000', path: feedPage(1000, 'sale') },
  { name: 'activity: price changes, p. 1', path: feedPage(1, 'price_change') },
]

export async function main(): Promise<void> {
  await runPlan({ endpoints: ENDPOINTS, databaseName: 'unica_bench_discovery', generate })
}
