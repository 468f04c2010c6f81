/**
 * Prometheus metrics (prom-client), one registry per app so several apps in one process (tests)
 * keep their own. HTTP latency is observed on every answer; what lives in the database or algod
 * (follower round and lag, the sender's queue, operations by status) is read once per scrape, so
 * every API instance reports the same cluster-wide figures and a scrape costs a few queries.
 */
import type algosdk from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '../db/index.js'
import { operationsByStatus, senderQueueDepth } from '../db/repositories/ops-stats.js'
import { algodLastRound, followerRound } from './readiness.js'

export interface MetricsSources {
  readonly database: Database
  readonly algod: algosdk.Algodv2
  /** Streams connected to this instance's live hub (GET /api/events). */
  readonly sseClients: () => number
  readonly timeoutMs: number
}

/** The route pattern of answers no route matched (404s): never the raw URL, which is unbounded. */
const UNMATCHED = 'unmatched'

/**
 * Routes whose duration is not a latency: a live stream lasts as long as the browser stays. They
 * would fill the histogram's top bucket and hide real slowness; `unica_sse_clients` counts them.
 */
const STREAMING_ROUTES = new Set(['/api/events'])

export class Metrics {
  readonly registry = new Registry()
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>
  private readonly gauges

  constructor(private readonly sources: MetricsSources) {
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry })
    this.httpDuration = new Histogram({
      name: 'unica_http_request_duration_seconds',
      help: 'HTTP answers by method, route pattern and status, and how long they took',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    })
    this.gauges = {
      algodUp: new Gauge({
        name: 'unica_algod_up',
        help: '1 when algod answered this scrape within the timeout, else 0',
        registers,
      }),
      algodRound: new Gauge({
        name: 'unica_algod_last_round',
        help: "algod's last round (NaN when algod did not answer)",
        registers,
      }),
      followerRound: new Gauge({
        name: 'unica_follower_round',
        help: 'the last round the chain follower applied (its cursor in the database)',
        registers,
      }),
      followerLag: new Gauge({
        name: 'unica_follower_lag_rounds',
        help: "algod's last round minus the follower's round",
        registers,
      }),
      senderQueue: new Gauge({
        name: 'unica_sender_queue_depth',
        help: 'signed groups waiting to be sent or confirmed (pending or submitted)',
        registers,
      }),
      operations: new Gauge({
        name: 'unica_operations',
        help: 'operations in the database by status (pending, submitted, executed, failed)',
        labelNames: ['status'],
        registers,
      }),
      sseClients: new Gauge({
        name: 'unica_sse_clients',
        help: 'live event streams (GET /api/events) connected to this instance',
        registers,
      }),
      pool: new Gauge({
        name: 'unica_db_pool_connections',
        help: "this instance's PostgreSQL pool: total, idle, and callers waiting (state)",
        labelNames: ['state'],
        registers,
      }),
    }
  }

  /** Observes every answer's duration (install before the routes are registered). */
  install(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED)
      if (!STREAMING_ROUTES.has(route)) {
        this.httpDuration.observe(
          { method: request.method, route, status_code: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        )
      }
      done()
    })
  }

  /** The text exposition, after reading what lives in the database and algod. */
  async scrape(): Promise<string> {
    await this.refresh()
    return this.registry.metrics()
  }

  get contentType(): string {
    return this.registry.contentType
  }

  private async refresh(): Promise<void> {
    const { database, algod, timeoutMs } = this.sources
    const g = this.gauges
    const [last, cursor, byStatus, queue] = await Promise.allSettled([
      algodLastRound(algod, timeoutMs),
      followerRound(database, timeoutMs),
      operationsByStatus(database.db),
      senderQueueDepth(database.db),
    ])
    g.algodUp.set(last.status === 'fulfilled' ? 1 : 0)
    setOrUnknown(g.algodRound, last)
    setOrUnknown(g.followerRound, cursor)
    if (
      last.status === 'fulfilled' &&
      cursor.status === 'fulfilled' &&
      cursor.value !== undefined
    ) {
      const lag = last.value > cursor.value ? last.value - cursor.value : 0n
      g.followerLag.set(Number(lag))
    } else {
      g.followerLag.set(NaN)
    }
    if (byStatus.status === 'fulfilled') {
      for (const [status, n] of Object.entries(byStatus.value)) g.operations.set({ status }, n)
    } else {
      g.operations.reset()
    }
    setOrUnknown(g.senderQueue, queue)
    g.sseClients.set(this.sources.sseClients())
    const pool = database.poolStats?.()
    if (pool !== undefined) {
      g.pool.set({ state: 'total' }, pool.total)
      g.pool.set({ state: 'idle' }, pool.idle)
      g.pool.set({ state: 'waiting' }, pool.waiting)
    }
  }
}

/**
 * A gauge of a value read this scrape; when the read failed it is NaN (unknown), never a stale or
 * a made-up 0 (a gauge without labels is always exposed).
 */
function setOrUnknown(
  gauge: Gauge,
  value: PromiseSettledResult<bigint | number | undefined>,
): void {
  if (value.status === 'fulfilled' && value.value !== undefined) gauge.set(Number(value.value))
  else gauge.set(NaN)
}
