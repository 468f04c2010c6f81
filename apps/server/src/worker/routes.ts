/**
 * POST /api/operations/send_tx/ and GET /api/operations/{id} (spec section 7).
 *
 * send_tx never trusts the blob: it must decode to one complete signed trade group of the declared
 * operation (signed-group.ts), for this network, not yet expired, calling one of our managers.
 * It is stored at once and answered with its operation_id; the sender submits it. The app call's
 * transaction id is the operation's identity, so the same group sent twice is one operation.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify'
import algosdk from 'algosdk'
import { OperationStatus, SendTxBody, type ErrorBody } from '@unica/schemas'
import type { Database } from '../db/index.js'
import { GroupError, parseSignedGroup, type ParsedGroup } from './signed-group.js'

export interface WorkerRoutesOptions {
  readonly database: Database
  readonly algod: algosdk.Algodv2
  /** Called after a new operation is stored (the in-process sender wakes up). */
  readonly onQueued?: () => void
}

/** The network's genesis hash and current round, refreshed at most every few seconds. */
function chainView(algod: algosdk.Algodv2): () => Promise<{ genesisHash: string; round: bigint } | null> {
  let cached: { at: number; value: { genesisHash: string; round: bigint } } | null = null
  return async () => {
    if (cached !== null && Date.now() - cached.at < 2000) return cached.value
    try {
      const p = await algod.getTransactionParams().do()
      const value = {
        genesisHash: Buffer.from(p.genesisHash ?? new Uint8Array()).toString('base64'),
        round: p.firstValid,
      }
      cached = { at: Date.now(), value }
      return value
    } catch {
      // algod unreachable: the group is still stored; the sender checks it against the chain.
      return null
    }
  }
}

function badRequest(reply: FastifyReply, field: string, message: string): FastifyReply {
  const body: ErrorBody = { detail: 'Invalid signed transaction group.', [field]: [message] }
  return reply.code(400).send(body)
}

async function store(database: Database, g: ParsedGroup, assetGuid: string): Promise<{ id: string; created: boolean }> {
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
  if (rows.length > 0) return rows[0]
  const [existing] = await database.query<{ id: string }>(
    'SELECT id::text FROM operations WHERE tx_id = $1',
    [g.txId],
  )
  return { id: existing.id, created: false }
}

export const workerRoutes: FastifyPluginAsync<WorkerRoutesOptions> = async (
  app: FastifyInstance,
  { database, algod, onQueued },
) => {
  const chain = chainView(algod)

  app.post('/api/operations/send_tx/', async (req, reply) => {
    const body = SendTxBody.safeParse(req.body)
    if (!body.success) {
      const fields: Record<string, string[]> = {}
      for (const issue of body.error.issues) {
        const key = String(issue.path[0] ?? 'non_field_errors')
        ;(fields[key] ??= []).push(issue.message)
      }
      return reply.code(400).send({ detail: 'Invalid input.', ...fields })
    }
    let g: ParsedGroup
    try {
      g = parseSignedGroup(body.data.blob, body.data.operation)
    } catch (e) {
      if (e instanceof GroupError) return badRequest(reply, e.field, e.message)
      throw e
    }
    const view = await chain()
    if (view !== null && view.genesisHash !== g.genesisHash) {
      return badRequest(reply, 'blob', 'The group is for another network.')
    }
    if (view !== null && g.lastValid < view.round) {
      return badRequest(reply, 'blob', 'The group has expired: sign it again.')
    }
    const [asset] = await database.query<{ guid: string }>(
      'SELECT guid FROM assets WHERE application_id = $1',
      [g.appId.toString()],
    )
    if (asset === undefined) {
      return badRequest(reply, 'blob', 'The group does not call a Unica contract.')
    }
    const { id, created } = await store(database, g, asset.guid)
    onQueued?.()
    return reply.code(created ? 201 : 200).send({ operation_id: id })
  })

  app.get<{ Params: { id: string } }>('/api/operations/:id', async (req, reply) => {
    const id = req.params.id
    if (!/^[1-9][0-9]{0,17}$/.test(id)) return reply.code(404).send({ detail: 'Not found.' })
    const [row] = await database.query<{ id: string; status: string; failure_reason: string | null }>(
      'SELECT id::text, status, failure_reason FROM operations WHERE id = $1',
      [id],
    )
    if (row === undefined) return reply.code(404).send({ detail: 'Not found.' })
    const answer: OperationStatus = {
      operation_id: row.id,
      is_pending: row.status === 'pending' || row.status === 'submitted',
      is_executed: row.status === 'executed',
      failure_reason: row.failure_reason,
    }
    return reply.send(answer)
  })
}
