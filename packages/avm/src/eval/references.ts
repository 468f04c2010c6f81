/**
 * Resolving the account, asset and app arguments of state opcodes, after go-algorand's
 * `resolveAccount`, `accountReference`, `mutableAccountReference`, `appReference`, `resolveApp`,
 * `localsReference`, `assetReference`, `resolveAsset` and `holdingReference`, with their
 * messages. Before DIRECT_REF_VERSION arguments are foreign-array slots (or ids, depending on the
 * opcode); from it, ids or slots; from SHARED_RESOURCES_VERSION group sharing applies, which
 * makes holdings and local states distinct resources (see resources.ts).
 */
import { DIRECT_REF_VERSION, SHARED_RESOURCES_VERSION } from '../spec/versions.js'
import type { EvalContext } from './context.js'
import { fail } from './errors.js'
import {
  allowsHolding,
  allowsLocals,
  availableAccount,
  availableApp,
  availableAsset,
  indexByAddress,
  showAddress,
} from './resources.js'
import type { StackValue } from './value.js'

/** go-algorand's `lastForbiddenResource`: ids this low are slots, never real resources. */
const LAST_FORBIDDEN_RESOURCE = 255n

/** go's `sv.address()`. */
export function asAddress(sv: StackValue): Uint8Array {
  if (typeof sv === 'bigint' || sv.length !== 32) fail('not an address')
  return sv
}

/** An account argument: an index into sender+Accounts, or (v4+) an address, with its index. */
function resolveAccount(cx: EvalContext, sv: StackValue): { addr: Uint8Array; index: number } {
  const t = cx.txn
  if (typeof sv === 'bigint') {
    if (sv === 0n) return { addr: t.sender, index: 0 }
    if (sv > BigInt(t.accounts.length)) {
      fail(`invalid Account reference ${sv} exceeds length of tx.Accounts ${t.accounts.length}`)
    }
    return { addr: t.accounts[Number(sv) - 1], index: Number(sv) }
  }
  const addr = asAddress(sv)
  return { addr, index: indexByAddress(t, addr) }
}

/** An available account; an index past txn.Accounts says it is available by other means. */
export function accountReference(
  cx: EvalContext,
  sv: StackValue,
): { addr: Uint8Array; index: number } {
  const { addr, index } = resolveAccount(cx, sv)
  if (index >= 0) return { addr, index }
  if (!availableAccount(cx, addr)) fail(`unavailable Account ${showAddress(addr)}`)
  return { addr, index: cx.txn.accounts.length + 1 }
}

/** Before v9 only accounts of txn.Accounts could have their local state changed. */
export function mutableAccountReference(cx: EvalContext, sv: StackValue): Uint8Array {
  const { addr, index } = accountReference(cx, sv)
  if (index > cx.txn.accounts.length && cx.version < SHARED_RESOURCES_VERSION) {
    fail(`invalid Account reference for mutation ${showAddress(addr)}`)
  }
  return addr
}

type Resolved = { id: bigint; error?: undefined } | { id: bigint; error: string }

/** go's `resolveApp`, returning its error instead of failing (localsReference inspects it). */
const lowApp = (id: bigint): Resolved =>
  id <= LAST_FORBIDDEN_RESOURCE ? { id, error: `low App lookup ${id}` } : { id }
const lowAsset = (id: bigint): Resolved =>
  id <= LAST_FORBIDDEN_RESOURCE ? { id, error: `low Asset lookup ${id}` } : { id }

function tryResolveApp(cx: EvalContext, ref: bigint): Resolved {
  if (ref === 0n || ref === cx.appId) return lowApp(cx.appId)
  if (availableApp(cx, ref)) return lowApp(ref)
  // Slots come last, so that an id is never mistaken for a slot.
  const apps = cx.txn.foreignApps
  if (ref <= BigInt(apps.length)) return lowApp(apps[Number(ref) - 1])
  return { id: 0n, error: `unavailable App ${ref}` }
}

function tryResolveAsset(cx: EvalContext, ref: bigint): Resolved {
  if (availableAsset(cx, ref)) return lowAsset(ref)
  const assets = cx.txn.foreignAssets
  if (ref < BigInt(assets.length)) return lowAsset(assets[Number(ref)])
  return { id: 0n, error: `unavailable Asset ${ref}` }
}

const must = (r: Resolved): bigint => (r.error === undefined ? r.id : fail(r.error))

/** An app argument. Before v4 it is 0 (this app) or, for `foreign` ops, a 1-based
 * txn.Applications slot, else an id; from v4 an id or a slot (go's `appReference`). */
export function appReference(cx: EvalContext, ref: bigint, foreign: boolean): bigint {
  if (cx.version >= DIRECT_REF_VERSION) return must(tryResolveApp(cx, ref))
  let id = ref
  if (ref === 0n) id = cx.appId
  else if (foreign) {
    const apps = cx.txn.foreignApps
    if (ref > BigInt(apps.length)) fail(`${ref} is not a valid foreign app slot`)
    id = apps[Number(ref) - 1]!
  }
  if (id <= LAST_FORBIDDEN_RESOURCE) fail(`low App lookup ${id}`)
  return id
}

/** An asset argument: before v4 a 0-based txn.Assets slot (`foreign` ops) or an id. */
export function assetReference(cx: EvalContext, ref: bigint, foreign: boolean): bigint {
  if (cx.version >= DIRECT_REF_VERSION) return must(tryResolveAsset(cx, ref))
  let id = ref
  if (foreign) {
    const assets = cx.txn.foreignAssets
    if (ref >= BigInt(assets.length)) fail(`${ref} is not a valid foreign asset slot`)
    id = assets[Number(ref)]!
  }
  if (id <= LAST_FORBIDDEN_RESOURCE) fail(`low Asset lookup ${id}`)
  return id
}

/** An account and app whose local state may be read (go's `localsReference`). */
export function localsReference(
  cx: EvalContext,
  acct: StackValue,
  ref: bigint,
): { addr: Uint8Array; app: bigint } {
  if (cx.version < SHARED_RESOURCES_VERSION) {
    const { addr } = accountReference(cx, acct)
    return { addr, app: appReference(cx, ref, false) }
  }
  const { addr } = resolveAccount(cx, acct)
  const app = tryResolveApp(cx, ref)
  if (app.error === undefined && allowsLocals(cx, addr, app.id)) return { addr, app: app.id }
  // Say which part is missing, as go does.
  const acctOK = availableAccount(cx, addr)
  const locals = `unavailable Local State ${app.id}+${showAddress(addr)}`
  const account = `unavailable Account ${showAddress(addr)}`
  if (app.error !== undefined) fail(acctOK ? app.error : `${account}, ${app.error}, ${locals}`)
  return fail(acctOK ? locals : `${account}, ${locals}`)
}

/** An account and asset whose holding may be read (go's `holdingReference`). */
export function holdingReference(
  cx: EvalContext,
  acct: StackValue,
  ref: bigint,
): { addr: Uint8Array; asset: bigint } {
  if (cx.version < SHARED_RESOURCES_VERSION) {
    const { addr } = accountReference(cx, acct)
    return { addr, asset: assetReference(cx, ref, false) }
  }
  const { addr } = resolveAccount(cx, acct)
  const asset = tryResolveAsset(cx, ref)
  if (asset.error === undefined && allowsHolding(cx, addr, asset.id))
    return { addr, asset: asset.id }
  const acctOK = availableAccount(cx, addr)
  const account = `unavailable Account ${showAddress(addr)}`
  if (asset.error !== undefined) fail(acctOK ? asset.error : `${account}, ${asset.error}`)
  return fail(acctOK ? `unavailable Holding ${asset.id}+${showAddress(addr)}` : account)
}
