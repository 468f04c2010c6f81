/** What every indexer route needs: the chain (current state) and the index that follows it. */
import { encodeJSON, type Encodable } from 'algosdk'
import type { FastifyReply } from 'fastify'
import type { Chain } from '../chain/types.js'
import type { IndexFollower } from './follower.js'

export interface IndexerContext {
  readonly chain: Chain
  readonly index: IndexFollower
}

/** Sends an indexer model as algosdk encodes it (kebab-case keys, empty fields left out). */
export async function sendModel(reply: FastifyReply, model: Encodable): Promise<void> {
  await reply.header('content-type', 'application/json; charset=utf-8').send(encodeJSON(model))
}
