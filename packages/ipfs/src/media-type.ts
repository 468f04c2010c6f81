/**
 * The media type of a stored file, read from its first bytes: a CID says nothing about its
 * content's type, and the gateway must answer one (images and video for browsers and wallets).
 * Only the formats an NFT's art comes in are named; anything else is application/octet-stream.
 */

/** How many leading bytes `sniffMediaType` looks at. */
export const SNIFF_BYTES = 16

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, to))

const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean =>
  prefix.every((b, i) => bytes[i] === b)

export function sniffMediaType(head: Uint8Array): string {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  const six = ascii(head, 0, 6)
  if (six === 'GIF87a' || six === 'GIF89a') return 'image/gif'
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp'
  // ISO base media (MP4): a box of type `ftyp` first; QuickTime's brand is `qt  `.
  if (ascii(head, 4, 8) === 'ftyp')
    return ascii(head, 8, 12) === 'qt  ' ? 'video/quicktime' : 'video/mp4'
  // EBML (Matroska's container): art uploads of this kind are WebM.
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm'
  // A JSON object: ARC-3 metadata documents.
  const first = head.find((b) => b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09)
  if (first === 0x7b) return 'application/json'
  return 'application/octet-stream'
}
