/**
 * Database.lease, the follower's election among worker processes: on PostgreSQL one session holds
 * it, a second is refused at once, and when the holder's connection ends (as when its process is
 * killed) `lost` resolves and the lease can be taken again. PGlite is one process: always held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../src/db/index.js'
import { testDatabase } from './database.js'

let database: Database
beforeAll(async () => {
  database = await testDatabase()
})
afterAll(async () => {
  await database.close()
})

describe('Database.lease', () => {
  it('is held by one session at a time, and freed when that session dies', async (context) => {
    if (database.kind !== 'postgres') {
      const lease = await database.lease('follower')
      expect(lease).toBeDefined()
      await lease?.release()
      return context.skip('PGlite: one process, the lease is always its own')
    }
    const [{ schema }] = await database.query<{ schema: string }>(
      'SELECT current_schema() AS schema',
    )
    const other = await openDatabase({
      url: process.env.TEST_DATABASE_URL,
      searchPath: schema,
      poolSize: 2,
    })
    try {
      const first = await database.lease('follower')
      expect(first).toBeDefined()
      expect(await other.lease('follower')).toBeUndefined()
      // Another name is another lock.
      const unrelated = await other.lease('something-else')
      expect(unrelated).toBeDefined()
      await unrelated?.release()

      // The holder's backend ends, as when its process is killed: the lock goes with it.
      const lost = first!.lost.then(() => 'lost')
      await database.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks
          WHERE locktype = 'advisory' AND granted
            AND ((classid::bigint << 32) | objid::bigint)
                = hashtext(current_schema() || '.unica.lease.follower')::bigint`,
      )
      expect(await lost).toBe('lost')
      const second = await other.lease('follower')
      expect(second).toBeDefined()
      expect(await database.lease('follower')).toBeUndefined()
      // A release is not a loss, and frees it for the next.
      let lostAfterRelease = false
      void second!.lost.then(() => {
        lostAfterRelease = true
      })
      await second!.release()
      const third = await database.lease('follower')
      expect(third).toBeDefined()
      await third!.release()
      expect(lostAfterRelease).toBe(false)
    } finally {
      await other.close()
    }
  })
})
