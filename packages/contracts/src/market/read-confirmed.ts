/**
 * Reads a confirmed call to a manager, with the inner transactions it sent, as the history records
 * it: the operation and its op type, the amount its signer agreed to, the bids of record it set,
 * and the roles its accounts and payouts reveal (who was paid for a buy now, who bought in a sell
 * now). A creation of exactly a manager of ours is read by readDeployment instead.
 */
import type { OpTypeName } from '@unica/rules'
import algosdk from 'algosdk'
import { ON_COMPLETE, type Roles } from './build.js'
import { appCallOf, type AppCallSpec, type Payout, type Role, type VariantSpec } from './spec.js'
import { holds, learn, noneFails, type Terms } from './terms.js'
import {
  CONTRACT_VERSIONS,
  CURRENT_VERSION,
  operationEntries,
  operationSpec,
  protocol,
  type ContractVersion,
  type OperationKey,
} from './versions.js'

/** A payment or asset transfer the app sent. */
export interface InnerTransfer {
  readonly type: 'pay' | 'axfer'
  readonly receiver: string
  /** For axfer. */
  readonly assetId?: bigint
  readonly amount: bigint
}

export interface ConfirmedCall {
  readonly sender: string
  /** The called app; for a creation, the created app's id. */
  readonly appId: bigint
  readonly created: boolean
  readonly onComplete: algosdk.OnApplicationComplete
  readonly args: readonly Uint8Array[]
  readonly accounts: readonly string[]
  /** Foreign assets: they tell the NFT's transfers from USDC's. */
  readonly assets: readonly bigint[]
  /** The call's own inner payments and asset transfers, in order. */
  readonly inner: readonly InnerTransfer[]
  /** The app's global state changes (key -> new value, null = deleted), when known. */
  readonly globalDelta?: ReadonlyMap<string, bigint | Uint8Array | null>
}

export interface ConfirmedReading {
  readonly operation: OperationKey
  /** The history's op type. */
  readonly opType: OpTypeName
  /** The amount the signer agreed to (args[1]); 0 for calls without one. */
  readonly value: bigint
  /**
   * The first variant whose payouts are the inner transactions seen; null when none fits. Variants
   * only the group's other transactions tell apart (list and change) read as the first of them.
   */
  readonly variant: VariantSpec | null
  /** Bidder -> their bid of record after the call (0 = none). */
  readonly bids: ReadonlyMap<string, bigint>
  readonly roles: Roles
  /**
   * v3: the auction's end (AE) the call set, from `globalDelta`: a first bid starts the clock, a
   * late bid moves it, settling or cancelling sets 0. Undefined when the call did not change it.
   */
  readonly auctionEnd?: bigint
}

const text = new TextDecoder()

/** The operation a call performs: by its onComplete and, for a NoOp, by args[0]. */
function operationOf(
  call: ConfirmedCall,
  version: ContractVersion,
): [OperationKey, OpTypeName, AppCallSpec] | null {
  const name = call.args.length > 0 ? text.decode(call.args[0]) : ''
  for (const [key, op] of operationEntries(version)) {
    const spec = op.variants
      .map(appCallOf)
      .find((c): c is AppCallSpec => c !== null && c.create !== true)
    if (spec === undefined || op.opType === null) continue
    if (ON_COMPLETE[spec.onComplete] !== call.onComplete) continue
    if (spec.onComplete === 'NoOp' && op.arg !== name) continue
    return [key, op.opType, spec]
  }
  return null
}

/**
 * Whether the inner transactions are the variant's payouts (those whose condition may hold), in
 * order; binds the receivers' roles and learns terms from the amounts. A payout whose condition
 * is not known may be there or not (a royalty held for its recipient is not sent): both are tried,
 * so an optional payout never takes a transfer a later payout needs.
 */
function payoutsFit(
  payouts: readonly Payout[],
  inner: readonly InnerTransfer[],
  terms: Terms,
  roles: Partial<Record<Role, string>>,
): boolean {
  if (payouts.length === 0) return inner.length === 0
  const [p, ...rest] = payouts
  const when = p.when ?? []
  const t = inner[0] as InnerTransfer | undefined
  const fits =
    t !== undefined &&
    t.type === p.type &&
    (p.asset === undefined || terms[p.asset] === undefined || terms[p.asset] === t.assetId) &&
    (roles[p.receiver] === undefined || roles[p.receiver] === t.receiver) &&
    when.every((c) => holds(c, terms) !== false)
  if (fits) {
    const [t2, r2] = [{ ...terms }, { ...roles, [p.receiver]: t.receiver }]
    if (learn(p.amount, t.amount, t2) && payoutsFit(rest, inner.slice(1), t2, r2)) {
      Object.assign(terms, t2)
      Object.assign(roles, r2)
      return true
    }
  }
  // Skipping it is fine unless it had to be there.
  return !when.every((c) => holds(c, terms) === true) && payoutsFit(rest, inner, terms, roles)
}

/** What a confirmed call to a manager of `version` did; null for a call it never approves. */
export function readConfirmedCall(
  call: ConfirmedCall,
  version: ContractVersion = CURRENT_VERSION,
): ConfirmedReading | null {
  if (call.created) return null
  const found = operationOf(call, version)
  if (found === null) return null
  const [operation, opType, spec] = found
  const amountAt = spec.args.findIndex((a) => a.kind === 'uint64' && a.term === 'amount')
  const amount = amountAt < 0 ? undefined : (call.args[amountAt] as Uint8Array | undefined)
  const value = amount?.length === 8 ? algosdk.decodeUint64(amount, 'bigint') : 0n
  const variants = operationSpec(operation, version).variants
  let variant: VariantSpec | null = null
  let roles: Partial<Record<Role, string>> = {}
  let terms: Terms = {}
  for (const v of variants) {
    const c = appCallOf(v)
    if (c === null) continue
    const r: Partial<Record<Role, string>> = { [c.sender]: call.sender }
    c.accounts.forEach((role, i) => {
      if (i < call.accounts.length) r[role] = call.accounts[i]
    })
    const t: Terms = amountAt < 0 ? {} : { amount: value }
    if (call.assets.length === c.assets.length) c.assets.forEach((a, i) => (t[a] = call.assets[i]))
    if (payoutsFit(c.payouts, call.inner, t, r) && noneFails(v.when, t)) {
      ;[variant, roles, terms] = [v, r, t]
      break
    }
    if (v === variants[0]) [roles, terms] = [r, t]
  }
  const bids = new Map<string, bigint>()
  for (const b of (variant ?? variants[0]).effect.bids ?? []) {
    const bidder = roles[b.bidder]
    const becomes = typeof b.becomes === 'bigint' ? b.becomes : terms[b.becomes]
    if (bidder !== undefined && becomes !== undefined) bids.set(bidder, becomes)
  }
  const end = call.globalDelta?.get('AE')
  const auctionEnd = typeof end === 'bigint' ? end : undefined
  return {
    operation,
    opType,
    value,
    variant,
    bids,
    roles,
    ...(auctionEnd !== undefined && { auctionEnd }),
  }
}

export interface Deployment {
  readonly version: ContractVersion
  readonly usdcId: bigint
  readonly nftId: bigint
}

/** A creation of exactly one version's manager and clear programs: for which assets. */
export function readDeployment(call: {
  readonly created: boolean
  readonly appId: bigint
  readonly args: readonly Uint8Array[]
  readonly approvalProgram: Uint8Array
  readonly clearProgram: Uint8Array
}): Deployment | null {
  if (!call.created || call.appId === 0n) return null
  const same = (a: Uint8Array, b: Uint8Array): boolean =>
    a.length === b.length && a.every((x, i) => x === b[i])
  for (const version of CONTRACT_VERSIONS) {
    const p = protocol(version)
    if (!same(call.approvalProgram, p.manager()) || !same(call.clearProgram, p.clear())) continue
    const create = p.operations.DEPLOY.variants
      .map(appCallOf)
      .find((c): c is AppCallSpec => c?.create === true)
    if (create === undefined || call.args.length !== create.args.length) return null
    const terms: Terms = {}
    for (const [i, a] of create.args.entries()) {
      if (a.kind !== 'uint64' || call.args[i].length !== 8) return null
      terms[a.term] = algosdk.decodeUint64(call.args[i], 'bigint')
    }
    if (terms.usdcId === undefined || terms.nftId === undefined) return null
    return { version, usdcId: terms.usdcId, nftId: terms.nftId }
  }
  return null
}
