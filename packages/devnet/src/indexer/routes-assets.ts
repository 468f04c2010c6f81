/**
 * GET /v2/assets, /v2/assets/{asset-id}, /v2/assets/{asset-id}/balances, and the search shared
 * with /v2/accounts/{account-id}/created-assets (api/handlers.go SearchForAssets etc.).
 */
import { Address, indexerModels as im } from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../http/server.js'
import { type IndexerContext, pageOf, sendModel } from './context.js'
import { addrKey, byAddressAfter, inCurrencyRange } from './keys.js'
import { ERR_NO_ASSETS_FOUND, ERR_UNABLE_TO_PARSE_NEXT, LIMITS } from './messages.js'
import { parseUint64, pathUint, Query, rejectBeyondInt64, tryParseAddress } from './query.js'
import { asset, miniAssetHolding } from './state-model.js'

export interface AssetSearch {
  readonly assetId?: bigint
  readonly creator?: string
  readonly name?: string
  readonly unit?: string
  readonly includeAll: boolean
  readonly limit: number
  readonly after?: bigint
}

/** `next` of the id-ordered lists: the last id returned. */
export function parseIdNext(q: Query): bigint | undefined {
  const next = q.str('next')
  if (next === undefined) return undefined
  try {
    return parseUint64('next', next)
  } catch {
    throw new HttpError(
      400,
      `${ERR_UNABLE_TO_PARSE_NEXT}: strconv.ParseUint: parsing ${JSON.stringify(next)}: invalid syntax`,
    )
  }
}

/** `next` of the address-ordered lists: the last address returned, as its key. */
export function parseAddressNext(next: string | undefined): string | undefined {
  if (next === undefined) return undefined
  const parsed = tryParseAddress(next)
  if (!(parsed instanceof Address)) throw new HttpError(400, ERR_UNABLE_TO_PARSE_NEXT)
  return addrKey(parsed)
}

/** The creator filter as an address key; the indexer's own wording when it does not parse. */
export function parseCreator(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const parsed = tryParseAddress(value)
  if (!(parsed instanceof Address)) {
    throw new HttpError(400, `unable to parse creator address: ${parsed}`)
  }
  return addrKey(parsed)
}

export function searchAssets(ctx: IndexerContext, s: AssetSearch): im.AssetsResponse {
  const state = ctx.index.state
  const creator = s.creator === undefined ? undefined : (state.addresses.find(s.creator) ?? -1)
  const ids =
    creator !== undefined
      ? [...(state.createdAssets.get(creator) ?? [])]
      : s.assetId !== undefined
        ? [s.assetId]
        : [...state.assets.keys()]
  ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const name = s.name?.toLowerCase()
  const unit = s.unit?.toLowerCase()
  const assets: im.Asset[] = []
  for (const id of ids) {
    if (assets.length >= s.limit) break
    if (s.assetId !== undefined && id !== s.assetId) continue
    if (s.after !== undefined && id <= s.after) continue
    const record = state.assets.get(id)
    if (record === undefined || (record.deleted && !s.includeAll)) continue
    const model = asset(record, state.addresses.address(record.creator), ctx.chain.asset(id), true)
    // The indexer matches names with ILIKE '%text%'.
    if (name !== undefined && !(model.params.name ?? '').toLowerCase().includes(name)) continue
    if (unit !== undefined && !(model.params.unitName ?? '').toLowerCase().includes(unit)) continue
    assets.push(model)
  }
  return new im.AssetsResponse({ ...pageOf(ctx, assets, (a) => a.index.toString()), assets })
}

interface Params {
  asset?: string
}

export function registerAssetRoutes(app: FastifyInstance, ctx: IndexerContext): void {
  app.get('/v2/assets', async (req, reply) => {
    const q = new Query(req.query)
    const includeAll = q.bool('include-all') ?? false
    const limit = q.limit(LIMITS.assets)
    const after = parseIdNext(q)
    const creator = q.str('creator')
    const name = q.str('name')
    const unit = q.str('unit')
    const assetId = q.uint('asset-id')
    rejectBeyondInt64(assetId)
    const search: AssetSearch = {
      assetId,
      creator: parseCreator(creator),
      name: name === '' ? undefined : name,
      unit: unit === '' ? undefined : unit,
      includeAll,
      limit,
      after,
    }
    await sendModel(reply, searchAssets(ctx, search))
  })

  app.get<{ Params: Params }>('/v2/assets/:asset', async (req, reply) => {
    const id = pathUint('asset-id', req.params.asset)
    const includeAll = new Query(req.query).bool('include-all') ?? false
    const record = ctx.index.state.assets.get(id)
    if (record === undefined || (record.deleted && !includeAll)) {
      throw new HttpError(404, `${ERR_NO_ASSETS_FOUND}: ${id}`)
    }
    await sendModel(
      reply,
      new im.AssetResponse({
        currentRound: ctx.index.round,
        asset: asset(
          record,
          ctx.index.addresses.address(record.creator),
          ctx.chain.asset(id),
          true,
        ),
      }),
    )
  })

  app.get<{ Params: Params }>('/v2/assets/:asset/balances', async (req, reply) => {
    const q = new Query(req.query)
    const includeAll = q.bool('include-all') ?? false
    const limit = q.limit(LIMITS.balances)
    const next = q.str('next')
    const gt = q.uint('currency-greater-than')
    const lt = q.uint('currency-less-than')
    const id = pathUint('asset-id', req.params.asset)
    const afterKey = parseAddressNext(next)
    const state = ctx.index.state
    const addresses = state.addresses
    const balances: im.MiniAssetHolding[] = []
    for (const holder of byAddressAfter(addresses, state.holders.get(id) ?? [], afterKey)) {
      if (balances.length >= limit) break
      const record = state.holdings.get(holder)?.get(id)
      if (record === undefined || (record.deleted && !includeAll)) continue
      const address = addresses.address(holder)
      const current = ctx.chain.accountAsset(address, id)?.assetHolding
      const amount = current?.amount ?? 0n
      if (!inCurrencyRange(amount, gt, lt)) continue
      balances.push(miniAssetHolding(address, current, record))
    }
    await sendModel(
      reply,
      new im.AssetBalancesResponse({ ...pageOf(ctx, balances, (b) => b.address), balances }),
    )
  })
}
