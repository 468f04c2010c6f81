/**
 * Small, strict text codecs algod's parameters use: RFC 4648 base32 (transaction ids and block
 * hashes without padding, `b32:` box names with it) and base64 as go's StdEncoding decodes it
 * (Node's own decoder silently skips garbage, which would turn a typo into a different box name).
 */
import { encodeBase32 } from '@unica/avm'

// Encoding is the AVM's (unpadded); decoding here is the lenient-about-padding one algod's
// parameters need.
export { encodeBase32 }

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/**
 * Decodes base32; `=` padding, if present, must complete the last 8-character block exactly
 * (go's StdEncoding). Bits left over in the last character are ignored, as go ignores them.
 */
export function decodeBase32(text: string): Uint8Array | undefined {
  const body = text.replace(/=+$/, '')
  const padding = text.length - body.length
  if (padding > 0 && text.length % 8 !== 0) return undefined
  if (!/^[A-Z2-7]*$/.test(body)) return undefined
  // Lengths mod 8 that cannot end a byte sequence: 1, 3, 6.
  if ([1, 3, 6].includes(body.length % 8)) return undefined
  const out = new Uint8Array(Math.floor((body.length * 5) / 8))
  let buffer = 0
  let bits = 0
  let index = 0
  for (const ch of body) {
    buffer = ((buffer << 5) | B32.indexOf(ch)) & 0xffff
    bits += 5
    if (bits >= 8) {
      out[index++] = (buffer >>> (bits - 8)) & 0xff
      bits -= 8
    }
  }
  return out
}

/** Decodes padded standard base64, refusing characters outside the alphabet and bad padding. */
export function decodeBase64Strict(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0) return undefined
  if (!/^[A-Za-z0-9+/]*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) return undefined
  return new Uint8Array(Buffer.from(text, 'base64'))
}
