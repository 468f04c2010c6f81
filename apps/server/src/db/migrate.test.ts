import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabase } from '../../test/database.js'
import type { Database } from './connection.js'
import { migrate } from './migrate.js'
import { schema } from './schema.js'

let database: Database

beforeAll(async () => {
  database = await testDatabase()
})
afterAll(async () => {
  await database.close()
})

describe('migrations', () => {
  it('apply once: a second run applies nothing', async () => {
    expect(await migrate(database)).toEqual([])
  })

  it('create every column the Drizzle schema names, with the same SQL type', async () => {
    const rows = await database.query<{
      table_name: string
      column_name: string
      data_type: string
      is_nullable: string
    }>(
      'SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = current_schema()',
    )
    const columns = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r]))
    const sqlType: Record<string, string> = {
      text: 'text',
      boolean: 'boolean',
      bigint: 'bigint',
      bigserial: 'bigint',
      integer: 'integer',
      'timestamp with time zone': 'timestamp with time zone',
      bytea: 'bytea',
    }
    for (const table of Object.values(schema) as PgTable[]) {
      const config = getTableConfig(table)
      for (const column of config.columns) {
        const found = columns.get(`${config.name}.${column.name}`)
        expect(found, `${config.name}.${column.name}`).toBeDefined()
        expect(found?.data_type).toBe(sqlType[column.getSQLType()])
        expect(found?.is_nullable === 'NO').toBe(column.notNull)
      }
    }
  })

  it('keep amounts as exact bigints beyond 2^53', async () => {
    const big = 2n ** 62n + 1n
    await database.db.insert(schema.assets).values({
      guid: 'a'.repeat(32),
      assetId: big,
      name: 'x',
      unitName: 'X',
      creatorAddress: 'C',
      price: big,
    })
    const [row] = await database.db.select().from(schema.assets)
    expect(row.price).toBe(big)
    expect(row.assetId).toBe(big)
  })
})
