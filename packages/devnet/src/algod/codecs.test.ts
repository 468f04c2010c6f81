import { describe, expect, it } from 'vitest'

import { decodeBase32, decodeBase64Strict, encodeBase32 } from './codecs.js'

describe('base32', () => {
  it('round-trips without padding, as transaction ids are written', () => {
    for (let n = 0; n <= 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff)
      const text = encodeBase32(bytes)
      expect(text).not.toContain('=')
      expect(decodeBase32(text)).toEqual(bytes)
    }
  })

  it('matches RFC 4648 test vectors (padded, as go StdEncoding decodes b32: values)', () => {
    const vectors: [string, string][] = [
      ['f', 'MY======'],
      ['fo', 'MZXQ===='],
      ['foo', 'MZXW6==='],
      ['foob', 'MZXW6YQ='],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI======'],
    ]
    for (const [plain, encoded] of vectors) {
      expect(decodeBase32(encoded)).toEqual(new TextEncoder().encode(plain))
      expect(encodeBase32(new TextEncoder().encode(plain))).toBe(encoded.replace(/=+$/, ''))
    }
  })

  it('refuses characters outside the alphabet, impossible lengths and partial padding', () => {
    expect(decodeBase32('mzxw6')).toBeUndefined()
    expect(decodeBase32('MZXW1')).toBeUndefined()
    expect(decodeBase32('M')).toBeUndefined()
    expect(decodeBase32('MY==')).toBeUndefined()
  })
})

describe('strict base64', () => {
  it('decodes padded standard base64', () => {
    expect(decodeBase64Strict('AAEC')).toEqual(Uint8Array.of(0, 1, 2))
    expect(decodeBase64Strict('AAE=')).toEqual(Uint8Array.of(0, 1))
    expect(decodeBase64Strict('AA==')).toEqual(Uint8Array.of(0))
    expect(decodeBase64Strict('')).toEqual(new Uint8Array(0))
  })

  it('refuses what go StdEncoding refuses', () => {
    for (const bad of ['AAE', 'AA=A', 'A===', 'AA-_', 'AA ==', '====', 'AAEC=']) {
      expect(decodeBase64Strict(bad)).toBeUndefined()
    }
  })
})
