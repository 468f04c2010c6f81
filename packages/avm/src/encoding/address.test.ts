import { describe, expect, it } from 'vitest'
import { decodeAddress, encodeAddress, programAddress } from './address.js'

const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'))

describe('address', () => {
  it('encodes the zero address', () => {
    expect(encodeAddress(new Uint8Array(32))).toBe(
      'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ',
    )
  })

  // go-algorand data/transactions/logic/assembler_test.go (dd6de88f), v1Nonsense: `addr RWXC...`
  // assembles to the bytecblock entry 8dae...251d.
  it('decodes an address from go-algorand assembler_test.go', () => {
    const r = decodeAddress('RWXCBB73XJITATVQFOI7MVUUQOL2PFDDSDUMW4H4T2SNSX4SEUOQ2MM7F4')
    expect(r.ok && Buffer.from(r.key).toString('hex')).toBe(
      '8dae2087fbba51304eb02b91f656948397a7946390e8cb70fc9ea4d95f92251d',
    )
  })

  it('rejects bad checksums, bad base32 and short keys with go-algorand messages', () => {
    const bad = decodeAddress('RWXCBB73XJITATVQFOI7MVUUQOL2PFDDSDUMW4H4T2SNSX4SEUOQ2MM7A4')
    expect(!bad.ok && bad.error).toMatch(/checksum verification failed/)
    // Only the unused trailing bits differ: same bytes, but not the canonical spelling.
    const odd = decodeAddress('RWXCBB73XJITATVQFOI7MVUUQOL2PFDDSDUMW4H4T2SNSX4SEUOQ2MM7F5')
    expect(!odd.ok && odd.error).toMatch(/is non-canonical/)
    expect(decodeAddress('not an address')).toEqual({
      ok: false,
      error: 'failed to decode address not an address from base 32',
    })
    expect(decodeAddress('AAAA')).toEqual({ ok: false, error: 'decoded bad addr: AAAA' })
  })

  // js-algorand-sdk tests/8.LogicSig.ts "should work on valid program".
  it('computes the logic-sig address of a program', () => {
    expect(programAddress(hex('0120010122'))).toBe(
      '6Z3C3LDVWGMX23BMSYMANACQOSINPFIRF77H7N3AWJZYV6OH6GWTJKVMXY',
    )
  })
})
