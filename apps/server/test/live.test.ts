/**
 * GET /api/events on real HTTP: an event committed to the database reaches streams on every API
 * instance sharing it (two instances on one PostgreSQL schema in server-postgres; two apps on one
 * PGlite otherwise), after its commit only; a reconnect with Last-Event-ID gets exactly what it
 * missed, then live events; malformed or unknown ids are answered clearly.
 */
import { startDevnet, type Devnet } from '@unica/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../src/db/index.js'
import { appendLiveEvents, type NewLiveEvent } from '../src/db/repositories/live-events.js'
import { startTestServer, type TestServer } from './app.js'
import { openSse, type Frame, type SseClient } from './sse.js'

let devnet: Devnet
let a: TestServer
let b: TestServer
let second: Database | undefined
const urls: string[] = []

beforeAll(async () => {
  devnet = await startDevnet({ algodPort: 0, indexerPort: 0, kmdPort: 0 })
  a = await startTestServer({ devnet })
  if (a.database.kind === 'postgres') {
    // A second pool on the same schema: another instance as a load balancer would have it.
    const [{ schema }] = await a.database.query<{ schema: string }>(
      'SELECT current_schema() AS schema',
    )
    second = await openDatabase({ url: process.env.TEST_DATABASE_URL, searchPath: schema })
  }
  b = await startTestServer({ devnet, database: second ?? a.database })
  urls.push(await a.app.listen({ host: '127.0.0.1', port: 0 }))
  urls.push(await b.app.listen({ host: '127.0.0.1', port: 0 }))
}, 120_000)

afterAll(async () => {
  await b.close()
  await second?.close()
  await a.close()
  await devnet.stop()
})

const publish = (...events: NewLiveEvent[]): Promise<void> =>
  a.database.transaction((s) => appendLiveEvents(s, events))

const asset = (guid: string): NewLiveEvent => ({ kind: 'asset', data: { guid } })

const isAsset =
  (guid: string) =>
  (f: Frame): boolean =>
    f.event === 'asset' && (JSON.parse(f.data) as { guid: string }).guid === guid

async function ready(url: string, headers?: Record<string, string>): Promise<SseClient> {
  const client = await openSse(`${url}/api/events`, headers)
  expect(client.status).toBe(200)
  expect(client.headers.get('content-type')).toMatch(/^text\/event-stream/)
  await client.waitFor((f) => f.event === 'ready' || f.event === 'reset' || f.id !== undefined)
  return client
}

const guids = (frames: Frame[]): string[] =>
  frames
    .filter((f) => f.event === 'asset')
    .map((f) => (JSON.parse(f.data) as { guid: string }).guid)

describe('the live stream', () => {
  it('delivers an event committed through one database to streams on both instances', async () => {
    const onA = await ready(urls[0])
    const onB = await ready(urls[1])
    await publish(asset('both'))
    const [fa, fb] = await Promise.all([onA.waitFor(isAsset('both')), onB.waitFor(isAsset('both'))])
    expect(fa.id).toBe(fb.id)
    expect(BigInt(fa.id ?? '0')).toBeGreaterThan(BigInt(onA.frames[0].id ?? '0'))
    onA.close()
    onB.close()
  })

  it('announces nothing of a rolled-back transaction', async () => {
    const client = await ready(urls[1])
    await expect(
      a.database.transaction(async (s) => {
        await appendLiveEvents(s, [asset('rolled-back')])
        throw new Error('abort')
      }),
    ).rejects.toThrow('abort')
    await publish(asset('committed'))
    await client.waitFor(isAsset('committed'))
    expect(guids(client.frames)).toEqual(['committed'])
    client.close()
  })

  it('resumes after Last-Event-ID with exactly what was missed, then live events', async () => {
    const first = await ready(urls[0])
    await publish(asset('seen'))
    const seen = await first.waitFor(isAsset('seen'))
    first.close()
    await first.ended
    await publish(asset('missed-1'), asset('missed-2'))
    await publish(asset('missed-3'))
    // Resumed on the other instance, as after a load balancer switch.
    const resumed = await openSse(`${urls[1]}/api/events`, { 'last-event-id': seen.id ?? '' })
    await resumed.waitFor(isAsset('missed-3'))
    await publish(asset('live'))
    await resumed.waitFor(isAsset('live'))
    expect(guids(resumed.frames)).toEqual(['missed-1', 'missed-2', 'missed-3', 'live'])
    const ids = resumed.frames.map((f) => BigInt(f.id ?? '0'))
    expect([...ids].sort((x, y) => (x < y ? -1 : 1))).toEqual(ids)
    expect(new Set(ids).size).toBe(ids.length)
    resumed.close()
  })

  it('takes the id as a query parameter too, and resets a client it cannot resume', async () => {
    const ahead = await openSse(`${urls[0]}/api/events?last_event_id=9000000000000000000`)
    const reset = await ahead.waitFor((f) => f.event === 'reset')
    expect(BigInt(reset.id ?? '-1')).toBeLessThan(9000000000000000000n)
    ahead.close()
  })

  it('refuses a malformed Last-Event-ID with a clear 400', async () => {
    for (const bad of ['-1', 'abc', '1e3', '99999999999999999999', '01']) {
      const response = await fetch(`${urls[0]}/api/events`, { headers: { 'last-event-id': bad } })
      expect(response.status, bad).toBe(400)
      expect(((await response.json()) as { detail: string }).detail).toMatch(/Last-Event-ID/)
    }
  })

  it('keeps an account’s private events off anonymous streams, live and on resume', async () => {
    const client = await ready(urls[0])
    const from = client.frames[0].id ?? '0'
    await publish({ kind: 'asset', account: 'SOMEONE', data: { guid: 'private' } })
    await publish(asset('public'))
    await client.waitFor(isAsset('public'))
    const resumed = await openSse(`${urls[1]}/api/events`, { 'last-event-id': from })
    await resumed.waitFor(isAsset('public'))
    expect(guids(client.frames)).toEqual(['public'])
    expect(guids(resumed.frames)).toEqual(['public'])
    client.close()
    resumed.close()
  })
})
