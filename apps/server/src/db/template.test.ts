import { describe, expect, it } from 'vitest'
import { emptyPgliteTemplate, openDatabase } from './connection.js'
import { migrate } from './migrate.js'

describe('in-memory PGlite from a template', () => {
  it('gives independent, fully working databases', async () => {
    const template = await emptyPgliteTemplate()
    const a = await openDatabase({ pgliteTemplate: template })
    const b = await openDatabase({ pgliteTemplate: template })
    try {
      await migrate(a)
      await migrate(b)
      await a.query(`INSERT INTO users (address, is_staff) VALUES ($1, true)`, ['A'.repeat(58)])
      const inA = await a.query<{ n: number }>('SELECT count(*)::int AS n FROM users')
      const inB = await b.query<{ n: number }>('SELECT count(*)::int AS n FROM users')
      expect(inA[0]?.n).toBe(1)
      expect(inB[0]?.n).toBe(0)
    } finally {
      await a.close()
      await b.close()
    }
  })
})
