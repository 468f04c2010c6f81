/**
 * An account as indexer v2 returns it: the chain's current state (algod's Account) with the
 * indexer's lifetime rounds on the account and on each of its resources, deleted resources
 * included on request (`include-all`), resource lists left out on request (`exclude`).
 */
import { indexerModels as im, type modelsv2 } from 'algosdk'
import { HttpError } from '../http/server.js'
import type { IndexerContext } from './context.js'
import { ERR_RESULT_LIMIT_REACHED, MAX_API_RESOURCES_PER_ACCOUNT } from './messages.js'
import type { CreatableRecord, Lifetime } from './state-index.js'
import {
  application,
  asset,
  assetHolding,
  localState,
  participation,
  stateSchema,
} from './state-model.js'

export interface AccountParts {
  assets: boolean
  createdAssets: boolean
  appsLocalState: boolean
  createdApps: boolean
}

const ALL_PARTS: AccountParts = {
  assets: true,
  createdAssets: true,
  appsLocalState: true,
  createdApps: true,
}

/** The `exclude` parameter (api/handlers.go setExcludeQueryOptions). */
export function excludeParts(values: readonly string[] | undefined): AccountParts {
  const parts = { ...ALL_PARTS }
  for (const value of values ?? []) {
    switch (value) {
      case 'all':
        parts.assets = parts.createdAssets = parts.appsLocalState = parts.createdApps = false
        break
      case 'assets':
        parts.assets = false
        break
      case 'created-assets':
        parts.createdAssets = false
        break
      case 'apps-local-state':
        parts.appsLocalState = false
        break
      case 'created-apps':
        parts.createdApps = false
        break
      case 'none':
        break
      default:
        throw new HttpError(400, `unknown value "${value}": invalid exclude argument`)
    }
  }
  return parts
}

function byId<T>(items: T[], id: (item: T) => bigint): T[] {
  return items.sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0))
}

/** Ids of deleted resources the chain no longer shows, for `include-all`. */
function deletedIds(lifetimes: Map<bigint, { deleted: boolean }> | undefined, live: Set<bigint>) {
  return [...(lifetimes ?? [])].filter(([id, l]) => l.deleted && !live.has(id)).map(([id]) => id)
}

/** Whether the account exists for the indexer: seen on chain, or holding algos since genesis. */
export function accountKnown(record: Lifetime | undefined, info: modelsv2.Account): boolean {
  return record !== undefined || info.amount > 0n
}

/** The account with address number `id` (its current state in `info`). */
export function accountModel(
  ctx: IndexerContext,
  id: number,
  info: modelsv2.Account,
  parts: AccountParts,
  includeAll: boolean,
): im.Account {
  const state = ctx.index.state
  const record = state.account(id)
  const holdings = state.holdings.get(id)
  const locals = state.localStates.get(id)
  const address = info.address
  const fallback = (creatable: bigint): CreatableRecord => ({
    id: creatable,
    creator: id,
    created: 0,
    deleted: false,
    provisional: false,
  })

  const assets = parts.assets
    ? (() => {
        const live = new Set((info.assets ?? []).map((h) => h.assetId))
        const out = (info.assets ?? []).map((h) =>
          assetHolding(h.assetId, h, holdings?.get(h.assetId)),
        )
        if (includeAll) {
          for (const asset of deletedIds(holdings, live)) {
            out.push(assetHolding(asset, undefined, holdings?.get(asset)))
          }
        }
        return byId(out, (h) => h.assetId)
      })()
    : undefined

  const createdAssets = parts.createdAssets
    ? (() => {
        const live = new Set((info.createdAssets ?? []).map((a) => a.index))
        const out = (info.createdAssets ?? []).map((a) =>
          asset(state.assets.get(a.index) ?? fallback(a.index), address, a, false),
        )
        if (includeAll) {
          for (const created of state.createdAssets.get(id) ?? []) {
            const r = state.assets.get(created)
            if (r !== undefined && r.deleted && !live.has(created)) {
              out.push(asset(r, address, undefined, false))
            }
          }
        }
        return byId(out, (a) => a.index)
      })()
    : undefined

  const appsLocalState = parts.appsLocalState
    ? (() => {
        const live = new Set((info.appsLocalState ?? []).map((l) => l.id))
        const out = (info.appsLocalState ?? []).map((l) => localState(l.id, l, locals?.get(l.id)))
        if (includeAll) {
          for (const app of deletedIds(locals, live)) {
            out.push(localState(app, undefined, locals?.get(app)))
          }
        }
        return byId(out, (l) => l.id)
      })()
    : undefined

  const createdApps = parts.createdApps
    ? (() => {
        const live = new Set((info.createdApps ?? []).map((a) => a.id))
        const out = (info.createdApps ?? []).map((a) =>
          application(state.apps.get(a.id) ?? fallback(a.id), address, a),
        )
        if (includeAll) {
          for (const created of state.createdApps.get(id) ?? []) {
            const r = state.apps.get(created)
            if (r !== undefined && r.deleted && !live.has(created)) {
              out.push(application(r, address, undefined))
            }
          }
        }
        return byId(out, (a) => a.id)
      })()
    : undefined

  const resources =
    (assets?.length ?? 0) +
    (createdAssets?.length ?? 0) +
    (appsLocalState?.length ?? 0) +
    (createdApps?.length ?? 0)
  if (resources > MAX_API_RESOURCES_PER_ACCOUNT) {
    // The indexer refuses such lookups unless resources are excluded (handlers.go).
    throw new HttpError(400, ERR_RESULT_LIMIT_REACHED)
  }

  return new im.Account({
    address,
    amount: info.amount,
    amountWithoutPendingRewards: info.amountWithoutPendingRewards,
    minBalance: info.minBalance,
    pendingRewards: info.pendingRewards,
    rewards: info.rewards,
    round: ctx.index.round,
    status: info.status,
    totalAppsOptedIn: info.totalAppsOptedIn,
    totalAssetsOptedIn: info.totalAssetsOptedIn,
    totalBoxBytes: info.totalBoxBytes ?? 0,
    totalBoxes: info.totalBoxes ?? 0,
    totalCreatedApps: info.totalCreatedApps,
    totalCreatedAssets: info.totalCreatedAssets,
    appsTotalExtraPages: info.appsTotalExtraPages,
    appsTotalSchema: stateSchema(info.appsTotalSchema),
    authAddr: info.authAddr,
    incentiveEligible: info.incentiveEligible,
    lastHeartbeat: info.lastHeartbeat,
    lastProposed: info.lastProposed,
    participation: participation(info.participation),
    rewardBase: info.rewardBase,
    sigType: record?.sigType ?? info.sigType,
    createdAtRound: record?.created ?? 0,
    closedAtRound: record?.closed,
    deleted: record?.deleted ?? false,
    assets,
    createdAssets,
    appsLocalState,
    createdApps,
  })
}
