/**
 * The statements sent with plan 'once' (db/connection.ts): PostgreSQL plans each once, without its
 * values, and keeps that plan. So each one's SQL must let such a plan read the index made for it:
 * a filter that a partial index names must be a literal of the statement, not a value (the feed's
 * status was a value, and every request was planned again). Here each statement the feed and
 * search send that way is planned as PostgreSQL keeps it (a generic plan), with table scans
 * priced out of reach, and its plan must read the expected index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/db/index.js'
import { activityFeed } from '../src/db/repositories/activity.js'
import { searchAssets } from '../src/db/repositories/search.js'
import { testDatabase } from './database.js'

interface Sent {
  readonly sql: string
  readonly params: readonly unknown[]
}

let database: Database
beforeAll(async () => {
  database = await testDatabase()
  // Enough pieces, with statistics, that PostgreSQL plans as it would for a real market: on a
  // table of a few rows any scan is as good as another.
  await database.query(
    `INSERT INTO assets (guid, asset_id, application_id, escrow_address, status, name, unit_name,
                         description, creator_address, owner_address, holding_address, created_at)
     SELECT md5(i::text), i, 100000 + i, 'ESCROW', 'RD',
            CASE WHEN i = 1 THEN 'Harbour at dusk' ELSE 'Piece ' || i END, 'UNIT',
            'A piece', 'C', 'O', 'O', timestamptz '2026-01-01' + i * interval '1 second'
       FROM generate_series(1, 5000) AS i`,
  )
  await database.query('VACUUM ANALYZE assets')
})
afterAll(async () => {
  await database.close()
})

/** The statements `run` sends with plan 'once', run for real on the test database. */
async function keptStatements(run: (spied: Database) => Promise<unknown>): Promise<Sent[]> {
  const sent: Sent[] = []
  const spied: Database = {
    ...database,
    query: (sqlText, params, name, plan) => {
      if (plan === 'once') sent.push({ sql: sqlText, params: params ?? [] })
      return database.query(sqlText, params, name, plan)
    },
  }
  await run(spied)
  return sent
}

function literal(value: unknown): string {
  const text = Array.isArray(value)
    ? `{${value.map((v) => `"${String(v)}"`).join(',')}}`
    : String(value)
  return `'${text.replaceAll("'", "''")}'`
}

/** The plan PostgreSQL keeps for `statement`, with every scan of a whole table priced out. */
async function keptPlan(statement: Sent): Promise<string> {
  return database.transaction(async (session) => {
    await session.exec(
      'SET LOCAL plan_cache_mode = force_generic_plan; SET LOCAL enable_seqscan = off',
    )
    await session.exec(`PREPARE kept AS ${statement.sql}`)
    const args = statement.params.length === 0 ? '' : `(${statement.params.map(literal).join(',')})`
    const rows = await session.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE kept${args}`)
    await session.exec('DEALLOCATE kept')
    return rows.map((r) => r['QUERY PLAN']).join('\n')
  })
}

describe('statements planned once', () => {
  it.each([
    ['the first page', 'operations_activity_idx', { limit: 20 }],
    ['a later page', 'operations_activity_idx', { limit: 20, after: { round: 100n, id: 7n } }],
    ['the sales', 'operations_activity_type_idx', { type: 'sale' as const, limit: 20 }],
    [
      'a later page of sales',
      'operations_activity_type_idx',
      { type: 'sale' as const, limit: 20, after: { round: 100n, id: 7n } },
    ],
  ])('the feed, %s: its kept plan reads %s in order', async (_name, index, filter) => {
    const [statement] = await keptStatements((spied) => activityFeed(spied)(filter))
    const plan = await keptPlan(statement)
    expect(plan).toContain(index)
    expect(plan).not.toMatch(/Seq Scan|Sort/)
  })

  it("search's exact name, windows and page: each kept plan reads its own index", async () => {
    const sent = await keptStatements((spied) => searchAssets(spied, 'harbour', {}, 20, 0))
    const of = (pattern: RegExp) => sent.filter((s) => pattern.test(s.sql))
    const exact = of(/lower\("assets"\."name"\) = /)
    // One window per tier after the exact name: the piece fills no page alone.
    const windows = of(/ "w" where /)
    const fields = of(/= ANY\(/)
    expect([exact.length, windows.length, fields.length]).toEqual([1, 3, 1])
    expect(sent).toHaveLength(5)
    expect(await keptPlan(exact[0])).toContain('assets_name_lower_idx')
    for (const window of windows) {
      // The newest shown pieces, their words and names read from the index alone, in order.
      const plan = await keptPlan(window)
      expect(plan).toMatch(/Index Only Scan using assets_search_window_idx/)
      expect(plan).not.toMatch(/Seq Scan|Sort/)
      // Each tsquery is made once per execution, not parsed again for every row it filters.
      const filters = plan.split('\n').filter((line) => line.includes('Filter:'))
      expect(filters.length).toBeGreaterThan(0)
      for (const line of filters) expect(line).not.toContain('to_tsquery')
    }
    expect(await keptPlan(fields[0])).toContain('assets_pkey')
  })

  it('search with filters sends its window to be planned with its values', async () => {
    const sent = await keptStatements((spied) =>
      searchAssets(spied, 'harbour', { market: 'for_sale' }, 20, 0),
    )
    // The exact name's read only (no piece is for sale, so no page is read).
    expect(sent).toHaveLength(1)
    expect(sent[0].sql).toContain('lower("assets"."name") =')
  })
})
