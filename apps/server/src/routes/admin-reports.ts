/**
 * The console's reports: newsletter subscribers as CSV, operations waiting or refused, where the
 * chain follower stands against algod, and the audit log.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API, type FollowerStatus } from '@unica/schemas'
import type { RouteContext } from '../context.js'
import { staffOf } from './admin-guard.js'
import { csvText } from './csv.js'
import { pageLinks, pageOf } from './http.js'
import { endpoint } from './register.js'

/** How long the console waits for algod's status before saying it did not answer. */
const ALGOD_STATUS_MS = 3000

export function reportRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  const { repos } = ctx

  /** algod's last round, or why it is unknown (unreachable, slow). */
  const algodRound = async (): Promise<bigint | string> => {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => {
        resolve(`algod did not answer within ${String(ALGOD_STATUS_MS / 1000)} s`)
      }, ALGOD_STATUS_MS)
    })
    try {
      return await Promise.race([
        ctx.chain.algod
          .status()
          .do()
          .then((s) => s.lastRound)
          .catch((error: unknown) => (error instanceof Error ? error.message : String(error))),
        timeout,
      ])
    } finally {
      clearTimeout(timer)
    }
  }

  return (app, _options, done) => {
    app.route({
      ...endpoint(API.exportSubscribers),
      handler: async (request, reply) => {
        const actor = staffOf(request)
        // The export hands out personal data: it is recorded like any other staff action.
        const rows = await repos.transaction(async (tx) => {
          const found = await tx.subscribers()
          await tx.appendAudit({
            actor,
            action: 'subscribers.export',
            target: 'newsletter',
            details: { rows: found.length },
          })
          return found
        })
        const csv = csvText([
          ['email', 'subscribed_at'],
          ...rows.map((row) => [row.email, row.createdAt.toISOString()]),
        ])
        const day = new Date().toISOString().slice(0, 10)
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="unica-subscribers-${day}.csv"`)
          .send(csv)
      },
    })

    app.route({
      ...endpoint(API.listConsoleOperations),
      handler: async (request) => {
        const { limit, offset } = pageOf(request.query)
        const [rows, total] = await repos.consoleOperations(request.query.status, limit, offset)
        return {
          count: total,
          ...pageLinks(ctx, request, total, limit, offset),
          results: rows.map((op) => ({
            operation_id: op.id.toString(),
            asset_guid: op.assetGuid,
            application_id: op.applicationId.toString(),
            op_type: op.opType,
            value: op.value.toString(),
            sender: op.sender,
            tx_id: op.txId,
            status: op.status as 'pending' | 'submitted' | 'failed',
            failure_reason: op.failureReason,
            attempts: op.attempts,
            created_at: op.createdAt.toISOString(),
            updated_at: op.updatedAt.toISOString(),
          })),
        }
      },
    })

    app.route({
      ...endpoint(API.getFollowerStatus),
      handler: async (): Promise<FollowerStatus> => {
        const [round, algod] = await Promise.all([repos.followerRound(), algodRound()])
        const known = typeof algod === 'bigint' ? algod : undefined
        return {
          round: round?.toString() ?? null,
          algod_round: known?.toString() ?? null,
          // The cursor can be ahead for an instant (algod answered first): that is no lag.
          lag:
            round === undefined || known === undefined
              ? null
              : (known > round ? known - round : 0n).toString(),
          algod_error: typeof algod === 'string' ? algod : null,
        }
      },
    })

    app.route({
      ...endpoint(API.listAudit),
      handler: async (request) => {
        const { limit, offset } = pageOf(request.query)
        const [rows, total] = await repos.auditPage(limit, offset)
        return {
          count: total,
          ...pageLinks(ctx, request, total, limit, offset),
          results: rows.map((row) => ({
            id: row.id.toString(),
            actor: row.actor,
            action: row.action,
            target: row.target,
            details: row.details,
            at: row.at.toISOString(),
          })),
        }
      },
    })
    done()
  }
}
