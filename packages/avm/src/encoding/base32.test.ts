import { describe, expect, it } from 'vitest'
import { decodeBase32, encodeBase32 } from './base32.js'

const utf8 = (s: string) => new TextEncoder().encode(s)

// RFC 4648 section 10 test vectors.
const RFC4648: readonly [string, string][] = [
  ['', ''],
  ['f', 'MY======'],
  ['fo', 'MZXQ===='],
  ['foo', 'MZXW6==='],
  ['foob', 'MZXW6YQ='],
  ['fooba', 'MZXW6YTB'],
  ['foobar', 'MZXW6YTBOI======'],
]

describe('base32', () => {
  it.each(RFC4648)('encodes and decodes %j (RFC 4648)', (plain, encoded) => {
    expect(encodeBase32(utf8(plain), true)).toBe(encoded)
    expect(encodeBase32(utf8(plain))).toBe(encoded.replace(/=/g, ''))
    const padded = decodeBase32(encoded, true)
    expect(padded.ok && Buffer.from(padded.bytes).toString()).toBe(plain)
    const bare = decodeBase32(encoded.replace(/=/g, ''), false)
    expect(bare.ok && Buffer.from(bare.bytes).toString()).toBe(plain)
  })

  it('reports Go-style offsets for illegal input', () => {
    const r = decodeBase32('MZ1W6', false)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toBe('illegal base32 data at input byte 2')
    const p = decodeBase32('MZXW6', true)
    expect(!p.ok && p.error.offset).toBe(0)
  })
})
