import { describe, expect, it } from 'vitest'
import { tradeButtons } from './buttons.js'

const labels = (f: Parameters<typeof tradeButtons>[0]) => tradeButtons(f).map((b) => b.label)

describe('tradeButtons', () => {
  it('gives an owner without an ask Set price, and Sell now when there is a bid', () => {
    expect(labels({ isOwner: true, ask: 0n, highestBid: 0n, myBid: 0n })).toEqual(['Set price'])
    expect(labels({ isOwner: true, ask: 0n, highestBid: 5n, myBid: 0n })).toEqual([
      'Set price',
      'Sell now',
    ])
  })
  it('gives an owner with an ask Change price and Cancel offer; never Buy or Bid', () => {
    expect(labels({ isOwner: true, ask: 9n, highestBid: 5n, myBid: 0n })).toEqual([
      'Change price',
      'Cancel offer',
      'Sell now',
    ])
  })
  it('gives a non-owner Buy now only when there is an ask', () => {
    expect(labels({ isOwner: false, ask: 0n, highestBid: 0n, myBid: 0n })).toEqual(['Place a bid'])
    expect(labels({ isOwner: false, ask: 9n, highestBid: 0n, myBid: 0n })).toEqual([
      'Buy now',
      'Place a bid',
    ])
  })
  it('lets a bidder change or cancel their own bid', () => {
    expect(labels({ isOwner: false, ask: 9n, highestBid: 4n, myBid: 4n })).toEqual([
      'Buy now',
      'Change bid',
      'Cancel bid',
    ])
  })
  it('during an auction offers open offers apart from the auction, and no buy, price or sale', () => {
    const base = { ask: 0n, highestBid: 5n, myBid: 0n, auction: true }
    expect(labels({ ...base, isOwner: true })).toEqual([])
    expect(labels({ ...base, isOwner: false })).toEqual(['Make an offer'])
    expect(labels({ ...base, isOwner: false, myBid: 5n })).toEqual(['Change offer', 'Cancel offer'])
    expect(labels({ ...base, isOwner: false, ask: 9n })).not.toContain('Buy now')
  })
  it('on a hidden piece offers only what gets funds out: cancel a bid, delist', () => {
    const hidden = { hidden: true, highestBid: 5n }
    expect(labels({ ...hidden, isOwner: true, ask: 9n, myBid: 0n })).toEqual(['Cancel offer'])
    expect(labels({ ...hidden, isOwner: true, ask: 0n, myBid: 0n })).toEqual([])
    expect(labels({ ...hidden, isOwner: false, ask: 9n, myBid: 0n })).toEqual([])
    expect(labels({ ...hidden, isOwner: false, ask: 9n, myBid: 5n })).toEqual(['Cancel bid'])
    expect(labels({ ...hidden, isOwner: false, ask: 0n, myBid: 5n, auction: true })).toEqual([
      'Cancel offer',
    ])
  })
})
