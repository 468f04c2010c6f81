/**
 * A fresh, migrated database for one test file: PGlite in memory, or, in the `server-postgres`
 * project (which the root vitest config adds when TEST_DATABASE_URL is set), a new schema of that
 * PostgreSQL database (dropped again by `close`), so test files can run in parallel against one
 * server.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { migrate, openDatabase, type Database } from '../src/db/index.js'

export async function testDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL
  if (process.env.UNICA_TEST_DATABASE !== 'postgres' || url === undefined || url === '') {
    const database = await openDatabase()
    await migrate(database)
    return database
  }
  const schemaName = `test_${randomBytes(6).toString('hex')}`
  await adminQuery(url, `CREATE SCHEMA ${schemaName}`)
  const database = await openDatabase({ url, searchPath: schemaName, poolSize: 4 })
  await migrate(database)
  return {
    ...database,
    close: async () => {
      await database.close()
      await adminQuery(url, `DROP SCHEMA ${schemaName} CASCADE`)
    },
  }
}

async function adminQuery(url: string, sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sqlText)
  } finally {
    await client.end()
  }
}
