import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatFixed,
  formatGrouped,
  formatUnits,
  operationName,
  parseUnits,
  sanitizeAmountInput,
  shortAddress,
} from './format.js'

const ADDRESS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567ABCDEFGHIJKLMNOPQRSTUVWXYZ'

describe('shortAddress', () => {
  it('keeps the first 3 and last 3 characters around an ellipsis', () => {
    expect(shortAddress(ADDRESS)).toBe('ABC...XYZ')
  })
  it('leaves short values alone', () => {
    expect(shortAddress('ABCDEF')).toBe('ABCDEF')
  })
})

describe('formatGrouped', () => {
  it.each([
    [0n, 6, '0'],
    [999_000_000n, 6, '999'],
    [1_000_000_000n, 6, '1,000'],
    [1_234_567_890_000n, 6, '1,234,567.89'],
    [-1_234_000_000n, 6, '-1,234'],
    [1_000_000n, 0, '1,000,000'],
  ])('%s with %s decimals is %s', (value, decimals, text) => {
    expect(formatGrouped(value, decimals)).toBe(text)
  })
  it('is formatUnits with its commas taken out', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }),
        fc.integer({ min: 0, max: 8 }),
        (v, d) => {
          expect(formatGrouped(v, d).replaceAll(',', '')).toBe(formatUnits(v, d))
        },
      ),
    )
  })
})

describe('formatUnits', () => {
  it.each([
    [1_500_000n, 6, '1.5'],
    [1n, 6, '0.000001'],
    [0n, 6, '0'],
    [12_000_000n, 6, '12'],
    [7n, 0, '7'],
    [18_446_744_073_709_551_615n, 6, '18446744073709.551615'],
  ])('%s with %s decimals is %s', (value, decimals, text) => {
    expect(formatUnits(value, decimals)).toBe(text)
  })
  it('shows fixed decimals for the min-balance message', () => {
    expect(formatFixed(200_000n, 6)).toBe('0.200000')
    expect(formatFixed(1_234_567n, 6)).toBe('1.234567')
  })
  it('round-trips through parseUnits for any amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        fc.integer({ min: 0, max: 8 }),
        (v, d) => {
          expect(parseUnits(formatUnits(v, d), d)).toBe(v)
        },
      ),
    )
  })
})

describe('parseUnits', () => {
  it('reads digits with one decimal point', () => {
    expect(parseUnits('1.25', 6)).toBe(1_250_000n)
    expect(parseUnits('3', 6)).toBe(3_000_000n)
    expect(parseUnits('0.', 6)).toBe(0n)
  })
  it('rejects more fraction digits than the asset has, signs, letters and empty text', () => {
    expect(parseUnits('0.0000001', 6)).toBeNull()
    expect(parseUnits('-1', 6)).toBeNull()
    expect(parseUnits('1e3', 6)).toBeNull()
    expect(parseUnits('', 6)).toBeNull()
    expect(parseUnits('1.2.3', 6)).toBeNull()
  })
})

describe('sanitizeAmountInput', () => {
  it('keeps only digits and one decimal point', () => {
    expect(sanitizeAmountInput('1a2.3.4', 6)).toBe('12.34')
    expect(sanitizeAmountInput('-5', 6)).toBe('5')
  })
  it('limits the fraction to the currency decimals', () => {
    expect(sanitizeAmountInput('1.1234567', 6)).toBe('1.123456')
    expect(sanitizeAmountInput('1.5', 0)).toBe('15')
  })
})

describe('operationName', () => {
  it('names cancellations', () => {
    expect(operationName('ASK', 0n)).toBe('Cancel ask')
    expect(operationName('BID', 0n)).toBe('Cancel bid')
  })
  it('title-cases the type and turns underscores into spaces', () => {
    expect(operationName('ASK', 5n)).toBe('Ask')
    expect(operationName('BUY_NOW', 5n)).toBe('Buy Now')
    expect(operationName('SELL_NOW', 0n)).toBe('Sell Now')
  })
})
