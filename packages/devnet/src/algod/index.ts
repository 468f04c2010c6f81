/**
 * The devnet's algod REST API: `registerAlgod` mounts it on a server made by `createServer`
 * (src/http/server.ts), and `startAlgodServer` runs it alone on a port (tests, tools).
 * Paths, field names, encodings and error texts are algod's, so algosdk's Algodv2 works unchanged.
 */
import type { AddressInfo } from 'node:net'

import type { FastifyInstance } from 'fastify'

import type { Chain } from '../chain/types.js'
import { createServer } from '../http/server.js'
import type { AlgodContext, AlgodOptions } from './context.js'
import { accountResourceRoutes } from './routes-account-resources.js'
import { blockRoutes } from './routes-blocks.js'
import { ledgerRoutes } from './routes-ledger.js'
import { nodeRoutes } from './routes-node.js'
import { tealRoutes } from './routes-teal.js'
import { transactionRoutes } from './routes-transactions.js'

export type { AlgodOptions } from './context.js'

export const ALGOD_TOKEN_HEADER = 'X-Algo-API-Token'

/**
 * Served without a token, as algod serves them, plus our own: the explorer pages on the same port
 * and GET /devnet/info (public facts a tool reads to find its way around, as /genesis is).
 */
export const ALGOD_PUBLIC_PATHS: readonly RegExp[] = [
  /^\/health$/,
  /^\/ready$/,
  /^\/genesis$/,
  /^\/versions$/,
  /^\/devnet\/info$/,
  /^\/explorer(\/|$)/,
]

/** Adds algod's routes to `app` (whose token, CORS and error handling come from createServer). */
export async function registerAlgod(
  app: FastifyInstance,
  chain: Chain,
  options: AlgodOptions = {},
): Promise<void> {
  let signalClosing = () => {}
  const closing = new Promise<void>((resolve) => (signalClosing = resolve))
  const ctx: AlgodContext = {
    chain,
    waitForBlockTimeoutMs: options.waitForBlockTimeoutMs ?? 60_000,
    lastBlockSeenAt: process.hrtime.bigint(),
    closing,
    isClosing: false,
  }
  const unsubscribe = chain.onBlock(() => {
    ctx.lastBlockSeenAt = process.hrtime.bigint()
  })

  await app.register((scope, _opts, done) => {
    // algod reads every body itself: raw signed transactions, msgpack, TEAL text and program
    // bytes (which a text/plain parser would mangle). In this scope all bodies stay bytes.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, parsed) => {
      parsed(null, body)
    })
    // A response finished while the server closes (a long poll just ended) must not leave a
    // keep-alive socket behind: Fastify's close would wait for it to time out.
    scope.addHook('onSend', (_req, reply, payload, next) => {
      if (ctx.isClosing) void reply.header('connection', 'close')
      next(null, payload)
    })
    nodeRoutes(scope, ctx)
    transactionRoutes(scope, ctx)
    ledgerRoutes(scope, ctx)
    accountResourceRoutes(scope, ctx)
    blockRoutes(scope, ctx)
    tealRoutes(scope, ctx)
    done()
  })

  // End long polls before Fastify waits for in-flight requests, then stop listening to the chain.
  app.addHook('preClose', (done) => {
    ctx.isClosing = true
    signalClosing()
    done()
  })
  app.addHook('onClose', (_instance, done) => {
    unsubscribe()
    done()
  })
}

export interface AlgodServer {
  readonly app: FastifyInstance
  readonly port: number
  /** e.g. http://127.0.0.1:4001 */
  readonly url: string
  close(): Promise<void>
}

export interface StartAlgodOptions extends AlgodOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number
  readonly host?: string
  readonly token?: string
}

/** Starts a standalone algod server for `chain` (the chain is not closed with it). */
export async function startAlgodServer(
  chain: Chain,
  options: StartAlgodOptions = {},
): Promise<AlgodServer> {
  const { port = 0, host = '127.0.0.1', token, ...algodOptions } = options
  const app = await createServer({
    tokenHeader: ALGOD_TOKEN_HEADER,
    publicPaths: ALGOD_PUBLIC_PATHS,
    acceptBearer: true,
    ...(token === undefined ? {} : { token }),
  })
  await registerAlgod(app, chain, algodOptions)
  await app.listen({ port, host })
  const bound = (app.server.address() as AddressInfo).port
  const hostInUrl = host.includes(':') ? `[${host}]` : host
  return {
    app,
    port: bound,
    url: `http://${hostInUrl}:${bound.toString()}`,
    close: () => app.close(),
  }
}
