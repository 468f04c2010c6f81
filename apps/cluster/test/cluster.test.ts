/**
 * The scale path run for real (issue 19): nginx in front of three API instances, two worker
 * processes, the devnet and one PostgreSQL, all separate processes except the devnet (in this
 * process, so the test can trade on it). Shows: a write through one instance is read through the
 * others; live events reach streams on every instance; exactly one follower runs, and after its
 * process is killed with SIGKILL the other takes over within a bound, with no round lost or
 * applied twice; a rolling restart of the API instances fails no request; /readyz turns red when
 * the follower lags. Skipped (with the reason) only when nginx or PostgreSQL is missing.
 */
import algosdk from 'algosdk'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildAppOptIn,
  buildBid,
  buildChangeAsk,
  buildListAsk,
  escrowAddress,
  type Market,
  type UnsignedGroup,
} from '@unica/contracts'
import { Harness, type Account } from '@unica/contracts/testing'
import { Cluster, nginxAvailable, postgresAvailable, type Child } from '../src/index.js'
import { openStream, type Stream } from './sse.js'

const missing = [
  nginxAvailable() ? undefined : 'nginx (/usr/sbin/nginx; Debian package "nginx")',
  (await postgresAvailable())
    ? undefined
    : 'PostgreSQL (TEST_DATABASE_URL, or Debian package "postgresql")',
].filter((m) => m !== undefined)
if (missing.length > 0) {
  console.warn(`cluster test skipped: ${missing.join(' and ')} not found`)
}

/** /readyz fails beyond this lag (small, so the test makes it lag with a few payments). */
const MAX_LAG = 2
/** A standby must take over within this (its retry is 1 s; PostgreSQL frees a dead session's lock at once). */
const TAKEOVER_MS = 10_000

interface Trade {
  readonly txId: string
  readonly round: bigint
}

describe.skipIf(missing.length > 0)('the cluster', () => {
  let h: Harness
  let cluster: Cluster
  let db: pg.Client
  let staff: Account
  let bidder: Account
  let market: Market
  let guid: string
  const trades: Trade[] = []
  const streams: Stream[] = []
  const stops: (() => Promise<void>)[] = []
  let highestBid = 0n

  beforeAll(async () => {
    h = await Harness.start()
    stops.push(() => h.stop())
    cluster = await Cluster.start({
      devnet: h.devnet,
      instances: 3,
      workers: 2,
      env: { READY_MAX_LAG_ROUNDS: String(MAX_LAG) },
    })
    stops.push(() => cluster.stop())
    db = new pg.Client({ connectionString: cluster.postgres.url })
    await db.connect()
    stops.push(() => db.end())
    staff = await h.account()
    bidder = await h.account()
    market = await h.market(staff)
    // Registered once the follower is past the app's creation, so what it records of the app is
    // exactly what follows (every trade below, from the bidder's opt-in on).
    await followerReaches(await lastRound())
    // As submit_asset, submit_contract and submit_configuration leave a configured piece.
    guid = randomGuid()
    await db.query(
      `INSERT INTO assets (guid, asset_id, status, name, unit_name, description, creator_address,
                           owner_address, holding_address, application_id, escrow_address)
       VALUES ($1, $2, 'RD', 'Cluster piece', 'UNI', 'test', $3, $3, $3, $4, $5)`,
      [
        guid,
        market.nftId.toString(),
        staff.address,
        market.appId.toString(),
        escrowAddress(market.appId),
      ],
    )
    const params = await h.params()
    await trade(buildAppOptIn({ account: bidder.address, appId: market.appId, params }), bidder)
    await h.optIn(bidder, market, { app: false })
    for (const instance of cluster.instances)
      streams.push(await openStream(`${instance.url}/api/events`))
    streams.push(await openStream(`${cluster.url}/api/events`))
  })

  afterAll(async () => {
    for (const s of streams) s.close()
    // What beforeAll started, last first (it may have stopped half-way).
    for (const stop of stops.reverse()) await stop()
  })

  /** The first ask puts the NFT in escrow; later ones change the price. */
  let listed = false
  const ask = async (price: bigint): Promise<UnsignedGroup> => {
    const input = { seller: staff.address, market, price, params: await h.params() }
    const g = listed ? buildChangeAsk(input) : buildListAsk(input)
    listed = true
    return g
  }
  const bid = async (): Promise<UnsignedGroup> => {
    const g = buildBid({
      bidder: bidder.address,
      market,
      currentBid: highestBid,
      newBid: highestBid + 10n,
      params: await h.params(),
    })
    highestBid += 10n
    return g
  }

  /** Sends on chain directly (as any wallet may); records the app call's id and round. */
  async function trade(g: UnsignedGroup, key: Account): Promise<void> {
    const signed = h.sign(g, key)
    const round = await h.sendSigned(signed)
    trades.push({ txId: appCallId(signed), round })
  }

  async function cursor(): Promise<bigint> {
    const { rows } = await db.query<{ round: string }>(
      `SELECT round::text FROM chain_cursor WHERE name = 'follower'`,
    )
    return BigInt(rows[0]?.round ?? '0')
  }

  async function followerReaches(round: bigint, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while ((await cursor()) < round) {
      if (Date.now() > deadline) throw new Error(`the follower did not reach round ${round}`)
      await sleep(100)
    }
  }

  const lastRound = async (): Promise<bigint> => (await h.algod.status().do()).lastRound

  it('serves a write made through one instance from the others (shared database and secret)', async () => {
    const [a, b, c] = cluster.instances
    // The CSRF token and its cookie from instance b are good on instance a: one COOKIE_SECRET.
    const tokenAnswer = await fetch(`${b.url}/api/token/`)
    const { token } = (await tokenAnswer.json()) as { token: string }
    const cookie = tokenAnswer.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const g = await ask(500n)
    const signed = h.sign(g, staff)
    const sent = await fetch(`${a.url}/api/operations/send_tx/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrftoken': token, cookie },
      body: JSON.stringify({ blob: Buffer.concat(signed).toString('base64'), operation: 'ASK' }),
    })
    expect(sent.status).toBe(201)
    const { operation_id: id } = (await sent.json()) as { operation_id: string }
    for (const other of [b, c]) {
      const read = await fetch(`${other.url}/api/operations/${id}`)
      expect(read.status).toBe(200)
      expect(await read.json()).toMatchObject({ operation_id: id })
    }
    // The worker process sends it; the follower applies it; any instance shows the result.
    const deadline = Date.now() + 30_000
    let status: { is_pending: boolean; is_executed: boolean } | undefined
    while (Date.now() < deadline) {
      status = (await (await fetch(`${c.url}/api/operations/${id}`)).json()) as typeof status
      if (status?.is_pending === false) break
      await sleep(100)
    }
    expect(status).toMatchObject({ is_pending: false, is_executed: true })
    const { rows } = await db.query<{ round: string }>(
      `SELECT round::text FROM operations WHERE tx_id = $1`,
      [appCallId(signed)],
    )
    trades.push({ txId: appCallId(signed), round: BigInt(rows[0].round) })
    const asset = (await (await fetch(`${cluster.url}/api/assets/${guid}/`)).json()) as {
      price: string
    }
    expect(asset.price).toBe('500')
  })

  it('delivers live events to streams on every instance and through nginx', async () => {
    const txId = trades[1].txId
    for (const stream of streams) {
      const frame = await stream.waitFor(
        (f) => f.event === 'operation' && f.data.includes(txId),
        10_000,
      )
      expect(JSON.parse(frame.data)).toMatchObject({
        guid,
        op_type: 'ASK',
        value: '500',
        tx_id: txId,
      })
    }
  })

  it('runs one follower; when its process is killed (-9) the other takes over, no round lost or applied twice', async () => {
    const leading = (w: Child): boolean => w.output.includes('follower: leading')
    const [leader, standby] = cluster.workers
    expect(leading(leader)).toBe(true)
    expect(leading(standby)).toBe(false)
    expect(standby.output).toContain('follower: standby')
    // One session holds the follower's lease.
    const { rows: locks } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND granted
          AND ((classid::bigint << 32) | objid::bigint)
              = hashtext(current_schema() || '.unica.lease.follower')::bigint`,
    )
    expect(locks[0].n).toBe(1)

    await trade(await bid(), bidder)
    await trade(await ask(450n), staff)
    await followerReaches(await lastRound())

    const standbyOutput = standby.output.length
    await leader.kill()
    const killedAt = Date.now()
    // Trades while no follower runs: the next one must apply them, each once.
    await trade(await bid(), bidder)
    await trade(await ask(400n), staff)
    await trade(await bid(), bidder)
    await standby.waitForOutput(/follower: leading/, TAKEOVER_MS, standbyOutput)
    const tookOverMs = Date.now() - killedAt
    expect(tookOverMs).toBeLessThan(TAKEOVER_MS)
    console.info(`follower takeover after kill -9: ${String(tookOverMs)} ms`)
    const last = await lastRound()
    await followerReaches(last)

    // Every trade once, in the round the chain confirmed it; nothing else on this app.
    const { rows } = await db.query<{ tx_id: string; round: string; status: string }>(
      `SELECT tx_id, round::text, status FROM operations WHERE application_id = $1 ORDER BY id`,
      [market.appId.toString()],
    )
    expect(rows.map((r) => [r.tx_id, r.round, r.status]).sort()).toEqual(
      trades.map((t) => [t.txId, t.round.toString(), 'executed']).sort(),
    )
    // The database's piece is the chain's.
    const state = await h.state(market)
    const { rows: assets } = await db.query<{
      price: string | null
      highest_bid_value: string | null
    }>(`SELECT price::text, highest_bid_value::text FROM assets WHERE guid = $1`, [guid])
    expect(assets[0]).toEqual({ price: '400', highest_bid_value: highestBid.toString() })
    expect(state.ask).toBe(400n)
    expect((await h.bidBoxes(market)).get(bidder.address)).toBe(highestBid)
    expect(await cursor()).toBe(last)
  })

  it('restarts the API instances one at a time without failing a request', async () => {
    const urls = [
      `${cluster.url}/api/assets/${guid}/`,
      `${cluster.url}/api/config/`,
      `${cluster.url}/api/assets/?limit=5`,
    ]
    const statuses = new Map<number, number>()
    let running = true
    const client = async (n: number): Promise<void> => {
      for (let i = n; running; i++) {
        let status: number
        try {
          const response = await fetch(urls[i % urls.length])
          await response.arrayBuffer()
          status = response.status
        } catch {
          status = 0
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }
    }
    const clients = [0, 1, 2, 3].map(client)
    for (let i = 0; i < cluster.instances.length; i++) {
      await sleep(300)
      await cluster.restartInstance(i)
    }
    await sleep(300)
    running = false
    await Promise.all(clients)
    const total = [...statuses.values()].reduce((a, b) => a + b, 0)
    console.info(
      `rolling restart: ${String(total)} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    )
    expect([...statuses.keys()]).toEqual([200])
    // The restarts were seen: nginx met stopped or closing instances and went on to the next.
    expect(cluster.nginxErrors()).toMatch(/connect\(\) failed|upstream/)
    expect(total).toBeGreaterThan(100)
  })

  it('/readyz through nginx turns red when the follower lags, and green when one runs again', async () => {
    const ready = async (): Promise<{
      status: number
      body: { checks: Record<string, { ok: boolean; error?: string }> }
    }> => {
      const response = await fetch(`${cluster.url}/readyz`)
      return { status: response.status, body: (await response.json()) as never }
    }
    expect((await ready()).status).toBe(200)
    for (const w of cluster.workers) await w.stop()
    const payee = await h.account()
    for (let i = 0; i <= MAX_LAG; i++) await h.kit.fund(payee.address, 1000n)
    const red = await ready()
    expect(red.status).toBe(503)
    expect(red.body.checks.follower.ok).toBe(false)
    expect(red.body.checks.follower.error).toMatch(/rounds behind algod/)
    expect(red.body.checks.database.ok).toBe(true)
    expect(red.body.checks.algod.ok).toBe(true)
    const worker = await cluster.startWorker()
    await worker.waitForOutput(/follower: leading/, 30_000)
    await followerReaches(await lastRound())
    expect((await ready()).status).toBe(200)
  })
})

/** The id of the group's application call (the transaction the follower records). */
function appCallId(signed: readonly Uint8Array[]): string {
  for (const bytes of signed) {
    const { txn } = algosdk.decodeSignedTransaction(bytes)
    if (txn.type === algosdk.TransactionType.appl) return txn.txID()
  }
  throw new Error('no application call in the group')
}

const randomGuid = (): string =>
  Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('')

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))
