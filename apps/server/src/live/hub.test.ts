/**
 * The hub's fan-out on a real database (PGlite, or PostgreSQL in server-postgres): whatever mix of
 * public and private events one transaction commits, every stream gets, in id order and once,
 * exactly the public ones and its own account's; streams of one audience share one Buffer per
 * batch; a stream that stops reading is closed at the cap and the others go on.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/index.js'
import { appendLiveEvents, type NewLiveEvent } from '../db/repositories/live-events.js'
import { testDatabase } from '../../test/database.js'
import { LiveHub, type LiveStream } from './hub.js'

let database: Database
let hub: LiveHub

beforeAll(async () => {
  database = await testDatabase()
  hub = await LiveHub.start(database, { maxBufferedBytes: 4096 }, (error) => {
    throw error
  })
})

afterAll(async () => {
  await hub.stop()
  await database.close()
})

/** A stream as the route gives it, keeping every write; `pending` plays the socket's backlog. */
interface Recorder extends LiveStream {
  readonly writes: Buffer[]
  pending: number
  ended: boolean
}

function recorder(account: string | null): Recorder {
  const r: Recorder = {
    account,
    writes: [],
    pending: 0,
    ended: false,
    write(frames) {
      r.writes.push(frames)
      return r.pending
    },
    end() {
      r.ended = true
    },
  }
  return r
}

/** The `data` of each event frame written, in order (ready/reset/heartbeat frames aside). */
const received = (r: Recorder): string[] =>
  [
    ...Buffer.concat(r.writes)
      .toString()
      .matchAll(/event: (\w+)\ndata: (.*)\n\n/g),
  ]
    .filter((m) => m[1] === 'asset')
    .map((m) => m[2])

async function settle(r: Recorder, count: number): Promise<void> {
  await expect.poll(() => received(r).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count)
}

const ACCOUNTS = ['ALICE', 'BOB'] as const

describe('the live hub', () => {
  it('gives each stream the public events and its own, in order, from one transaction', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<string | null>(null, null, ...ACCOUNTS), {
          minLength: 1,
          maxLength: 12,
        }),
        async (owners) => {
          const streams = [null, ...ACCOUNTS].map((account) => recorder(account))
          for (const s of streams) await hub.join(s, undefined)
          const events: NewLiveEvent[] = owners.map((account, i) => ({
            kind: 'asset',
            ...(account === null ? {} : { account }),
            data: { n: i, account },
          }))
          // A public closing event, so every stream has something to wait for.
          events.push({ kind: 'asset', data: { n: owners.length, account: null } })
          await database.transaction((s) => appendLiveEvents(s, events))
          for (const s of streams) {
            const expected = events
              .filter((e) => e.account === undefined || e.account === s.account)
              .map((e) => JSON.stringify(e.data))
            await settle(s, expected.length)
            expect(received(s)).toEqual(expected)
            hub.leave(s)
          }
          // One batch: a single write after the ready frame, shared by streams of one audience.
          for (const s of streams) expect(s.writes).toHaveLength(2)
          if (!owners.includes('ALICE') && !owners.includes('BOB')) {
            expect(streams[1].writes[1]).toBe(streams[0].writes[1])
          }
        },
      ),
      { numRuns: 15 },
    )
    expect(hub.size).toBe(0)
  })

  it('closes a stream whose reader fell behind the cap; the others keep receiving', async () => {
    const slow = recorder(null)
    const fast = recorder(null)
    await hub.join(slow, undefined)
    await hub.join(fast, undefined)
    slow.pending = 5000
    const publish = (n: number) =>
      database.transaction((s) => appendLiveEvents(s, [{ kind: 'asset', data: { n } }]))
    await publish(1)
    await settle(fast, 1)
    expect(slow.ended).toBe(true)
    expect(hub.size).toBe(1)
    await publish(2)
    await settle(fast, 2)
    expect(received(slow)).toHaveLength(1)
    hub.leave(fast)
  })
})
