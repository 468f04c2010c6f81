import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sha256 } from './sha256.js'

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex')
const ascii = (s: string): Uint8Array => new TextEncoder().encode(s)

describe('sha256', () => {
  it('gives the FIPS 180-2 example digests', () => {
    expect(hex(sha256(ascii('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
    expect(hex(sha256(ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    )
    expect(hex(sha256(new Uint8Array(0)))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    )
  })

  it('agrees with @noble/hashes at every length around the block and padding edges', () => {
    for (let n = 0; n <= 200; n++) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 131 + n) & 0xff)
      expect(hex(sha256(data))).toBe(hex(nobleSha256(data)))
    }
  })

  it('agrees with @noble/hashes on random values up to 4096 bytes, and leaves them intact', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), (data) => {
        const copy = data.slice()
        const digest = sha256(data)
        expect(hex(digest)).toBe(hex(nobleSha256(copy)))
        expect(hex(data)).toBe(hex(copy))
      }),
      { numRuns: 300 },
    )
  })
})
