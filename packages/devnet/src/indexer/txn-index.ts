/**
 * The transaction side of the in-process indexer: every committed transaction, top-level and
 * inner, as one row, numbered the way algorand/indexer numbers them (intra-round offsets count
 * inner transactions in pre-order, idb/postgres/internal/writer/write_txn.go), with what searches
 * filter on kept in columns, and secondary indexes by participating address (newest first), by
 * creatable id (asset or application), by txid and by group, so a search walks a short list.
 *
 * Rows hold no transaction objects: a result is re-read from the chain's block when answered.
 */
import type { Address, BlockHeader, SignedTxnInBlock, SignedTxnWithAD } from 'algosdk'
import type { CommittedBlock } from '../chain/types.js'
import { BigColumn, ByteRows, NumColumn } from './columns.js'
import type { AddressTable } from './keys.js'
import {
  allParticipants,
  countInner,
  creatableOf,
  directParticipants,
  innerTxnsOf,
  preorderAt,
} from './txn-tree.js'

/** A top-level transaction, resolved from its block. */
export interface RootTxn {
  readonly txid: string
  readonly round: number
  /** Its intra-round offset (inner transactions before it in the round count too). */
  readonly intra: number
  readonly seq: number
  /** How many inner transactions it has, at any depth. */
  readonly innerCount: number
  readonly stib: SignedTxnInBlock
  readonly header: BlockHeader
}

export const TYPE_CODES: Readonly<Record<string, number>> = {
  pay: 1,
  keyreg: 2,
  acfg: 3,
  axfer: 4,
  afrz: 5,
  appl: 6,
  stpf: 7,
  hb: 8,
}

/** Row flags. */
export const FLAG = {
  root: 1,
  logs: 2,
  rekey: 4,
  group: 8,
  /** Signature kind of a root: (flags >> 4) & 3 = 1 sig, 2 msig, 3 lsig. */
  sigShift: 4,
} as const

export const SIG_CODES: Readonly<Record<string, number>> = { sig: 1, msig: 2, lsig: 3 }

/** How many leading note bytes are kept for prefix searches. */
export const NOTE_HEAD = 8

/** A 30-bit number from the start of a base32 id: a small-integer map key (collisions checked). */
function base32Head(id: string): number {
  let n = 0
  for (let i = 0; i < 6; i++) {
    const c = id.charCodeAt(i)
    n = (n << 5) | (c >= 65 ? c - 65 : c - 24) // A-Z = 0-25, 2-7 = 26-31
  }
  return n & 0x3fffffff
}

function bytesHead(bytes: Uint8Array): number {
  return ((bytes[0] << 22) | (bytes[1] << 14) | (bytes[2] << 6) | (bytes[3] >> 2)) & 0x3fffffff
}

function pushTo(map: Map<number, number[]>, key: number, seq: number): void {
  const list = map.get(key)
  if (list === undefined) map.set(key, [seq])
  else if (list[list.length - 1] !== seq) list.push(seq)
}

export class TxnIndex {
  // Per round.
  private readonly roundStart = new NumColumn(Uint32Array)
  private readonly roundTime = new NumColumn(Float64Array)
  // Per row.
  private readonly round = new NumColumn(Uint32Array)
  private readonly rootSeq = new NumColumn(Uint32Array)
  /** For roots: position in the payset, and the number of inner transactions. */
  private readonly paysetIndex = new NumColumn(Uint32Array)
  private readonly innerCount = new NumColumn(Uint32Array)
  private readonly type = new NumColumn(Uint8Array)
  private readonly flags = new NumColumn(Uint8Array)
  private readonly creatable = new NumColumn(Float64Array)
  /** Payment amount (pay) or asset amount (axfer). */
  private readonly amount = new BigColumn()
  /** Address numbers (-1 = none): sender; receiver (pay / axfer) or freeze target (afrz);
   * close-to (pay / axfer); clawback source (axfer). */
  private readonly sender = new NumColumn(Int32Array, -1)
  private readonly receiver = new NumColumn(Int32Array, -1)
  private readonly closeTo = new NumColumn(Int32Array, -1)
  private readonly assetSender = new NumColumn(Int32Array, -1)
  private readonly noteHead = new ByteRows(NOTE_HEAD)
  private readonly noteLength = new NumColumn(Uint32Array)
  // Participation, per address a linked list from its newest row back.
  private readonly partHead = new NumColumn(Int32Array, -1)
  private readonly partSeq = new NumColumn(Uint32Array)
  private readonly partPrev = new NumColumn(Int32Array, -1)
  // Secondary indexes.
  private readonly byCreatable = new Map<number, number[]>()
  /** A root row number, or several when txids share their first 30 bits (rare). */
  private readonly byTxid = new Map<number, number | number[]>()
  private readonly byGroup = new Map<number, number[]>()

  constructor(
    readonly addresses: AddressTable,
    /** Re-reads a committed block (the chain keeps them). */
    private readonly fetch: (round: bigint) => CommittedBlock | undefined,
  ) {}

  get size(): number {
    return this.round.length
  }

  /** Last round added, or -1 before any. */
  get lastRound(): number {
    return this.roundStart.length - 1
  }

  /** First row of `round`, clamped to the rounds added (size past the end). */
  startOfRound(round: number): number {
    if (round <= 0) return 0
    if (round >= this.roundStart.length) return this.size
    return this.roundStart.get(round)
  }

  timeOfRound(round: number): number {
    return this.roundTime.get(round)
  }

  roundOf(seq: number): number {
    return this.round.get(seq)
  }

  intraOf(seq: number): number {
    return seq - this.startOfRound(this.round.get(seq))
  }

  rootOf(seq: number): number {
    return this.rootSeq.get(seq)
  }

  innerCountOf(rootSeq: number): number {
    return this.innerCount.get(rootSeq)
  }

  isRoot(seq: number): boolean {
    return (this.flags.get(seq) & FLAG.root) !== 0
  }

  flagsOf(seq: number): number {
    return this.flags.get(seq)
  }

  typeOf(seq: number): number {
    return this.type.get(seq)
  }

  creatableOf(seq: number): number {
    return this.creatable.get(seq)
  }

  amountOf(seq: number): bigint {
    return this.amount.get(seq)
  }

  senderOf(seq: number): number {
    return this.sender.get(seq)
  }

  receiverOf(seq: number): number {
    return this.receiver.get(seq)
  }

  closeToOf(seq: number): number {
    return this.closeTo.get(seq)
  }

  assetSenderOf(seq: number): number {
    return this.assetSender.get(seq)
  }

  noteHeadOf(seq: number): Uint8Array {
    return this.noteHead.row(seq)
  }

  noteLengthOf(seq: number): number {
    return this.noteLength.get(seq)
  }

  addBlock(committed: CommittedBlock): void {
    const round = Number(committed.round)
    // Rounds come in order; a gap (never expected) still gets its empty entries.
    while (this.roundStart.length < round) {
      this.roundStart.push(this.size)
      this.roundTime.push(this.roundTime.get(this.roundTime.length - 1))
    }
    this.roundStart.push(this.size)
    this.roundTime.push(Number(committed.block.header.timestamp))
    const payset = committed.block.payset
    for (let i = 0; i < payset.length; i++) {
      const stxn = payset[i].signedTxn
      const seq = this.size
      this.addRow(stxn, round, seq, i)
      this.innerCount.set(seq, countInner(stxn))
      this.flags.set(seq, this.flags.get(seq) | FLAG.root | (sigCode(stxn) << FLAG.sigShift))
      const txid = committed.txids.at(i)
      if (txid !== undefined) this.addTxid(base32Head(txid), seq)
      // A root is found through every address of its tree; inner rows by their own.
      this.beginParticipants(seq)
      allParticipants(stxn, this.participant)
      this.addInner(stxn, round, seq, i)
    }
  }

  /** The row participants are being added for, and the addresses already added for it. */
  private participantSeq = 0
  private readonly participantsSeen: number[] = []
  /** One callback for every walk, so following a block allocates no closures. */
  private readonly participant = (address: Address): void => {
    this.participate(this.participantSeq, address)
  }

  private beginParticipants(seq: number): void {
    this.participantSeq = seq
    this.participantsSeen.length = 0
  }

  private addTxid(head: number, seq: number): void {
    const existing = this.byTxid.get(head)
    if (existing === undefined) this.byTxid.set(head, seq)
    else if (typeof existing === 'number') this.byTxid.set(head, [existing, seq])
    else existing.push(seq)
  }

  private participate(seq: number, address: Address): void {
    const id = this.addresses.idOf(address)
    const seen = this.participantsSeen
    if (seen.includes(id)) return
    seen.push(id)
    this.partSeq.push(seq)
    this.partPrev.push(this.partHead.get(id))
    this.partHead.set(id, this.partSeq.length - 1)
  }

  /** Pre-order, as the indexer writer numbers inner transactions. */
  private addInner(parent: SignedTxnWithAD, round: number, rootSeq: number, pay: number): void {
    for (const inner of innerTxnsOf(parent)) {
      const seq = this.size
      this.addRow(inner, round, rootSeq, pay)
      this.beginParticipants(seq)
      directParticipants(inner, this.participant)
      this.addInner(inner, round, rootSeq, pay)
    }
  }

  private addRow(stxn: SignedTxnWithAD, round: number, rootSeq: number, pay: number): void {
    const seq = this.size
    const txn = stxn.signedTxn.txn
    this.round.push(round)
    this.rootSeq.push(rootSeq)
    this.paysetIndex.push(pay)
    this.innerCount.push(0)
    this.type.push(TYPE_CODES[txn.type] ?? 0)
    const creatable = creatableOf(stxn)
    this.creatable.push(Number(creatable))
    if (creatable !== 0n) pushTo(this.byCreatable, Number(creatable), seq)
    this.amount.push(txn.payment?.amount ?? txn.assetTransfer?.amount ?? 0n)
    this.sender.push(this.id(txn.sender))
    this.receiver.push(
      this.id(
        txn.payment?.receiver ?? txn.assetTransfer?.receiver ?? txn.assetFreeze?.freezeAccount,
      ),
    )
    this.closeTo.push(this.id(txn.payment?.closeRemainderTo ?? txn.assetTransfer?.closeRemainderTo))
    this.assetSender.push(this.id(txn.assetTransfer?.assetSender))
    this.noteHead.push(txn.note)
    this.noteLength.push(txn.note.length)
    const group = txn.group
    const hasGroup = group !== undefined && group.some((b) => b !== 0)
    if (hasGroup) pushTo(this.byGroup, bytesHead(group), seq)
    this.flags.push(
      ((stxn.applyData.evalDelta?.logs.length ?? 0) > 0 ? FLAG.logs : 0) |
        (txn.rekeyTo !== undefined ? FLAG.rekey : 0) |
        (hasGroup ? FLAG.group : 0),
    )
  }

  /** An address's number, -1 for none. */
  private id(a: Address | undefined): number {
    return a === undefined ? -1 : this.addresses.idOf(a)
  }

  /** Rows the address takes part in, newest first, below `below` (exclusive). */
  *addressRows(addressId: number, below: number): Generator<number> {
    for (let e = this.partHead.get(addressId); e >= 0; e = this.partPrev.get(e)) {
      const seq = this.partSeq.get(e)
      if (seq < below) yield seq
    }
  }

  creatableRows(id: bigint): readonly number[] {
    return id > BigInt(Number.MAX_SAFE_INTEGER) ? [] : (this.byCreatable.get(Number(id)) ?? [])
  }

  /** Rows whose group id may be `group` (a few false candidates are filtered by the caller). */
  groupRows(group: Uint8Array): readonly number[] {
    return this.byGroup.get(bytesHead(group)) ?? []
  }

  /** The root row of a top-level transaction id. */
  txidRow(txid: string): number | undefined {
    if (!/^[A-Z2-7]{6}/.test(txid)) return undefined
    const found = this.byTxid.get(base32Head(txid))
    const candidates = found === undefined ? [] : typeof found === 'number' ? [found] : found
    return candidates.find((seq) => this.root(seq)?.txid === txid)
  }

  /** The top-level transactions of a round, in payset order. */
  rootsOfRound(round: number): number[] {
    const out: number[] = []
    const end = this.startOfRound(round + 1)
    for (let seq = this.startOfRound(round); seq < end; seq++) if (this.isRoot(seq)) out.push(seq)
    return out
  }

  /** The root transaction of a row, read from its block. */
  root(seq: number): RootTxn | undefined {
    const rootSeq = this.rootSeq.get(seq)
    const round = this.round.get(rootSeq)
    const committed = this.fetch(BigInt(round))
    const index = this.paysetIndex.get(rootSeq)
    const stib = committed?.block.payset[index]
    const txid = committed?.txids[index]
    if (committed === undefined || stib === undefined || txid === undefined) return undefined
    return {
      txid,
      round,
      intra: rootSeq - this.startOfRound(round),
      seq: rootSeq,
      innerCount: this.innerCount.get(rootSeq),
      stib,
      header: committed.block.header,
    }
  }

  /** A row's own transaction (the root's, or an inner one found by its pre-order position). */
  txnOf(seq: number, root: RootTxn | undefined = this.root(seq)): SignedTxnWithAD | undefined {
    return root === undefined ? undefined : preorderAt(root.stib.signedTxn, seq - root.seq)
  }
}

function sigCode(stxn: SignedTxnWithAD): number {
  const s = stxn.signedTxn
  return s.sig !== undefined ? 1 : s.msig !== undefined ? 2 : s.lsig !== undefined ? 3 : 0
}
