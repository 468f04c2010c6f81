/**
 * The committed ledger state: every account, holding, local state, asset, app and box as of the
 * last committed block, with the indexes the REST views need (what each account created) and the
 * transaction ids and leases still inside their validity windows (go's txtail), which dropped
 * out as rounds pass.
 */
import type { Overlay, StateWriter } from './overlay.js'
import {
  isEmptyAccount,
  type AccountData,
  type AppRecord,
  type AssetRecord,
  type Holding,
  type LocalState,
} from './state.js'
import { addrKey } from './keys.js'
import { innerMap } from './nested-map.js'

function setOrDelete<K, V>(
  outer: Map<string | bigint, Map<K, V>>,
  key: string | bigint,
  id: K,
  value: V | null,
): void {
  if (value !== null) {
    innerMap(outer, key).set(id, value)
    return
  }
  const inner = outer.get(key)
  if (inner === undefined) return
  inner.delete(id)
  if (inner.size === 0) outer.delete(key)
}

export class CommittedState implements StateWriter {
  readonly accounts = new Map<string, AccountData>()
  readonly holdings = new Map<string, Map<bigint, Holding>>()
  readonly locals = new Map<string, Map<bigint, LocalState>>()
  readonly assets = new Map<bigint, AssetRecord>()
  readonly apps = new Map<bigint, AppRecord>()
  readonly boxes = new Map<bigint, Map<string, Uint8Array>>()
  readonly createdAssets = new Map<string, Set<bigint>>()
  readonly createdApps = new Map<string, Set<bigint>>()
  /** txid -> last valid round, while the transaction could still be replayed. */
  private readonly txids = new Map<string, bigint>()
  private readonly leases = new Map<string, bigint>()
  /** Ids and leases by the round after which they are forgotten. */
  private readonly expiries = new Map<bigint, { txids: string[]; leases: string[] }>()
  private counter: bigint
  /** Every last valid round below this one has been expired. */
  private expiredBelow = 0n

  constructor(txnCounter: bigint) {
    this.counter = txnCounter
  }

  account(key: string): AccountData | undefined {
    return this.accounts.get(key)
  }
  holding(key: string, asset: bigint): Holding | undefined {
    return this.holdings.get(key)?.get(asset)
  }
  local(key: string, app: bigint): LocalState | undefined {
    return this.locals.get(key)?.get(app)
  }
  asset(id: bigint): AssetRecord | undefined {
    return this.assets.get(id)
  }
  app(id: bigint): AppRecord | undefined {
    return this.apps.get(id)
  }
  box(app: bigint, name: string): Uint8Array | undefined {
    return this.boxes.get(app)?.get(name)
  }
  txnCounter(): bigint {
    return this.counter
  }
  hasTxid(txid: string): boolean {
    return this.txids.has(txid)
  }
  leaseUntil(key: string): bigint | undefined {
    return this.leases.get(key)
  }

  /** Applies a block's (or a group's) writes: the block is committed. */
  absorb(ov: Overlay): void {
    for (const [k, a] of ov.accounts) {
      if (isEmptyAccount(a)) this.accounts.delete(k)
      else this.accounts.set(k, a)
    }
    for (const [k, m] of ov.holdings) for (const [id, h] of m) setOrDelete(this.holdings, k, id, h)
    for (const [k, m] of ov.locals) for (const [id, l] of m) setOrDelete(this.locals, k, id, l)
    for (const [id, a] of ov.assets) {
      this.index(this.createdAssets, id, this.assets.get(id)?.creator, a?.creator)
      if (a === null) this.assets.delete(id)
      else this.assets.set(id, a)
    }
    for (const [id, a] of ov.apps) {
      this.index(this.createdApps, id, this.apps.get(id)?.creator, a?.creator)
      if (a === null) this.apps.delete(id)
      else this.apps.set(id, a)
    }
    for (const [app, m] of ov.boxes) for (const [n, v] of m) setOrDelete(this.boxes, app, n, v)
    for (const [t, lv] of ov.txids) {
      this.txids.set(t, lv)
      this.expiring(lv).txids.push(t)
    }
    for (const [l, lv] of ov.leases) {
      this.leases.set(l, lv)
      this.expiring(lv).leases.push(l)
    }
    this.counter += ov.counted
  }

  /** Forgets the ids and leases whose last valid round is before `round`. */
  expire(round: bigint): void {
    for (; this.expiredBelow < round; this.expiredBelow++) {
      const lv = this.expiredBelow
      const due = this.expiries.get(lv)
      if (due === undefined) continue
      for (const t of due.txids) if (this.txids.get(t) === lv) this.txids.delete(t)
      for (const l of due.leases) if (this.leases.get(l) === lv) this.leases.delete(l)
      this.expiries.delete(lv)
    }
  }

  private expiring(lastValid: bigint): { txids: string[]; leases: string[] } {
    let due = this.expiries.get(lastValid)
    if (due === undefined) {
      due = { txids: [], leases: [] }
      this.expiries.set(lastValid, due)
    }
    return due
  }

  private index(
    by: Map<string, Set<bigint>>,
    id: bigint,
    before: Uint8Array | undefined,
    after: Uint8Array | undefined,
  ): void {
    if (before !== undefined && after === undefined) {
      const k = addrKey(before)
      const set = by.get(k)
      set?.delete(id)
      if (set?.size === 0) by.delete(k)
    }
    if (before === undefined && after !== undefined) {
      const k = addrKey(after)
      let set = by.get(k)
      if (set === undefined) {
        set = new Set()
        by.set(k, set)
      }
      set.add(id)
    }
  }
}
