/**
 * A small canonical msgpack writer (minimal integer and length encodings, as go-algorand's
 * generated MarshalMsg and algosdk write them), and the canonical encoding of a transaction:
 * map keys sorted, zero values and empty arrays omitted. The ledger encodes every submitted
 * transaction (for its id and for the bytes its signature signs); doing it here is several times
 * faster than algosdk's schema-driven encoder, and tests hold the two byte for byte equal.
 */
import type { Txn } from '@unica/avm'

export class MsgpackWriter {
  private buf = new Uint8Array(512)
  private n = 0

  private room(k: number): void {
    if (this.n + k <= this.buf.length) return
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.n + k))
    next.set(this.buf.subarray(0, this.n))
    this.buf = next
  }

  private byte(b: number): void {
    this.room(1)
    this.buf[this.n++] = b
  }

  private be(v: bigint | number, bytes: number): void {
    this.room(bytes)
    if (bytes <= 4) {
      // Fits in 32 bits (the callers choose `bytes` by magnitude): no bigint arithmetic needed.
      let n = Number(v)
      for (let i = bytes - 1; i >= 0; i--) {
        this.buf[this.n + i] = n & 0xff
        n = Math.floor(n / 256)
      }
      this.n += bytes
      return
    }
    let x = BigInt(v)
    for (let i = bytes - 1; i >= 0; i--) {
      this.buf[this.n + i] = Number(x & 0xffn)
      x >>= 8n
    }
    this.n += bytes
  }

  uint(v: bigint | number): void {
    if (v < 0x80) this.byte(Number(v))
    else if (v < 0x100) this.head(0xcc, v, 1)
    else if (v < 0x10000) this.head(0xcd, v, 2)
    else if (v < 0x100000000) this.head(0xce, v, 4)
    else this.head(0xcf, v, 8)
  }

  private head(tag: number, v: bigint | number, bytes: number): void {
    this.byte(tag)
    this.be(v, bytes)
  }

  raw(b: Uint8Array): void {
    this.room(b.length)
    this.buf.set(b, this.n)
    this.n += b.length
  }

  bin(b: Uint8Array): void {
    const len = b.length
    if (len < 0x100) this.head(0xc4, len, 1)
    else if (len < 0x10000) this.head(0xc5, len, 2)
    else this.head(0xc6, len, 4)
    this.raw(b)
  }

  str(s: Uint8Array): void {
    const len = s.length
    if (len < 32) this.byte(0xa0 | len)
    else if (len < 0x100) this.head(0xd9, len, 1)
    else if (len < 0x10000) this.head(0xda, len, 2)
    else this.head(0xdb, len, 4)
    this.raw(s)
  }

  bool(v: boolean): void {
    this.byte(v ? 0xc3 : 0xc2)
  }

  array(len: number): void {
    if (len < 16) this.byte(0x90 | len)
    else if (len < 0x10000) this.head(0xdc, len, 2)
    else this.head(0xdd, len, 4)
  }

  map(len: number): void {
    if (len < 16) this.byte(0x80 | len)
    else if (len < 0x10000) this.head(0xde, len, 2)
    else this.head(0xdf, len, 4)
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.n)
  }
}

/** A map entry: its key and how to write its value, or undefined when the value is empty. */
export type Entry = readonly [string, ((w: MsgpackWriter) => void) | undefined]

const KEYS = new Map<string, Uint8Array>()
function keyBytes(k: string): Uint8Array {
  let b = KEYS.get(k)
  if (b === undefined) {
    b = new TextEncoder().encode(k)
    KEYS.set(k, b)
  }
  return b
}

function isZero(b: Uint8Array): boolean {
  // A plain loop: this runs for every fixed-size field of every transaction and header.
  for (let i = 0; i < b.length; i++) if (b[i] !== 0) return false
  return true
}

export const uint = (v: bigint): Entry[1] =>
  v === 0n
    ? undefined
    : (w) => {
        w.uint(v)
      }
export const flag = (v: boolean): Entry[1] =>
  v
    ? (w) => {
        w.bool(true)
      }
    : undefined
/** A fixed-size byte array ([32]byte and the like): omitted when all zero. */
export const fixed = (b: Uint8Array): Entry[1] =>
  isZero(b)
    ? undefined
    : (w) => {
        w.bin(b)
      }
/** A byte slice: omitted when empty. */
export const slice = (b: Uint8Array): Entry[1] =>
  b.length === 0
    ? undefined
    : (w) => {
        w.bin(b)
      }
export const text = (b: Uint8Array): Entry[1] =>
  b.length === 0
    ? undefined
    : (w) => {
        w.str(b)
      }

export function list<T>(items: readonly T[], put: (w: MsgpackWriter, item: T) => void): Entry[1] {
  if (items.length === 0) return undefined
  return (w) => {
    w.array(items.length)
    for (const item of items) put(w, item)
  }
}

/** The non-empty entries of a struct, in key order. */
function present(entries: readonly Entry[]): Entry[] {
  const out = entries.filter((e) => e[1] !== undefined)
  // Callers list their keys in order already; sort only when one does not.
  if (!isSorted(out)) out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  return out
}

function isSorted(entries: readonly Entry[]): boolean {
  for (let i = 1; i < entries.length; i++) if (entries[i - 1][0] > entries[i][0]) return false
  return true
}

function writeEntries(w: MsgpackWriter, entries: readonly Entry[]): void {
  w.map(entries.length)
  for (const [key, put] of entries) {
    w.str(keyBytes(key))
    put!(w)
  }
}

/** A struct: its non-empty entries in key order; undefined when all are empty. */
export function struct(entries: readonly Entry[]): Entry[1] {
  const items = present(entries)
  if (items.length === 0) return undefined
  return (w) => {
    writeEntries(w, items)
  }
}

export function encodeStruct(entries: readonly Entry[]): Uint8Array {
  const w = new MsgpackWriter()
  writeEntries(w, present(entries))
  return w.bytes()
}

const utf8 = new TextEncoder()

/** The canonical msgpack of a transaction, genesis id and hash included when given. */
export function encodeTransaction(
  t: Txn,
  genesisId: string | undefined,
  genesisHash: Uint8Array | undefined,
): Uint8Array {
  return encodeStruct(transactionEntries(t, genesisId, genesisHash))
}

/**
 * The transaction's encoding, and for a grouped one also its encoding without the group (what
 * the group id commits to), sharing the work.
 */
export function encodeTransactionAndGroupless(
  t: Txn,
  genesisId: string | undefined,
  genesisHash: Uint8Array | undefined,
): { readonly full: Uint8Array; readonly groupless: Uint8Array | undefined } {
  const items = present(transactionEntries(t, genesisId, genesisHash))
  const w = new MsgpackWriter()
  writeEntries(w, items)
  const full = w.bytes()
  if (isZero(t.group)) return { full, groupless: undefined }
  const g = new MsgpackWriter()
  writeEntries(
    g,
    items.filter((e) => e[0] !== 'grp'),
  )
  return { full, groupless: g.bytes() }
}

function transactionEntries(
  t: Txn,
  genesisId: string | undefined,
  genesisHash: Uint8Array | undefined,
): Entry[] {
  return [
    ['aamt', uint(t.assetAmount)],
    ['aclose', fixed(t.assetCloseTo)],
    ['afrz', flag(t.freezeAssetFrozen)],
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
        ['df', flag(t.configAssetDefaultFrozen)],
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
    ['gen', genesisId === undefined ? undefined : text(utf8.encode(genesisId))],
    ['gh', genesisHash === undefined ? undefined : fixed(genesisHash)],
    ['grp', fixed(t.group)],
    ['lv', uint(t.lastValid)],
    ['lx', fixed(t.lease)],
    ['nonpart', flag(t.nonparticipation)],
    ['note', slice(t.note)],
    ['rcv', fixed(t.receiver)],
    ['rekey', fixed(t.rekeyTo)],
    ['selkey', fixed(t.selectionPk)],
    ['snd', fixed(t.sender)],
    ['sprfkey', fixed(t.stateProofPk)],
    ['type', text(utf8.encode(t.type))],
    ['votefst', uint(t.voteFirst)],
    ['votekd', uint(t.voteKeyDilution)],
    ['votekey', fixed(t.votePk)],
    ['votelst', uint(t.voteLast)],
    ['xaid', uint(t.xferAsset)],
  ]
}
