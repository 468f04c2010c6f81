import { eq } from 'drizzle-orm'
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
      smallint: 'smallint',
      'numeric(20, 0)': 'numeric',
      'timestamp with time zone': 'timestamp with time zone',
      bytea: 'bytea',
      tsvector: 'tsvector',
      jsonb: 'jsonb',
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

  it('name exactly the tables and columns of the Drizzle schema, with the same primary keys', async () => {
    /** `table.column` of each row of a query on information_schema, sorted. */
    const names = async (sqlText: string): Promise<string[]> =>
      (await database.query<{ table_name: string; column_name: string }>(sqlText))
        // schema_migrations is migrate()'s own record, not part of the data model.
        .filter((r) => r.table_name !== 'schema_migrations')
        .map((r) => `${r.table_name}.${r.column_name}`)
        .sort()
    const migrated = await names(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema()
          AND table_name IN (SELECT table_name FROM information_schema.tables
                              WHERE table_schema = current_schema() AND table_type = 'BASE TABLE')`,
    )
    const migratedKeys = await names(
      `SELECT table_name, column_name FROM information_schema.key_column_usage
        WHERE table_schema = current_schema()
          AND constraint_name IN (SELECT constraint_name FROM information_schema.table_constraints
                                   WHERE table_schema = current_schema()
                                     AND constraint_type = 'PRIMARY KEY')`,
    )
    const tables = Object.values(schema).map((table) => getTableConfig(table as PgTable))
    const named = (t: (typeof tables)[number], columns: { name: string }[]) =>
      columns.map((c) => `${t.name}.${c.name}`)
    expect(tables.flatMap((t) => named(t, t.columns)).sort()).toEqual(migrated)
    const drizzleKeys = tables.flatMap((t) => [
      ...named(
        t,
        t.columns.filter((c) => c.primary),
      ),
      ...t.primaryKeys.flatMap((k) => named(t, k.columns)),
    ])
    expect(drizzleKeys.sort()).toEqual(migratedKeys)
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

  it('keep uint64 amounts up to 2^64 - 1 exactly (numeric(20,0), printed without a point)', async () => {
    const max = 2n ** 64n - 1n
    const guid = 'b'.repeat(32)
    await database.db.insert(schema.assets).values({
      guid,
      assetId: 7n,
      name: 'y',
      unitName: 'Y',
      creatorAddress: 'C',
      price: max,
      highestBidValue: max - 1n,
    })
    await database.db
      .insert(schema.operations)
      .values({ assetGuid: guid, applicationId: 8n, opType: 'ASK', value: max, sender: 'S' })
    const [row] = await database.db.select().from(schema.assets).where(eq(schema.assets.guid, guid))
    expect(row.price).toBe(max)
    expect(row.highestBidValue).toBe(max - 1n)
    const [op] = await database.db
      .select()
      .from(schema.operations)
      .where(eq(schema.operations.assetGuid, guid))
    expect(op.value).toBe(max)
    const [text] = await database.query<{ price: string; value: string }>(
      `SELECT a.price::text AS price, o.value::text AS value
         FROM assets a JOIN operations o ON o.asset_guid = a.guid WHERE a.guid = $1`,
      [guid],
    )
    expect(text).toEqual({ price: max.toString(), value: max.toString() })
    await database.query(
      'INSERT INTO bids (application_id, bidder, amount, round) VALUES (8, $1, $2, 1)',
      ['S', max.toString()],
    )
    const [bid] = await database.query<{ amount: string }>(
      'SELECT amount::text AS amount FROM bids WHERE application_id = 8',
    )
    expect(bid.amount).toBe(max.toString())
  })
})
