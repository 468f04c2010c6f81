/** What every indexer route needs: the chain (current state) and the index that follows it. */
import { stringifyJSON, type Encodable } from 'algosdk'
import type { FastifyReply } from 'fastify'
import type { Chain } from '../chain/types.js'
import { fillShape } from '../http/json-shape.js'
import type { IndexFollower } from './follower.js'
import { INDEXER_SHAPES } from './shapes.js'

export interface IndexerContext {
  readonly chain: Chain
  readonly index: IndexFollower
}

/** The paging fields of a list answer: the round it is as of, and the token that continues
 * after its last item (none for an empty page). */
export function pageOf<T>(
  ctx: IndexerContext,
  items: readonly T[],
  token: (last: T) => string,
): { currentRound: bigint; nextToken: string | undefined } {
  const last = items.at(-1)
  return { currentRound: ctx.index.round, nextToken: last === undefined ? undefined : token(last) }
}

/**
 * Sends an indexer model as algosdk encodes it (kebab-case keys), with the keys the indexer
 * always writes added back where algosdk leaves empty ones out (shapes.ts).
 */
export async function sendModel(reply: FastifyReply, model: Encodable): Promise<void> {
  const json = model.getEncodingSchema().prepareJSON(model.toEncodingData(), {})
  const shape = INDEXER_SHAPES.get(model.constructor)
  const body = stringifyJSON(shape === undefined ? json : fillShape(json, shape))
  await reply.header('content-type', 'application/json; charset=utf-8').send(body)
}
