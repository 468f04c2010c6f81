/**
 * algod's REST models of ledger records, filled as go-algorand's daemon/algod/api/server/v2
 * account.go fills them (`AccountDataToAccount`, `AssetParamsToAsset`, `AppParamsToApplication`,
 * `AppLocalState`): lists sorted by id, state sorted by raw key, optional fields omitted when
 * empty.
 */
import { encodeAddress, type StackValue } from '@unica/avm'
import { modelsv2 } from 'algosdk'
import type { CommittedState } from './committed.js'
import { isZero, keyAddr, keyBytes } from './keys.js'
import { minBalance } from './min-balance.js'
import type { LedgerProtocol } from './protocol.js'
import {
  AccountStatus,
  EMPTY_ACCOUNT,
  type AccountData,
  type AppRecord,
  type AssetRecord,
  type Holding,
  type LocalState,
} from './state.js'

const STATUS = ['Offline', 'Online', 'Not Participating'] as const

const byId = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0)

const orUndefined = <T>(v: T, empty: boolean): T | undefined => (empty ? undefined : v)

/** go's printableUTF8OrEmpty: the text if it is printable UTF-8, else nothing. */
function printable(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return undefined
  let s: string
  try {
    s = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
  return /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]*$/u.test(s) ? s : undefined
}

const address = (b: Uint8Array): string | undefined => (isZero(b) ? undefined : encodeAddress(b))

function tealKeyValues(kv: ReadonlyMap<string, StackValue>): modelsv2.TealKeyValue[] | undefined {
  if (kv.size === 0) return undefined
  return [...kv.keys()]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => {
      const v = kv.get(k)!
      return new modelsv2.TealKeyValue({
        key: keyBytes(k),
        value:
          typeof v === 'bigint'
            ? new modelsv2.TealValue({ type: 2, uint: v, bytes: new Uint8Array(0) })
            : new modelsv2.TealValue({ type: 1, uint: 0n, bytes: v }),
      })
    })
}

const schema = (uints: number, bytes: number): modelsv2.ApplicationStateSchema =>
  new modelsv2.ApplicationStateSchema({ numUint: uints, numByteSlice: bytes })

export function assetParams(a: AssetRecord): modelsv2.AssetParams {
  return new modelsv2.AssetParams({
    creator: encodeAddress(a.creator),
    total: a.total,
    decimals: a.decimals,
    defaultFrozen: a.defaultFrozen,
    name: printable(a.name),
    nameB64: orUndefined(a.name, a.name.length === 0),
    unitName: printable(a.unitName),
    unitNameB64: orUndefined(a.unitName, a.unitName.length === 0),
    url: printable(a.url),
    urlB64: orUndefined(a.url, a.url.length === 0),
    clawback: address(a.clawback),
    freeze: address(a.freeze),
    manager: address(a.manager),
    reserve: address(a.reserve),
    metadataHash: a.metadataHash.length === 0 ? undefined : a.metadataHash,
  })
}

export const assetModel = (id: bigint, a: AssetRecord): modelsv2.Asset =>
  new modelsv2.Asset({ index: id, params: assetParams(a) })

export function appParams(a: AppRecord): modelsv2.ApplicationParams {
  return new modelsv2.ApplicationParams({
    creator: encodeAddress(a.creator),
    approvalProgram: a.approval,
    clearStateProgram: a.clear,
    extraProgramPages: a.extraPages === 0 ? undefined : a.extraPages,
    globalState: tealKeyValues(a.kv),
    localStateSchema: schema(a.localSchema.uints, a.localSchema.bytes),
    globalStateSchema: schema(a.globalSchema.uints, a.globalSchema.bytes),
    version: a.version === 0n ? undefined : a.version,
  })
}

export const appModel = (id: bigint, a: AppRecord): modelsv2.Application =>
  new modelsv2.Application({ id, params: appParams(a) })

export const localStateModel = (id: bigint, l: LocalState): modelsv2.ApplicationLocalState =>
  new modelsv2.ApplicationLocalState({
    id,
    schema: schema(l.schema.uints, l.schema.bytes),
    keyValue: tealKeyValues(l.kv),
  })

export const holdingModel = (id: bigint, h: Holding): modelsv2.AssetHolding =>
  new modelsv2.AssetHolding({ assetId: id, amount: h.amount, isFrozen: h.frozen })

function participation(a: AccountData): modelsv2.AccountParticipation | undefined {
  const p = a.participation
  if (p === undefined) return undefined
  return new modelsv2.AccountParticipation({
    voteParticipationKey: p.votePk,
    selectionParticipationKey: p.selectionPk,
    voteFirstValid: p.voteFirst,
    voteLastValid: p.voteLast,
    voteKeyDilution: p.voteKeyDilution,
    stateProofKey: isZero(p.stateProofPk) ? undefined : p.stateProofPk,
  })
}

/** GET /v2/accounts/{address}: everything, or with exclude=all the record alone. */
export function accountModel(
  state: CommittedState,
  key: string,
  round: bigint,
  proto: LedgerProtocol,
  exclude: 'all' | 'none',
): modelsv2.Account {
  const a = state.account(key) ?? EMPTY_ACCOUNT
  const common = {
    address: encodeAddress(keyAddr(key)),
    amount: a.balance,
    amountWithoutPendingRewards: a.balance,
    minBalance: minBalance(a, proto),
    pendingRewards: 0n,
    rewards: 0n,
    rewardBase: 0n,
    round,
    status: STATUS[a.status] ?? STATUS[AccountStatus.Offline],
    participation: participation(a),
    incentiveEligible: a.incentiveEligible ? true : undefined,
    authAddr: a.authAddr === undefined ? undefined : encodeAddress(a.authAddr),
    appsTotalSchema: schema(a.schemaUints, a.schemaBytes),
    appsTotalExtraPages: a.extraPages === 0 ? undefined : a.extraPages,
    totalBoxes: a.totalBoxes === 0 ? undefined : a.totalBoxes,
    totalBoxBytes: a.totalBoxBytes === 0 ? undefined : a.totalBoxBytes,
  }
  if (exclude === 'all') {
    return new modelsv2.Account({
      ...common,
      totalAppsOptedIn: a.totalAppLocalStates,
      totalAssetsOptedIn: a.totalAssets,
      totalCreatedApps: a.totalAppParams,
      totalCreatedAssets: a.totalAssetParams,
    })
  }
  const holdings = [...(state.holdings.get(key) ?? new Map<bigint, Holding>())]
    .sort(([x], [y]) => byId(x, y))
    .map(([id, h]) => holdingModel(id, h))
  const locals = [...(state.locals.get(key) ?? new Map<bigint, LocalState>())]
    .sort(([x], [y]) => byId(x, y))
    .map(([id, l]) => localStateModel(id, l))
  const createdAssets = [...(state.createdAssets.get(key) ?? [])].sort(byId).flatMap((id) => {
    const rec = state.asset(id)
    return rec === undefined ? [] : [assetModel(id, rec)]
  })
  const createdApps = [...(state.createdApps.get(key) ?? [])].sort(byId).flatMap((id) => {
    const rec = state.app(id)
    return rec === undefined ? [] : [appModel(id, rec)]
  })
  return new modelsv2.Account({
    ...common,
    assets: holdings,
    totalAssetsOptedIn: holdings.length,
    appsLocalState: locals,
    totalAppsOptedIn: locals.length,
    createdAssets,
    totalCreatedAssets: createdAssets.length,
    createdApps,
    totalCreatedApps: createdApps.length,
  })
}
