/**
 * base64_decode's decoder: Go's `encoding/base64` in Strict mode, padded when the input ends in
 * '=' (ignoring trailing '\r' / '\n') and unpadded otherwise, exactly as go-algorand chooses. Strict
 * mode rejects non-zero bits left over in the final quantum; '\r' and '\n' are skipped anywhere.
 * Errors carry Go's text, `illegal base64 data at input byte N`, with Go's offsets.
 */

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
const isNewline = (c: number | undefined): boolean => c === 0x0a || c === 0x0d

const corrupt = (offset: number): string => `illegal base64 data at input byte ${offset}`

/** go-algorand's base64padded: the last byte other than '\r'/'\n' (index 0 excluded) is '='. */
function endsPadded(src: Uint8Array): boolean {
  for (let i = src.length - 1; i > 0; i--) {
    const c = src[i]
    if (c === PAD) return true
    if (!isNewline(c)) return false
  }
  return false
}

/** Decodes `src`; returns the bytes, or Go's error message. */
export function decodeBase64Strict(src: Uint8Array, alphabet: 'std' | 'url'): Uint8Array | string {
  const map = alphabet === 'std' ? STD_MAP : URL_MAP
  const padded = endsPadded(src)
  const out: number[] = []
  const dbuf = [0, 0, 0, 0]
  let si = 0
  // One quantum (up to four symbols) per iteration, as Go's decodeQuantum.
  while (si < src.length) {
    dbuf.fill(0)
    let dlen = 4
    let trailing = -1
    for (let j = 0; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return Uint8Array.from(out)
        if (j === 1 || padded) return corrupt(si - j)
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
      if (!padded || c !== PAD) return corrupt(si - 1)
      // Padding: only after two or three symbols, and "==" after two.
      if (j < 2) return corrupt(si - 1)
      if (j === 2) {
        while (si < src.length && isNewline(src[si])) si++
        if (si === src.length) return corrupt(src.length)
        if (src[si] !== PAD) return corrupt(si - 1)
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
    // Strict: the bits of a partial quantum that no output byte uses must be zero.
    if (dlen === 4) out.push(b0, b1, b2)
    else if (dlen === 3) {
      if (b2 !== 0) return corrupt(si - 1)
      out.push(b0, b1)
    } else if (dlen === 2) {
      if (b1 !== 0 || b2 !== 0) return corrupt(si - 2)
      out.push(b0)
    }
    if (trailing >= 0) return corrupt(trailing)
  }
  return Uint8Array.from(out)
}
