/**
 * base64_decode's choice of decoder, as go-algorand's `base64Decode` makes it: Go's
 * `encoding/base64` in Strict mode, padded when the input ends in '=' (ignoring trailing '\r' /
 * '\n') and unpadded otherwise. The decoding itself is encoding/base64.ts's.
 */
import { decodeBase64Bytes, isNewline, type Base64Alphabet } from '../../encoding/base64.js'
import type { DecodeResult } from '../../encoding/base32.js'

/** go-algorand's base64padded: the last byte other than '\r'/'\n' (index 0 excluded) is '='. */
function endsPadded(src: Uint8Array): boolean {
  for (let i = src.length - 1; i > 0; i--) {
    const c = src[i]
    if (c === 0x3d) return true
    if (!isNewline(c)) return false
  }
  return false
}

/** Decodes `src` as base64_decode does; errors read `illegal base64 data at input byte N`. */
export function base64DecodeOp(src: Uint8Array, alphabet: Base64Alphabet): DecodeResult {
  const padding = endsPadded(src) ? 'required' : 'none'
  return decodeBase64Bytes(src, { alphabet, padding, strict: true })
}
