/**
 * The operator's endpoints on a real app, devnet and database: /healthz, /readyz (green, then red
 * for each cause: the follower never ran, lags, algod stopped), /metrics (route patterns, the
 * database's figures, the optional token) and request ids in headers and error bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Follower } from '../src/worker/index.js'
import { startTestServer, type TestServer } from './app.js'

let server: TestServer
const TOKEN = 'metrics-token-for-the-test'

beforeAll(async () => {
  server = await startTestServer({ ops: { maxLagRounds: 0, metricsToken: TOKEN } })
})
afterAll(async () => {
  await server.close()
})

interface ReadyBody {
  status: string
  checks: Record<string, { ok: boolean; error?: string; round?: string; lag?: string }>
}

const metricsText = async (): Promise<string> => {
  const response = await server.get('/metrics', { authorization: `Bearer ${TOKEN}` })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toMatch(/^text\/plain/)
  return response.body
}

/** A sample's value (NaN when unknown), or undefined when the series is absent. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('request ids', () => {
  it('keeps a well-formed X-Request-Id and answers it in the header and the error body', async () => {
    const response = await server.get('/api/assets/not-a-guid/', { 'x-request-id': 'lb-1234.abc' })
    expect(response.statusCode).toBe(400)
    expect(response.headers['x-request-id']).toBe('lb-1234.abc')
    const body = response.json<{ detail: string; request_id: string }>()
    expect(body.detail).toMatch(/./)
    expect(body.request_id).toBe('lb-1234.abc')
  })

  it('replaces a malformed or oversized one with a new id, never echoing it', async () => {
    for (const bad of ['two words', 'x'.repeat(129), 'a\tb', '']) {
      const response = await server.get('/nowhere', { 'x-request-id': bad })
      const id = response.headers['x-request-id']
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
      expect(response.json()).toEqual({ detail: 'Not found.', request_id: id })
    }
  })

  it('puts it in the errors plugins answer (CSRF 403) and on successes as a header only', async () => {
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/users/submit_newsletter_subscription/',
      payload: { email: 'a@example.com' },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json<{ request_id: string }>().request_id).toBe(refused.headers['x-request-id'])
    const ok = await server.get('/api/config/')
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['x-request-id']).toEqual(expect.any(String))
    expect(ok.json()).not.toHaveProperty('request_id')
  })
})

describe('/healthz and /readyz', () => {
  it('/healthz answers while the process runs, uncached', async () => {
    const response = await server.get('/healthz')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('is not ready before any follower ran, ready once it caught up, red when it lags', async () => {
    const before = await server.get('/readyz')
    expect(before.statusCode).toBe(503)
    expect(before.headers['cache-control']).toBe('no-store')
    const body = before.json<ReadyBody>()
    expect(body.checks.database.ok).toBe(true)
    expect(body.checks.algod.ok).toBe(true)
    expect(body.checks.follower).toMatchObject({ ok: false, error: 'the follower has not run yet' })

    await new Follower(server.database, server.chain.algod).catchUp()
    const ready = await server.get('/readyz')
    expect(ready.statusCode).toBe(200)
    expect(ready.json<ReadyBody>()).toMatchObject({
      status: 'ready',
      checks: { follower: { ok: true, lag: '0' } },
    })

    // One round behind with READY_MAX_LAG_ROUNDS = 0.
    await server.database.query(`UPDATE chain_cursor SET round = round - 1`)
    const lagging = await server.get('/readyz')
    expect(lagging.statusCode).toBe(503)
    expect(lagging.json<ReadyBody>().checks.follower).toMatchObject({
      ok: false,
      lag: '1',
      error: 'the follower is 1 rounds behind algod',
    })
    expect(lagging.json<ReadyBody>().checks.database.ok).toBe(true)
    await new Follower(server.database, server.chain.algod).catchUp()
    expect((await server.get('/readyz')).statusCode).toBe(200)
  })
})

describe('/metrics', () => {
  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN]) {
      const response = await server.get(
        '/metrics',
        authorization === undefined ? {} : { authorization },
      )
      expect(response.statusCode).toBe(401)
      expect(response.json<{ request_id: string }>().request_id).toBe(
        response.headers['x-request-id'],
      )
    }
  })

  it('reports latency by route pattern, the follower, operations, SSE clients and the process', async () => {
    await server.get('/api/assets/0123456789abcdef0123456789abcdef/')
    await server.get('/no/such/path/zqxwv')
    const text = await metricsText()
    expect(text).toMatch(
      /unica_http_request_duration_seconds_count\{method="GET",route="\/api\/assets\/:guid\/",status_code="404"\} [1-9]/,
    )
    expect(text).toMatch(/route="unmatched",status_code="404"/)
    // The raw URLs never become labels.
    expect(text).not.toContain('0123456789abcdef')
    expect(text).not.toContain('zqxwv')
    expect(sample(text, 'unica_algod_up')).toBe(1)
    const last = sample(text, 'unica_algod_last_round')
    const round = sample(text, 'unica_follower_round')
    expect(round).toBeGreaterThan(0)
    expect(sample(text, 'unica_follower_lag_rounds')).toBe((last ?? NaN) - (round ?? NaN))
    for (const status of ['pending', 'submitted', 'executed', 'failed']) {
      expect(sample(text, `unica_operations{status="${status}"}`)).toBe(0)
    }
    expect(sample(text, 'unica_sender_queue_depth')).toBe(0)
    expect(sample(text, 'unica_sse_clients')).toBe(0)
    expect(text).toContain('process_cpu_user_seconds_total')
    expect(text).toContain('nodejs_eventloop_lag_seconds')
    const pool = sample(text, 'unica_db_pool_connections{state="total"}')
    if (server.database.kind === 'postgres') expect(pool).toBeGreaterThan(0)
    else expect(pool).toBeUndefined()
  })

  it('counts queued operations by status from the database', async () => {
    await server.database.query(
      `INSERT INTO operations (application_id, op_type, sender, tx_id, signed_group, status)
       VALUES (1, 'BID', 'S', 'TX1', '\\x00', 'pending'), (1, 'BID', 'S', 'TX2', NULL, 'failed')`,
    )
    const text = await metricsText()
    expect(sample(text, 'unica_operations{status="pending"}')).toBe(1)
    expect(sample(text, 'unica_operations{status="failed"}')).toBe(1)
    expect(sample(text, 'unica_sender_queue_depth')).toBe(1)
  })
})

describe('when algod stops', () => {
  it('/readyz names algod and the follower, /metrics says algod is down, /healthz stays green', async () => {
    await server.devnet.stop()
    const response = await server.get('/readyz')
    expect(response.statusCode).toBe(503)
    const { checks } = response.json<ReadyBody>()
    expect(checks.database.ok).toBe(true)
    expect(checks.algod.ok).toBe(false)
    expect(checks.algod.error).toEqual(expect.any(String))
    expect(checks.follower).toMatchObject({ ok: false, error: 'lag unknown: algod did not answer' })
    const text = await metricsText()
    expect(sample(text, 'unica_algod_up')).toBe(0)
    expect(sample(text, 'unica_algod_last_round')).toBeNaN()
    expect(sample(text, 'unica_follower_lag_rounds')).toBeNaN()
    expect(sample(text, 'unica_follower_round')).toBeGreaterThan(0)
    expect((await server.get('/healthz')).statusCode).toBe(200)
  })
})
