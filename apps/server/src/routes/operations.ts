/**
 * GET /api/operations/: the history the chain follower records (and trades sent through us while
 * pending, listed first), newest round first, filtered by `asset__guid`. Failed sends are not history: they never
 * happened on chain. (send_tx and GET /api/operations/{id} live in src/worker/routes.ts.)
 */
import { and, count, desc, eq, ne, sql } from 'drizzle-orm'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API, type Operation } from '@unica/schemas'
import type { AppContext } from '../context.js'
import { endpoint } from './register.js'
import { operations, type OperationRow } from '../db/index.js'
import { pageLinks, pageOf } from './http.js'
import { CountCache, queryKey, type CountQuery } from './list-count.js'

export function operationJson(row: OperationRow): Operation {
  return {
    operation_id: row.id.toString(),
    asset_guid: row.assetGuid,
    application_id: row.applicationId.toString(),
    op_type: row.opType,
    value: row.value.toString(),
    sender: row.sender,
    tx_id: row.txId,
    round: row.round?.toString() ?? null,
    block_time: row.blockTime?.toISOString() ?? null,
    is_pending: row.status === 'pending' || row.status === 'submitted',
    is_executed: row.status === 'executed',
    created_at: row.createdAt.toISOString(),
  }
}

export function operationRoutes(ctx: AppContext): FastifyPluginCallbackZod {
  const { db } = ctx.database
  const counts = new CountCache()
  const counted = (query: CountQuery): Promise<number> =>
    counts.count(queryKey(query), async () => (await query).at(0)?.total ?? 0)
  return (app, _options, done) => {
    app.route({
      ...endpoint(API.listOperations),
      handler: async (request) => {
        const q = request.query
        const where = and(
          ne(operations.status, 'failed'),
          q.asset__guid === undefined ? undefined : eq(operations.assetGuid, q.asset__guid),
        )
        const { limit, offset } = pageOf(q)
        const [rows, total] = await Promise.all([
          db
            .select()
            .from(operations)
            .where(where)
            .orderBy(sql`${operations.round} DESC NULLS FIRST`, desc(operations.id))
            .limit(limit)
            .offset(offset),
          counted(db.select({ total: count() }).from(operations).where(where)),
        ])
        return {
          count: total,
          ...pageLinks(ctx, request, total, limit, offset),
          results: rows.map(operationJson),
        }
      },
    })
    done()
  }
}
