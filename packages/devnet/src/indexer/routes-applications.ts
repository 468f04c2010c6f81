/**
 * GET /v2/applications, /v2/applications/{id}, /v2/applications/{id}/logs, /boxes and /box
 * (api/handlers.go SearchForApplications, LookupApplicationByID, LookupApplicationLogsByID,
 * SearchForApplicationBoxes, LookupApplicationBoxByIDAndName).
 */
import { Address, encodeUint64, indexerModels as im } from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../http/server.js'
import { type IndexerContext, pageOf, sendModel } from './context.js'
import {
  ERR_INVALID_ROUND_MIN_MAX,
  ERR_NO_APPLICATIONS_FOUND,
  ERR_NO_BOXES_FOUND,
  ERR_UNABLE_TO_PARSE_ADDRESS,
  ERR_UNABLE_TO_PARSE_DIGEST,
  ERR_VALUE_EXCEEDING_INT64,
  LIMITS,
  MAX_INT64,
} from './messages.js'
import { decodeTxnNext } from './next-token.js'
import { parseCreator, parseIdNext } from './routes-assets.js'
import { pathUint, Query, rejectBeyondInt64, tryParseAddress } from './query.js'
import { application } from './state-model.js'
import { ROLE, searchTransactions, type TxnFilter } from './txn-search.js'
import { strictBase64 } from './txn-params.js'

export interface AppSearch {
  readonly applicationId?: bigint
  readonly creator?: string
  readonly includeAll: boolean
  readonly limit: number
  readonly after?: bigint
}

export function searchApplications(ctx: IndexerContext, s: AppSearch): im.ApplicationsResponse {
  const state = ctx.index.state
  const creator = s.creator === undefined ? undefined : (state.addresses.find(s.creator) ?? -1)
  const ids =
    creator !== undefined
      ? [...(state.createdApps.get(creator) ?? [])]
      : s.applicationId !== undefined
        ? [s.applicationId]
        : [...state.apps.keys()]
  ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const applications: im.Application[] = []
  for (const id of ids) {
    if (applications.length >= s.limit) break
    if (s.applicationId !== undefined && id !== s.applicationId) continue
    if (s.after !== undefined && id <= s.after) continue
    const record = state.apps.get(id)
    if (record === undefined || (record.deleted && !s.includeAll)) continue
    applications.push(
      application(record, state.addresses.address(record.creator), ctx.chain.application(id)),
    )
  }
  return new im.ApplicationsResponse({
    ...pageOf(ctx, applications, (a) => a.id.toString()),
    applications,
  })
}

/**
 * A box name as the indexer takes it (avm-abi apps.NewAppCallBytes): `b64:`, `str:`, `int:` or
 * `addr:` followed by the value.
 */
function parseBoxName(value: string): Uint8Array | string {
  const colon = value.indexOf(':')
  if (colon < 0) return `all arguments and box names should be of the form 'encoding:value'`
  const encoding = value.slice(0, colon)
  const body = value.slice(colon + 1)
  switch (encoding) {
    case 'b64':
    case 'base64':
      return strictBase64(body) ?? 'illegal base64 data'
    case 'str':
    case 'string':
      return new TextEncoder().encode(body)
    case 'int':
    case 'integer':
      return /^[0-9]+$/.test(body) && BigInt(body) < 1n << 64n
        ? encodeUint64(BigInt(body))
        : `could not parse uint64 from ${JSON.stringify(body)}`
    case 'addr':
    case 'address': {
      const parsed = tryParseAddress(body)
      return parsed instanceof Address ? parsed.publicKey : parsed
    }
    default:
      return `unknown encoding '${encoding}'`
  }
}

interface Params {
  app?: string
}

export function registerApplicationRoutes(app: FastifyInstance, ctx: IndexerContext): void {
  app.get('/v2/applications', async (req, reply) => {
    const q = new Query(req.query)
    const applicationId = q.uint('application-id')
    const creator = q.str('creator')
    const includeAll = q.bool('include-all') ?? false
    const limit = q.limit(LIMITS.applications)
    const after = parseIdNext(q)
    rejectBeyondInt64(applicationId)
    const search = { applicationId, creator: parseCreator(creator), includeAll, limit, after }
    await sendModel(reply, searchApplications(ctx, search))
  })

  app.get<{ Params: Params }>('/v2/applications/:app', async (req, reply) => {
    const id = pathUint('application-id', req.params.app)
    const includeAll = new Query(req.query).bool('include-all') ?? false
    const record = ctx.index.state.apps.get(id)
    if (record === undefined || (record.deleted && !includeAll)) {
      throw new HttpError(404, `${ERR_NO_APPLICATIONS_FOUND}: ${id}`)
    }
    await sendModel(
      reply,
      new im.ApplicationResponse({
        currentRound: ctx.index.round,
        application: application(
          record,
          ctx.index.addresses.address(record.creator),
          ctx.chain.application(id),
        ),
      }),
    )
  })

  app.get<{ Params: Params }>('/v2/applications/:app/logs', async (req, reply) => {
    const id = pathUint('application-id', req.params.app)
    const filter = parseLogsFilter(new Query(req.query), id)
    const page = searchTransactions(ctx.index.txns, filter)
    const txns = ctx.index.txns
    const logData = page.rows.flatMap((seq) => {
      // Inner calls' logs come under the root's txid (the indexer gives inner rows that id).
      const root = txns.root(seq)
      const logs = txns.txnOf(seq, root)?.applyData.evalDelta?.logs
      return root === undefined || logs === undefined
        ? []
        : [new im.ApplicationLogData({ txid: root.txid, logs })]
    })
    await sendModel(
      reply,
      new im.ApplicationLogsResponse({
        applicationId: id,
        currentRound: ctx.index.round,
        nextToken: page.nextToken,
        logData,
      }),
    )
  })

  app.get<{ Params: Params }>('/v2/applications/:app/boxes', async (req, reply) => {
    const id = pathUint('application-id', req.params.app)
    const q = new Query(req.query)
    const limit = q.limit(LIMITS.boxes)
    const next = q.str('next')
    const include = q.list('include') ?? []
    let after: Uint8Array | undefined
    if (next !== undefined) {
      const parsed = parseBoxName(next)
      if (typeof parsed === 'string') {
        throw new HttpError(
          400,
          `SearchForApplicationBoxes received illegal next token (${next}): ${parsed}`,
        )
      }
      after = parsed
    }
    const withValues = include.includes('values')
    const names = ctx.chain
      .boxNames(id)
      .filter((name) => after === undefined || Buffer.compare(name, after) > 0)
      .sort((a, b) => Buffer.compare(a, b))
      .slice(0, limit)
    const boxes = names.map(
      (name) =>
        new im.BoxDescriptor({ name, value: withValues ? ctx.chain.box(id, name) : undefined }),
    )
    const last = names.at(-1)
    await sendModel(
      reply,
      new im.BoxesResponse({
        applicationId: id,
        boxes,
        round: ctx.index.round,
        nextToken: last === undefined ? undefined : `b64:${Buffer.from(last).toString('base64')}`,
      }),
    )
  })

  app.get<{ Params: Params }>('/v2/applications/:app/box', async (req, reply) => {
    const id = pathUint('application-id', req.params.app)
    const encoded = new Query(req.query).str('name') ?? ''
    const name = parseBoxName(encoded)
    if (typeof name === 'string') {
      throw new HttpError(
        400,
        `LookupApplicationBoxByIDAndName received illegal box name (${encoded}): ${name}`,
      )
    }
    const round = ctx.index.round
    const where = `round=${round}, appid=${id}, boxName=${encoded}`
    if (!ctx.index.state.apps.has(id)) {
      throw new HttpError(404, `${ERR_NO_APPLICATIONS_FOUND}: ${where}`)
    }
    const value = ctx.chain.box(id, name)
    if (value === undefined) throw new HttpError(404, `${ERR_NO_BOXES_FOUND}: ${where}`)
    await sendModel(reply, new im.Box({ name, value, round }))
  })
}

/** /logs parameters: a transaction search on the app's calls that logged, by sender. */
function parseLogsFilter(q: Query, appId: bigint): TxnFilter {
  const limit = q.limit(LIMITS.transactions)
  const next = q.str('next')
  const txid = q.str('txid')
  const minRound = q.uint('min-round') ?? 0n
  const maxRound = q.uint('max-round') ?? 0n
  const sender = q.str('sender-address')
  const errors: string[] = []
  const filter: TxnFilter = {
    addressRole: 0,
    limit,
    creatable: appId,
    requireLogs: true,
    matchingRows: true,
  }
  if (sender !== undefined) {
    const parsed = tryParseAddress(sender)
    if (parsed instanceof Address) {
      filter.address = parsed
      filter.addressRole = ROLE.sender
    } else {
      errors.push(`${ERR_UNABLE_TO_PARSE_ADDRESS}: ${parsed}`)
    }
  }
  if (txid !== undefined) {
    if (/^[A-Z2-7]*$/.test(txid) && ![1, 3, 6].includes(txid.length % 8)) filter.txid = txid
    else errors.push(`${ERR_UNABLE_TO_PARSE_DIGEST} 'txid': illegal base32 data`)
  }
  if (errors.length > 0) throw new HttpError(400, `invalid input: ${errors.join(', ')}`)
  if (minRound > MAX_INT64 || maxRound > MAX_INT64) errors.push(ERR_VALUE_EXCEEDING_INT64)
  if (minRound !== 0n && maxRound !== 0n && minRound > maxRound) {
    errors.push(ERR_INVALID_ROUND_MIN_MAX)
  }
  if (errors.length > 0) throw new HttpError(400, `invalid input: ${errors.join(', ')}`)
  if (minRound !== 0n) filter.minRound = Number(minRound)
  if (maxRound !== 0n) filter.maxRound = Number(maxRound)
  if (next !== undefined) filter.next = decodeTxnNext(next)
  return filter
}
