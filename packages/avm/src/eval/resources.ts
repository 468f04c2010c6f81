/**
 * Resource availability: which accounts, assets, apps, holdings, local states and boxes a program
 * may touch, after go-algorand's `resources.go` and `eval.go` (`availableAccount`,
 * `availableAsset`, `availableApp`, `allowsHolding`, `allowsLocals`, the availability setup and
 * read-budget check of `EvalContract`). Resolving opcode arguments against these rules is in
 * references.ts; the rules for inner transactions (go's `allows`) in inner-submit.ts.
 *
 * The group-wide part (go's `ep.available`, `ioBudget` and `FeeCredit`) is shared by a top-level
 * group and every inner group it spawns. EvalParams carries no link between them except the
 * pooled budgets, which the host must pass on to inner EvalParams (`pools`), so the state hangs
 * on that `pools` object.
 *
 * A host may install simulate's unnamed-resources policy (unnamed.ts); it is asked last, after
 * every rule here has refused.
 *
 * Not modelled: `txn.Access` (the v41 access list; our Txn has none).
 */
import { applicationAddress, encodeAddress } from '../encoding/address.js'
import {
  APP_ADDRESS_VERSION,
  CREATED_RESOURCES_VERSION,
  SHARED_RESOURCES_VERSION,
} from '../spec/versions.js'
import type { Ledger } from '../ledger.js'
import type { Txn } from '../txn.js'
import type { EvalContext, EvalParams } from './context.js'
import { AvmError, fail } from './errors.js'
import type { BudgetPools } from './pools.js'
import type { UnnamedAccess, UnnamedResourcePolicy } from './unnamed.js'
import { bytesEqual } from './value.js'

const HEX_DIGITS = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/** The bytes last encoded by toHex (a copy, up to LAST_MAX of them) and their hex. */
const LAST_MAX = 64
const lastBytes = new Uint8Array(LAST_MAX)
let lastLength = -1
let lastHex = ''

/** Lower-case hex, as the result's delta keys carry it. By table: state keys are short, and
 * Buffer's encoder costs more to reach than it saves on them. The same key is often encoded
 * several times in a row (read, then written, by program and host); then the string made the
 * first time is returned, whose hash V8 has already computed for the maps it keys. */
export function toHex(b: Uint8Array): string {
  const n = b.length
  if (n === lastLength) {
    let i = 0
    while (i < n && b[i] === lastBytes[i]) i++
    if (i === n) return lastHex
  }
  let out = ''
  for (let i = 0; i < n; i++) out += HEX_DIGITS[b[i]]
  if (n <= LAST_MAX) {
    lastBytes.set(b)
    lastLength = n
    lastHex = out
  }
  return out
}

/** An address as go-algorand prints it in messages (base32 with checksum). */
export const showAddress = (addr: Uint8Array): string => encodeAddress(addr)

export const boxKey = (app: bigint, name: Uint8Array): string => `${app}:${toHex(name)}`
/** A set key for an address: its bytes as a latin1 string, cheaper to make than hex. */
const accountKey = (addr: Uint8Array): string => String.fromCharCode.apply(null, addr as never)
const pairKey = (addr: Uint8Array, id: bigint): string => `${accountKey(addr)}:${id}`

/** A box reference of the group; `dirty` once written in the group (it counts against the
 * write budget until deleted). */
interface BoxEntry {
  readonly app: bigint
  readonly name: Uint8Array
  dirty: boolean
}

/** The accounts, holdings and local states the top-level group names. They are derived on first
 * use, since naming an app's account costs a SHA-512/256 hash, and most programs never ask. */
interface SharedRefs {
  /** Accounts by `accountKey`. */
  readonly accounts: Set<string>
  /** Holdings by `pairKey(account, asset)`. */
  readonly holdings: Set<string>
  /** Local states by `pairKey(account, app)`. */
  readonly locals: Set<string>
}

/** What the whole group tree shares (go's `resources`, plus ioBudget and FeeCredit). */
export interface GroupResources {
  readonly createdAsas: Set<bigint>
  readonly createdApps: Set<bigint>
  readonly sharedAsas: Set<bigint>
  readonly sharedApps: Set<bigint>
  /** The top-level group, from which `refs` is derived. */
  readonly topGroup: readonly { readonly txn: Txn }[]
  /** Read through `sharedRefs(r)`. */
  refs: SharedRefs | undefined
  /** Box references by `boxKey`, with whether the box was written (counts against the budget). */
  readonly boxes: Map<string, BoxEntry>
  /** Empty box references left, each letting a newly created app touch one unnamed box. */
  unnamedAccess: number
  dirtyBytes: number
  ioBudget: number
  readBudgetChecked: boolean
  /** Fees overpaid so far, which inner transactions may spend (go's `FeeCredit`). */
  feeCredit: bigint
  /** Apps now inside itxn_submit, outermost first: the caller chain of a running inner program. */
  readonly callChain: bigint[]
  /** The program versions of `callChain`'s programs. */
  readonly callVersions: number[]
  /** The top-level transaction being evaluated (the unnamed-resources policy records by it). */
  rootIndex: number
  /** simulate's unnamed-resources policy, from the top-level EvalParams. */
  readonly policy: UnnamedResourcePolicy | undefined
  /** Every EvalParams of the tree seen so far, to find what their applied transactions created. */
  readonly params: Set<EvalParams>
}

/** Where a group tree's resources hang: on its shared pools object, under a key of this module
 * (a property, not a WeakMap entry, which would make every collection of a call's garbage dearer). */
const GROUP = Symbol('group resources')
type PoolsWithGroup = BudgetPools & { [GROUP]?: GroupResources }

/** go's SummarizeFees + feeCredit: what the top-level group paid beyond its minimum fees. */
function feeCredit(ep: EvalParams): bigint {
  let paid = 0n
  let usage = 0n
  for (const { txn } of ep.group) {
    paid += txn.fee
    // State proofs are free, and so are heartbeats outside a group (go's FeeFactor).
    const free = txn.type === 'stpf' || (txn.type === 'hb' && txn.group.every((b) => b === 0))
    if (!free) usage++
  }
  const needed = ep.proto.minTxnFee * usage
  return paid > needed ? paid - needed : 0n
}

function newGroup(ep: EvalParams): GroupResources {
  const r: GroupResources = {
    createdAsas: new Set(),
    createdApps: new Set(),
    sharedAsas: new Set(),
    sharedApps: new Set(),
    topGroup: ep.group,
    refs: undefined,
    boxes: new Map(),
    unnamedAccess: 0,
    dirtyBytes: 0,
    ioBudget: 0,
    readBudgetChecked: false,
    feeCredit: feeCredit(ep),
    callChain: [],
    callVersions: [],
    rootIndex: 0,
    policy: ep.unnamedResources,
    params: new Set(),
  }
  for (const { txn } of ep.group) fillIds(r, txn)
  return r
}

/** go's `resources.fill`, the part about assets, apps and boxes: what one top-level transaction
 * makes available to the group. */
function fillIds(r: GroupResources, t: Txn): void {
  switch (t.type) {
    case 'acfg':
      if (t.configAsset !== 0n) r.sharedAsas.add(t.configAsset)
      return
    case 'axfer':
      r.sharedAsas.add(t.xferAsset)
      return
    case 'afrz':
      r.sharedAsas.add(t.freezeAsset)
      return
    case 'appl':
      fillApplicationIds(r, t)
      return
    default:
      return
  }
}

function fillApplicationIds(r: GroupResources, t: Txn): void {
  for (const id of t.foreignAssets) r.sharedAsas.add(id)
  if (t.applicationId !== 0n) r.sharedApps.add(t.applicationId)
  for (const id of t.foreignApps) r.sharedApps.add(id)
  for (const br of t.boxes) {
    if (br.index === 0 && br.name.length === 0) r.unnamedAccess++
    let app = 0n
    if (br.index > 0) {
      if (br.index > t.foreignApps.length) continue
      app = t.foreignApps[br.index - 1]!
    }
    // A ref to the app being created is added once its id is known (see enter).
    if (app === 0n) app = t.applicationId
    if (app === 0n) continue
    r.boxes.set(boxKey(app, br.name), { app, name: br.name, dirty: false })
  }
}

/** The accounts, holdings and local states the top-level group shares, derived on first use. */
function sharedRefs(r: GroupResources): SharedRefs {
  if (r.refs === undefined) {
    const refs: SharedRefs = { accounts: new Set(), holdings: new Set(), locals: new Set() }
    for (const { txn } of r.topGroup) fillRefs(refs, txn)
    r.refs = refs
  }
  return r.refs
}

const isZero = (addr: Uint8Array): boolean => addr.every((b) => b === 0)

function accountAndHolding(refs: SharedRefs, addr: Uint8Array, asset: bigint): void {
  refs.accounts.add(accountKey(addr))
  if (asset !== 0n) refs.holdings.add(pairKey(addr, asset))
}

/** go's `resources.fill`, the part about accounts, holdings and local states. */
function fillRefs(refs: SharedRefs, t: Txn): void {
  const account = (addr: Uint8Array): void => {
    refs.accounts.add(accountKey(addr))
  }
  switch (t.type) {
    case 'pay':
      account(t.sender)
      account(t.receiver)
      if (!isZero(t.closeRemainderTo)) account(t.closeRemainderTo)
      return
    case 'keyreg':
    case 'acfg':
      account(t.sender)
      return
    case 'axfer':
      accountAndHolding(refs, t.sender, t.xferAsset)
      accountAndHolding(refs, t.assetReceiver, t.xferAsset)
      if (!isZero(t.assetSender)) accountAndHolding(refs, t.assetSender, t.xferAsset)
      if (!isZero(t.assetCloseTo)) accountAndHolding(refs, t.assetCloseTo, t.xferAsset)
      return
    case 'afrz':
      account(t.sender)
      accountAndHolding(refs, t.freezeAssetAccount, t.freezeAsset)
      return
    case 'appl': {
      const accounts = [t.sender, ...t.accounts]
      if (t.applicationId !== 0n) accounts.push(appAddress(t.applicationId))
      for (const id of t.foreignApps) accounts.push(appAddress(id))
      for (const addr of accounts) {
        account(addr)
        for (const id of t.foreignAssets) refs.holdings.add(pairKey(addr, id))
        if (t.applicationId !== 0n) refs.locals.add(pairKey(addr, t.applicationId))
        for (const id of t.foreignApps) refs.locals.add(pairKey(addr, id))
      }
      return
    }
    default:
      // State proofs and heartbeats make nothing available.
      return
  }
}

/** Boxes named with index 0 by a transaction that created app `app`. */
function addCreatedBoxRefs(r: GroupResources, t: Txn, app: bigint, reset: boolean): void {
  for (const br of t.boxes) {
    if (br.index !== 0) continue
    const key = boxKey(app, br.name)
    if (reset || !r.boxes.has(key)) r.boxes.set(key, { app, name: br.name, dirty: false })
  }
}

/** Picks up what transactions applied so far created (go records it via RecordAD and at the
 * start of each creating app call). */
function syncCreated(r: GroupResources): void {
  for (const ep of r.params) {
    ep.effects.forEach((e, gi) => {
      if (e === undefined) return
      if (e.createdAssetId !== 0n) r.createdAsas.add(e.createdAssetId)
      const app = e.createdApplicationId
      if (app !== 0n && !r.createdApps.has(app)) {
        r.createdApps.add(app)
        const t = ep.group.at(gi)?.txn
        if (t?.type === 'appl') addCreatedBoxRefs(r, t, app, false)
      }
    })
  }
}

/** Program bytes beyond the old maximum (go's LargeProgramExtraBytes; 0 for every program that
 * fits MainNet's 4 pages of 2048 bytes). */
const BASIC_PROGRAM_LIMIT = 2048 * 4

/** go's read-budget check at the first top-level app call: every box referenced by the group,
 * and any oversized program of an available app, must fit in the group's I/O budget. */
function checkReadBudget(cx: EvalContext, r: GroupResources): void {
  let refs = 0
  for (const { txn } of cx.ep.group) refs += txn.boxes.length
  r.ioBudget = refs * cx.ep.proto.bytesPerBoxReference
  const ledger = cx.ep.ledger
  let read = 0
  for (const app of r.sharedApps) {
    const params = ledger && viaHost(() => ledger.appParams(app))
    if (params === undefined) continue
    const size = params.approvalProgram.length + params.clearStateProgram.length
    read += Math.max(0, size - BASIC_PROGRAM_LIMIT)
  }
  for (const entry of r.boxes.values()) {
    // Empty names only ever add budget; no such box can exist.
    if (entry.name.length === 0) continue
    const box = ledger && viaHost(() => ledger.getBox(entry.app, entry.name))
    if (box === undefined) continue
    entry.dirty = false
    read += box.length
  }
  if (r.policy === undefined) {
    if (read > r.ioBudget) fail(`read budget exceeded (${read} > ${r.ioBudget})`)
  } else if (!r.policy.ioSurplus(r.ioBudget - read)) {
    fail(`read budget exceeded despite policy (${r.ioBudget})`)
  }
}

/** What go's EvalContract does before running an app: a creation makes its id and its index-0
 * box refs available; the first top-level app call checks the group's box read budget. */
function enter(cx: EvalContext, r: GroupResources): void {
  if (cx.txn.applicationId === 0n) {
    addCreatedBoxRefs(r, cx.txn, cx.appId, true)
    r.createdApps.add(cx.appId)
  }
  if (cx.ep.caller === undefined) r.rootIndex = cx.groupIndex
  if (cx.ep.caller === undefined && !r.readBudgetChecked) {
    checkReadBudget(cx, r)
    r.readBudgetChecked = true
  }
}

/**
 * The group's shared resources, seen from `cx`. The first call for a program does what go does
 * when an app call starts (see `enter`); `run.ts` may call it before the first op so that the
 * read budget is checked even for programs that never touch a resource.
 */
export function groupResources(cx: EvalContext): GroupResources {
  const pools: PoolsWithGroup = cx.ep.pools
  let r = pools[GROUP]
  if (r === undefined) {
    r = newGroup(cx.ep)
    pools[GROUP] = r
  }
  r.params.add(cx.ep)
  syncCreated(r)
  if (!cx.enteredGroup) {
    cx.enteredGroup = true
    enter(cx, r)
  }
  return r
}

/** Application addresses by id. Deriving one costs a SHA-512/256 hash, and a host evaluates the
 * same few apps over and over; the bound keeps a long-running host's memory flat. */
const APP_ADDRESSES = new Map<bigint, Uint8Array>()
const APP_ADDRESS_CACHE_SIZE = 4096

/** The app's address (go's `GetApplicationAddress`), shared: callers must not change it. */
export function appAddress(app: bigint): Uint8Array {
  let a = APP_ADDRESSES.get(app)
  if (a === undefined) {
    if (APP_ADDRESSES.size >= APP_ADDRESS_CACHE_SIZE) APP_ADDRESSES.clear()
    a = applicationAddress(app)
    APP_ADDRESSES.set(app, a)
  }
  return a
}

function isCreatedAppAddress(r: GroupResources, addr: Uint8Array): bigint | undefined {
  for (const app of r.createdApps) if (bytesEqual(appAddress(app), addr)) return app
  return undefined
}

/** Position of `addr` among the sender (0) and txn.Accounts (1..), or -1. */
export function indexByAddress(t: Txn, addr: Uint8Array): number {
  if (bytesEqual(addr, t.sender)) return 0
  const i = t.accounts.findIndex((a) => bytesEqual(a, addr))
  return i < 0 ? -1 : i + 1
}

export function availableAccount(cx: EvalContext, addr: Uint8Array): boolean {
  const r = groupResources(cx)
  if (indexByAddress(cx.txn, addr) >= 0) return true
  if (cx.version >= CREATED_RESOURCES_VERSION && isCreatedAppAddress(r, addr) !== undefined) {
    return true
  }
  if (cx.version >= SHARED_RESOURCES_VERSION && sharedRefs(r).accounts.has(accountKey(addr)))
    return true
  if (cx.version >= APP_ADDRESS_VERSION) {
    if (cx.txn.foreignApps.some((id) => bytesEqual(appAddress(id), addr))) return true
  }
  if (bytesEqual(appAddress(cx.appId), addr)) return true
  return r.policy?.availableAccount(unnamedAccess(cx, r), addr) ?? false
}

/** go's lastForbiddenResource: the policy is never asked about ids that could be slots. */
const LAST_FORBIDDEN_RESOURCE = 255n

/** What the unnamed-resources policy is told of the asking program. */
function unnamedAccess(cx: EvalContext, r: GroupResources): UnnamedAccess {
  return {
    version: cx.version,
    globalSharing:
      cx.version >= SHARED_RESOURCES_VERSION ||
      r.callVersions.some((v) => v >= SHARED_RESOURCES_VERSION),
    rootIndex: r.rootIndex,
  }
}

export function availableAsset(cx: EvalContext, aid: bigint): boolean {
  const r = groupResources(cx)
  if (cx.txn.foreignAssets.includes(aid)) return true
  if (cx.version >= CREATED_RESOURCES_VERSION && r.createdAsas.has(aid)) return true
  if (cx.version >= SHARED_RESOURCES_VERSION && r.sharedAsas.has(aid)) return true
  if (r.policy === undefined || aid <= LAST_FORBIDDEN_RESOURCE) return false
  return r.policy.availableAsset(unnamedAccess(cx, r), aid)
}

export function availableApp(cx: EvalContext, aid: bigint): boolean {
  const r = groupResources(cx)
  if (cx.txn.foreignApps.includes(aid)) return true
  if (cx.version >= CREATED_RESOURCES_VERSION && r.createdApps.has(aid)) return true
  if (cx.appId === aid) return true
  if (cx.version >= SHARED_RESOURCES_VERSION && r.sharedApps.has(aid)) return true
  if (r.policy === undefined || aid <= LAST_FORBIDDEN_RESOURCE) return false
  return r.policy.availableApp(unnamedAccess(cx, r), aid)
}

/** A holding is available only if named together (or created in the group): v9 sharing. */
export function allowsHolding(cx: EvalContext, addr: Uint8Array, aid: bigint): boolean {
  const r = groupResources(cx)
  if (sharedRefs(r).holdings.has(pairKey(addr, aid))) return true
  if (r.createdAsas.has(aid)) return availableAccount(cx, addr)
  if (isCreatedAppAddress(r, addr) !== undefined) return availableAsset(cx, aid)
  // The policy decides on the holding only once the account and asset are both available.
  if (r.policy === undefined) return false
  if (!availableAccount(cx, addr) || !availableAsset(cx, aid)) return false
  return r.policy.allowsHolding(unnamedAccess(cx, r), addr, aid)
}

export function allowsLocals(cx: EvalContext, addr: Uint8Array, app: bigint): boolean {
  const r = groupResources(cx)
  if (sharedRefs(r).locals.has(pairKey(addr, app))) return true
  if (r.createdApps.has(app)) return availableAccount(cx, addr)
  if (isCreatedAppAddress(r, addr) !== undefined) return availableApp(cx, app)
  if (r.policy === undefined) return false
  if (!availableApp(cx, app) || !availableAccount(cx, addr)) return false
  return r.policy.allowsLocal(unnamedAccess(cx, r), addr, app)
}

/** The ledger of an app evaluation (evalApp refuses to run without one). */
export function ledgerOf(cx: EvalContext): Ledger {
  return cx.ep.ledger ?? fail('no ledger in contract eval')
}

/** Runs a ledger call; an Error the host throws fails the program with the host's message. */
export function viaHost<T>(call: () => T): T {
  try {
    return call()
  } catch (e) {
    if (e instanceof AvmError) throw e
    return fail(e instanceof Error ? e.message : String(e))
  }
}
