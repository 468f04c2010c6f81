/**
 * The operator's endpoints, outside /api (no CSRF: GETs only; no rate limit; never cached):
 * - GET /healthz  liveness: the process answers (no dependency is checked, so a restart is never
 *   triggered by a database or algod outage);
 * - GET /readyz   readiness (ops/readiness.ts): 200, or 503 naming each failed check;
 * - GET /metrics  Prometheus text (ops/metrics.ts); with METRICS_TOKEN set it needs
 *   `Authorization: Bearer <METRICS_TOKEN>`.
 * While the server shuts down Fastify itself answers 503 to new requests, so /readyz turns red
 * and a load balancer stops sending before the process exits.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyPluginCallback, FastifyReply } from 'fastify'
import type { Database } from '../db/index.js'
import type { Metrics } from './metrics.js'
import { readiness, type ReadinessOptions } from './readiness.js'
import type algosdk from 'algosdk'

export interface OpsOptions extends ReadinessOptions {
  /** METRICS_TOKEN: when set, /metrics needs it as a bearer token. */
  readonly metricsToken?: string | undefined
}

const noStore = (reply: FastifyReply): FastifyReply => reply.header('cache-control', 'no-store')

/** Hidden from the OpenAPI page: it documents the product's /api only. */
const schema = { hide: true }

export function opsRoutes(
  ctx: { readonly database: Database; readonly algod: algosdk.Algodv2 },
  metrics: Metrics,
  options: OpsOptions,
): FastifyPluginCallback {
  const token = options.metricsToken === undefined ? undefined : digest(options.metricsToken)
  return (app, _options, done) => {
    app.get('/healthz', { schema }, async (_request, reply) => {
      noStore(reply)
      return { status: 'ok' }
    })

    app.get('/readyz', { schema }, async (_request, reply) => {
      noStore(reply)
      const answer = await readiness(ctx.database, ctx.algod, options)
      return reply.code(answer.ok ? 200 : 503).send({
        status: answer.ok ? 'ready' : 'not ready',
        checks: answer.checks,
      })
    })

    app.get('/metrics', { schema }, async (request, reply) => {
      noStore(reply)
      if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ detail: 'Authentication credentials were not provided or are wrong.' })
      }
      const text = await metrics.scrape()
      return reply.type(metrics.contentType).send(text)
    })
    done()
  }
}

/** Compared as SHA-256 digests: equal lengths for timingSafeEqual, and no timing of the token. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest()
}

function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = header === undefined ? null : /^Bearer (\S+)$/i.exec(header)
  return match !== null && timingSafeEqual(digest(match[1]), expected)
}
