/**
 * What the indexer knows about accounts, assets, applications, holdings and local states beyond
 * the current ledger state: when each was created, closed or deleted (the indexer's created_at /
 * closed_at / deleted columns, idb/postgres/internal/writer/writer.go), and who holds or created
 * what, so lists need no scan of every account. Current amounts and params come from the chain.
 * Accounts are kept in columns by address number (an idle account costs a few bytes here).
 *
 * Things that existed at genesis are seeded "provisionally" at round 0 from the genesis accounts'
 * current state (exact on a fresh chain); the first event seen for such a record settles it (a
 * creation or app opt-in means it was not there at genesis after all).
 */
import { type Address, OnApplicationComplete, type SignedTxnWithAD, TransactionType } from 'algosdk'
import { NumColumn } from './columns.js'
import type { AddressTable } from './keys.js'
import { SIG_CODES } from './txn-index.js'

/** A lifetime: first created round, last closed round, and whether it is closed now. */
export interface Lifetime {
  created: number
  closed?: number
  deleted: boolean
  provisional: boolean
}

export interface CreatableRecord extends Lifetime {
  readonly id: bigint
  /** Address number of the creator. */
  creator: number
}

const SIG_NAMES = ['', 'sig', 'msig', 'lsig'] as const

const ACCOUNT_DELETED = 1
const ACCOUNT_PROVISIONAL = 2
const ACCOUNT_SIG_SHIFT = 2

/**
 * Opens (or reopens) a record. A provisional record met by a real event is settled: when the
 * event certainly created the thing (`definite`), it was not there at genesis; otherwise (a
 * self-transfer may be a no-op on an existing holding) genesis is kept.
 */
function open(
  record: Lifetime | undefined,
  round: number,
  provisional: boolean,
  definite = false,
): Lifetime {
  if (record === undefined) return { created: round, deleted: false, provisional }
  if (record.provisional && !provisional) {
    if (definite) record.created = round
    record.provisional = false
  }
  record.deleted = false
  return record
}

function close(record: Lifetime, round: number): void {
  record.closed = round
  record.deleted = true
  record.provisional = false
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key)
  if (set === undefined) map.set(key, (set = new Set()))
  set.add(value)
}

export class StateIndex {
  /** Per address number: created / closed rounds (-1 = never), and flags. */
  private readonly created = new NumColumn(Int32Array, -1)
  private readonly closed = new NumColumn(Int32Array, -1)
  private readonly accountFlags = new NumColumn(Uint8Array)
  readonly holdings = new Map<number, Map<bigint, Lifetime>>()
  readonly localStates = new Map<number, Map<bigint, Lifetime>>()
  readonly assets = new Map<bigint, CreatableRecord>()
  readonly apps = new Map<bigint, CreatableRecord>()
  /** asset id -> holder numbers; app id -> opted-in account numbers. */
  readonly holders = new Map<bigint, Set<number>>()
  readonly optedIn = new Map<bigint, Set<number>>()
  /** creator number -> asset / app ids. */
  readonly createdAssets = new Map<number, Set<bigint>>()
  readonly createdApps = new Map<number, Set<bigint>>()

  constructor(readonly addresses: AddressTable) {}

  /** The account's lifetime, if the index has seen it come into existence. */
  account(id: number): (Lifetime & { sigType?: string }) | undefined {
    const created = this.created.get(id)
    if (created < 0) return undefined
    const flags = this.accountFlags.get(id)
    const closed = this.closed.get(id)
    const sig = SIG_NAMES[(flags >> ACCOUNT_SIG_SHIFT) & 3]
    return {
      created,
      closed: closed < 0 ? undefined : closed,
      deleted: (flags & ACCOUNT_DELETED) !== 0,
      provisional: (flags & ACCOUNT_PROVISIONAL) !== 0,
      sigType: sig === '' ? undefined : sig,
    }
  }

  /** Address numbers of every account seen. */
  *accountIds(): Generator<number> {
    for (let id = 0; id < this.created.length; id++) if (this.created.get(id) >= 0) yield id
  }

  touchAccount(id: number, round: number): void {
    if (this.created.get(id) < 0) this.created.set(id, round)
    this.accountFlags.set(id, this.accountFlags.get(id) & ~ACCOUNT_DELETED)
  }

  private closeAccount(id: number, round: number): void {
    this.touchAccount(id, round)
    this.closed.set(id, round)
    this.accountFlags.set(id, this.accountFlags.get(id) | ACCOUNT_DELETED)
  }

  private setSigType(id: number, code: number): void {
    const flags = this.accountFlags.get(id) & ~(3 << ACCOUNT_SIG_SHIFT)
    this.accountFlags.set(id, flags | (code << ACCOUNT_SIG_SHIFT))
  }

  optInAsset(
    id: number,
    asset: bigint,
    round: number,
    provisional = false,
    definite = false,
  ): void {
    this.touchAccount(id, round)
    let map = this.holdings.get(id)
    if (map === undefined) this.holdings.set(id, (map = new Map<bigint, Lifetime>()))
    const existing = map.get(asset)
    if (existing !== undefined && !existing.deleted && !existing.provisional) return
    map.set(asset, open(existing, round, provisional, definite))
    addTo(this.holders, asset, id)
  }

  private optOutAsset(id: number, asset: bigint, round: number): void {
    let map = this.holdings.get(id)
    if (map === undefined) this.holdings.set(id, (map = new Map<bigint, Lifetime>()))
    // A holding never seen opening existed at genesis.
    const record = map.get(asset) ?? open(undefined, 0, false)
    close(record, round)
    map.set(asset, record)
    addTo(this.holders, asset, id)
  }

  optInApp(id: number, app: bigint, round: number, provisional = false): void {
    this.touchAccount(id, round)
    let map = this.localStates.get(id)
    if (map === undefined) this.localStates.set(id, (map = new Map<bigint, Lifetime>()))
    const existing = map.get(app)
    if (existing !== undefined && !existing.deleted && !existing.provisional) return
    // An app opt-in fails when already opted in, so a real one is always a creation.
    map.set(app, open(existing, round, provisional, true))
    addTo(this.optedIn, app, id)
  }

  private optOutApp(id: number, app: bigint, round: number): void {
    let map = this.localStates.get(id)
    if (map === undefined) this.localStates.set(id, (map = new Map<bigint, Lifetime>()))
    const record = map.get(app) ?? open(undefined, 0, false)
    close(record, round)
    map.set(app, record)
    addTo(this.optedIn, app, id)
  }

  createAsset(id: bigint, creator: number, round: number, provisional = false): void {
    this.assets.set(id, this.recordCreation(this.assets.get(id), id, creator, round, provisional))
    addTo(this.createdAssets, creator, id)
  }

  createApp(id: bigint, creator: number, round: number, provisional = false): void {
    this.apps.set(id, this.recordCreation(this.apps.get(id), id, creator, round, provisional))
    addTo(this.createdApps, creator, id)
  }

  private recordCreation(
    existing: CreatableRecord | undefined,
    id: bigint,
    creator: number,
    round: number,
    provisional: boolean,
  ): CreatableRecord {
    if (existing !== undefined) {
      // Ids are never reused: a creation event is the creation.
      open(existing, round, provisional, true)
      return existing
    }
    return { id, creator, created: round, deleted: false, provisional }
  }

  /** Applies what one committed transaction (and its inner ones) did. */
  apply(stxn: SignedTxnWithAD, round: number, topLevel: boolean): void {
    const txn = stxn.signedTxn.txn
    const idOf = (a: Address): number => this.addresses.idOf(a)
    const sender = idOf(txn.sender)
    this.touchAccount(sender, round)
    if (topLevel && stxn.signedTxn.sgnr === undefined) {
      // idb.SignatureType: a delegated logic sig counts as the kind of key that delegated it.
      const s = stxn.signedTxn
      const l = s.lsig
      const kind = s.sig
        ? 'sig'
        : s.msig
          ? 'msig'
          : l === undefined
            ? undefined
            : l.sig
              ? 'sig'
              : l.msig || l.lmsig
                ? 'msig'
                : 'lsig'
      if (kind !== undefined) this.setSigType(sender, SIG_CODES[kind] ?? 0)
    }
    switch (txn.type) {
      case TransactionType.pay:
        if (txn.payment) {
          this.touchAccount(idOf(txn.payment.receiver), round)
          if (txn.payment.closeRemainderTo) {
            this.touchAccount(idOf(txn.payment.closeRemainderTo), round)
            this.closeAccount(sender, round)
          }
        }
        break
      case TransactionType.axfer:
        this.applyAssetTransfer(stxn, sender, round)
        break
      case TransactionType.acfg:
        this.applyAssetConfig(stxn, sender, round)
        break
      case TransactionType.appl:
        this.applyAppCall(stxn, sender, round)
        break
      default:
        break
    }
    for (const inner of stxn.applyData.evalDelta?.innerTxns ?? []) this.apply(inner, round, false)
  }

  private applyAssetTransfer(stxn: SignedTxnWithAD, sender: number, round: number): void {
    const axfer = stxn.signedTxn.txn.assetTransfer
    if (axfer === undefined) return
    // go-algorand ledger/apply/asset.go: a transfer from an account to itself (not a clawback)
    // opts it in when it holds nothing yet; closing out removes the sender's holding.
    if (axfer.assetSender === undefined && this.addresses.idOf(axfer.receiver) === sender) {
      // A provisional holding of an asset created after genesis cannot predate this event.
      const asset = this.assets.get(axfer.assetIndex)
      const definite = asset !== undefined && !asset.provisional && asset.created > 0
      this.optInAsset(sender, axfer.assetIndex, round, false, definite)
    }
    if (axfer.closeRemainderTo !== undefined) this.optOutAsset(sender, axfer.assetIndex, round)
  }

  private applyAssetConfig(stxn: SignedTxnWithAD, sender: number, round: number): void {
    const acfg = stxn.signedTxn.txn.assetConfig
    if (acfg === undefined) return
    if (acfg.assetIndex === 0n) {
      const id = stxn.applyData.configAsset ?? 0n
      if (id === 0n) return
      this.createAsset(id, sender, round)
      this.optInAsset(sender, id, round, false, true)
      return
    }
    // go-algorand: an acfg of an existing asset with all-empty params destroys it.
    const destroy =
      acfg.total === 0n &&
      acfg.decimals === 0 &&
      !acfg.defaultFrozen &&
      !acfg.manager &&
      !acfg.reserve &&
      !acfg.freeze &&
      !acfg.clawback &&
      !acfg.unitName &&
      !acfg.assetName &&
      !acfg.assetURL &&
      !acfg.assetMetadataHash
    const asset = this.assets.get(acfg.assetIndex)
    if (!destroy || asset === undefined) return
    close(asset, round)
    this.optOutAsset(asset.creator, acfg.assetIndex, round)
  }

  private applyAppCall(stxn: SignedTxnWithAD, sender: number, round: number): void {
    const appl = stxn.signedTxn.txn.applicationCall
    if (appl === undefined) return
    let id = appl.appIndex
    if (id === 0n) {
      id = stxn.applyData.applicationID ?? 0n
      if (id === 0n) return
      this.createApp(id, sender, round)
    }
    switch (appl.onComplete) {
      case OnApplicationComplete.OptInOC:
        this.optInApp(sender, id, round)
        break
      case OnApplicationComplete.CloseOutOC:
      case OnApplicationComplete.ClearStateOC:
        this.optOutApp(sender, id, round)
        break
      case OnApplicationComplete.DeleteApplicationOC: {
        const app = this.apps.get(id)
        if (app !== undefined) close(app, round)
        break
      }
      default:
        break
    }
  }
}
