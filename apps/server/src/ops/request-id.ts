/**
 * A request id per request: an incoming `X-Request-Id` when it is well formed (a proxy or a
 * client chose it, so one id follows a request through nginx and our logs), else a new UUID. It
 * is Fastify's `request.id`, so every log line of the request carries it (`reqId`); it goes back
 * in the `X-Request-Id` header of every answer and as `request_id` in every error's JSON body.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'

const REQUEST_ID_HEADER = 'x-request-id'

/**
 * What we accept from outside: short, and only characters that cannot split a log line or a
 * header. Anything else (too long, spaces, control characters) is replaced, never echoed.
 */
const WELL_FORMED = /^[A-Za-z0-9._:@+=/-]{1,128}$/

/** Fastify's `genReqId`. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER]
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID()
}

/**
 * Sends the id back: in the header of every answer, and in the body of every JSON error answer
 * (any 4xx or 5xx, whoever produced it: our handler, a plugin's 403 or 429, the 404 handler).
 */
export function installRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id)
    done()
  })
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, reply.statusCode >= 400 ? withRequestId(payload, request.id) : payload)
  })
}

/** An error body with `request_id` added; anything that is not a JSON object is left as it is. */
function withRequestId(payload: unknown, id: string): unknown {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return payload
  try {
    const body = JSON.parse(payload) as Record<string, unknown>
    if ('request_id' in body) return payload
    return JSON.stringify({ ...body, request_id: id })
  } catch {
    return payload
  }
}
