/**
 * POST /api/operations/send_tx/ and GET /api/operations/{id} (spec section 7).
 *
 * send_tx never trusts the blob: it must decode to one complete signed trade group of the declared
 * operation (signed-group.ts), for this network, not yet expired, calling one of our managers.
 * It is stored at once and answered with its operation_id; the sender submits it. The app call's
 * transaction id is the operation's identity, so the same group sent twice is one operation.
 */
import type algosdk from 'algosdk'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API } from '@unica/schemas'
import type { AppContext } from '../context.js'
import { endpoint } from '../routes/register.js'
import { PG_BIGINT_MAX, type Database } from '../db/index.js'
import { ApiError, badRequest, notFound } from '../errors.js'
import { GroupError, parseSignedGroup, type ParsedGroup } from './signed-group.js'

export interface WorkerRoutesContext extends AppContext {
  /** Called after a group is stored (the in-process sender wakes up). */
  readonly onOperationQueued?: () => void
}

/** Open operations one account may have queued at a time (send_tx is public: bound what it holds). */
export const MAX_OPEN_PER_SENDER = 16

/** How far ahead of the chain a group's first valid round may be. */
const MAX_ROUNDS_AHEAD = 10n

/** The chain's current round, asked of algod at most every two seconds; null when unreachable. */
function currentRound(algod: algosdk.Algodv2): (fresh?: boolean) => Promise<bigint | null> {
  let cached: { at: number; round: bigint } | null = null
  return async (fresh = false) => {
    if (!fresh && cached !== null && Date.now() - cached.at < 2000) return cached.round
    try {
      const { lastRound } = await algod.status().do()
      cached = { at: Date.now(), round: lastRound }
      return lastRound
    } catch {
      // algod unreachable: the group is still stored; the sender checks it against the chain.
      return null
    }
  }
}

const invalid = (field: string, message: string): Error =>
  badRequest('Invalid signed transaction group.', { [field]: [message] })

async function store(
  database: Database,
  g: ParsedGroup,
  assetGuid: string,
): Promise<{ id: string; created: boolean }> {
  // A failed group sent again (the same signed bytes) may succeed now: it is queued again.
  const rows = await database.query<{ id: string; created: boolean }>(
    `INSERT INTO operations (asset_guid, application_id, op_type, value, sender, tx_id, group_id,
                             signed_group, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending')
     ON CONFLICT (tx_id) DO UPDATE
        SET status = 'pending', signed_group = EXCLUDED.signed_group, failure_reason = NULL,
            attempts = 0, updated_at = now()
      WHERE operations.status = 'failed'
     RETURNING id::text, (xmax = 0) AS created`,
    [
      assetGuid,
      g.appId.toString(),
      g.operation,
      g.value.toString(),
      g.sender,
      g.txId,
      g.groupId,
      Buffer.concat(g.signed),
    ],
  )
  const stored = rows.at(0)
  if (stored !== undefined) return stored
  const existing = await database.query<{ id: string }>(
    'SELECT id::text FROM operations WHERE tx_id = $1',
    [g.txId],
  )
  return { id: existing[0].id, created: false }
}

export function workerRoutes(ctx: WorkerRoutesContext): FastifyPluginCallbackZod {
  const { database } = ctx
  const round = currentRound(ctx.chain.algod)
  return (app, _options, done) => {
    app.route({
      ...endpoint(API.sendTx),
      config: { rateLimit: { max: ctx.rateLimit.max, timeWindow: ctx.rateLimit.windowMs } },
      handler: async (request, reply) => {
        let g: ParsedGroup
        try {
          g = parseSignedGroup(request.body.blob, request.body.operation)
        } catch (e) {
          if (e instanceof GroupError) throw invalid(e.field, e.message)
          throw e
        }
        if (g.genesisHash !== ctx.chain.genesisHash) {
          throw invalid('blob', 'The group is for another network.')
        }
        // A cached round errs low: lenient on expiry; "not valid yet" is checked afresh.
        let now = await round()
        if (now !== null && g.lastValid <= now) {
          throw invalid('blob', 'The group has expired: sign it again.')
        }
        if (now !== null && g.firstValid > now + MAX_ROUNDS_AHEAD) now = await round(true)
        if (now !== null && g.firstValid > now + MAX_ROUNDS_AHEAD) {
          throw invalid('blob', 'The group is not valid yet.')
        }
        // An app id beyond bigint range is no app we registered (nor castable to compare).
        const assets =
          g.appId > PG_BIGINT_MAX
            ? []
            : await database.query<{ guid: string }>(
                'SELECT guid FROM assets WHERE application_id = $1',
                [g.appId.toString()],
              )
        const asset = assets.at(0)
        if (asset === undefined) {
          throw invalid('blob', 'The group does not call a Unica contract.')
        }
        const open = await database.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM operations
            WHERE sender = $1 AND status IN ('pending', 'submitted') AND tx_id <> $2`,
          [g.sender, g.txId],
        )
        if (Number(open[0].n) >= MAX_OPEN_PER_SENDER) {
          throw new ApiError(429, 'Too many operations of this account are still pending.')
        }
        const { id, created } = await store(database, g, asset.guid)
        ctx.onOperationQueued?.()
        return reply.code(created ? 201 : 200).send({ operation_id: id })
      },
    })

    app.route({
      ...endpoint(API.getOperation),
      handler: async (request) => {
        const { id } = request.params
        if (!/^[1-9][0-9]{0,17}$/.test(id)) throw notFound()
        const rows = await database.query<{
          id: string
          status: string
          failure_reason: string | null
        }>('SELECT id::text, status, failure_reason FROM operations WHERE id = $1', [id])
        const row = rows.at(0)
        if (row === undefined) throw notFound()
        return {
          operation_id: row.id,
          is_pending: row.status === 'pending' || row.status === 'submitted',
          is_executed: row.status === 'executed',
          failure_reason: row.failure_reason,
        }
      },
    })
    done()
  }
}
