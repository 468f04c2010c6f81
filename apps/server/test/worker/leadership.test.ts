/**
 * FollowerLeadership, the follower's election among worker processes (worker/leadership.ts), on a
 * Polled loop: on PostgreSQL one process leads and runs its follower, another stands by and
 * takes over within about idleMs once the leader stops; stop() ends a term, the follower with it.
 * PGlite is one process: the lease is always its own, so it leads at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/index.js'
import { Follower } from '../../src/worker/follower.js'
import { FollowerLeadership, type LeadershipEvent } from '../../src/worker/leadership.js'
import { workerEnv, type WorkerEnv } from './env.js'

let env: WorkerEnv
beforeAll(async () => {
  env = await workerEnv()
})
afterAll(async () => {
  await env.stop()
})

/** Resolves once `check` holds, polling every 10 ms for at most `ms`. */
async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('FollowerLeadership', () => {
  it('leads in one process at a time and hands over when the leader stops', async () => {
    const events: LeadershipEvent[] = []
    const first = new FollowerLeadership(env.database, new Follower(env.database, env.h.algod), {
      idleMs: 50,
      onChange: (e) => events.push(e),
    })
    first.start()
    await until(() => first.isLeading)
    expect(events).toEqual(['leading'])
    if (env.database.kind !== 'postgres') {
      await first.stop()
      expect(first.isLeading).toBe(false)
      return
    }
    const [{ schema }] = await env.database.query<{ schema: string }>(
      'SELECT current_schema() AS schema',
    )
    const otherDb = await openDatabase({
      url: process.env.TEST_DATABASE_URL,
      searchPath: schema,
      poolSize: 2,
    })
    const otherEvents: LeadershipEvent[] = []
    const second = new FollowerLeadership(otherDb, new Follower(otherDb, env.h.algod), {
      idleMs: 50,
      onChange: (e) => otherEvents.push(e),
    })
    try {
      second.start()
      await until(() => otherEvents.length > 0)
      // Several retries later it still stands by, said once.
      await new Promise((r) => setTimeout(r, 200))
      expect(otherEvents).toEqual(['standby'])
      expect(second.isLeading).toBe(false)
      await first.stop()
      expect(first.isLeading).toBe(false)
      await until(() => second.isLeading)
      expect(otherEvents).toEqual(['standby', 'leading'])
      await second.stop()
      expect(second.isLeading).toBe(false)
      // A stopped leadership starts again and leads (the lease was let go).
      first.start()
      await until(() => first.isLeading)
      await first.stop()
      expect(events).toEqual(['leading', 'leading'])
    } finally {
      await second.stop()
      await first.stop()
      await otherDb.close()
    }
  })
})
