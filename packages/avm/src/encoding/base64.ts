/**
 * Base64, standard and URL alphabets, decoded as Go's `encoding/base64` decodes: padded or
 * unpadded, strict or not, '\r' and '\n' ignored anywhere, and errors at Go's input offsets, since
 * the assembler and the base64_decode opcode must match go-algorand's messages.
 */
import { CorruptInputError, type DecodeResult } from './base32.js'

const STD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

function decodeMap(alphabet: string): Int8Array {
  const m = new Int8Array(256).fill(-1)
  for (let i = 0; i < alphabet.length; i++) m[alphabet.charCodeAt(i)] = i
  return m
}
const STD_MAP = decodeMap(STD)
const URL_MAP = decodeMap(URL)

const PAD = 0x3d // '='

export type Base64Alphabet = 'std' | 'url'

/** A Go `base64.Encoding`, as far as decoding goes. */
export interface Base64Encoding {
  readonly alphabet: Base64Alphabet
  /** 'required': '=' padding (Go's default); 'none': `WithPadding(NoPadding)`, '=' is illegal. */
  readonly padding: 'required' | 'none'
  /** Go's `Strict()`: the bits of a final partial quantum that no output byte uses must be zero. */
  readonly strict: boolean
}

export function encodeBase64(bytes: Uint8Array, alphabet: Base64Alphabet = 'std'): string {
  const s = Buffer.from(bytes).toString('base64')
  return alphabet === 'url' ? s.replace(/\+/g, '-').replace(/\//g, '_') : s
}

export const isNewline = (c: number | undefined): boolean => c === 0x0a || c === 0x0d

/**
 * Decodes `src` like Go's `Encoding.Decode`, one quantum (up to four symbols) at a time as its
 * `decodeQuantum`. Errors are Go's `CorruptInputError`s, `illegal base64 data at input byte N`.
 */
export function decodeBase64Bytes(src: Uint8Array, enc: Base64Encoding): DecodeResult {
  const map = enc.alphabet === 'url' ? URL_MAP : STD_MAP
  const padded = enc.padding === 'required'
  const out: number[] = []
  const dbuf = [0, 0, 0, 0]
  const fail = (offset: number): DecodeResult => ({
    ok: false,
    error: new CorruptInputError(offset, 'base64'),
  })
  let si = 0
  while (si < src.length) {
    dbuf.fill(0)
    let dlen = 4
    let trailing = -1
    for (let j = 0; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return { ok: true, bytes: Uint8Array.from(out) }
        if (j === 1 || padded) return fail(si - j)
        dlen = j
        break
      }
      const c = src[si]
      si++
      const v = map[c]
      if (v >= 0) {
        dbuf[j] = v
        continue
      }
      if (isNewline(c)) {
        j--
        continue
      }
      if (!padded || c !== PAD) return fail(si - 1)
      // Padding: only after two or three symbols, and "==" after two.
      if (j < 2) return fail(si - 1)
      if (j === 2) {
        while (si < src.length && isNewline(src[si])) si++
        if (si === src.length) return fail(src.length)
        if (src[si] !== PAD) return fail(si - 1)
        si++
      }
      while (si < src.length && isNewline(src[si])) si++
      if (si < src.length) trailing = si
      dlen = j
      break
    }
    const val = (dbuf[0] << 18) | (dbuf[1] << 12) | (dbuf[2] << 6) | dbuf[3]
    const b0 = (val >> 16) & 0xff
    const b1 = (val >> 8) & 0xff
    const b2 = val & 0xff
    if (dlen === 4) out.push(b0, b1, b2)
    else if (dlen === 3) {
      if (enc.strict && b2 !== 0) return fail(si - 1)
      out.push(b0, b1)
    } else if (dlen === 2) {
      if (enc.strict && (b1 !== 0 || b2 !== 0)) return fail(si - 2)
      out.push(b0)
    }
    if (trailing >= 0) return fail(trailing)
  }
  return { ok: true, bytes: Uint8Array.from(out) }
}

/** Decodes like Go's `base64.StdEncoding.DecodeString` (or URLEncoding): padding required. */
export function decodeBase64(text: string, alphabet: Base64Alphabet = 'std'): DecodeResult {
  return decodeBase64Bytes(Buffer.from(text, 'utf8'), {
    alphabet,
    padding: 'required',
    strict: false,
  })
}
