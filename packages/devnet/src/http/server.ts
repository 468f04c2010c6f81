/**
 * What the three REST servers (algod, indexer, kmd) share: API-token auth with LocalNet's
 * conventions, CORS for localhost origins (so a browser app or a local explorer may call them),
 * algod-shaped JSON errors, and body limits. Routes are added by each API's plugin.
 */
import { timingSafeEqual } from 'node:crypto'
import cors from '@fastify/cors'
import Fastify, { type FastifyInstance } from 'fastify'

/** LocalNet's API token, `a` x 64, on all three APIs. */
export const DEFAULT_TOKEN = 'a'.repeat(64)

export interface ServerOptions {
  /** Header carrying the token: X-Algo-API-Token, X-Indexer-API-Token or X-KMD-API-Token. */
  readonly tokenHeader: string
  readonly token?: string
  /** Paths served without a token (health checks, explorer pages). */
  readonly publicPaths?: readonly RegExp[]
  /**
   * Whether a request without a token (no header, or an empty one) is served. The indexer only
   * checks tokens when started with some: SDK-sandbox clients send none (an empty header), while
   * LocalNet clients send `a` x 64. Both are served; a different token is still refused.
   */
  readonly tokenOptional?: boolean
  /**
   * Whether `Authorization: Bearer <token>` is read when the token header is absent or empty, as
   * go-algorand's algod and the indexer read it (their auth middleware); kmd reads only its header.
   */
  readonly acceptBearer?: boolean
  /** Largest request body accepted, in bytes. */
  readonly bodyLimit?: number
}

/** Origins a browser may call us from: any port on localhost / 127.0.0.1 / [::1]. */
function isLocalOrigin(origin: string): boolean {
  try {
    const { hostname, protocol } = new URL(origin)
    return (
      (protocol === 'http:' || protocol === 'https:') &&
      (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]')
    )
  } catch {
    return false
  }
}

/** Compares the presented token in constant time, so its bytes cannot be guessed by timing. */
function sameToken(presented: string | string[] | undefined, token: string): boolean {
  if (typeof presented !== 'string') return false
  const a = Buffer.from(presented)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const token = options.token ?? DEFAULT_TOKEN
  const header = options.tokenHeader.toLowerCase()
  const app = Fastify({ bodyLimit: options.bodyLimit ?? 10 * 1024 * 1024 })

  await app.register(cors, {
    origin: (origin, cb) => {
      cb(null, origin === undefined || isLocalOrigin(origin))
    },
    allowedHeaders: [
      'Content-Type',
      options.tokenHeader,
      'Accept',
      ...(options.acceptBearer === true ? ['Authorization'] : []),
    ],
  })

  // Bodies arrive as msgpack, raw signed transactions or TEAL text: keep them as bytes and let
  // each route decode what it expects.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => {
    done(null, body)
  })

  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'OPTIONS') return
    const path = req.url.split('?')[0] ?? ''
    if (options.publicPaths?.some((p) => p.test(path))) return
    let presented = req.headers[header]
    if ((presented === undefined || presented === '') && options.acceptBearer === true) {
      const [scheme, ...rest] = (req.headers.authorization ?? '').split(' ')
      if (rest.length > 0 && scheme.toLowerCase() === 'bearer') presented = rest.join(' ')
    }
    if (options.tokenOptional === true && (presented === undefined || presented === '')) return
    if (!sameToken(presented, token)) {
      await reply.code(401).send({ message: 'Invalid API Token' })
    }
  })

  app.setNotFoundHandler(async (req, reply) => {
    await reply.code(404).send({ message: `no route for ${req.method} ${req.url.split('?')[0]}` })
  })

  // Any uncaught error is our bug or bad input Fastify caught (malformed JSON, body too large);
  // either way the client gets algod's JSON error shape, never a stack trace.
  app.setErrorHandler(async (error: { statusCode?: number; message: string }, _req, reply) => {
    const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500
    await reply.code(status).send({ message: status === 500 ? 'internal error' : error.message })
  })

  return app
}

/** Sends an algod-style error: `{ "message": ... }` with the given status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
  }
}
