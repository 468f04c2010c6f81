/**
 * The canonical msgpack encoding of a transaction, as go-algorand's generated `MarshalMsg` writes
 * it (keys sorted, zero values and empty arrays omitted, minimal integer/length encodings), and
 * the ids built on it that the AVM must compute itself: an inner transaction's id and an inner
 * group's id.
 *
 * Only what a Txn holds is encoded: no genesis id/hash (inner transactions have none), no
 * state-proof, heartbeat or access-list fields.
 */
import { sha512_256 } from '@noble/hashes/sha2.js'
import { concatBytes } from '@noble/hashes/utils.js'
import type { Txn } from '../txn.js'
import { uint64ToBytes } from './value.js'

class Writer {
  private readonly parts: number[] = []

  private bytesBE(v: bigint, n: number): void {
    for (let i = n - 1; i >= 0; i--) this.parts.push(Number((v >> BigInt(8 * i)) & 0xffn))
  }

  uint(v: bigint): void {
    if (v < 0x80n) this.parts.push(Number(v))
    else if (v < 0x100n) this.head(0xcc, v, 1)
    else if (v < 0x10000n) this.head(0xcd, v, 2)
    else if (v < 0x100000000n) this.head(0xce, v, 4)
    else this.head(0xcf, v, 8)
  }

  private head(tag: number, v: bigint, n: number): void {
    this.parts.push(tag)
    this.bytesBE(v, n)
  }

  private raw(b: Uint8Array): void {
    for (const x of b) this.parts.push(x)
  }

  bin(b: Uint8Array): void {
    const n = BigInt(b.length)
    if (n < 0x100n) this.head(0xc4, n, 1)
    else if (n < 0x10000n) this.head(0xc5, n, 2)
    else this.head(0xc6, n, 4)
    this.raw(b)
  }

  str(b: Uint8Array): void {
    const n = BigInt(b.length)
    if (n < 32n) this.parts.push(0xa0 | b.length)
    else if (n < 0x100n) this.head(0xd9, n, 1)
    else if (n < 0x10000n) this.head(0xda, n, 2)
    else this.head(0xdb, n, 4)
    this.raw(b)
  }

  true(): void {
    this.parts.push(0xc3)
  }

  array(n: number): void {
    if (n < 16) this.parts.push(0x90 | n)
    else if (n < 0x10000) this.head(0xdc, BigInt(n), 2)
    else this.head(0xdd, BigInt(n), 4)
  }

  map(n: number): void {
    if (n < 16) this.parts.push(0x80 | n)
    else if (n < 0x10000) this.head(0xde, BigInt(n), 2)
    else this.head(0xdf, BigInt(n), 4)
  }

  bytes(): Uint8Array {
    return Uint8Array.from(this.parts)
  }
}

/** One map entry: its key and how to write its value, or undefined when the value is zero. */
type Entry = readonly [string, ((w: Writer) => void) | undefined]

const ascii = (s: string): Uint8Array => new TextEncoder().encode(s)
const isZero = (b: Uint8Array): boolean => b.every((x) => x === 0)

const uint = (v: bigint): Entry[1] =>
  v === 0n
    ? undefined
    : (w) => {
        w.uint(v)
      }
const boolean = (v: boolean): Entry[1] =>
  v
    ? (w) => {
        w.true()
      }
    : undefined
/** A fixed-size array ([32]byte and the like): omitted when all zero. */
const fixed = (b: Uint8Array): Entry[1] =>
  isZero(b)
    ? undefined
    : (w) => {
        w.bin(b)
      }
/** A []byte: omitted when empty. */
const slice = (b: Uint8Array): Entry[1] =>
  b.length === 0
    ? undefined
    : (w) => {
        w.bin(b)
      }
const text = (b: Uint8Array): Entry[1] =>
  b.length === 0
    ? undefined
    : (w) => {
        w.str(b)
      }

function list<T>(items: readonly T[], put: (w: Writer, item: T) => void): Entry[1] {
  if (items.length === 0) return undefined
  return (w) => {
    w.array(items.length)
    for (const item of items) put(w, item)
  }
}

/** A struct: its non-zero entries in key order, or undefined when all are zero. */
function struct(entries: readonly Entry[]): Entry[1] {
  const present = entries.filter((e) => e[1] !== undefined)
  if (present.length === 0) return undefined
  present.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  return (w) => {
    w.map(present.length)
    for (const [key, put] of present) {
      w.str(ascii(key))
      put!(w)
    }
  }
}

function txnEntries(t: Txn): Entry[] {
  return [
    ['aamt', uint(t.assetAmount)],
    ['aclose', fixed(t.assetCloseTo)],
    ['afrz', boolean(t.freezeAssetFrozen)],
    ['amt', uint(t.amount)],
    [
      'apaa',
      list(t.applicationArgs, (w, a) => {
        w.bin(a)
      }),
    ],
    ['apan', uint(t.onCompletion)],
    ['apap', slice(t.approvalProgram)],
    [
      'apar',
      struct([
        ['am', fixed(t.configAssetMetadataHash)],
        ['an', text(t.configAssetName)],
        ['au', text(t.configAssetUrl)],
        ['c', fixed(t.configAssetClawback)],
        ['dc', uint(t.configAssetDecimals)],
        ['df', boolean(t.configAssetDefaultFrozen)],
        ['f', fixed(t.configAssetFreeze)],
        ['m', fixed(t.configAssetManager)],
        ['r', fixed(t.configAssetReserve)],
        ['t', uint(t.configAssetTotal)],
        ['un', text(t.configAssetUnitName)],
      ]),
    ],
    [
      'apas',
      list(t.foreignAssets, (w, id) => {
        w.uint(id)
      }),
    ],
    [
      'apat',
      list(t.accounts, (w, a) => {
        w.bin(a)
      }),
    ],
    [
      'apbx',
      list(t.boxes, (w, br) => {
        const put = struct([
          ['i', uint(BigInt(br.index))],
          ['n', slice(br.name)],
        ])
        if (put) put(w)
        else w.map(0)
      }),
    ],
    ['apep', uint(t.extraProgramPages)],
    [
      'apfa',
      list(t.foreignApps, (w, id) => {
        w.uint(id)
      }),
    ],
    [
      'apgs',
      struct([
        ['nbs', uint(t.globalNumByteSlice)],
        ['nui', uint(t.globalNumUint)],
      ]),
    ],
    ['apid', uint(t.applicationId)],
    [
      'apls',
      struct([
        ['nbs', uint(t.localNumByteSlice)],
        ['nui', uint(t.localNumUint)],
      ]),
    ],
    ['aprv', uint(t.rejectVersion)],
    ['apsu', slice(t.clearStateProgram)],
    ['arcv', fixed(t.assetReceiver)],
    ['asnd', fixed(t.assetSender)],
    ['caid', uint(t.configAsset)],
    ['close', fixed(t.closeRemainderTo)],
    ['fadd', fixed(t.freezeAssetAccount)],
    ['faid', uint(t.freezeAsset)],
    ['fee', uint(t.fee)],
    ['fv', uint(t.firstValid)],
    ['grp', fixed(t.group)],
    ['lv', uint(t.lastValid)],
    ['lx', fixed(t.lease)],
    ['nonpart', boolean(t.nonparticipation)],
    ['note', slice(t.note)],
    ['rcv', fixed(t.receiver)],
    ['rekey', fixed(t.rekeyTo)],
    ['selkey', fixed(t.selectionPk)],
    ['snd', fixed(t.sender)],
    ['sprfkey', fixed(t.stateProofPk)],
    ['type', text(ascii(t.type))],
    ['votefst', uint(t.voteFirst)],
    ['votekd', uint(t.voteKeyDilution)],
    ['votekey', fixed(t.votePk)],
    ['votelst', uint(t.voteLast)],
    ['xaid', uint(t.xferAsset)],
  ]
}

/** The canonical msgpack encoding of `t`. */
export function encodeTxn(t: Txn): Uint8Array {
  const w = new Writer()
  const put = struct(txnEntries(t))
  if (put) put(w)
  else w.map(0)
  return w.bytes()
}

/** A transaction id, SHA-512/256("TX" || msgpack), for a transaction without genesis fields
 * (a top-level transaction also hashes its genesis id and hash, which Txn does not hold). */
export function txnId(t: Txn): Uint8Array {
  return sha512_256(concatBytes(ascii('TX'), encodeTxn(t)))
}

/** go's `InnerID`: SHA-512/256("TX" || parent txid || uint64 index || msgpack). */
export function innerTxnId(t: Txn, parent: Uint8Array, index: number): Uint8Array {
  return sha512_256(concatBytes(ascii('TX'), parent, uint64ToBytes(BigInt(index)), encodeTxn(t)))
}

/** go's group id: SHA-512/256("TG" || msgpack of TxGroup{txlist}). */
export function groupId(hashes: readonly Uint8Array[]): Uint8Array {
  const w = new Writer()
  w.map(1)
  w.str(ascii('txlist'))
  w.array(hashes.length)
  for (const h of hashes) w.bin(h)
  return sha512_256(concatBytes(ascii('TG'), w.bytes()))
}
