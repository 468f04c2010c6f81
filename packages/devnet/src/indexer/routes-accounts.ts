/**
 * GET /v2/accounts, /v2/accounts/{account-id} and its /assets, /created-assets,
 * /created-applications and /apps-local-state lists (api/handlers.go).
 */
import { Address, indexerModels as im } from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../http/server.js'
import { accountKnown, accountModel, excludeParts } from './account-model.js'
import { type IndexerContext, pageOf, sendModel } from './context.js'
import { addrKey, byAddressAfter, inCurrencyRange } from './keys.js'
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

/** Which of an account's resources a page lists, past `after` and up to `limit`. */
interface ResourcePage {
  readonly after: bigint | undefined
  readonly only: bigint | undefined
  readonly limit: number
  readonly includeAll: boolean
}

/**
 * The parameters of the lists by resource id, read in the order the indexer binds and checks
 * them (so the same error comes first): the id filter, include-all, limit, next.
 */
function resourceQuery(
  query: unknown,
  idParam: 'asset-id' | 'application-id',
  limits: { readonly default: number; readonly max: number },
): ResourcePage {
  const q = new Query(query)
  const only = q.uint(idParam)
  const includeAll = q.bool('include-all') ?? false
  const limit = q.limit(limits)
  const after = parseIdNext(q)
  rejectBeyondInt64(only)
  return { after, only, limit, includeAll }
}

/**
 * One page of an account's resources (holdings or local states), by id: those it has now
 * (`live`, from algod's view of the account) and, with include-all, those it had (`history`).
 */
function resourcePage<Live, Past, Model>(
  live: ReadonlyMap<bigint, Live>,
  history: ReadonlyMap<bigint, Past> | undefined,
  page: ResourcePage,
  model: (id: bigint, current: Live | undefined, past: Past | undefined) => Model,
): Model[] {
  const { after, only, limit, includeAll } = page
  const ids = [...new Set([...live.keys(), ...(history?.keys() ?? [])])]
    .filter((id) => (after === undefined || id > after) && (only === undefined || id === only))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const models: Model[] = []
  for (const id of ids) {
    if (models.length >= limit) break
    const current = live.get(id)
    if (current === undefined && !includeAll) continue
    models.push(model(id, current, history?.get(id)))
  }
  return models
}

export function registerAccountRoutes(app: FastifyInstance, ctx: IndexerContext): void {
  const state = ctx.index.state
  /** What the index remembers of an account's resources, by its address key. */
  const historyOf = <V>(byAccount: ReadonlyMap<number, V>, key: string): V | undefined => {
    const id = state.addresses.find(key)
    return id === undefined ? undefined : byAccount.get(id)
  }

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
    const accounts: im.Account[] = []
    for (const id of byAddressAfter(addresses, pool, afterKey)) {
      if (accounts.length >= limit) break
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
        if (!inCurrencyRange(amount, gt, lt)) continue
      }
      accounts.push(accountModel(ctx, id, info, parts, includeAll))
    }
    await sendModel(
      reply,
      new im.AccountsResponse({ ...pageOf(ctx, accounts, (a) => a.address), accounts }),
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
    const info = ctx.chain.accountInfo(address, 'none')
    const live = new Map((info.assets ?? []).map((h) => [h.assetId, h]))
    const history = historyOf(state.holdings, key)
    const assets = resourcePage(
      live,
      history,
      { after, only: assetId, limit, includeAll },
      assetHolding,
    )
    await sendModel(
      reply,
      new im.AssetHoldingsResponse({
        ...pageOf(ctx, assets, (h) => h.assetId.toString()),
        assets,
      }),
    )
  })

  app.get<{ Params: Params }>('/v2/accounts/:account/created-assets', async (req, reply) => {
    const page = resourceQuery(req.query, 'asset-id', LIMITS.assets)
    const creator = parseCreator(req.params.account ?? '')
    await sendModel(reply, searchAssets(ctx, { ...page, assetId: page.only, creator }))
  })

  app.get<{ Params: Params }>('/v2/accounts/:account/created-applications', async (req, reply) => {
    const page = resourceQuery(req.query, 'application-id', LIMITS.applications)
    const creator = parseCreator(req.params.account ?? '')
    await sendModel(reply, searchApplications(ctx, { ...page, applicationId: page.only, creator }))
  })

  app.get<{ Params: Params }>('/v2/accounts/:account/apps-local-state', async (req, reply) => {
    const page = resourceQuery(req.query, 'application-id', LIMITS.applications)
    const address = req.params.account ?? ''
    const key = parseCreator(address) ?? ''
    const info = ctx.chain.accountInfo(address, 'none')
    const live = new Map((info.appsLocalState ?? []).map((l) => [l.id, l]))
    const history = historyOf(state.localStates, key)
    const appsLocalStates = resourcePage(live, history, page, localState)
    await sendModel(
      reply,
      new im.ApplicationLocalStatesResponse({
        ...pageOf(ctx, appsLocalStates, (l) => l.id.toString()),
        appsLocalStates,
      }),
    )
  })
}
