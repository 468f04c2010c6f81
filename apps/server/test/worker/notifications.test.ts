/**
 * Notifications (docs/product.md §12) on the devnet: the follower writes them in its
 * round transaction — outbid, a bid on your piece, your piece sold, a watched piece listed — once
 * per (account, operation, kind) even when a round is applied again or the follower dies inside
 * it; each reaches its own account's signed-in stream and nobody else's; the account lists them
 * and marks them read. The watchlist routes need the session cookie.
 */
import { buildBid, buildBuyNow, buildChangeAsk, buildListAsk, type Market } from '@unica/contracts'
import { SESSION_COOKIE, type Notification, type NotificationList } from '@unica/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newSessionId, newToken, tokenHash } from '../../src/auth/session.js'
import { createSession } from '../../src/db/repositories/sessions.js'
import { CURSOR_NAME, Follower } from '../../src/worker/follower.js'
import { openSse, type SseClient } from '../sse.js'
import type { Account } from './chain.js'
import { crashAfter, withCauses } from './crash.js'
import { registerMarket, workerEnv, type WorkerEnv } from './env.js'

let env: WorkerEnv
let url: string
let seller: Account
let alice: Account
let bob: Account
let market: Market
let guid: string
let follower: Follower
const cookies = new Map<string, string>()

/** A session for the account, as sign-in stores it (sign-in itself: test/auth.test.ts). */
async function signedIn(account: Account): Promise<string> {
  const token = newToken()
  await createSession(env.database.db, {
    id: newSessionId(),
    tokenHash: tokenHash(token),
    account: account.address,
    expiresAt: new Date(Date.now() + 3_600_000),
  })
  return `${SESSION_COOKIE}=${token}`
}

const cookieOf = (a: Account): string => cookies.get(a.address) ?? ''

/** A POST, PUT or DELETE with the CSRF token, as `a` when given. */
async function write(method: 'POST' | 'PUT' | 'DELETE', path: string, a?: Account) {
  const { token, cookie } = await env.server.csrf()
  return env.server.app.inject({
    method,
    url: path,
    headers: {
      'x-csrftoken': token,
      cookie: a === undefined ? cookie : `${cookie}; ${cookieOf(a)}`,
    },
    ...(method === 'POST' ? { payload: {} } : {}),
  })
}

beforeAll(async () => {
  env = await workerEnv()
  url = await env.server.app.listen({ host: '127.0.0.1', port: 0 })
  seller = await env.h.account()
  alice = await env.h.account()
  bob = await env.h.account()
  market = await env.h.market(seller)
  guid = await registerMarket(env.database, seller, market)
  await env.h.optIn(alice, market)
  await env.h.optIn(bob, market)
  follower = new Follower(env.database, env.h.algod)
  await follower.catchUp()
  for (const a of [seller, alice, bob]) cookies.set(a.address, await signedIn(a))
}, 120_000)

afterAll(async () => {
  await env.stop()
})

const params = () => env.h.params()

async function bid(bidder: Account, currentBid: bigint, newBid: bigint): Promise<void> {
  await env.h.send(
    buildBid({ bidder: bidder.address, market, currentBid, newBid, params: await params() }),
    bidder,
  )
}

async function notificationsOf(a: Account): Promise<NotificationList> {
  const response = await env.server.get('/api/notifications/', { cookie: cookieOf(a) })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<NotificationList>()
}

const kinds = (list: NotificationList): string[] => list.results.map((n) => n.kind).reverse()

async function stored(): Promise<number> {
  const [row] = await env.database.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM notifications WHERE asset_guid = $1',
    [guid],
  )
  return Number(row.n)
}

describe('the watchlist routes', () => {
  it('need a session: 401 without one, X-View-As grants nothing', async () => {
    expect((await env.server.get('/api/watchlist/')).statusCode).toBe(401)
    const viewAs = await env.server.get('/api/watchlist/', { 'x-view-as': alice.address })
    expect(viewAs.statusCode).toBe(401)
    expect(viewAs.json<{ detail: string }>().detail).toBe('Sign in with your wallet first.')
    const put = await env.server.app.inject({ method: 'PUT', url: `/api/watchlist/${guid}/` })
    // No CSRF token either: refused before anything else.
    expect(put.statusCode).toBe(403)
    expect((await env.server.get('/api/notifications/')).statusCode).toBe(401)
  })

  it('adds, lists and removes a piece; an unknown piece is a 404', async () => {
    const send = (method: 'PUT' | 'DELETE', id: string) =>
      write(method, `/api/watchlist/${id}/`, bob)
    expect((await send('PUT', guid)).json()).toEqual({ guid, watched: true })
    expect((await send('PUT', guid)).statusCode).toBe(200)
    const list = await env.server.get('/api/watchlist/', { cookie: cookieOf(bob) })
    expect(list.json<{ results: { guid: string }[] }>().results.map((a) => a.guid)).toEqual([guid])
    expect((await send('PUT', 'f'.repeat(32))).statusCode).toBe(404)
    expect((await send('DELETE', guid)).json()).toEqual({ guid, watched: false })
    const empty = await env.server.get('/api/watchlist/', { cookie: cookieOf(bob) })
    expect(empty.json<{ results: unknown[] }>().results).toEqual([])
    // Alice watches it for the rest of this file.
    const watched = await write('PUT', `/api/watchlist/${guid}/`, alice)
    expect(watched.statusCode).toBe(200)
  })
})

describe('notifications', () => {
  let aliceStream: SseClient
  let bobStream: SseClient
  let anonStream: SseClient

  beforeAll(async () => {
    aliceStream = await openSse(`${url}/api/events`, { cookie: cookieOf(alice) })
    bobStream = await openSse(`${url}/api/events`, { cookie: cookieOf(bob) })
    anonStream = await openSse(`${url}/api/events`)
    for (const s of [aliceStream, bobStream, anonStream]) {
      await s.waitFor((f) => f.event === 'ready')
    }
  })
  afterAll(() => {
    for (const s of [aliceStream, bobStream, anonStream]) s.close()
  })

  it('tells watchers of a listing, owners of bids, and the outbid', async () => {
    await env.h.send(
      buildListAsk({ seller: seller.address, market, price: 300n, params: await params() }),
      seller,
    )
    await bid(alice, 0n, 100n)
    await bid(bob, 0n, 150n)
    await follower.catchUp()
    expect(kinds(await notificationsOf(alice))).toEqual(['watched_listed', 'outbid'])
    expect(kinds(await notificationsOf(seller))).toEqual(['bid_received', 'bid_received'])
    expect(kinds(await notificationsOf(bob))).toEqual([])
    const outbid = (await notificationsOf(alice)).results[0]
    expect(outbid).toMatchObject({ kind: 'outbid', guid, value: '150', read: false })
    expect((await notificationsOf(alice)).unread).toBe(2)
  })

  it('streams each only to its own account', async () => {
    const frame = await aliceStream.waitFor(
      (f) => f.event === 'notification' && f.data.includes('"outbid"'),
    )
    expect(JSON.parse(frame.data)).toMatchObject({ kind: 'outbid', guid, value: '150' })
    // A later public event: every stream has by then been sent all that came before it.
    await env.h.send(
      buildChangeAsk({ seller: seller.address, market, price: 280n, params: await params() }),
      seller,
    )
    await follower.catchUp()
    const later = (s: SseClient) =>
      s.waitFor((f) => f.event === 'operation' && BigInt(f.id ?? 0) > BigInt(frame.id ?? 0))
    await Promise.all([later(bobStream), later(anonStream)])
    expect(anonStream.frames.filter((f) => f.event === 'notification')).toEqual([])
    expect(bobStream.frames.filter((f) => f.event === 'notification')).toEqual([])
    // Nor does a resume hand them out: the backlog is filtered by account too.
    const resumed = await openSse(`${url}/api/events?last_event_id=0`, { cookie: cookieOf(bob) })
    await resumed.waitFor((f) => f.event === 'operation' || f.event === 'reset')
    resumed.close()
    expect(resumed.frames.filter((f) => f.event === 'notification')).toEqual([])
  })

  it('writes each exactly once when a round is applied again or the follower dies inside it', async () => {
    const before = await stored()
    const [cursor] = await env.database.query<{ round: string }>(
      'SELECT round::text FROM chain_cursor WHERE name = $1',
      [CURSOR_NAME],
    )
    await bid(alice, 100n, 400n)
    await env.h.send(
      buildBuyNow({
        buyer: bob.address,
        market,
        price: 280n,
        owner: seller.address,
        currentBid: 150n,
        params: await params(),
      }),
      bob,
    )
    // Die before each statement of the rounds' transaction until one lives through.
    let kills = 0
    for (;;) {
      const dying = new Follower(crashAfter(env.database, kills), env.h.algod, { batchRounds: 64 })
      const outcome = await withCauses(dying.catchUp()).catch((e: unknown) => e)
      if (!(outcome instanceof Error)) break
      expect(outcome.message).toMatch(/killed/)
      expect(await stored()).toBe(before)
      kills++
    }
    const after = await stored()
    // Alice's bid: the seller's bid_received; bob's buy: the seller's piece sold. Bob spent his
    // bid on the buy in these same rounds, so he is not told he was outbid.
    expect(after - before).toBe(2)
    expect(kinds(await notificationsOf(seller)).slice(-2)).toEqual(['bid_received', 'sold'])
    // The same blocks applied again (the cursor rewound): not one more.
    const live = await env.database.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM live_events WHERE kind = 'notification'",
    )
    await env.database.query('UPDATE chain_cursor SET round = $2 WHERE name = $1', [
      CURSOR_NAME,
      cursor.round,
    ])
    await new Follower(env.database, env.h.algod).catchUp()
    expect(await stored()).toBe(after)
    expect(
      await env.database.query<{ n: string }>(
        "SELECT count(*)::text AS n FROM live_events WHERE kind = 'notification'",
      ),
    ).toEqual(live)
  })

  it('marks one read, then all; another account’s notification is a 404', async () => {
    const list = await notificationsOf(alice)
    const first: Notification = list.results[0]
    const post = (path: string, a: Account) => write('POST', path, a)
    expect((await post(`/api/notifications/${first.id}/read/`, bob)).statusCode).toBe(404)
    expect((await post(`/api/notifications/${first.id}/read/`, alice)).statusCode).toBe(200)
    expect((await notificationsOf(alice)).unread).toBe(list.unread - 1)
    expect((await post('/api/notifications/read_all/', alice)).statusCode).toBe(200)
    expect((await notificationsOf(alice)).unread).toBe(0)
    expect((await post('/api/notifications/x/read/', alice)).statusCode).toBe(400)
    expect((await write('POST', '/api/notifications/read_all/')).statusCode).toBe(401)
  })
})
