/**
 * Algorand's canonical msgpack, as go-algorand's generated `MarshalMsg` and algosdk write it:
 * minimal integer and length encodings, bin for byte strings, map keys sorted, zero values and
 * empty arrays omitted. The AVM encodes inner transactions and groups with it (for their ids);
 * the devnet encodes every submitted transaction (for its id and the bytes its signature signs)
 * and every block header (for its hash).
 */

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

  private head(tag: number, v: bigint | number, bytes: number): void {
    this.byte(tag)
    this.be(v, bytes)
  }

  uint(v: bigint | number): void {
    if (v < 0x80) this.byte(Number(v))
    else if (v < 0x100) this.head(0xcc, v, 1)
    else if (v < 0x10000) this.head(0xcd, v, 2)
    else if (v < 0x100000000) this.head(0xce, v, 4)
    else this.head(0xcf, v, 8)
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

  /** Bytes written so far. */
  get length(): number {
    return this.n
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.n)
  }
}

/** A map entry: its key and how to write its value, or undefined when the value is empty. */
export type Entry = readonly [string, ((w: MsgpackWriter) => void) | undefined]

const utf8 = new TextEncoder()
const KEYS = new Map<string, Uint8Array>()

/** A map key's bytes, cached: the same few keys are written for every transaction and header. */
export function keyBytes(k: string): Uint8Array {
  let b = KEYS.get(k)
  if (b === undefined) {
    b = utf8.encode(k)
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
export function presentEntries(entries: readonly Entry[]): Entry[] {
  const out = entries.filter((e) => e[1] !== undefined)
  // Callers list their keys in order already; sort only when one does not.
  if (!isSorted(out)) out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  return out
}

function isSorted(entries: readonly Entry[]): boolean {
  for (let i = 1; i < entries.length; i++) if (entries[i - 1][0] > entries[i][0]) return false
  return true
}

/** A map of `entries`, which must all be present and in key order (see presentEntries). */
export function writeEntries(w: MsgpackWriter, entries: readonly Entry[]): void {
  w.map(entries.length)
  for (const [key, put] of entries) {
    w.str(keyBytes(key))
    put!(w)
  }
}

/** A struct: its non-empty entries in key order; undefined when all are empty. */
export function struct(entries: readonly Entry[]): Entry[1] {
  const items = presentEntries(entries)
  if (items.length === 0) return undefined
  return (w) => {
    writeEntries(w, items)
  }
}

/** The encoding of a struct (an empty map when all its entries are empty). */
export function encodeStruct(entries: readonly Entry[]): Uint8Array {
  const w = new MsgpackWriter()
  writeEntries(w, presentEntries(entries))
  return w.bytes()
}
