/**
 * GET /api/operations/: the history the chain follower records (and trades sent through us while
 * pending, listed first), newest round first, filtered by `asset__guid`. Failed sends are not
 * history: they never happened on chain. GET /api/operations/{id}: one operation's progress.
 * (POST /api/operations/send_tx/ is in send-tx.ts.)
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API, type Operation } from '@unica/schemas'
import type { RouteContext } from '../context.js'
import type { OperationRow } from '../db/repositories/operations.js'
import { notFound } from '../errors.js'
import { pageLinks, pageOf } from './http.js'
import { endpoint } from './register.js'

function operationJson(row: OperationRow): Operation {
  return {
    operation_id: row.id.toString(),
    asset_guid: row.assetGuid,
    application_id: row.applicationId.toString(),
    op_type: row.opType,
    value: row.value.toString(),
    sender: row.sender,
    counterparty: row.counterparty,
    royalty: row.royalty?.toString() ?? null,
    auction_end: row.auctionEnd?.toISOString() ?? null,
    tx_id: row.txId,
    round: row.round?.toString() ?? null,
    block_time: row.blockTime?.toISOString() ?? null,
    is_pending: row.status === 'pending' || row.status === 'submitted',
    is_executed: row.status === 'executed',
    created_at: row.createdAt.toISOString(),
  }
}

export function operationRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  const { repos } = ctx
  const historyPage = repos.operationHistory()
  return (app, _options, done) => {
    app.route({
      ...endpoint(API.listOperations),
      handler: async (request) => {
        const q = request.query
        const { limit, offset } = pageOf(q)
        const [rows, total] = await historyPage(q.asset__guid, limit, offset)
        return {
          count: total,
          ...pageLinks(ctx, request, total, limit, offset),
          results: rows.map(operationJson),
        }
      },
    })

    app.route({
      ...endpoint(API.getOperation),
      handler: async (request) => {
        const { id } = request.params
        if (!/^[1-9][0-9]{0,17}$/.test(id)) throw notFound()
        const row = await repos.findOperation(BigInt(id))
        if (row === undefined) throw notFound()
        return {
          operation_id: row.id.toString(),
          is_pending: row.status === 'pending' || row.status === 'submitted',
          is_executed: row.status === 'executed',
          failure_reason: row.failureReason,
        }
      },
    })
    done()
  }
}
