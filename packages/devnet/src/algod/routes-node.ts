/**
 * Node-level algod routes: health, readiness, versions, genesis, status and its long poll,
 * suggested transaction parameters, dev mode's block timestamp offset, and our own
 * GET /devnet/info. Handlers follow go-algorand's daemon/algod/api/server/{common,v2}/handlers.go.
 */
import { modelsv2 } from 'algosdk'
import type { FastifyInstance } from 'fastify'

import { genesisDocument } from '../genesis/index.js'
import { HttpError } from '../http/server.js'
import { nodeStatus, type AlgodContext } from './context.js'
import { parseUint64 } from './params.js'
import { sendJSON, sendModel } from './respond.js'

/** MinTxnFee of the current consensus (go-algorand config/consensus.go). */
const MIN_TXN_FEE = 1000n
const MAX_INT64 = (1n << 63n) - 1n

export function nodeRoutes(app: FastifyInstance, ctx: AlgodContext): void {
  const { chain } = ctx

  // algod writes JSON `null` for both.
  app.get('/health', (_req, reply) => sendJSON(reply, null))
  app.get('/ready', (_req, reply) => sendJSON(reply, null))

  app.get('/versions', (_req, reply) =>
    sendModel(
      reply,
      new modelsv2.Version({
        build: new modelsv2.BuildVersion({
          branch: 'unica-devnet',
          buildNumber: 0,
          channel: 'dev',
          commitHash: '',
          major: 4,
          minor: 3,
        }),
        genesisHashB64: chain.genesis.hash,
        genesisId: chain.genesis.id,
        versions: ['v2'],
      }),
    ),
  )

  app.get('/genesis', (_req, reply) => sendJSON(reply, genesisDocument(chain.genesis)))

  app.get('/v2/status', (_req, reply) => sendModel(reply, nodeStatus(ctx)))

  app.get<{ Params: { round: string } }>(
    '/v2/status/wait-for-block-after/:round',
    async (req, reply) => {
      const round = parseUint64('round', req.params.round)
      if (chain.lastRound() <= round) {
        // The wait ends when the block arrives, after the timeout, when the client goes away or
        // when the server closes, whichever comes first; algod then answers with its status.
        let onGone = () => {}
        const gone = new Promise<void>((resolve) => (onGone = resolve))
        reply.raw.once('close', onGone)
        await Promise.race([
          chain.waitForRound(round + 1n, ctx.waitForBlockTimeoutMs),
          ctx.closing,
          gone,
        ])
        reply.raw.off('close', onGone)
      }
      return sendModel(reply, nodeStatus(ctx))
    },
  )

  app.get('/v2/transactions/params', (_req, reply) =>
    sendModel(
      reply,
      new modelsv2.TransactionParametersResponse({
        consensusVersion: chain.genesis.proto,
        // Per-byte fee: 0 while the pool is not congested, which a dev-mode pool never is.
        fee: 0,
        genesisHash: chain.genesis.hash,
        genesisId: chain.genesis.id,
        lastRound: chain.lastRound(),
        minFee: MIN_TXN_FEE,
      }),
    ),
  )

  app.get('/v2/devmode/blocks/offset', (_req, reply) => {
    const offset = chain.blockTimestampOffset
    if (offset === undefined) {
      throw new HttpError(
        404,
        'failed retrieving timestamp offset from node: block timestamp offset was never set, using real clock for timestamps',
      )
    }
    return sendModel(reply, new modelsv2.GetBlockTimeStampOffsetResponse({ offset }))
  })

  app.post<{ Params: { offset: string } }>('/v2/devmode/blocks/offset/:offset', (req, reply) => {
    const offset = parseUint64('offset', req.params.offset)
    if (offset > MAX_INT64) {
      throw new HttpError(
        400,
        'failed to set timestamp offset on the node: block timestamp offset cannot be larger than max int64 value',
      )
    }
    chain.blockTimestampOffset = offset
    return reply.code(200).send()
  })

  // Our own: what a tool needs to find its way around this devnet (issue "Interface").
  app.get('/devnet/info', (_req, reply) => {
    const g = chain.genesis
    return sendJSON(reply, {
      network: g.network,
      'genesis-id': g.id,
      'genesis-hash': Buffer.from(g.hash).toString('base64'),
      'usdc-asset-id': g.usdcAssetId,
      'usdc-issuer': g.usdcIssuer,
      accounts: g.accounts.map((a) => ({ name: a.comment, address: a.address })),
    })
  })
}
