import { describe, expect, it } from 'vitest'
import { paidRoyalty, percentOf, sellerNet, youReceive } from './royalty.js'

const CREATOR = 'C'.repeat(58)
const SELLER = 'S'.repeat(58)
const split = (basis_points: number, shares: number[]) => ({
  creator_address: CREATOR,
  royalty: {
    basis_points,
    recipients: shares.map((share, i) => ({ address: String(i).repeat(58), share })),
  },
})

describe('royalty on the screens', () => {
  it('writes basis points as a percentage', () => {
    expect(percentOf(250)).toBe('2.5%')
    expect(percentOf(1500n)).toBe('15%')
    expect(percentOf(1)).toBe('0.01%')
  })

  it('pays nothing on a v1 asset or a 0% royalty', () => {
    expect(paidRoyalty({ royalty: null })).toBeNull()
    expect(paidRoyalty(split(0, []))).toBeNull()
    expect(sellerNet({ creator_address: CREATOR, royalty: null }, SELLER, 100n)).toEqual({
      net: 100n,
      basisPoints: 0,
    })
  })

  it('takes each recipient’s floor(price × share / 10000) from a resale', () => {
    // 999 base units at 7% + 3%: floor(69.93) + floor(29.97) = 69 + 29 taken, 901 left.
    expect(sellerNet(split(1000, [700, 300]), SELLER, 999n)).toEqual({
      net: 901n,
      basisPoints: 1000,
    })
  })

  it('takes nothing when the creator sells', () => {
    expect(sellerNet(split(1000, [700, 300]), CREATOR, 999n)).toEqual({
      net: 999n,
      basisPoints: 0,
    })
  })

  it('says what the seller receives before signing', () => {
    expect(youReceive(split(1000, [700, 300]), SELLER, 12_500_000n, 6)).toBe(
      "You receive 11.25 USDC after the creator's royalty (10%).",
    )
    expect(youReceive(split(1000, [700, 300]), CREATOR, 12_500_000n, 6)).toBe(
      'You receive 12.5 USDC: no royalty is taken when the creator sells.',
    )
    expect(youReceive({ creator_address: CREATOR, royalty: null }, SELLER, 12_500_000n, 6)).toBe(
      'You receive 12.5 USDC.',
    )
  })
})
