/**
 * A copy-on-write view over a parent state (the committed state or another overlay): reads fall
 * through to the parent until written here; `commit()` folds the writes into the parent, and
 * simply dropping the overlay discards them. A group is applied on its own overlay, so a rejected
 * group leaves no trace; a clear-state program runs on a child overlay, kept only if it passes.
 */
import type {
  AccountData,
  AppRecord,
  AssetRecord,
  Holding,
  LocalState,
  StateReader,
} from './state.js'
import { innerMap } from './nested-map.js'

/** Where an overlay's writes go on commit. */
export interface StateWriter extends StateReader {
  absorb(child: Overlay): void
}

export class Overlay implements StateWriter {
  readonly accounts = new Map<string, AccountData>()
  readonly holdings = new Map<string, Map<bigint, Holding | null>>()
  readonly locals = new Map<string, Map<bigint, LocalState | null>>()
  readonly assets = new Map<bigint, AssetRecord | null>()
  readonly apps = new Map<bigint, AppRecord | null>()
  readonly boxes = new Map<bigint, Map<string, Uint8Array | null>>()
  /** Transactions remembered here: txid -> last valid round. */
  readonly txids = new Map<string, bigint>()
  readonly leases = new Map<string, bigint>()
  counted = 0n
  /** Fees paid to the fee sink by senders other than the sink (go's feesCollected). */
  feesCollected = 0n

  constructor(readonly parent: StateWriter) {}

  account(key: string): AccountData | undefined {
    return this.accounts.get(key) ?? this.parent.account(key)
  }

  holding(key: string, asset: bigint): Holding | undefined {
    const h = this.holdings.get(key)?.get(asset)
    if (h === null) return undefined
    return h ?? this.parent.holding(key, asset)
  }

  local(key: string, app: bigint): LocalState | undefined {
    const l = this.locals.get(key)?.get(app)
    if (l === null) return undefined
    return l ?? this.parent.local(key, app)
  }

  asset(id: bigint): AssetRecord | undefined {
    const a = this.assets.get(id)
    if (a === null) return undefined
    return a ?? this.parent.asset(id)
  }

  app(id: bigint): AppRecord | undefined {
    const a = this.apps.get(id)
    if (a === null) return undefined
    return a ?? this.parent.app(id)
  }

  box(app: bigint, name: string): Uint8Array | undefined {
    const b = this.boxes.get(app)?.get(name)
    if (b === null) return undefined
    return b ?? this.parent.box(app, name)
  }

  txnCounter(): bigint {
    return this.parent.txnCounter() + this.counted
  }

  hasTxid(txid: string): boolean {
    return this.txids.has(txid) || this.parent.hasTxid(txid)
  }

  leaseUntil(key: string): bigint | undefined {
    return this.leases.get(key) ?? this.parent.leaseUntil(key)
  }

  putAccount(key: string, data: AccountData): void {
    this.accounts.set(key, data)
  }

  putHolding(key: string, asset: bigint, h: Holding | null): void {
    innerMap(this.holdings, key).set(asset, h)
  }

  putLocal(key: string, app: bigint, l: LocalState | null): void {
    innerMap(this.locals, key).set(app, l)
  }

  putAsset(id: bigint, a: AssetRecord | null): void {
    this.assets.set(id, a)
  }

  putApp(id: bigint, a: AppRecord | null): void {
    this.apps.set(id, a)
  }

  putBox(app: bigint, name: string, value: Uint8Array | null): void {
    innerMap(this.boxes, app).set(name, value)
  }

  rememberTxid(txid: string, lastValid: bigint): void {
    this.txids.set(txid, lastValid)
  }

  rememberLease(key: string, lastValid: bigint): void {
    this.leases.set(key, lastValid)
  }

  countTxn(): void {
    this.counted++
  }

  /** Folds a child's writes into this overlay (the child is dropped afterwards). */
  absorb(child: Overlay): void {
    for (const [k, v] of child.accounts) this.accounts.set(k, v)
    for (const [k, m] of child.holdings) for (const [id, v] of m) this.putHolding(k, id, v)
    for (const [k, m] of child.locals) for (const [id, v] of m) this.putLocal(k, id, v)
    for (const [id, v] of child.assets) this.assets.set(id, v)
    for (const [id, v] of child.apps) this.apps.set(id, v)
    for (const [app, m] of child.boxes) for (const [n, v] of m) this.putBox(app, n, v)
    for (const [t, lv] of child.txids) this.txids.set(t, lv)
    for (const [l, lv] of child.leases) this.leases.set(l, lv)
    this.counted += child.counted
    this.feesCollected += child.feesCollected
  }

  commit(): void {
    this.parent.absorb(this)
  }
}
