/**
 * GET /v2/accounts, /v2/accounts/{account-id} and its /assets, /created-assets,
 * /created-applications and /apps-local-state lists (api/handlers.go).
 */
import { Address, indexerModels as im } from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../http/server.js'
import { accountKnown, accountModel, excludeParts } from './account-model.js'
import { type IndexerContext, sendModel } from './context.js'
import { addrKey, compareKeys } from './keys.js'
import {
  ERR_MULTI_ACCT_REWIND,
  ERR_NO_ACCOUNTS_FOUND,
  ERR_ONLINE_ONLY_DELETED,
  ERR_REWINDING_ACCOUNT,
  ERR_VALUE_EXCEEDING_INT64,
  LIMITS,
  MAX_INT64,
} from './messages.js'
import { parseAddress, Query, rejectBeyondInt64, tryParseAddress } from './query.js'
import { parseAddressNext, parseCreator, parseIdNext, searchAssets } from './routes-assets.js'
import { searchApplications } from './routes-applications.js'
import { assetHolding, localState } from './state-model.js'

interface Params {
  account?: string
}

function byIdAfter(ids: Iterable<bigint>, after: bigint | undefined, only?: bigint): bigint[] {
  return [...ids]
    .filter((id) => (after === undefined || id > after) && (only === undefined || id === only))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

export function registerAccountRoutes(app: FastifyInstance, ctx: IndexerContext): void {
  const state = ctx.index.state

  app.get('/v2/accounts', async (req, reply) => {
    const q = new Query(req.query)
    const assetId = q.uint('asset-id')
    const limit = q.limit(LIMITS.accounts)
    const next = q.str('next')
    const gt = q.uint('currency-greater-than')
    const includeAll = q.bool('include-all') ?? false
    const parts = excludeParts(q.list('exclude'))
    const lt = q.uint('currency-less-than')
    const authAddr = q.str('auth-addr')
    const round = q.uint('round')
    const applicationId = q.uint('application-id')
    const onlineOnly = q.bool('online-only') ?? false
    rejectBeyondInt64(assetId, applicationId, round)
    if (round !== undefined) throw new HttpError(400, ERR_MULTI_ACCT_REWIND)
    if (onlineOnly && includeAll) throw new HttpError(400, ERR_ONLINE_ONLY_DELETED)
    let auth: string | undefined
    if (authAddr !== undefined) {
      const parsed = tryParseAddress(authAddr)
      if (!(parsed instanceof Address)) {
        throw new HttpError(400, `unable to parse auth addr: ${parsed}`)
      }
      auth = parsed.toString()
    }
    const afterKey = parseAddressNext(next)
    const addresses = state.addresses
    const pool =
      assetId !== undefined && assetId !== 0n
        ? (state.holders.get(assetId) ?? new Set<number>())
        : applicationId !== undefined && applicationId !== 0n
          ? (state.optedIn.get(applicationId) ?? new Set<number>())
          : state.accountIds()
    // Ordered by address bytes, as the indexer orders its account rows.
    const candidates = [...pool]
      .map((id) => ({ id, key: addresses.key(id) }))
      .sort((a, b) => compareKeys(a.key, b.key))
    const accounts: im.Account[] = []
    for (const { id, key } of candidates) {
      if (accounts.length >= limit) break
      if (afterKey !== undefined && key <= afterKey) continue
      const record = state.account(id)
      if (record === undefined || (record.deleted && !includeAll)) continue
      if (assetId !== undefined && assetId !== 0n) {
        const holding = state.holdings.get(id)?.get(assetId)
        if (holding === undefined || (holding.deleted && !includeAll)) continue
      }
      if (applicationId !== undefined && applicationId !== 0n) {
        const local = state.localStates.get(id)?.get(applicationId)
        if (local === undefined || (local.deleted && !includeAll)) continue
      }
      const address = addresses.address(id)
      const info = ctx.chain.accountInfo(address, 'none')
      if (onlineOnly && info.status !== 'Online') continue
      if (auth !== undefined && info.authAddr?.toString() !== auth) continue
      if (gt !== undefined || lt !== undefined) {
        // Amounts are the asset's when searching holders of an asset, algos otherwise.
        const amount =
          assetId !== undefined && assetId !== 0n
            ? (info.assets?.find((h) => h.assetId === assetId)?.amount ?? 0n)
            : info.amount
        if ((gt !== undefined && !(amount > gt)) || (lt !== undefined && !(amount < lt))) continue
      }
      accounts.push(accountModel(ctx, id, info, parts, includeAll))
    }
    const last = accounts.at(-1)
    await sendModel(
      reply,
      new im.AccountsResponse({
        currentRound: ctx.index.round,
        nextToken: last?.address,
        accounts,
      }),
    )
  })

  app.get<{ Params: Params }>('/v2/accounts/:account', async (req, reply) => {
    const q = new Query(req.query)
    const round = q.uint('round')
    const includeAll = q.bool('include-all') ?? false
    const excluded = q.list('exclude')
    if (round !== undefined && round > MAX_INT64)
      throw new HttpError(404, ERR_VALUE_EXCEEDING_INT64)
    const address = req.params.account ?? ''
    const key = addrKey(parseAddress(address))
    const parts = excludeParts(excluded)
    const current = ctx.index.round
    if (round !== undefined && round !== current) {
      // The indexer rewinds accounts through their history; this one keeps only the present.
      const why =
        round > current
          ? `the requested round ${round} > the current round ${current}`
          : `rewinding to round ${round} is not supported by the devnet indexer (current round ${current})`
      throw new HttpError(400, `${ERR_REWINDING_ACCOUNT}: ${why}`)
    }
    const info = ctx.chain.accountInfo(address, 'none')
    const id = state.addresses.find(key)
    const record = id === undefined ? undefined : state.account(id)
    if (!accountKnown(record, info) || (record?.deleted === true && !includeAll)) {
      throw new HttpError(404, `${ERR_NO_ACCOUNTS_FOUND}: ${address}`)
    }
    // An account holding algos since genesis that no transaction touched yet gets a number now.
    const account = accountModel(ctx, id ?? state.addresses.id(key), info, parts, includeAll)
    await sendModel(reply, new im.AccountResponse({ currentRound: current, account }))
  })

  app.get<{ Params: Params }>('/v2/accounts/:account/assets', async (req, reply) => {
    const q = new Query(req.query)
    const assetId = q.uint('asset-id')
    const includeAll = q.bool('include-all') ?? false
    const limit = q.limit(LIMITS.balances)
    rejectBeyondInt64(assetId)
    const address = req.params.account ?? ''
    const key = addrKey(parseAddress(address))
    const after = parseIdNext(q)
    const id = state.addresses.find(key)
    const holdings = id === undefined ? undefined : state.holdings.get(id)
    const info = ctx.chain.accountInfo(address, 'none')
    const live = new Map((info.assets ?? []).map((h) => [h.assetId, h]))
    const ids = byIdAfter(new Set([...live.keys(), ...(holdings?.keys() ?? [])]), after, assetId)
    const assets: im.AssetHolding[] = []
    for (const asset of ids) {
      if (assets.length >= limit) break
      const current = live.get(asset)
      if (current === undefined && !includeAll) continue
      assets.push(assetHolding(asset, current, holdings?.get(asset)))
    }
    const last = assets.at(-1)
    await sendModel(
      reply,
      new im.AssetHoldingsResponse({
        currentRound: ctx.index.round,
        nextToken: last?.assetId.toString(),
        assets,
      }),
    )
  })

  app.get<{ Params: Params }>('/v2/accounts/:account/created-assets', async (req, reply) => {
    const q = new Query(req.query)
    const assetId = q.uint('asset-id')
    const includeAll = q.bool('include-all') ?? false
    const limit = q.limit(LIMITS.assets)
    const after = parseIdNext(q)
    rejectBeyondInt64(assetId)
    const creator = parseCreator(req.params.account ?? '')
    await sendModel(reply, searchAssets(ctx, { assetId, creator, includeAll, limit, after }))
  })

  app.get<{ Params: Params }>('/v2/accounts/:account/created-applications', async (req, reply) => {
    const q = new Query(req.query)
    const applicationId = q.uint('application-id')
    const includeAll = q.bool('include-all') ?? false
    const limit = q.limit(LIMITS.applications)
    const after = parseIdNext(q)
    rejectBeyondInt64(applicationId)
    const creator = parseCreator(req.params.account ?? '')
    const search = { applicationId, creator, includeAll, limit, after }
    await sendModel(reply, searchApplications(ctx, search))
  })

  app.get<{ Params: Params }>('/v2/accounts/:account/apps-local-state', async (req, reply) => {
    const q = new Query(req.query)
    const applicationId = q.uint('application-id')
    const includeAll = q.bool('include-all') ?? false
    const limit = q.limit(LIMITS.applications)
    const after = parseIdNext(q)
    rejectBeyondInt64(applicationId)
    const address = req.params.account ?? ''
    const key = parseCreator(address) ?? ''
    const id = state.addresses.find(key)
    const locals = id === undefined ? undefined : state.localStates.get(id)
    const info = ctx.chain.accountInfo(address, 'none')
    const live = new Map((info.appsLocalState ?? []).map((l) => [l.id, l]))
    const ids = byIdAfter(
      new Set([...live.keys(), ...(locals?.keys() ?? [])]),
      after,
      applicationId,
    )
    const appsLocalStates: im.ApplicationLocalState[] = []
    for (const app of ids) {
      if (appsLocalStates.length >= limit) break
      const current = live.get(app)
      if (current === undefined && !includeAll) continue
      appsLocalStates.push(localState(app, current, locals?.get(app)))
    }
    const last = appsLocalStates.at(-1)
    await sendModel(
      reply,
      new im.ApplicationLocalStatesResponse({
        currentRound: ctx.index.round,
        nextToken: last?.id.toString(),
        appsLocalStates,
      }),
    )
  })
}
