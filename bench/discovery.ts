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
import algosdk from 'algosdk'
import type { Database } from '@unica/server'
import { runPlan, type BenchEndpoint } from './api.js'

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
  const [{ n }] = await database.query<{ n: string }>('SELECT count(*)::text AS n FROM assets')
  if (Number(n) === assets) {
    console.log(`  reusing ${assets.toLocaleString()} assets already generated`)
    return
  }
  await database.query('TRUNCATE operations, bids, assets, search_words')
  const addresses = Array.from({ length: 64 }, () => algosdk.generateAccount().addr.toString())
  const pick = (expr: string): string =>
    `(ARRAY[${addresses.map((a) => `'${a}'`).join(',')}])[1 + (${expr}) % 64]`
  const word = (expr: string): string =>
    `(ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}])[1 + (${expr}) % ${String(WORDS.length)}]`
  const started = Date.now()
  await database.query(
    `INSERT INTO assets (guid, asset_id, application_id, escrow_address, status, name, unit_name,
                         description, image_path, thumbnail_path, creator_address, owner_address,
                         holding_address, price, highest_bid_value, highest_bid_sender, created_at)
     SELECT md5(i::text), 1000000 + i, 2000000 + i, ${pick('i + 7')},
            CASE WHEN i % 10 = 0 THEN 'DC' ELSE 'RD' END,
            initcap(${word('i')} || ' ' || ${word('i / 40')}) || ' ' || i,
            upper(left(${word('i / 7')}, 4)),
            'A ' || ${word('i / 3')} || ' by the ' || ${word('i / 11')} || ', number ' || i,
            'media/' || md5(i::text) || '.png', 'media/' || md5(i::text) || '.webp',
            ${pick('i / 1000')}, ${pick('i')}, ${pick('i')},
            CASE WHEN i % 3 = 0 THEN (1 + i % 1000) * 1000000 END,
            CASE WHEN i % 4 = 0 THEN (1 + i % 500) * 10000 END,
            CASE WHEN i % 4 = 0 THEN ${pick('i + 3')} END,
            timestamptz '2026-01-01' + i * interval '1 second'
       FROM generate_series(1, $1::int) AS i`,
    [assets],
  )
  // A bulk load: the last-sale trigger is set aside and its column filled in one statement after.
  await database.query('ALTER TABLE operations DISABLE TRIGGER operations_note_sale')
  await database.query(
    `INSERT INTO operations (asset_guid, application_id, op_type, value, sender, tx_id, status,
                             round, block_time, created_at, listed_before)
     SELECT md5((1 + j % $2::int)::text), 2000001 + j % $2::int,
            (ARRAY['ASK','BID','BUY_NOW','SELL_NOW','OPT_IN'])[1 + j % 5], (j % 997) * 10000,
            ${pick('j')}, translate(lpad(j::text, 52, '0'), '0123456789', 'ABCDEFGHIJ'),
            'executed', 1000 + j, now() - ($1::int - j) * interval '1 second',
            now() - ($1::int - j) * interval '1 second',
            j % 10 = 0
       FROM generate_series(1, $1::int) AS j`,
    [operations, assets],
  )
  await database.query('ALTER TABLE operations ENABLE TRIGGER operations_note_sale')
  await database.query(
    `UPDATE assets SET last_sold_at = s.at
       FROM (SELECT asset_guid, max(block_time) AS at FROM operations
              WHERE status = 'executed' AND activity_type = 'sale' GROUP BY asset_guid) s
      WHERE assets.guid = s.asset_guid`,
  )
  await database.query('ANALYZE')
  console.log(
    `  generated ${assets.toLocaleString()} assets and ${operations.toLocaleString()} operations in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  )
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
