/**
 * Reads a confirmed call to a manager, with the inner transactions it sent, as the history records
 * it: the operation and its op type, the amount its signer agreed to, the bids of record it set,
 * the roles its accounts and payouts reveal (who was paid for a buy now, who bought in a sell
 * now), its counterparty, the state it wrote (decoded as the version describes it) and every
 * payout it made or held, from the variant's payouts. A creation of exactly a manager of ours is
 * read by readDeployment instead.
 */
import type { OpTypeName } from '@unica/rules'
import algosdk from 'algosdk'
import type { Royalty } from '../royalty.js'
import { decodeGlobalDelta, type ManagerStateChange } from '../state.js'
import { ON_COMPLETE, type Roles } from './build.js'
import {
  appCallOf,
  RECIPIENT_ROLES,
  SHARE_TERMS,
  type AmountRule,
  type AppCallSpec,
  type AssetRef,
  type Payout,
  type Role,
  type VariantSpec,
} from './spec.js'
import { amountOf, cutsOfNet, holds, learn, noneFails, type Terms } from './terms.js'
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
   * v3: the auction's end the call set, from `globalDelta`: a first bid starts the clock, a late
   * bid moves it, settling or cancelling sets 0. Undefined when the call did not change it.
   */
  readonly auctionEnd?: bigint
  /** What the call wrote to the global state (empty when `globalDelta` is unknown). */
  readonly state: ManagerStateChange
  /**
   * The operation's other party (OperationSpec.counterparty), only when the inner transactions
   * matched a variant (so the address is one the manager paid, or checked against its state);
   * null when the operation has none.
   */
  readonly counterparty: string | null
  /** Every payout of the variant the call made, or owed and held in the app, in the app's order. */
  readonly payouts: readonly PayoutMade[]
  /**
   * What a sale's royalty took from its price, paid plus held (v2 and later; 0 when the creator
   * sells); null when the call pays no royalty or the reader cannot tell.
   */
  readonly royalty: bigint | null
}

/** A payout a call made (an inner transaction) or held for its receiver. */
export interface PayoutMade {
  /** Who it is for: `owner` or `seller` for a sale's proceeds, `recipient1`.. for royalties. */
  readonly role: Role
  /** Their address, when the call names it. */
  readonly account: string | undefined
  /** The amount rule of the payout: `royalty` for a cut, `net` for a seller's proceeds, … */
  readonly rule: AmountRule
  /** The NFT, USDC, or Algos (undefined). */
  readonly asset: AssetRef | undefined
  /** Base units. */
  readonly amount: bigint
  /** Where the app holds it (its receiver could not take it); undefined when it was sent. */
  readonly heldIn: Payout['heldIn']
}

/** What the reader may be told beside the call: the split a v2+ manager pays on a sale. */
export interface ReadContext {
  readonly royalty?: Royalty & { readonly creator: string }
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
 * order: for each payout, the transfer that made it or null when it is absent; null when they do
 * not fit. Binds the receivers' roles and learns terms from the amounts. A payout whose condition
 * is not known may be there or not (a royalty held for its recipient is not sent): both are tried,
 * so an optional payout never takes a transfer a later payout needs.
 */
function payoutsFit(
  payouts: readonly Payout[],
  inner: readonly InnerTransfer[],
  terms: Terms,
  roles: Partial<Record<Role, string>>,
): (InnerTransfer | null)[] | null {
  if (payouts.length === 0) return inner.length === 0 ? [] : null
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
    const made = learn(p.amount, t.amount, t2) ? payoutsFit(rest, inner.slice(1), t2, r2) : null
    if (made !== null) {
      Object.assign(terms, t2)
      Object.assign(roles, r2)
      return [t, ...made]
    }
  }
  // Skipping it is fine unless it had to be there.
  if (when.every((c) => holds(c, terms) === true)) return null
  const made = payoutsFit(rest, inner, terms, roles)
  return made === null ? null : [null, ...made]
}

/** What a confirmed call to a manager of `version` did; null for a call it never approves. */
export function readConfirmedCall(
  call: ConfirmedCall,
  version: ContractVersion = CURRENT_VERSION,
  context: ReadContext = {},
): ConfirmedReading | null {
  if (call.created) return null
  const found = operationOf(call, version)
  if (found === null) return null
  const [operation, opType, spec] = found
  const amountAt = spec.args.findIndex((a) => a.kind === 'uint64' && a.term === 'amount')
  const amount = amountAt < 0 ? undefined : (call.args[amountAt] as Uint8Array | undefined)
  const value = amount?.length === 8 ? algosdk.decodeUint64(amount, 'bigint') : 0n
  const op = operationSpec(operation, version)
  const variants = op.variants
  let variant: VariantSpec | null = null
  let roles: Partial<Record<Role, string>> = {}
  let terms: Terms = {}
  let made: (InnerTransfer | null)[] = []
  // The split the context gives binds the recipients' roles and shares, so a cut is matched to
  // its own slot and an empty slot to none; should it not fit (a split the caller has wrong), the
  // call is read without it.
  const split = splitOf(context)
  for (const known of split === null ? [NO_SPLIT] : [split, NO_SPLIT]) {
    for (const v of variants) {
      const c = appCallOf(v)
      if (c === null) continue
      const r: Partial<Record<Role, string>> = { ...known.roles, [c.sender]: call.sender }
      c.accounts.forEach((role, i) => {
        if (i < call.accounts.length) r[role] = call.accounts[i]
      })
      const t: Terms = amountAt < 0 ? { ...known.terms } : { ...known.terms, amount: value }
      if (call.assets.length === c.assets.length) {
        c.assets.forEach((a, i) => (t[a] = call.assets[i]))
      }
      const m = payoutsFit(c.payouts, call.inner, t, r)
      if (m !== null && noneFails(v.when, t)) {
        ;[variant, roles, terms, made] = [v, r, t, m]
        break
      }
      if (v === variants[0] && known === NO_SPLIT) [roles, terms] = [r, t]
    }
    if (variant !== null) break
  }
  const bids = new Map<string, bigint>()
  for (const b of (variant ?? variants[0]).effect.bids ?? []) {
    const bidder = roles[b.bidder]
    const becomes = typeof b.becomes === 'bigint' ? b.becomes : terms[b.becomes]
    if (bidder !== undefined && becomes !== undefined) bids.set(bidder, becomes)
  }
  const state = decodeGlobalDelta(call.globalDelta ?? new Map(), version)
  const auctionEnd = state.auction?.end
  const other = op.counterparty === undefined ? undefined : roles[op.counterparty]
  const specs = variant === null ? [] : (appCallOf(variant)?.payouts ?? [])
  const known = saleTerms(specs, terms, roles, context)
  const payouts = payoutsMade(specs, made, roles, known)
  return {
    operation,
    opType,
    value,
    variant,
    bids,
    roles,
    ...(auctionEnd !== undefined && { auctionEnd }),
    state,
    counterparty:
      variant === null || other === undefined || other === algosdk.ALGORAND_ZERO_ADDRESS_STRING
        ? null
        : other,
    payouts,
    royalty: variant === null ? null : royaltyOf(specs, payouts, known),
  }
}

interface Split {
  readonly roles: Partial<Record<Role, string>>
  readonly terms: Terms
}
const NO_SPLIT: Split = { roles: {}, terms: {} }

/** The recipients' roles and shares the context's split names (0 for an empty slot). */
function splitOf(context: ReadContext): Split | null {
  const r = context.royalty
  if (r === undefined) return null
  const roles: Partial<Record<Role, string>> = {}
  const terms: Terms = {}
  SHARE_TERMS.forEach((share, i) => {
    const recipient = r.recipients.at(i)
    terms[share] = recipient?.share ?? 0n
    if (recipient !== undefined) roles[RECIPIENT_ROLES[i]] = recipient.address
  })
  return { roles, terms }
}

/**
 * The terms with whether a royalty is due, when the context gives the split: the seller, whom the
 * `net` payout pays, is not the creator (as the builders set it).
 */
function saleTerms(
  payouts: readonly Payout[],
  terms: Terms,
  roles: Partial<Record<Role, string>>,
  context: ReadContext,
): Terms {
  const r = context.royalty
  const net = payouts.find((p) => p.amount.kind === 'net')
  if (r === undefined || net === undefined || terms[SHARE_TERMS[0]] === undefined) return terms
  return { ...terms, royaltyDue: roles[net.receiver] === r.creator ? 0n : 1n }
}

/**
 * Each payout the call made, with the transfer's amount, and each it owed but held: a payout with
 * `heldIn` that was not made, whose conditions may hold and whose amount the terms tell and is
 * positive (a held royalty cut is told only when the context gives the split).
 */
function payoutsMade(
  payouts: readonly Payout[],
  made: readonly (InnerTransfer | null)[],
  roles: Partial<Record<Role, string>>,
  terms: Terms,
): PayoutMade[] {
  return payouts.flatMap((p, i): PayoutMade[] => {
    const base = { role: p.receiver, rule: p.amount, asset: p.asset }
    const t = made[i]
    if (t !== null) return [{ ...base, account: t.receiver, amount: t.amount, heldIn: undefined }]
    if (p.heldIn === undefined || !noneFails(p.when ?? [], terms)) return []
    const owed = amountOf(p.amount, terms)
    if (owed === undefined || owed === 0n) return []
    return [{ ...base, account: roles[p.receiver], amount: owed, heldIn: p.heldIn }]
  })
}

/**
 * What a sale's royalty took, paid plus held: the sum of its cuts when the split is known, else
 * the cuts the seller's net tells (terms.ts `cutsOfNet`); null when the variant pays no royalty or
 * neither is known.
 */
function royaltyOf(
  payouts: readonly Payout[],
  made: readonly PayoutMade[],
  terms: Terms,
): bigint | null {
  if (!payouts.some((p) => p.amount.kind === 'royalty')) return null
  if (terms.royaltyDue !== undefined) {
    return made.filter((p) => p.rule.kind === 'royalty').reduce((sum, p) => sum + p.amount, 0n)
  }
  const net = made.find((p) => p.rule.kind === 'net' && p.heldIn === undefined)
  return net === undefined || terms.amount === undefined
    ? null
    : cutsOfNet(terms.amount, net.amount)
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
