import { describe, expect, it } from 'vitest'
import {
  BASIS_POINTS,
  MOST_ROYALTY_BASIS_POINTS,
  MOST_ROYALTY_RECIPIENTS,
  ROYALTY_RULE_MESSAGES,
  royaltyLimits,
} from './royalty.js'
import { CONTRACT_VERSIONS, CURRENT_VERSION, contractVersionOf } from './versions.js'

describe('royalty limits per version', () => {
  it('v1 pays none, v2 takes 4 recipients, v3 takes 3, all at most 15%', () => {
    expect(royaltyLimits(1)).toBeNull()
    expect(royaltyLimits(2)).toEqual({ maxRecipients: 4, maxBasisPoints: 1_500n })
    expect(royaltyLimits(3)).toEqual({ maxRecipients: 3, maxBasisPoints: 1_500n })
  })

  it('an answer may carry the most any version holds', () => {
    expect(MOST_ROYALTY_RECIPIENTS).toBe(4)
    expect(MOST_ROYALTY_BASIS_POINTS).toBe(1_500n)
    expect(BASIS_POINTS).toBe(10_000n)
  })

  it('new deploys get a version that pays royalties', () => {
    expect(CONTRACT_VERSIONS).toContain(CURRENT_VERSION)
    expect(royaltyLimits(CURRENT_VERSION)).not.toBeNull()
  })

  it('words each limit as the chain refuses it', () => {
    const v3 = royaltyLimits(3)
    expect(v3).not.toBeNull()
    if (v3 === null) return
    expect(ROYALTY_RULE_MESSAGES.tooManyRecipients(v3)).toBe('A royalty has at most 3 recipients.')
    expect(ROYALTY_RULE_MESSAGES.tooMuch(v3)).toBe(
      'The shares add up to more than 1500 basis points (15%).',
    )
  })
})

describe('contractVersionOf', () => {
  it('knows 1 to 3 and nothing else', () => {
    expect([1, 2, 3].map(contractVersionOf)).toEqual([1, 2, 3])
    expect([0, 4, -1, 2.5].map(contractVersionOf)).toEqual([null, null, null, null])
  })
})
