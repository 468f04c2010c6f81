import { describe, expect, it } from 'vitest'
import { bidFillability, highestFillableBid, listingFillability } from './fillable.js'

describe('fillability (audit fix 3)', () => {
  it('refuses a bid whose bidder cannot receive the NFT, with the reason', () => {
    expect(bidFillability({ bidderOptedInToNft: true })).toEqual({ fillable: true })
    expect(bidFillability({ bidderOptedInToNft: false })).toEqual({
      fillable: false,
      why: expect.stringMatching(/opted out of this NFT/) as unknown,
    })
  })

  it('refuses a listing whose owner cannot be paid', () => {
    expect(listingFillability({ ownerOptedInToUsdc: true })).toEqual({ fillable: true })
    expect(listingFillability({ ownerOptedInToUsdc: false }).fillable).toBe(false)
  })

  it('offers sell now to the highest fillable bid, skipping higher ones that cannot be filled', () => {
    const bids = [
      { who: 'a', bid: 50n, bidderOptedInToNft: true },
      { who: 'b', bid: 90n, bidderOptedInToNft: false },
      { who: 'c', bid: 70n, bidderOptedInToNft: true },
      { who: 'd', bid: 70n, bidderOptedInToNft: true },
    ]
    expect(highestFillableBid(bids)?.who).toBe('c')
    expect(highestFillableBid(bids.filter((b) => !b.bidderOptedInToNft))).toBeUndefined()
    expect(highestFillableBid<(typeof bids)[number]>([])).toBeUndefined()
  })
})
