/**
 * An account's resources a page at a time (algosdk's accountAssetsInformation and
 * accountApplicationsInformation): go-algorand's AccountAssetsInformation and
 * AccountApplicationsInformation (daemon/algod/api/server/v2/handlers.go), pages ordered by id,
 * `next` the last id of the previous page.
 */
import { modelsv2 } from 'algosdk'
import type { FastifyInstance } from 'fastify'

import { HttpError } from '../http/server.js'
import type { AlgodContext } from './context.js'
import { optionalUint64, parseAddress, queryValue, type Query } from './params.js'
import { sendModel } from './respond.js'

/** go's MaxAssetResults, MaxApplicationResults (x100 without params) and their defaults. */
const MAX_ASSET_RESULTS = 1000n
const MAX_APPLICATION_RESULTS = 1000n
const MAX_APPLICATION_RESULTS_WITHOUT_PARAMS = 100_000n

type Params = { Params: { address: string }; Querystring: Query }

function parseNext(query: Query): bigint {
  const text = queryValue(query, 'next')
  if (text === undefined) return 0n
  if (!/^\d{1,20}$/.test(text) || BigInt(text) >= 1n << 64n) {
    throw new HttpError(400, `unable to parse next token: invalid syntax ${JSON.stringify(text)}`)
  }
  return BigInt(text)
}

function parseLimit(query: Query, max: bigint, kind: string): number {
  const limit = optionalUint64(query, 'limit') ?? max
  if (limit === 0n) throw new HttpError(400, 'limit parameter must be a positive integer')
  if (limit > max) {
    throw new HttpError(400, `limit ${limit} exceeds max ${kind} single batch limit ${max}`)
  }
  return Number(limit)
}

function includeValues(query: Query): string[] {
  const raw = query.include
  return (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).flatMap((v) => v.split(','))
}

/** One page of ids after `next`, and the next token when more remain. */
function page(ids: bigint[], next: bigint, limit: number): { ids: bigint[]; nextToken?: string } {
  const after = ids.filter((id) => id > next).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const shown = after.slice(0, limit)
  return after.length > limit ? { ids: shown, nextToken: String(shown.at(-1)) } : { ids: shown }
}

export function accountResourceRoutes(app: FastifyInstance, ctx: AlgodContext): void {
  const { chain } = ctx

  app.get<Params>('/v2/accounts/:address/assets', (req, reply) => {
    const address = parseAddress('address', req.params.address)
    const next = parseNext(req.query)
    const limit = parseLimit(req.query, MAX_ASSET_RESULTS, 'assets')
    const holdings = new Map(
      (chain.accountInfo(address, 'none').assets ?? []).map((h) => [h.assetId, h]),
    )
    const shown = page([...holdings.keys()], next, limit)
    return sendModel(
      reply,
      new modelsv2.AccountAssetsInformationResponse({
        round: chain.lastRound(),
        nextToken: shown.nextToken,
        assetHoldings: shown.ids.map(
          (id) =>
            new modelsv2.AccountAssetHolding({
              assetHolding: holdings.get(id)!,
              assetParams: chain.asset(id)?.params,
            }),
        ),
      }),
    )
  })

  app.get<Params>('/v2/accounts/:address/applications', (req, reply) => {
    const address = parseAddress('address', req.params.address)
    const next = parseNext(req.query)
    const withParams = includeValues(req.query).includes('params')
    const max = withParams ? MAX_APPLICATION_RESULTS : MAX_APPLICATION_RESULTS_WITHOUT_PARAMS
    const limit = parseLimit(req.query, max, 'applications')
    const info = chain.accountInfo(address, 'none')
    const locals = new Map((info.appsLocalState ?? []).map((l) => [l.id, l]))
    const created = new Map((info.createdApps ?? []).map((a) => [a.id, a]))
    const shown = page([...new Set([...locals.keys(), ...created.keys()])], next, limit)
    return sendModel(
      reply,
      new modelsv2.AccountApplicationsInformationResponse({
        round: chain.lastRound(),
        nextToken: shown.nextToken,
        applicationResources: shown.ids.map((id) => {
          // An opted-in app that was deleted since is flagged, as go flags it.
          const exists = created.has(id) || chain.application(id) !== undefined
          return new modelsv2.AccountApplicationResource({
            id,
            appLocalState: locals.get(id),
            params: withParams ? created.get(id)?.params : undefined,
            deleted: exists ? undefined : true,
          })
        }),
      }),
    )
  })
}
