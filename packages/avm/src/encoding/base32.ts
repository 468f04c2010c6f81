/**
 * RFC 4648 base32 (standard alphabet), with Go's `encoding/base32` decoding behaviour, because the
 * assembler must accept and reject exactly what go-algorand's does and report the same offsets.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
const DECODE = new Int16Array(256).fill(-1)
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i

/** Encodes bytes; `pad` adds '=' to a multiple of 8 characters (Algorand addresses use none). */
export function encodeBase32(bytes: Uint8Array, pad = false): string {
  let out = ''
  let buffer = 0
  let bits = 0
  for (const b of bytes) {
    buffer = (buffer << 8) | b
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31]
      bits -= 5
    }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31]
  if (pad) while (out.length % 8 !== 0) out += '='
  return out
}

/** Go's base32.CorruptInputError, carrying the offending input offset. */
export class CorruptInputError extends Error {
  constructor(
    readonly offset: number,
    encoding: 'base32' | 'base64',
  ) {
    super(`illegal ${encoding} data at input byte ${offset}`)
  }
}

export type DecodeResult = { ok: true; bytes: Uint8Array } | { ok: false; error: CorruptInputError }

/**
 * Decodes like Go's `base32.StdEncoding[.WithPadding(NoPadding)].DecodeString`: newlines are
 * stripped first, then 8-character quanta are decoded; padding rules follow RFC 4648.
 */
export function decodeBase32(text: string, padded: boolean): DecodeResult {
  const src: number[] = []
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    // Go works on UTF-8 bytes; any non-ASCII byte is simply an illegal character.
    if (c > 0x7f) for (const b of Buffer.from(text[i], 'utf8')) src.push(b)
    else if (c !== 0x0a && c !== 0x0d) src.push(c)
  }
  const olen = src.length
  const out: number[] = []
  let pos = 0
  let end = false
  const fail = (offset: number): DecodeResult => ({
    ok: false,
    error: new CorruptInputError(offset, 'base32'),
  })
  while (pos < olen && !end) {
    const dbuf = [0, 0, 0, 0, 0, 0, 0, 0]
    let dlen = 8
    for (let j = 0; j < 8;) {
      const remaining = olen - pos
      if (remaining === 0) {
        if (padded) return fail(olen - j)
        dlen = j
        end = true
        break
      }
      const input = src[pos]
      pos++
      const left = olen - pos
      if (padded && input === 0x3d && j >= 2 && left < 8) {
        if (left + j < 7) return fail(olen)
        for (let k = 0; k < 7 - j; k++) {
          if (left > k && src[pos + k] !== 0x3d) return fail(olen - left + k - 1)
        }
        dlen = j
        end = true
        if (dlen === 1 || dlen === 3 || dlen === 6) return fail(olen - left - 1)
        break
      }
      const v = DECODE[input]
      if (v < 0) return fail(olen - left - 1)
      dbuf[j] = v
      j++
    }
    const q: number[] = []
    if (dlen >= 2) q.push(((dbuf[0] << 3) | (dbuf[1] >> 2)) & 0xff)
    if (dlen >= 4) q.push(((dbuf[1] << 6) | (dbuf[2] << 1) | (dbuf[3] >> 4)) & 0xff)
    if (dlen >= 5) q.push(((dbuf[3] << 4) | (dbuf[4] >> 1)) & 0xff)
    if (dlen >= 7) q.push(((dbuf[4] << 7) | (dbuf[5] << 2) | (dbuf[6] >> 3)) & 0xff)
    if (dlen >= 8) q.push(((dbuf[6] << 5) | dbuf[7]) & 0xff)
    out.push(...q)
  }
  return { ok: true, bytes: Uint8Array.from(out) }
}
