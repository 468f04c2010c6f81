/**
 * Search's best-first order and its count at a size where its two reads differ (db/repositories/
 * search.ts `firstMatches`): 6,000 ready pieces, so a common word fills a page from the first rows
 * in order, a rare one falls back to the full-text index, and a deep page needs more than either
 * window. Every page is compared with one plain statement that sorts every match by the documented
 * order (exact name, name, unit name or creator, description; newest first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchTsquery, weightedText, SEARCH_MATCH_CAP } from '../src/db/repositories/search.js'
import { startTestServer, type TestServer } from './app.js'

let server: TestServer
const PIECES = 6_000
const WORDS = ['harbour', 'dusk', 'field', 'light', 'bronze', 'figure', 'quiet', 'river']

beforeAll(async () => {
  server = await startTestServer()
  const word = (expr: string) =>
    `(ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}])[1 + (${expr}) % ${String(WORDS.length)}]`
  await server.database.query(
    `INSERT INTO assets (guid, asset_id, application_id, escrow_address, status, name, unit_name,
                         description, creator_address, owner_address, holding_address, price,
                         created_at)
     SELECT md5(i::text), 1000000 + i, 2000000 + i, 'ESCROW', CASE WHEN i % 10 = 0 THEN 'DC' ELSE 'RD' END,
            CASE WHEN i = 4000 THEN 'Harbour' ELSE initcap(${word('i')} || ' ' || ${word('i / 8')}) || ' ' || i END,
            upper(left(${word('i / 5')}, 4)),
            'A ' || ${word('i / 3')} || ' by the ' || ${word('i / 11')} || ', number ' || i,
            'CREATOR', 'OWNER', 'OWNER',
            CASE WHEN i % 3 = 0 THEN (1 + i % 100) * 1000000 END,
            timestamptz '2026-01-01' + (i / 2) * interval '1 second'
       FROM generate_series(1, $1::int) AS i`,
    [PIECES],
  )
})
afterAll(async () => {
  await server.close()
})

interface Listed {
  count: number
  results: { guid: string }[]
}

/** Every match, sorted by one statement in the documented order. */
async function expected(q: string): Promise<string[]> {
  const tsquery = await searchTsquery(server.database, q)
  if (tsquery === undefined) return []
  const rows = await server.database.query<{ guid: string }>(
    `SELECT guid FROM assets
      WHERE status = 'RD' AND hidden_at IS NULL AND search_vector @@ to_tsquery('english', $1)
      ORDER BY CASE WHEN lower(name) = $4 THEN 0
                    WHEN search_vector @@ to_tsquery('english', $2) THEN 1
                    WHEN search_vector @@ to_tsquery('english', $3) THEN 2
                    ELSE 3 END,
               created_at DESC, guid DESC`,
    [tsquery, weightedText(tsquery, 'A'), weightedText(tsquery, 'AB'), q.trim().toLowerCase()],
  )
  return rows.map((r) => r.guid)
}

async function page(q: string, offset: number, extra = ''): Promise<Listed> {
  const response = await server.get(
    `/api/search/?q=${encodeURIComponent(q)}&limit=20&offset=${String(offset)}${extra}`,
  )
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Listed>()
}

describe('search at 6,000 pieces', () => {
  it.each([
    ['harbour', 'a common word with an exact name'],
    ['harb', 'a prefix'],
    ['harbuor', 'a typo'],
    ['harbour dusk', 'two words'],
    ['rive', 'a word in names, unit names and descriptions'],
    ['4321', 'a word of one piece'],
    ['bronze 12', 'a common word and a rare prefix'],
  ])('pages %s (%s) in the documented order, counted up to the cap', async (q) => {
    const all = await expected(q)
    for (const offset of [0, 20, 500, 990]) {
      const got = await page(q, offset)
      const upTo = Math.min(offset + 20, SEARCH_MATCH_CAP)
      expect(
        got.results.map((r) => r.guid),
        `${q} at ${String(offset)}`,
      ).toEqual(all.slice(offset, Math.max(offset, upTo)))
      expect(got.count).toBe(Math.min(all.length, SEARCH_MATCH_CAP))
    }
    expect(all.length).toBeGreaterThan(0)
  })

  it('sorts by price among for-sale matches, common and rare', async () => {
    for (const q of ['harbour', '4323', 'quiet 59']) {
      const tsquery = await searchTsquery(server.database, q)
      const rows = await server.database.query<{ guid: string }>(
        `SELECT guid FROM assets
          WHERE status = 'RD' AND hidden_at IS NULL AND price IS NOT NULL
            AND search_vector @@ to_tsquery('english', $1)
          ORDER BY price ASC NULLS LAST, guid ASC`,
        [tsquery],
      )
      for (const offset of [0, 40]) {
        const got = await page(q, offset, '&market=for_sale&ordering=price')
        expect(got.results.map((r) => r.guid)).toEqual(
          rows.map((r) => r.guid).slice(offset, offset + 20),
        )
      }
    }
  })
})
