/**
 * Ledger state routes: the supply, accounts (with `exclude`), an account's asset holding and app local state,
 * applications, their boxes, and assets. Texts follow go-algorand's
 * daemon/algod/api/server/v2/{handlers.go,errors.go}.
 */
import { modelsv2 } from 'algosdk'
import type { FastifyInstance } from 'fastify'

import { HttpError } from '../http/server.js'
import type { AlgodContext } from './context.js'
import {
  optionalUint64,
  parseAddress,
  parseAppCallBytes,
  parseFormat,
  parseUint64,
  queryValue,
  type Query,
} from './params.js'
import { sendModel } from './respond.js'
import { ACCOUNT, ACCOUNT_WITHOUT_RESOURCES } from './shapes.js'

/** algod's default MaxAPIBoxPerApplication (config/local_defaults). */
const MAX_API_BOX_PER_APPLICATION = 100_000n

type AccountParams = { Params: { address: string }; Querystring: Query }
type AccountResourceParams = { Params: { address: string; id: string }; Querystring: Query }
type IdParams = { Params: { id: string }; Querystring: Query }

/** `exclude` as AccountInformation reads it: `all`, `none`, or nothing. */
function parseExclude(query: Query): 'all' | 'none' {
  const raw = query.exclude
  const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
  if (values.length === 0) return 'none'
  if (values.length === 1 && values[0] === 'all') return 'all'
  if (values.length === 1 && (values[0] === 'none' || values[0] === '')) return 'none'
  // created-apps-params / created-assets-params are newer algod options we do not serve.
  throw new HttpError(400, 'failed to parse exclude')
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i]
  return a.length - b.length
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  return prefix.length <= bytes.length && prefix.every((b, i) => bytes[i] === b)
}

function boxes(ctx: AlgodContext, appId: bigint, query: Query): modelsv2.BoxesResponse {
  const names = [...ctx.chain.boxNames(appId)].sort(compareBytes)
  const lastRound = ctx.chain.lastRound()
  const max = optionalUint64(query, 'max') ?? 0n
  const limit = optionalUint64(query, 'limit') ?? 0n
  const next = queryValue(query, 'next')
  const prefix = queryValue(query, 'prefix')
  const includeValues = (queryValue(query, 'include') ?? '').split(',').includes('values')
  const round = optionalUint64(query, 'round')

  // Without pagination parameters algod keeps its original answer: every name, or an error
  // when there are more than `max` (or than its own limit).
  if (limit === 0n && next === undefined && !includeValues && !prefix && round === undefined) {
    const allowed =
      max === 0n || max > MAX_API_BOX_PER_APPLICATION ? MAX_API_BOX_PER_APPLICATION : max
    if (BigInt(names.length) > allowed) throw new HttpError(400, 'Result limit exceeded')
    return new modelsv2.BoxesResponse({
      boxes: names.map((name) => new modelsv2.BoxDescriptor({ name })),
    })
  }

  if (round !== undefined && round > lastRound) {
    throw new HttpError(400, 'given round is greater than the latest round')
  }
  // Only the latest state is kept, so an older round (a page pinned before a new block) is gone.
  if (round !== undefined && round < lastRound) {
    throw new HttpError(400, 'given round is no longer available; use a more recent round')
  }
  const pageSize =
    limit === 0n || limit > MAX_API_BOX_PER_APPLICATION ? MAX_API_BOX_PER_APPLICATION : limit
  const after = next ? boxToken(next, 'invalid next token: ') : undefined
  const wanted = prefix ? boxToken(prefix, 'invalid prefix: ') : new Uint8Array(0)
  const matching = names.filter(
    (name) => startsWith(name, wanted) && (after === undefined || compareBytes(name, after) > 0),
  )
  const page = matching.slice(0, Number(pageSize))
  const more = matching.length > page.length
  const last = page.at(-1)
  return new modelsv2.BoxesResponse({
    boxes: page.map(
      (name) =>
        new modelsv2.BoxDescriptor({
          name,
          value: includeValues ? ctx.chain.box(appId, name) : undefined,
        }),
    ),
    nextToken: more && last ? `b64:${Buffer.from(last).toString('base64')}` : undefined,
    round: lastRound,
  })
}

function boxToken(text: string, context: string): Uint8Array {
  try {
    return parseAppCallBytes(text)
  } catch (e) {
    throw new HttpError(400, context + (e instanceof Error ? e.message : String(e)))
  }
}

export function ledgerRoutes(app: FastifyInstance, ctx: AlgodContext): void {
  const { chain } = ctx

  app.get<AccountParams>('/v2/accounts/:address', (req, reply) => {
    const address = parseAddress('address', req.params.address)
    const format = parseFormat(req.query)
    const exclude = parseExclude(req.query)
    const shape = exclude === 'all' ? ACCOUNT_WITHOUT_RESOURCES : ACCOUNT
    return sendModel(reply, chain.accountInfo(address, exclude), format, shape)
  })

  // One account's holding of an asset, or its local state in an app (AccountAssetInformation,
  // AccountApplicationInformation): the same checks in the same order, then a 404 if absent.
  const resources = [
    [
      'assets',
      'asset-id',
      (a: string, id: bigint) => chain.accountAsset(a, id),
      'account asset info not found',
    ],
    [
      'applications',
      'application-id',
      (a: string, id: bigint) => chain.accountApplication(a, id),
      'account application info not found',
    ],
  ] as const
  for (const [path, idName, lookup, notFound] of resources) {
    app.get<AccountResourceParams>(`/v2/accounts/:address/${path}/:id`, (req, reply) => {
      const address = parseAddress('address', req.params.address)
      const id = parseUint64(idName, req.params.id)
      const format = parseFormat(req.query)
      const found = lookup(address, id)
      if (!found) throw new HttpError(404, notFound)
      return sendModel(reply, found, format)
    })
  }

  app.get<IdParams>('/v2/applications/:id', (req, reply) => {
    const application = chain.application(parseUint64('application-id', req.params.id))
    if (!application) throw new HttpError(404, 'application does not exist')
    return sendModel(reply, application)
  })

  app.get<IdParams>('/v2/applications/:id/boxes', (req, reply) => {
    const appId = parseUint64('application-id', req.params.id)
    return sendModel(reply, boxes(ctx, appId, req.query))
  })

  app.get<IdParams>('/v2/applications/:id/box', (req, reply) => {
    const appId = parseUint64('application-id', req.params.id)
    const encoded = queryValue(req.query, 'name')
    if (encoded === undefined) {
      throw new HttpError(400, 'Query argument name is required, but not found')
    }
    const name = parseAppCallBytes(encoded)
    const value = chain.box(appId, name)
    if (!value) throw new HttpError(404, 'box not found')
    return sendModel(reply, new modelsv2.Box({ name, round: chain.lastRound(), value }))
  })

  app.get('/v2/ledger/supply', (_req, reply) => sendModel(reply, chain.supply()))

  app.get<IdParams>('/v2/assets/:id', (req, reply) => {
    const asset = chain.asset(parseUint64('asset-id', req.params.id))
    if (!asset) throw new HttpError(404, 'asset does not exist')
    return sendModel(reply, asset)
  })
}
