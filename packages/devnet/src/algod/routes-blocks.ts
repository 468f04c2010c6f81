/**
 * Block routes: a block (msgpack `{block}` as algod's RawBlockBytes, JSON `{block}` otherwise,
 * header only on request), its hash and its top-level transaction ids. Rounds that do not exist
 * answer 404 "failed to retrieve information from the ledger", as algod does.
 */
import { createHash } from 'node:crypto'

import { Block, encodeMsgpack, modelsv2 } from 'algosdk'
import type { FastifyInstance } from 'fastify'

import type { CommittedBlock } from '../chain/types.js'
import { HttpError } from '../http/server.js'
import { encodeBase32 } from './codecs.js'
import type { AlgodContext } from './context.js'
import { optionalBool, parseFormat, parseUint64, type Query } from './params.js'
import { sendModel } from './respond.js'

type RoundParams = { Params: { round: string }; Querystring: Query }

/** The block alone, without its transactions: what go encodes for a bookkeeping.BlockHeader. */
function headerOnly(block: Block): Block {
  return new Block({ header: block.header, payset: [] })
}

/** go's BlockHeader.Hash: SHA-512/256 of "BH" || canonical msgpack of the header. */
function blockHash(block: Block): Uint8Array {
  const hash = createHash('sha512-256')
  hash.update('BH')
  hash.update(encodeMsgpack(headerOnly(block)))
  return new Uint8Array(hash.digest())
}

export function blockRoutes(app: FastifyInstance, ctx: AlgodContext): void {
  const { chain } = ctx

  function committed(text: string): CommittedBlock {
    const found = chain.block(parseUint64('round', text))
    if (!found) throw new HttpError(404, 'failed to retrieve information from the ledger')
    return found
  }

  app.get<RoundParams>('/v2/blocks/:round', (req, reply) => {
    const format = parseFormat(req.query)
    const onlyHeader = optionalBool(req.query, 'header-only') ?? false
    const { block } = committed(req.params.round)
    const response = new modelsv2.BlockResponse({ block: onlyHeader ? headerOnly(block) : block })
    return sendModel(reply, response, format)
  })

  app.get<RoundParams>('/v2/blocks/:round/hash', (req, reply) => {
    const { block } = committed(req.params.round)
    const blockhash = encodeBase32(blockHash(block))
    return sendModel(reply, new modelsv2.BlockHashResponse({ blockhash }))
  })

  app.get<RoundParams>('/v2/blocks/:round/txids', (req, reply) => {
    const { txids } = committed(req.params.round)
    return sendModel(reply, new modelsv2.BlockTxidsResponse({ blocktxids: [...txids] }))
  })
}
