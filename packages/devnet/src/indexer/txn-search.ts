/**
 * Transaction search over the TxnIndex, with the indexer's semantics (idb/postgres/postgres.go
 * buildTransactionQuery / txnsWithNext, api/handlers.go fetchTransactions):
 * - address-filtered searches run newest first, all others oldest first;
 * - a match on an inner transaction yields its root transaction (once per page), unless the
 *   caller asks for the matching rows themselves (application logs);
 * - the next token is the position after which the following page starts.
 */
import type { Address } from 'algosdk'
import { addrKey } from './keys.js'
import { encodeTxnNext, type TxnPosition } from './next-token.js'
import { FLAG, NOTE_HEAD, SIG_CODES, TYPE_CODES, type TxnIndex } from './txn-index.js'

/** Address roles, as bits (idb/address_role.go). */
export const ROLE = {
  sender: 1,
  receiver: 2,
  closeRemainderTo: 4,
  assetSender: 8,
  assetReceiver: 16,
  assetCloseTo: 32,
  freeze: 64,
} as const

export interface TxnFilter {
  address?: Address
  /** 0 = any role. */
  addressRole: number
  /** Inclusive bounds; undefined = open. */
  minRound?: number
  maxRound?: number
  /** Epoch ms; rounds whose block time is strictly before / after. */
  beforeTime?: number
  afterTime?: number
  creatable?: bigint
  assetAmountGT?: bigint
  assetAmountLT?: bigint
  algosGT?: bigint
  algosLT?: bigint
  txType?: string
  txid?: string
  groupId?: Uint8Array
  sigType?: string
  notePrefix?: Uint8Array
  rekeyTo?: boolean
  /** Only rows whose own apply data has logs. */
  requireLogs?: boolean
  /** Return the matching rows themselves instead of their roots. */
  matchingRows?: boolean
  limit: number
  next?: TxnPosition
}

export interface TxnPage {
  /** Row numbers: of roots, or of the matching rows when `matchingRows`. */
  readonly rows: readonly number[]
  readonly nextToken?: string
}

const PAY = TYPE_CODES.pay
const AXFER = TYPE_CODES.axfer
const AFRZ = TYPE_CODES.afrz

function hasRole(index: TxnIndex, seq: number, id: number, role: number): boolean {
  const type = index.typeOf(seq)
  const receiver = index.receiverOf(seq) === id
  const close = index.closeToOf(seq) === id
  return (
    ((role & ROLE.sender) !== 0 && index.senderOf(seq) === id) ||
    ((role & ROLE.receiver) !== 0 && type === PAY && receiver) ||
    ((role & ROLE.closeRemainderTo) !== 0 && type === PAY && close) ||
    ((role & ROLE.assetSender) !== 0 && index.assetSenderOf(seq) === id) ||
    ((role & ROLE.assetReceiver) !== 0 && type === AXFER && receiver) ||
    ((role & ROLE.assetCloseTo) !== 0 && type === AXFER && close) ||
    ((role & ROLE.freeze) !== 0 && type === AFRZ && receiver)
  )
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (bytes.length < prefix.length) return false
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false
  return true
}

function equalBytes(a: Uint8Array | undefined, b: Uint8Array): boolean {
  return a !== undefined && a.length === b.length && startsWith(a, b)
}

/**
 * Amount comparisons: like the indexer's SQL on the stored transaction, a zero amount is absent
 * (omitted from the encoding) and so never compares, and only payments (algos) or asset
 * transfers (asset amounts) have the amount at all.
 */
function amountMatches(amount: bigint | undefined, gt?: bigint, lt?: bigint): boolean {
  if (gt === undefined && lt === undefined) return true
  if (amount === undefined || amount === 0n) return false
  return (gt === undefined || amount > gt) && (lt === undefined || amount < lt)
}

function noteMatches(index: TxnIndex, seq: number, prefix: Uint8Array): boolean {
  if (index.noteLengthOf(seq) < prefix.length) return false
  if (!startsWith(index.noteHeadOf(seq), prefix.subarray(0, NOTE_HEAD))) return false
  // Longer prefixes than the kept head are checked on the transaction itself.
  return (
    prefix.length <= NOTE_HEAD ||
    startsWith(index.txnOf(seq)?.signedTxn.txn.note ?? new Uint8Array(), prefix)
  )
}

function rowMatches(index: TxnIndex, seq: number, f: TxnFilter, addressId: number): boolean {
  const type = index.typeOf(seq)
  const flags = index.flagsOf(seq)
  if (
    f.address !== undefined &&
    f.addressRole !== 0 &&
    !hasRole(index, seq, addressId, f.addressRole)
  ) {
    return false
  }
  if (f.creatable !== undefined && BigInt(index.creatableOf(seq)) !== f.creatable) return false
  if (f.txType !== undefined && type !== TYPE_CODES[f.txType]) return false
  if (f.sigType !== undefined && flags >> FLAG.sigShift !== SIG_CODES[f.sigType]) return false
  if (f.rekeyTo === true && (flags & FLAG.rekey) === 0) return false
  if (f.requireLogs === true && (flags & FLAG.logs) === 0) return false
  if (f.assetAmountGT !== undefined || f.assetAmountLT !== undefined) {
    const amount = type === AXFER ? index.amountOf(seq) : undefined
    if (!amountMatches(amount, f.assetAmountGT, f.assetAmountLT)) return false
  }
  if (f.algosGT !== undefined || f.algosLT !== undefined) {
    const amount = type === PAY ? index.amountOf(seq) : undefined
    if (!amountMatches(amount, f.algosGT, f.algosLT)) return false
  }
  if (f.notePrefix !== undefined && !noteMatches(index, seq, f.notePrefix)) return false
  if (f.txid !== undefined && !(index.isRoot(seq) && index.root(seq)?.txid === f.txid)) {
    return false
  }
  if (f.groupId !== undefined) {
    if ((flags & FLAG.group) === 0) return false
    if (!equalBytes(index.txnOf(seq)?.signedTxn.txn.group, f.groupId)) return false
  }
  return true
}

/** The first round whose block time (ms) satisfies `pred`; block times never go backwards. */
function firstRoundWhere(index: TxnIndex, pred: (ms: number) => boolean): number {
  let lo = 0
  let hi = index.lastRound + 1
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (pred(index.timeOfRound(mid) * 1000)) hi = mid
    else lo = mid + 1
  }
  return lo
}

/** Index of the first element of the sorted list that is >= seq. */
function lowerBound(list: readonly number[], seq: number): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (list[mid] < seq) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The candidate rows as an ascending list, or undefined when no list index applies. */
function candidateList(index: TxnIndex, f: TxnFilter): readonly number[] | undefined {
  if (f.txid !== undefined) {
    const seq = index.txidRow(f.txid)
    return seq === undefined ? [] : [seq]
  }
  if (f.groupId !== undefined) return index.groupRows(f.groupId)
  if (f.creatable !== undefined) return index.creatableRows(f.creatable)
  return undefined
}

/**
 * Narrows an inclusive round range to the rounds whose block time is strictly before `beforeMs`
 * and strictly after `afterMs` (the indexer compares block_header.realtime the same way).
 */
export function roundsInTime(
  index: TxnIndex,
  minRound: number,
  maxRound: number,
  beforeMs?: number,
  afterMs?: number,
): [number, number] {
  let min = minRound
  let max = maxRound
  if (beforeMs !== undefined) max = Math.min(max, firstRoundWhere(index, (t) => t >= beforeMs) - 1)
  if (afterMs !== undefined)
    min = Math.max(
      min,
      firstRoundWhere(index, (t) => t > afterMs),
    )
  return [min, max]
}

export function searchTransactions(index: TxnIndex, f: TxnFilter): TxnPage {
  const descending = f.address !== undefined
  // The half-open window [lo, hi) of row numbers the rounds, times and next token allow.
  const [minRound, maxRound] = roundsInTime(
    index,
    f.minRound ?? 0,
    f.maxRound ?? index.lastRound,
    f.beforeTime,
    f.afterTime,
  )
  if (minRound > maxRound) return { rows: [] }
  let lo = index.startOfRound(minRound)
  let hi = index.startOfRound(maxRound + 1)
  if (f.next !== undefined) {
    // The token's row, clamped to its round: an offset past the round's end means "all of it".
    const roundEnd = index.startOfRound(f.next.round + 1)
    const at = index.startOfRound(f.next.round) + f.next.intra
    if (descending) hi = Math.min(hi, at, roundEnd)
    else lo = Math.max(lo, Math.min(at + 1, roundEnd))
  }
  if (lo >= hi) return { rows: [] }

  const addressId = f.address === undefined ? -1 : index.addresses.find(addrKey(f.address))
  if (addressId === undefined) return { rows: [] }
  const out: number[] = []
  const roots = new Set<number>()
  let last = -1
  /** Takes a candidate row; false once the page is full. */
  const visit = (seq: number): boolean => {
    if (!rowMatches(index, seq, f, addressId)) return true
    if (f.matchingRows === true) {
      out.push(seq)
    } else {
      const root = index.rootOf(seq)
      if (roots.has(root)) return true
      roots.add(root)
      out.push(root)
    }
    last = seq
    return out.length < f.limit
  }
  if (descending) {
    for (const seq of index.addressRows(addressId, hi)) {
      if (seq < lo || !visit(seq)) break
    }
  } else {
    const list = candidateList(index, f)
    if (list === undefined) {
      for (let seq = lo; seq < hi && visit(seq); seq++);
    } else {
      for (let i = lowerBound(list, lo); i < list.length && list[i] < hi && visit(list[i]); i++);
    }
  }
  if (last < 0) return { rows: out }
  return { rows: out, nextToken: encodeTxnNext(nextPosition(index, last, descending, f)) }
}

/**
 * Where the next page starts (TxnRow.Next): after the whole root (its inner rows included) going
 * forward, before the root going backward; after the row itself when rows are returned as such.
 */
function nextPosition(
  index: TxnIndex,
  seq: number,
  descending: boolean,
  f: TxnFilter,
): TxnPosition {
  const round = index.roundOf(seq)
  if (f.matchingRows === true) return { round, intra: index.intraOf(seq) }
  const root = index.rootOf(seq)
  const intra = index.intraOf(root)
  return { round, intra: descending ? intra : intra + index.innerCountOf(root) }
}
