/**
 * Named statements (db/connection.ts): kept per connection, planned with each execution's values,
 * except those sent with plan 'once', whose plans kept-plans.test.ts checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { statementName, type Database } from '../src/db/index.js'
import { testDatabase } from './database.js'

let database: Database
beforeAll(async () => {
  database = await testDatabase()
})
afterAll(async () => {
  await database.close()
})

describe('named statements', () => {
  it('name a text by its hash: one name per text, a valid PostgreSQL identifier', () => {
    const a = statementName('SELECT 1')
    expect(statementName('SELECT 1')).toBe(a)
    expect(statementName('SELECT 2')).not.toBe(a)
    expect(a).toMatch(/^unica_[0-9a-f]{32}$/)
  })

  it('answer each execution with its own values', async () => {
    const text = 'SELECT $1::int + 1 AS n'
    const name = statementName(text)
    // More executions than connections, so every connection runs the kept statement again.
    for (let i = 0; i < 12; i++) {
      expect(await database.query<{ n: number }>(text, [i], name)).toEqual([{ n: i + 1 }])
    }
  })

  it.runIf(process.env.UNICA_TEST_DATABASE === 'postgres')(
    'plan every execution with its values on PostgreSQL',
    async () => {
      expect(database.kind).toBe('postgres')
      const [{ plan_cache_mode: mode }] = await database.query<{ plan_cache_mode: string }>(
        'SHOW plan_cache_mode',
      )
      expect(mode).toBe('force_custom_plan')
    },
  )

  it.runIf(process.env.UNICA_TEST_DATABASE === 'postgres')(
    "send statements marked plan 'once' to connections that keep a generic plan, and only those",
    async () => {
      const text = 'SELECT current_setting($1) AS mode'
      const name = statementName(text)
      for (let i = 0; i < 6; i++) {
        expect(await database.query(text, ['plan_cache_mode'], name, 'once')).toEqual([
          { mode: 'force_generic_plan' },
        ])
        expect(await database.query(text, ['plan_cache_mode'], name)).toEqual([
          { mode: 'force_custom_plan' },
        ])
      }
    },
  )
})
