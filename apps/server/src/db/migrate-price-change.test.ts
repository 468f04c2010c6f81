/**
 * Migration 0010 on a database that already has history: each ASK recorded before it is read as a
 * first listing or a change of price from the operations before it on the same piece.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './connection.js'
import { MIGRATIONS_DIR, migrate } from './migrate.js'

let database: Database
let before: string
const A = 'a'.repeat(32)
const B = 'b'.repeat(32)

beforeAll(async () => {
  database = await openDatabase()
  before = await mkdtemp(join(tmpdir(), 'unica-migrations-'))
  for (const file of await readdir(MIGRATIONS_DIR)) {
    if (file < '0010') await copyFile(join(MIGRATIONS_DIR, file), join(before, file))
  }
})
afterAll(async () => {
  await database.close()
  await rm(before, { recursive: true, force: true })
})

describe('migration 0010 (price changes)', () => {
  it('types the ASKs recorded before it by what came before each on its piece', async () => {
    await migrate(database, before)
    await database.query(
      `INSERT INTO assets (guid, asset_id, name, unit_name, creator_address)
       VALUES ($1, 1, 'A', 'A', 'C'), ($2, 2, 'B', 'B', 'C')`,
      [A, B],
    )
    // (piece, op, value) in round order; a pending ASK is no history.
    const rows: [typeof A, string, number, string][] = [
      [A, 'ASK', 10, 'executed'], // listing
      [B, 'ASK', 7, 'executed'], // listing (another piece)
      [A, 'BID', 3, 'executed'],
      [A, 'ASK', 12, 'executed'], // price change
      [A, 'BUY_NOW', 12, 'executed'],
      [A, 'ASK', 20, 'executed'], // listing: the sale ended the last one
      [A, 'ASK', 0, 'executed'], // cancel
      [A, 'ASK', 25, 'pending'],
      [A, 'ASK', 30, 'executed'], // listing: the cancel ended the last one
      [B, 'ASK', 9, 'executed'], // price change
    ]
    for (const [i, [piece, op, value, status]] of rows.entries()) {
      await database.query(
        `INSERT INTO operations (asset_guid, application_id, op_type, value, sender, tx_id, status, round)
         VALUES ($1, 9, $2, $3, 'S', $4, $5, $6)`,
        [piece, op, value, `T${String(i)}`, status, status === 'executed' ? 100 + i : null],
      )
    }
    // This migration alone (later ones type other operations, test/auction tests 0011's).
    await copyFile(
      join(MIGRATIONS_DIR, '0010_price_change.sql'),
      join(before, '0010_price_change.sql'),
    )
    expect(await migrate(database, before)).toEqual(['0010_price_change.sql'])
    const typed = await database.query<{ activity_type: string | null }>(
      'SELECT activity_type FROM operations ORDER BY id',
    )
    expect(typed.map((r) => r.activity_type)).toEqual([
      'listing',
      'listing',
      'bid',
      'price_change',
      'sale',
      'listing',
      'cancel',
      'listing',
      'listing',
      'price_change',
    ])
  })
})
