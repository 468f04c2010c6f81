import { describe, expect, it } from 'vitest'
import { AUCTION_RULE_MESSAGES, auctionLimits, durationWords } from './auction.js'
import { CONTRACT_VERSIONS } from './versions.js'

describe('auctionLimits', () => {
  it('holds no auction before version 3', () => {
    expect(auctionLimits(1)).toBeNull()
    expect(auctionLimits(2)).toBeNull()
  })

  it("is version 3's program's: 1 hour to 7 days, a raise of 0 or 5% to 100%, 15 minutes", () => {
    expect(auctionLimits(3)).toEqual({
      minDuration: 3_600n,
      maxDuration: 604_800n,
      minRaiseBp: 500n,
      maxRaiseBp: 10_000n,
      extension: 900n,
    })
  })

  it('keeps every version that has auctions consistent', () => {
    for (const v of CONTRACT_VERSIONS) {
      const limits = auctionLimits(v)
      if (limits === null) continue
      expect(limits.minDuration).toBeGreaterThan(0n)
      expect(limits.minDuration).toBeLessThanOrEqual(limits.maxDuration)
      expect(limits.minRaiseBp).toBeLessThanOrEqual(limits.maxRaiseBp)
      expect(limits.extension).toBeLessThan(limits.minDuration)
    }
  })
})

describe('the words', () => {
  it.each([
    [3_600n, '1 hour'],
    [7_200n, '2 hours'],
    [86_400n, '1 day'],
    [604_800n, '7 days'],
    [90_000n, '25 hours'],
  ])('%s seconds is %s', (seconds, words) => {
    expect(durationWords(seconds)).toBe(words)
  })

  it("says version 3's durations as the Start auction form always did", () => {
    expect(AUCTION_RULE_MESSAGES.duration(auctionLimits(3)!)).toBe(
      'Choose a duration from 1 hour to 7 days (168 hours)',
    )
  })
})
