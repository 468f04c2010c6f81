/**
 * GET /api/events: the live stream (docs/architecture.md "Live updates"). The answer is taken
 * over from Fastify (hijacked) and written as Server-Sent Events by the instance's LiveHub until
 * the client leaves, the hub closes a stream that fell behind, or the server closes.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API, parseLastEventId } from '@unica/schemas'
import { requestSession } from '../auth/session.js'
import type { Repositories } from '../db/repositories/for-routes.js'
import type { LiveHub } from '../live/hub.js'
import { retryFrame } from '../live/frames.js'
import { endpoint } from './register.js'

/** How long a browser waits before reconnecting. */
const RECONNECT_MS = 2000

export function eventRoutes(hub: LiveHub, repos: Repositories): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.route({
      ...endpoint(API.streamEvents),
      handler: async (request, reply) => {
        const header = request.headers['last-event-id']
        const text = typeof header === 'string' ? header : request.query.last_event_id
        const lastEventId = text === undefined || text === '' ? undefined : parseLastEventId(text)
        if (text !== undefined && text !== '' && lastEventId === undefined) {
          return reply.code(400).send({
            detail: 'Last-Event-ID must be the id of an event of this stream (a decimal number).',
          })
        }
        if (hub.size >= hub.maxStreams) {
          return reply
            .code(503)
            .header('retry-after', '5')
            .send({ detail: 'Too many live connections on this server; try again shortly.' })
        }
        // A signed-in stream also gets its account's own events (the cookie, never X-View-As).
        const account = (await requestSession(repos, request))?.account ?? null
        reply.hijack()
        const raw = reply.raw
        // The browser policy's onSend hook does not run on a hijacked answer: an event stream is
        // no document, so the headers that matter for it are set here.
        // No chunked transfer coding: the stream's body runs to the end of the connection, as it
        // does for an HTTP/1.0 request (nginx's default upstream protocol). Its bytes on the
        // socket are then the frames themselves, so the hub's one Buffer per batch goes to the
        // socket as it is: one plain write per stream, where a chunk through the response took a
        // three-part writev and Node's per-write corking, 2.4 times the CPU per stream and event
        // (apps/server/README.md "Benchmark").
        raw.removeHeader('transfer-encoding')
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          // Proxies that buffer (nginx) would hold events back.
          'x-accel-buffering': 'no',
          // The body ends with the connection, so nothing follows on it.
          connection: 'close',
        })
        // Through the response, so the head goes first; later frames queue behind it.
        raw.write(retryFrame(RECONNECT_MS))
        const socket = request.raw.socket
        const stream = {
          account,
          write: (frames: Buffer) => {
            if (!socket.destroyed && !raw.writableEnded) socket.write(frames)
            return socket.writableLength
          },
          end: () => {
            raw.end()
          },
        }
        socket.setNoDelay(true)
        raw.on('close', () => {
          hub.leave(stream)
        })
        await hub.join(stream, lastEventId)
        return reply
      },
    })
    done()
  }
}
