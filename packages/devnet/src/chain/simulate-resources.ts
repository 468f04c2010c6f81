/**
 * simulate's allow-unnamed-resources, after go-algorand ledger/simulation/resources.go: the AVM
 * asks this policy about every account, asset, app, holding, local state and box the group's
 * rules do not make available. It allows one if a real group could have named it: each app call
 * has room for MaxAppTxnAccounts + MaxAppTxnForeignApps accounts, MaxAppTxnForeignAssets assets,
 * MaxAppTxnForeignApps apps and MaxAppBoxReferences boxes, within MaxAppTotalTxnReferences, less
 * what it already names; a group of fewer than MaxTxGroupSize transactions could add empty app
 * calls. What it allowed is reported as `unnamed-resources-accessed`: on the group for programs
 * under group sharing (v9+, or called by such a program), on the transaction otherwise.
 *
 * Not computed: go's charge of an unnamed app's program bytes beyond 4 pages to the box read
 * budget (addAppReadBudget, LargeProgramExtraBytes). It is a consensus v42 rule; under v41, which
 * the ledger runs, no app holds more than 4 pages, so the charge is always zero (see the README).
 */
import {
  APP_ADDRESS_VERSION,
  applicationAddress,
  type UnnamedAccess,
  type UnnamedResourcePolicy,
} from '@unica/avm'
import algosdk, { modelsv2 } from 'algosdk'
import type { LedgerProtocol } from '../ledger/protocol.js'
import { addrKey } from '../ledger/keys.js'

interface BoxStat {
  readonly app: bigint
  readonly name: Uint8Array
  /** Read quota the access consumed (the box's size before any write). */
  readonly readSize: number
  /** Accessed by an app created in this group: its id cannot be named in a later submission. */
  readonly newApp: boolean
}

const divCeil = (a: number, b: number): number => Math.ceil(a / b)
const boxId = (app: bigint, name: Uint8Array): string => `${app}:${addrKey(name)}`

type SlotKind = 'maxAccounts' | 'maxAssets' | 'maxApps'

/** One account, asset or app, as a tracker holds it. */
interface OneResource {
  has(t: ResourceTracker): boolean
  add(t: ResourceTracker): boolean
  remove(t: ResourceTracker): boolean
}

interface Limits {
  maxAccounts: number
  maxAssets: number
  maxApps: number
  maxBoxes: number
  maxTotalRefs: number
  maxCrossProducts: number
}

/** go's ResourceTracker: the unnamed resources of one transaction or of the group, and how many
 * more of each could still be named. */
class ResourceTracker {
  readonly accounts = new Map<string, Uint8Array>()
  readonly assets = new Set<bigint>()
  readonly apps = new Set<bigint>()
  readonly boxes = new Map<string, BoxStat>()
  readonly holdings = new Map<string, { addr: Uint8Array; asset: bigint }>()
  readonly locals = new Map<string, { addr: Uint8Array; app: bigint }>()
  /** Box references with no name needed for I/O budget (or for boxes of new apps). */
  emptyBoxRefs = 0
  /** The most dirty box bytes the group held at any point. */
  private maxWriteBudget = 0
  /** The submitted group's box read budget minus what its named boxes hold (may be negative). */
  private initialReadSurplus = 0

  constructor(readonly limits: Limits) {}

  hasResources(): boolean {
    return (
      this.accounts.size + this.assets.size + this.apps.size + this.boxes.size > 0 ||
      this.holdings.size + this.locals.size > 0 ||
      this.emptyBoxRefs !== 0
    )
  }

  private boxCount(): number {
    return this.boxes.size + this.emptyBoxRefs
  }

  private refCount(): number {
    return this.accounts.size + this.assets.size + this.apps.size + this.boxCount()
  }

  private full(size: number, max: number): boolean {
    return size >= max || this.refCount() >= this.limits.maxTotalRefs
  }

  hasAccount(addr: Uint8Array, version: number): boolean {
    if (this.accounts.has(addrKey(addr))) return true
    // An app's account comes with the app (go's appAddressAvailableVersion).
    if (version < APP_ADDRESS_VERSION) return false
    const key = addrKey(addr)
    for (const app of this.apps) if (addrKey(applicationAddress(app)) === key) return true
    return false
  }

  addAccount(addr: Uint8Array): boolean {
    if (this.full(this.accounts.size, this.limits.maxAccounts)) return false
    this.accounts.set(addrKey(addr), addr)
    return true
  }

  addAsset(asset: bigint): boolean {
    if (this.full(this.assets.size, this.limits.maxAssets)) return false
    this.assets.add(asset)
    return true
  }

  addApp(app: bigint, version: number): boolean {
    if (this.apps.size >= this.limits.maxApps) return false
    // The app's account need not be listed once the app is.
    if (version >= APP_ADDRESS_VERSION) this.accounts.delete(addrKey(applicationAddress(app)))
    if (this.refCount() >= this.limits.maxTotalRefs) return false
    this.apps.add(app)
    return true
  }

  /** One less slot of a kind for the group, because a transaction used it (go's remove*Slot). */
  takeSlot(kind: SlotKind): boolean {
    const used = { maxAccounts: this.accounts, maxAssets: this.assets, maxApps: this.apps }[kind]
    if (this.full(used.size, this.limits[kind])) return false
    this.limits[kind]--
    this.limits.maxTotalRefs--
    // An app slot also lends its account slot.
    if (kind === 'maxApps' && this.limits.maxAccounts > 0) this.limits.maxAccounts--
    return true
  }

  /** Gives back a slot taken by an entry that moved to a transaction's own tracker. */
  returnSlot(kind: SlotKind): void {
    this.limits[kind]++
    this.limits.maxTotalRefs++
  }

  addBox(stat: BoxStat, bytesPerBoxRef: number): boolean {
    const id = boxId(stat.app, stat.name)
    this.boxes.set(id, stat)
    if (!this.reconcileReadBudget(bytesPerBoxRef, true)) {
      this.boxes.delete(id)
      return false
    }
    return true
  }

  /** Room for `n` more box references. */
  private roomForBoxRefs(n: number): boolean {
    return (
      n <= this.limits.maxBoxes - this.boxCount() && n <= this.limits.maxTotalRefs - this.refCount()
    )
  }

  ioSurplus(amount: number, bytesPerBoxRef: number): boolean {
    this.initialReadSurplus = amount
    if (amount > 0) return true
    const needed = divCeil(-amount, bytesPerBoxRef)
    if (!this.roomForBoxRefs(needed)) return false
    this.emptyBoxRefs += needed
    return true
  }

  addEmptyBoxRefsForWriteBudget(used: number, startingBudget: number, bytesPerBoxRef: number) {
    const budget = startingBudget + this.boxCount() * bytesPerBoxRef
    if (used > budget) {
      const extra = divCeil(used - budget, bytesPerBoxRef)
      if (!this.roomForBoxRefs(extra)) return false
      this.emptyBoxRefs += extra
    }
    this.maxWriteBudget = Math.max(this.maxWriteBudget, used)
    return true
  }

  private readBudget(bytesPerBoxRef: number): number {
    return Math.max(0, this.boxCount() * bytesPerBoxRef + this.initialReadSurplus)
  }

  private usedReadBudget(): number {
    let used = 0
    for (const b of this.boxes.values()) used += b.readSize
    return used
  }

  private reconcileReadBudget(bytesPerBoxRef: number, canRemoveEmptyRef: boolean): boolean {
    const used = this.usedReadBudget()
    let budget = this.readBudget(bytesPerBoxRef)
    if (canRemoveEmptyRef && this.emptyBoxRefs > 0) {
      // A named box brings its own budget: an empty ref added for quota may no longer be needed.
      const surplusRead = Math.max(0, budget - used)
      const surplusWrite = Math.max(0, budget - this.maxWriteBudget)
      if (surplusRead >= bytesPerBoxRef && surplusWrite >= bytesPerBoxRef) {
        this.emptyBoxRefs--
        budget = Math.max(0, budget - bytesPerBoxRef)
      }
    }
    if (this.boxCount() > this.limits.maxBoxes || this.refCount() > this.limits.maxTotalRefs) {
      return false
    }
    if (used > budget) {
      const needed = divCeil(used - budget, bytesPerBoxRef)
      if (!this.roomForBoxRefs(needed)) return false
      this.emptyBoxRefs += needed
    }
    return true
  }

  maxPossibleUnnamedBoxes(): number {
    const others = this.accounts.size + this.assets.size + this.apps.size
    return Math.min(this.limits.maxBoxes, this.limits.maxTotalRefs - others)
  }

  addCrossProduct(): boolean {
    return this.holdings.size + this.locals.size < this.limits.maxCrossProducts
  }

  /** go's Simplify: a box of an app created in the group cannot be named by a later submission
   * (its id is not known yet); an empty reference stands in. */
  simplify(): void {
    for (const [id, stat] of this.boxes) {
      if (!stat.newApp) continue
      this.emptyBoxRefs++
      this.boxes.delete(id)
    }
  }

  toModel(): modelsv2.SimulateUnnamedResourcesAccessed | undefined {
    this.simplify()
    if (!this.hasResources()) return undefined
    const orNone = <T>(xs: T[]): T[] | undefined => (xs.length === 0 ? undefined : xs)
    const address = (a: Uint8Array) => new algosdk.Address(a)
    return new modelsv2.SimulateUnnamedResourcesAccessed({
      accounts: orNone([...this.accounts.values()].map(address)),
      assets: orNone([...this.assets]),
      apps: orNone([...this.apps]),
      boxes: orNone(
        [...this.boxes.values()].map(
          (b) => new modelsv2.BoxReference({ app: b.app, name: b.name }),
        ),
      ),
      extraBoxRefs: this.emptyBoxRefs === 0 ? undefined : this.emptyBoxRefs,
      assetHoldings: orNone(
        [...this.holdings.values()].map(
          (h) => new modelsv2.AssetHoldingReference({ account: address(h.addr), asset: h.asset }),
        ),
      ),
      appLocals: orNone(
        [...this.locals.values()].map(
          (l) => new modelsv2.ApplicationLocalReference({ account: address(l.addr), app: l.app }),
        ),
      ),
    })
  }
}

/** What one group member could name beyond what it names (go's makeTxnResourceTracker). */
function txnLimits(t: algosdk.Transaction, proto: LedgerProtocol): Limits {
  if (t.type !== algosdk.TransactionType.appl || t.applicationCall === undefined) {
    return {
      maxAccounts: 0,
      maxAssets: 0,
      maxApps: 0,
      maxBoxes: 0,
      maxTotalRefs: 0,
      maxCrossProducts: 0,
    }
  }
  const c = t.applicationCall
  // An unknown account may be an app's, so app slots count as account slots too.
  return {
    maxAccounts:
      proto.maxAppTxnAccounts +
      proto.maxAppTxnForeignApps -
      c.accounts.length -
      c.foreignApps.length,
    maxAssets: proto.maxAppTxnForeignAssets - c.foreignAssets.length,
    maxApps: proto.maxAppTxnForeignApps - c.foreignApps.length,
    maxBoxes: proto.maxAppBoxReferences - c.boxes.length,
    maxTotalRefs:
      proto.maxAppTotalTxnReferences -
      c.accounts.length -
      c.foreignAssets.length -
      c.foreignApps.length -
      c.boxes.length,
    maxCrossProducts: 0,
  }
}

/** The group's limits: the sum of its members', plus empty app calls up to MaxTxGroupSize (go's
 * makeGlobalResourceTracker). */
function groupLimits(
  members: readonly Limits[],
  nonAppCalls: number,
  proto: LedgerProtocol,
): Limits {
  const unused = proto.maxTxGroupSize - members.length
  const apps = proto.maxAppTxnForeignApps
  // The most holdings and locals one app call can name: (apps + 1) apps by (apps + 2) accounts,
  // less each app's own account's local and the sender's of the called app.
  const crossPerCall = apps * (apps + 2)
  const sum = (f: (l: Limits) => number) => members.reduce((n, l) => n + f(l), 0)
  return {
    maxAccounts: unused * (proto.maxAppTxnAccounts + apps) + sum((l) => l.maxAccounts),
    maxAssets: unused * proto.maxAppTxnForeignAssets + sum((l) => l.maxAssets),
    maxApps: unused * apps + sum((l) => l.maxApps),
    maxBoxes: unused * proto.maxAppBoxReferences + sum((l) => l.maxBoxes),
    maxTotalRefs: unused * proto.maxAppTotalTxnReferences + sum((l) => l.maxTotalRefs),
    maxCrossProducts: crossPerCall * (proto.maxTxGroupSize - nonAppCalls),
  }
}

/** go's resourcePolicy over its groupResourceTracker. */
export class UnnamedResources implements UnnamedResourcePolicy {
  private readonly group: ResourceTracker
  /** Filled only for programs without group sharing (before v9, and no v9+ caller). */
  private readonly perTxn: ResourceTracker[]
  /** Box references of the group as submitted. */
  private readonly startingBoxes: number

  constructor(
    txns: readonly algosdk.Transaction[],
    private readonly proto: LedgerProtocol,
  ) {
    const limits = txns.map((t) => txnLimits(t, proto))
    this.perTxn = limits.map((l) => new ResourceTracker(l))
    const nonAppCalls = txns.filter((t) => t.type !== algosdk.TransactionType.appl).length
    this.group = new ResourceTracker(groupLimits(limits, nonAppCalls, proto))
    this.startingBoxes = txns.reduce((n, t) => n + (t.applicationCall?.boxes.length ?? 0), 0)
  }

  availableAccount(at: UnnamedAccess, addr: Uint8Array): boolean {
    const key = addrKey(addr)
    return this.available(at, 'maxAccounts', {
      has: (t) => t.hasAccount(addr, at.version),
      add: (t) => t.addAccount(addr),
      remove: (t) => t.accounts.delete(key),
    })
  }

  availableAsset(at: UnnamedAccess, asset: bigint): boolean {
    return this.available(at, 'maxAssets', {
      has: (t) => t.assets.has(asset),
      add: (t) => t.addAsset(asset),
      remove: (t) => t.assets.delete(asset),
    })
  }

  availableApp(at: UnnamedAccess, app: bigint): boolean {
    return this.available(at, 'maxApps', {
      has: (t) => t.apps.has(app),
      add: (t) => t.addApp(app, at.version),
      remove: (t) => t.apps.delete(app),
    })
  }

  /**
   * go's groupResourceTracker has and add methods for one account, asset or app. Under group sharing any
   * transaction's or the group's list will do, and a new one goes on the group's. Otherwise it
   * must be the asking transaction's own; a new one there also takes one of the group's slots,
   * and leaves the group's list if it was on it.
   */
  private available(at: UnnamedAccess, kind: SlotKind, one: OneResource): boolean {
    if (at.globalSharing) {
      if (this.all().some((t) => one.has(t))) return true
      return one.add(this.group)
    }
    const own = this.perTxn[at.rootIndex]
    if (one.has(own)) return true
    if (!one.add(own)) return false
    if (one.remove(this.group)) this.group.returnSlot(kind)
    if (this.group.takeSlot(kind)) return true
    // The group is full: undo.
    one.remove(own)
    return false
  }

  allowsHolding(_at: UnnamedAccess, addr: Uint8Array, asset: bigint): boolean {
    const key = `${addrKey(addr)}:${asset}`
    if (this.group.holdings.has(key)) return true
    if (!this.group.addCrossProduct()) return false
    this.group.holdings.set(key, { addr, asset })
    return true
  }

  allowsLocal(_at: UnnamedAccess, addr: Uint8Array, app: bigint): boolean {
    // An app's local state in its own account is always available, and not worth listing.
    if (addrKey(applicationAddress(app)) === addrKey(addr)) return true
    const key = `${addrKey(addr)}:${app}`
    if (this.group.locals.has(key)) return true
    if (!this.group.addCrossProduct()) return false
    this.group.locals.set(key, { addr, app })
    return true
  }

  availableBox(app: bigint, name: Uint8Array, newApp: boolean, readSize: number): boolean {
    // Boxes are always the group's.
    if (this.group.boxes.has(boxId(app, name))) return true
    return this.group.addBox({ app, name, readSize, newApp }, this.proto.bytesPerBoxReference)
  }

  ioSurplus(surplus: number): boolean {
    return this.group.ioSurplus(surplus, this.proto.bytesPerBoxReference)
  }

  maxIOBudget(): number {
    const boxes = this.startingBoxes + this.group.maxPossibleUnnamedBoxes()
    return boxes * this.proto.bytesPerBoxReference
  }

  reconcileWriteBudget(dirtyBytes: number): void {
    const perRef = this.proto.bytesPerBoxReference
    // The AVM checked dirtyBytes against maxIOBudget, which the refs can always reach.
    this.group.addEmptyBoxRefsForWriteBudget(dirtyBytes, this.startingBoxes * perRef, perRef)
  }

  private all(): ResourceTracker[] {
    return [...this.perTxn, this.group]
  }

  /** `unnamed-resources-accessed` of the group. */
  groupReport(): modelsv2.SimulateUnnamedResourcesAccessed | undefined {
    return this.group.toModel()
  }

  /** `unnamed-resources-accessed` of transaction `i`. */
  txnReport(i: number): modelsv2.SimulateUnnamedResourcesAccessed | undefined {
    return this.perTxn[i]?.toModel()
  }
}
