/**
 * Base64, standard and URL alphabets, with Go's `encoding/base64` (padded, non-strict) decoding
 * behaviour: '\r' and '\n' are ignored and errors report Go's input offsets, since the assembler
 * must match go-algorand's messages.
 */
import { CorruptInputError, type DecodeResult } from './base32.js'

const STD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

function decodeMap(alphabet: string): Int16Array {
  const m = new Int16Array(256).fill(-1)
  for (let i = 0; i < alphabet.length; i++) m[alphabet.charCodeAt(i)] = i
  return m
}
const STD_MAP = decodeMap(STD)
const URL_MAP = decodeMap(URL)

export type Base64Alphabet = 'std' | 'url'

export function encodeBase64(bytes: Uint8Array, alphabet: Base64Alphabet = 'std'): string {
  const s = Buffer.from(bytes).toString('base64')
  return alphabet === 'url' ? s.replace(/\+/g, '-').replace(/\//g, '_') : s
}

const isNewline = (c: number | undefined): boolean => c === 0x0a || c === 0x0d

/** Decodes like Go's `base64.StdEncoding.DecodeString` (or URLEncoding): padding required. */
export function decodeBase64(text: string, alphabet: Base64Alphabet = 'std'): DecodeResult {
  const map = alphabet === 'url' ? URL_MAP : STD_MAP
  const src = Buffer.from(text, 'utf8')
  const out: number[] = []
  const fail = (offset: number): DecodeResult => ({
    ok: false,
    error: new CorruptInputError(offset, 'base64'),
  })
  let si = 0
  while (si < src.length) {
    const dbuf = [0, 0, 0, 0]
    let dlen = 4
    let trailing: number | undefined
    for (let j = 0; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return { ok: true, bytes: Uint8Array.from(out) }
        return fail(si - j)
      }
      const input = src[si]
      si++
      const v = map[input]
      if (v >= 0) {
        dbuf[j] = v
        continue
      }
      if (isNewline(input)) {
        j--
        continue
      }
      if (input !== 0x3d) return fail(si - 1)
      // Padding: only valid after two or three data characters.
      if (j === 0 || j === 1) return fail(si - 1)
      if (j === 2) {
        while (si < src.length && isNewline(src[si])) si++
        if (si === src.length) return fail(src.length)
        if (src[si] !== 0x3d) return fail(si - 1)
        si++
      }
      while (si < src.length && isNewline(src[si])) si++
      if (si < src.length) trailing = si
      dlen = j
      break
    }
    const val = (dbuf[0] << 18) | (dbuf[1] << 12) | (dbuf[2] << 6) | dbuf[3]
    const bytes = [(val >> 16) & 0xff, (val >> 8) & 0xff, val & 0xff]
    out.push(...bytes.slice(0, dlen - 1))
    if (trailing !== undefined) return fail(trailing)
  }
  return { ok: true, bytes: Uint8Array.from(out) }
}
