/**
 * The token level of go-codec's JSON decoder (github.com/algorand/go-codec: its bytesDecReader
 * and jsonDecDriver), as json_ref meets it through go-algorand's `protocol.DecodeJSON`. The
 * decoders in bytes-json-codec.ts and bytes-json-naked.ts are built on these steps, which keep
 * go-codec's quirks:
 *
 * - one byte of token lookahead in which 0 means "none", so a NUL byte is skipped over by
 *   whichever step looks for a token next;
 * - the container state is a single field, not a stack; a comma is required before an element
 *   unless the state is still "just opened";
 * - numbers are any run of `0-9 e E . + -`;
 * - strings take any raw byte; `\u` escapes never combine surrogate pairs (U+FFFD instead), and a
 *   bad one swallows the next four bytes, even the closing quote;
 * - nesting reaching 1024 containers fails.
 */
import { isSpace } from './bytes-json-std.js'

/** Why decoding failed, which picks go-algorand's message. */
export type CodecFailure = 'generic' | 'duplicate' | 'notObject'

export class CodecError extends Error {
  constructor(readonly kind: CodecFailure) {
    super(kind)
  }
}

export const QUOTE = 0x22
const BACKSLASH = 0x5c
const MAX_DEPTH = 1024

/** go-codec's jsonNumSet. */
const isNumChar = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) || c === 0x65 || c === 0x45 || c === 0x2e || c === 0x2b || c === 0x2d
function hexVal(c: number | undefined): number {
  if (c === undefined) return -1
  if (c >= 0x30 && c <= 0x39) return c - 0x30
  if (c >= 0x61 && c <= 0x66) return c - 0x57
  if (c >= 0x41 && c <= 0x46) return c - 0x37
  return -1
}

function pushUtf8(out: number[], r: number): void {
  if (r < 0x80) out.push(r)
  else if (r < 0x800) out.push(0xc0 | (r >> 6), 0x80 | (r & 0x3f))
  else out.push(0xe0 | (r >> 12), 0x80 | ((r >> 6) & 0x3f), 0x80 | (r & 0x3f))
}

/** Container states of the driver. */
export const St = {
  None: 0,
  MapStart: 1,
  MapKey: 2,
  MapValue: 3,
  MapEnd: 4,
  ArrayStart: 5,
  ArrayElem: 6,
  ArrayEnd: 7,
} as const
export type St = (typeof St)[keyof typeof St]

export class Reader {
  /** Read position. */
  c = 0
  /** The lookahead token; 0 means none. */
  tok = 0
  st: St = St.None
  depth = 0

  constructor(readonly b: Uint8Array) {}

  fail(kind: CodecFailure = 'generic'): never {
    throw new CodecError(kind)
  }

  // ---- the byte reader

  private skip(): number {
    const b = this.b
    for (let i = this.c; i < b.length; i++) {
      if (!isSpace(b[i])) {
        this.c = i + 1
        return b[i]
      }
    }
    return this.fail()
  }

  /** The lookahead token, reading one if there is none. */
  token(): number {
    if (this.tok === 0) this.tok = this.skip()
    return this.tok
  }

  /** The rest of a literal whose first byte is the token. */
  readLiteral(rest: string): void {
    const start = this.c
    this.c += rest.length
    this.tok = 0
    if (this.c > this.b.length) this.fail()
    for (let k = 0; k < rest.length; k++) {
      if (this.b[start + k] !== rest.charCodeAt(k)) this.fail()
    }
  }

  /** One raw byte (readn1). */
  readByte(): number {
    if (this.c >= this.b.length) this.fail()
    return this.b[this.c++]
  }

  /** Reads through the next '"'; returns where the chunk starts and its length (quote included). */
  private readUntilQuote(): [number, number] {
    const start = this.c
    const at = this.b.indexOf(QUOTE, start)
    if (at < 0) this.fail()
    this.c = at + 1
    return [start, at + 1 - start]
  }

  // ---- the JSON driver

  /** Requires the token `ch` and consumes it (ReadMapElemValue, ReadMapEnd, ReadArrayEnd...). */
  expect(ch: number, next: St): void {
    if (this.token() !== ch) this.fail()
    this.tok = 0
    this.st = next
  }

  /** ReadMapStart, whose failure go-algorand reports as "only json object is allowed". */
  readMapStart(): void {
    if (this.token() !== 0x7b) this.fail('notObject')
    this.tok = 0
    this.st = St.MapStart
  }

  checkBreak(): boolean {
    const t = this.token()
    return t === 0x7d || t === 0x5d
  }

  /** ReadMapElemKey / ReadArrayElem: a comma is required unless the state is `start`. */
  elem(start: St, next: St): void {
    const t = this.token()
    if (this.st !== start) {
      if (t !== 0x2c) this.fail()
      this.tok = 0
    }
    this.st = next
  }

  /** TryDecodeAsNil. */
  tryNil(): boolean {
    if (this.token() !== 0x6e) return false
    this.readLiteral('ull')
    return true
  }

  /** The bytes of a number: a quoted string's content, or the run of number characters. */
  decNumBytes(): Uint8Array {
    const b = this.b
    let out: Uint8Array
    if (this.token() === QUOTE) {
      const [start, len] = this.readUntilQuote()
      out = b.subarray(start, start + len - 1)
    } else {
      this.c-- // unread the token
      const start = this.c
      while (this.c < b.length && isNumChar(b[this.c])) this.c++
      out = b.subarray(start, this.c)
    }
    this.tok = 0
    return out
  }

  depthIncr(): void {
    if (++this.depth >= MAX_DEPTH) this.fail()
  }

  /** appendStringAsBytes with the token at '"': the decoded string. */
  readString(): number[] {
    const b = this.b
    this.tok = 0
    let [s0, cslen] = this.readUntilQuote()
    const v: number[] = []
    const append = (from: number, to: number): void => {
      for (let k = from; k < to; k++) v.push(b[s0 + k])
    }
    let i = 0
    let cursor = 0
    for (;;) {
      if (i === cslen) {
        // The quote ending the chunk was escaped (or eaten by \u): read on to the next one.
        append(cursor, cslen)
        ;[s0, cslen] = this.readUntilQuote()
        i = 0
        cursor = 0
      }
      if (i > cslen) this.fail() // Go indexes past the chunk and panics
      const c = b[s0 + i]
      if (c === QUOTE) {
        append(cursor, i)
        return v
      }
      if (c !== BACKSLASH) {
        i++
        continue
      }
      append(cursor, i)
      i++
      const e = b[s0 + i]
      if (e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x27) v.push(e)
      else if (e === 0x62) v.push(8)
      else if (e === 0x66) v.push(12)
      else if (e === 0x6e) v.push(10)
      else if (e === 0x72) v.push(13)
      else if (e === 0x74) v.push(9)
      else if (e === 0x75) i = this.unicodeEscape(s0, cslen, i, v)
      else this.fail()
      i++
      cursor = i
    }
  }

  /** The `\u` escape whose 'u' is at chunk index i; appends the rune, returns the new index. */
  private unicodeEscape(s0: number, cslen: number, i: number, v: number[]): number {
    const b = this.b
    // Go slices four bytes past 'u', up to the input's end even beyond the chunk.
    if (cslen < i + 4 || s0 + i + 5 > b.length) this.fail()
    let rr = 0
    for (let k = 1; k <= 4; k++) {
      const h = hexVal(b[s0 + i + k])
      if (h < 0) {
        pushUtf8(v, 0xfffd)
        return i + 4
      }
      rr = rr * 16 + h
    }
    i += 4
    if (rr < 0xd800 || rr >= 0xe000) {
      pushUtf8(v, rr)
      return i
    }
    // A surrogate: go-codec consumes a following \uXXXX but never combines the pair.
    if (cslen >= i + 6) {
      if (s0 + i + 7 > b.length) this.fail()
      if (b[s0 + i + 1] === BACKSLASH && b[s0 + i + 2] === 0x75) {
        i += 2
        for (let k = 1; k <= 4; k++) {
          if (hexVal(b[s0 + i + k]) < 0) break
        }
        i += 4
      }
    }
    pushUtf8(v, 0xfffd)
    return i
  }
}
