/** Keeps the API benchmark honest: its generated data satisfies the schema and the counts asked. */
import { describe, expect, it } from 'vitest'
import { migrate, openDatabase } from '@unica/server'
import { generate } from './api.js'

describe('api benchmark data', () => {
  it('generates assets and operations by SQL, within every constraint', async () => {
    const database = await openDatabase()
    try {
      await migrate(database)
      await generate(database, 200, 1000)
      const [counts] = await database.query<{ a: string; o: string; rd: string; bids: string }>(
        `SELECT (SELECT count(*) FROM assets)::text AS a, (SELECT count(*) FROM operations)::text AS o,
                (SELECT count(*) FROM assets WHERE status = 'RD')::text AS rd,
                (SELECT count(*) FROM assets WHERE highest_bid_value > 0)::text AS bids`,
      )
      expect(counts).toEqual({ a: '200', o: '1000', rd: '180', bids: '50' })
      const bad = await database.query(
        `SELECT tx_id FROM operations WHERE tx_id !~ '^[A-Z2-7]{52}$'
          UNION ALL SELECT owner_address FROM assets WHERE owner_address !~ '^[A-Z2-7]{58}$'`,
      )
      expect(bad).toEqual([])
    } finally {
      await database.close()
    }
  }, 60_000)
})
