import { describe, expect, it } from 'vitest'
import {
  buyNowPrecondition,
  cancelAskPrecondition,
  cancelBidPrecondition,
  sellNowPrecondition,
  validateAsk,
  validateOffer,
} from './validation.js'

describe('validateOffer', () => {
  it('needs an amount bigger than 0', () => {
    expect(validateOffer(0n, 0n, 0n)).toBe('Must be bigger than 0')
    expect(validateOffer(null, 0n, 0n)).toBe('Must be bigger than 0')
  })
  it('must differ from the current bid', () => {
    expect(validateOffer(5n, 5n, 0n)).toBe('Must be different than current bid')
  })
  it('must be below the ask when there is one', () => {
    expect(validateOffer(10n, 0n, 10n)).toBe(
      'Must be lower than the current price (use "Buy now" to buy instantly)',
    )
    expect(validateOffer(11n, 0n, 10n)).toBe(
      'Must be lower than the current price (use "Buy now" to buy instantly)',
    )
    expect(validateOffer(9n, 0n, 10n)).toBeNull()
    expect(validateOffer(1_000_000n, 0n, 0n)).toBeNull()
  })
  it('accepts lowering a bid', () => {
    expect(validateOffer(3n, 5n, 0n)).toBeNull()
  })
})

describe('validateAsk', () => {
  it('needs an amount bigger than 0', () => {
    expect(validateAsk(0n, 0n, 0n)).toBe('Must be bigger than 0')
    expect(validateAsk(null, 5n, 0n)).toBe('Must be bigger than 0')
  })
  it('must differ from the current price', () => {
    expect(validateAsk(7n, 7n, 0n)).toBe('Must be different than current price')
  })
  it('must be above the highest bid when there is one', () => {
    const msg = 'Must be bigger than the highest bid (use "Sell now" to sell instantly)'
    expect(validateAsk(5n, 0n, 5n)).toBe(msg)
    expect(validateAsk(4n, 0n, 5n)).toBe(msg)
    expect(validateAsk(6n, 0n, 5n)).toBeNull()
  })
})

describe('preconditions', () => {
  it('buy now needs an ask', () => {
    expect(buyNowPrecondition(0n)).toBe('There are no sellers to buy from')
    expect(buyNowPrecondition(1n)).toBeNull()
  })
  it('sell now needs ownership and a bid', () => {
    expect(sellNowPrecondition(false, 5n)).toBe('You must own the NFT')
    expect(sellNowPrecondition(true, 0n)).toBe('There must be a bid')
    expect(sellNowPrecondition(true, 5n)).toBeNull()
  })
  it('cancel bid needs a bid', () => {
    expect(cancelBidPrecondition(0n)).toBe('There is no offer to cancel')
    expect(cancelBidPrecondition(1n)).toBeNull()
  })
  it('cancel ask needs ownership and an ask', () => {
    expect(cancelAskPrecondition(false, 5n)).toBe('You must own the NFT')
    expect(cancelAskPrecondition(true, 0n)).toBe('There is no offer to cancel')
    expect(cancelAskPrecondition(true, 5n)).toBeNull()
  })
})
