/**
 * Application state and account/asset/app lookups: balance, min_balance, app_opted_in, the
 * app_local_* and app_global_* ops, asset_holding_get, asset_params_get, app_params_get,
 * acct_params_get, voter_params_get, online_stake and log (go-algorand eval.go).
 *
 * Argument resolution and availability live in references.ts / resources.ts. The ledger does not
 * refuse reads of absent storage, so the checks go-algorand's ledger makes (opt-in, app
 * existence) are made here, with the real ledger's messages; writes go to the ledger and are
 * recorded in the context's deltas as go's EvalDelta records them.
 */
import {
  ACCT_PARAMS_FIELDS,
  APP_PARAMS_FIELDS,
  ASSET_HOLDING_FIELDS,
  ASSET_PARAMS_FIELDS,
  VOTER_PARAMS_FIELDS,
  type FieldGroup,
  type FieldSpec,
} from '../../spec/fields.js'
import { SHARED_RESOURCES_VERSION } from '../../spec/versions.js'
import type { AccountInfo } from '../../ledger.js'
import type { EvalContext, StateWrite } from '../context.js'
import { fail } from '../errors.js'
import type { OpFamily } from '../handler.js'
import {
  accountReference,
  appReference,
  assetReference,
  holdingReference,
  localsReference,
  mutableAccountReference,
} from '../references.js'
import { allowsLocals, appAddress, ledgerOf, showAddress, toHex, viaHost } from '../resources.js'
import { boolToUint, bytesEqual, type StackValue } from '../value.js'

/** The field an op's immediate selects, if this program version has it. */
function fieldOf(cx: EvalContext, group: FieldGroup, op: string): FieldSpec {
  const n = cx.imm(0)
  const fs = group.fields.at(n)
  if (fs === undefined || fs.version > cx.version) fail(`invalid ${op} field ${n}`)
  return fs
}

const sameValue = (a: StackValue, b: StackValue): boolean =>
  typeof a === 'bigint' ? a === b : typeof b !== 'bigint' && bytesEqual(a, b)

// ---- local and global state ----

/** go's ledger refuses to touch the local state of an account that has not opted in. */
function readLocal(cx: EvalContext, addr: Uint8Array, app: bigint, key: Uint8Array) {
  const ledger = ledgerOf(cx)
  if (!viaHost(() => ledger.optedIn(addr, app))) {
    fail(`cannot fetch key, ${showAddress(addr)} has not opted in to app ${app}`)
  }
  return viaHost(() => ledger.getLocal(addr, app, key))
}

function readGlobal(cx: EvalContext, app: bigint, key: Uint8Array) {
  const ledger = ledgerOf(cx)
  if (viaHost(() => ledger.appParams(app)) === undefined) fail(`app ${app} does not exist`)
  return viaHost(() => ledger.getGlobal(app, key))
}

function checkKey(cx: EvalContext, key: Uint8Array): void {
  const max = cx.ep.proto.maxAppKeyLen
  if (key.length > max) fail(`key too long: length was ${key.length}, maximum is ${max}`)
}

/** Value limits (also the ledger's). The key+value rule came with consensus v28, not with a
 * program version, so every version sees it. */
function checkValue(cx: EvalContext, key: Uint8Array, value: StackValue): void {
  if (typeof value === 'bigint') return
  const { maxAppBytesValueLen, maxAppSumKeyValueLens } = cx.ep.proto
  if (value.length > maxAppBytesValueLen) {
    fail(`value too long for key 0x${toHex(key)}: length was ${value.length}`)
  }
  const sum = key.length + value.length
  if (sum > maxAppSumKeyValueLens)
    fail(`key/value total too long for key 0x${toHex(key)}: sum was ${sum}`)
}

function localDelta(cx: EvalContext, addr: Uint8Array): Map<string, StateWrite> {
  const k = toHex(addr)
  let m = cx.localDeltas.get(k)
  if (m === undefined) {
    m = new Map()
    cx.localDeltas.set(k, m)
  }
  return m
}

/** Local state of the current app that this program may change (go's opAppLocalPut/Del). */
function mutableLocals(cx: EvalContext, acct: StackValue): Uint8Array {
  const addr = mutableAccountReference(cx, acct)
  // From v9 an account may be available without its local state being so.
  if (cx.version >= SHARED_RESOURCES_VERSION && !allowsLocals(cx, addr, cx.appId)) {
    fail(`unavailable Local State ${cx.appId}+${showAddress(addr)}`)
  }
  return addr
}

function localGet(cx: EvalContext, acct: StackValue, appRef: bigint, key: Uint8Array) {
  const { addr, app } = localsReference(cx, acct, appRef)
  return readLocal(cx, addr, app, key)
}

function globalGet(cx: EvalContext, appRef: bigint, key: Uint8Array) {
  return readGlobal(cx, appReference(cx, appRef, true), key)
}

const STATE_OPS_LOCAL: OpFamily = {
  app_opted_in: (cx) => {
    const appRef = cx.popUint()
    const { addr, app } = localsReference(cx, cx.pop(), appRef)
    const ledger = ledgerOf(cx)
    cx.push(boolToUint(viaHost(() => ledger.optedIn(addr, app))))
  },
  app_local_get: (cx) => {
    const key = cx.popBytes()
    cx.push(localGet(cx, cx.pop(), 0n, key) ?? 0n)
  },
  app_local_get_ex: (cx) => {
    const key = cx.popBytes()
    const appRef = cx.popUint()
    const value = localGet(cx, cx.pop(), appRef, key)
    cx.push(value ?? 0n)
    cx.push(boolToUint(value !== undefined))
  },
  app_global_get: (cx) => {
    cx.push(globalGet(cx, 0n, cx.popBytes()) ?? 0n)
  },
  app_global_get_ex: (cx) => {
    const key = cx.popBytes()
    const value = globalGet(cx, cx.popUint(), key)
    cx.push(value ?? 0n)
    cx.push(boolToUint(value !== undefined))
  },
  app_local_put: (cx) => {
    const value = cx.pop()
    const key = cx.popBytes()
    const acct = cx.pop()
    checkKey(cx, key)
    const addr = mutableLocals(cx, acct)
    const old = readLocal(cx, addr, cx.appId, key)
    // Like go's EvalDelta: a write of the value already there is not recorded.
    if (old === undefined || !sameValue(old, value)) {
      localDelta(cx, addr).set(toHex(key), { key, value })
    }
    checkValue(cx, key, value)
    const ledger = ledgerOf(cx)
    viaHost(() => {
      ledger.setLocal(addr, cx.appId, key, value)
    })
  },
  app_global_put: (cx) => {
    const value = cx.pop()
    const key = cx.popBytes()
    checkKey(cx, key)
    const old = readGlobal(cx, cx.appId, key)
    if (old === undefined || !sameValue(old, value)) cx.globalDelta.set(toHex(key), { key, value })
    checkValue(cx, key, value)
    const ledger = ledgerOf(cx)
    viaHost(() => {
      ledger.setGlobal(cx.appId, key, value)
    })
  },
  app_local_del: (cx) => {
    const key = cx.popBytes()
    const addr = mutableLocals(cx, cx.pop())
    // Deleting an absent key records nothing (go's EvalDelta does the same).
    if (readLocal(cx, addr, cx.appId, key) !== undefined) {
      localDelta(cx, addr).set(toHex(key), { key, value: undefined })
    }
    const ledger = ledgerOf(cx)
    viaHost(() => {
      ledger.delLocal(addr, cx.appId, key)
    })
  },
  app_global_del: (cx) => {
    const key = cx.popBytes()
    if (readGlobal(cx, cx.appId, key) !== undefined) {
      cx.globalDelta.set(toHex(key), { key, value: undefined })
    }
    const ledger = ledgerOf(cx)
    viaHost(() => {
      ledger.delGlobal(cx.appId, key)
    })
  },
}

// ---- accounts, assets, apps ----

function accountInfo(cx: EvalContext, acct: StackValue): AccountInfo {
  const { addr } = accountReference(cx, acct)
  const ledger = ledgerOf(cx)
  return viaHost(() => ledger.account(addr))
}

const ACCOUNT_FIELDS: Readonly<Record<string, (a: AccountInfo) => StackValue>> = {
  AcctBalance: (a) => a.balance,
  AcctMinBalance: (a) => a.minBalance,
  AcctAuthAddr: (a) => a.authAddr,
  AcctTotalNumUint: (a) => a.totalNumUint,
  AcctTotalNumByteSlice: (a) => a.totalNumByteSlice,
  AcctTotalExtraAppPages: (a) => a.totalExtraAppPages,
  AcctTotalAppsCreated: (a) => a.totalAppsCreated,
  AcctTotalAppsOptedIn: (a) => a.totalAppsOptedIn,
  AcctTotalAssetsCreated: (a) => a.totalAssetsCreated,
  AcctTotalAssets: (a) => a.totalAssets,
  AcctTotalBoxes: (a) => a.totalBoxes,
  AcctTotalBoxBytes: (a) => a.totalBoxBytes,
  AcctIncentiveEligible: (a) => boolToUint(a.incentiveEligible),
  AcctLastProposed: (a) => a.lastProposed,
  AcctLastHeartbeat: (a) => a.lastHeartbeat,
}

const STATE_OPS_PARAMS: OpFamily = {
  balance: (cx) => {
    cx.push(accountInfo(cx, cx.pop()).balance)
  },
  min_balance: (cx) => {
    cx.push(accountInfo(cx, cx.pop()).minBalance)
  },
  asset_holding_get: (cx) => {
    const fs = fieldOf(cx, ASSET_HOLDING_FIELDS, 'asset_holding_get')
    const assetRef = cx.popUint()
    const { addr, asset } = holdingReference(cx, cx.pop(), assetRef)
    const ledger = ledgerOf(cx)
    const holding = viaHost(() => ledger.assetHolding(addr, asset))
    if (holding === undefined) {
      cx.push(0n)
      cx.push(0n)
      return
    }
    cx.push(fs.name === 'AssetBalance' ? holding.amount : boolToUint(holding.frozen))
    cx.push(1n)
  },
  asset_params_get: (cx) => {
    const fs = fieldOf(cx, ASSET_PARAMS_FIELDS, 'asset_params_get')
    const asset = assetReference(cx, cx.popUint(), true)
    const ledger = ledgerOf(cx)
    const p = viaHost(() => ledger.assetParams(asset))
    if (p === undefined) {
      cx.push(0n)
      cx.push(0n)
      return
    }
    const values: Readonly<Record<string, StackValue>> = {
      AssetTotal: p.total,
      AssetDecimals: p.decimals,
      AssetDefaultFrozen: boolToUint(p.defaultFrozen),
      AssetUnitName: p.unitName,
      AssetName: p.name,
      AssetURL: p.url,
      AssetMetadataHash: p.metadataHash,
      AssetManager: p.manager,
      AssetReserve: p.reserve,
      AssetFreeze: p.freeze,
      AssetClawback: p.clawback,
      AssetCreator: p.creator,
    }
    cx.push(values[fs.name] ?? fail(`invalid asset_params_get field ${fs.value}`))
    cx.push(1n)
  },
  app_params_get: (cx) => {
    const fs = fieldOf(cx, APP_PARAMS_FIELDS, 'app_params_get')
    const app = appReference(cx, cx.popUint(), true)
    const ledger = ledgerOf(cx)
    const p = viaHost(() => ledger.appParams(app))
    if (p === undefined) {
      cx.push(0n)
      cx.push(0n)
      return
    }
    const values: Readonly<Record<string, () => StackValue>> = {
      AppApprovalProgram: () => p.approvalProgram,
      AppClearStateProgram: () => p.clearStateProgram,
      AppGlobalNumUint: () => p.globalNumUint,
      AppGlobalNumByteSlice: () => p.globalNumByteSlice,
      AppLocalNumUint: () => p.localNumUint,
      AppLocalNumByteSlice: () => p.localNumByteSlice,
      AppExtraProgramPages: () => p.extraProgramPages,
      AppCreator: () => p.creator,
      AppAddress: () => appAddress(app).slice(),
      AppVersion: () => p.version,
    }
    const value = values[fs.name] ?? fail(`invalid app_params_get field ${fs.value}`)
    cx.push(value())
    cx.push(1n)
  },
  acct_params_get: (cx) => {
    // go resolves the account before looking at the field.
    const a = accountInfo(cx, cx.pop())
    const fs = fieldOf(cx, ACCT_PARAMS_FIELDS, 'acct_params_get')
    const value = ACCOUNT_FIELDS[fs.name] ?? fail(`invalid account field ${fs.name}`)
    cx.push(value(a))
    cx.push(boolToUint(a.balance > 0n))
  },
  voter_params_get: (cx) => {
    const { addr } = accountReference(cx, cx.pop())
    const fs = fieldOf(cx, VOTER_PARAMS_FIELDS, 'voter_params_get')
    const ledger = ledgerOf(cx)
    const v = viaHost(() => ledger.voterParams(addr))
    cx.push(fs.name === 'VoterBalance' ? v.balance : boolToUint(v.incentiveEligible))
    cx.push(boolToUint(v.balance > 0n))
  },
  online_stake: (cx) => {
    const ledger = ledgerOf(cx)
    cx.push(viaHost(() => ledger.onlineStake()))
  },
  log: (cx) => {
    const { maxLogCalls, maxLogSize } = cx.ep.proto
    if (cx.logs.length >= maxLogCalls) {
      fail(`too many log calls in program. up to ${maxLogCalls} is allowed`)
    }
    const entry = cx.popBytes()
    const size = cx.logs.reduce((n, l) => n + l.length, entry.length)
    if (size > maxLogSize)
      fail(`program logs too large. ${size} bytes >  ${maxLogSize} bytes limit`)
    cx.logs.push(entry)
  },
}

export const STATE_OPS: OpFamily = { ...STATE_OPS_LOCAL, ...STATE_OPS_PARAMS }
