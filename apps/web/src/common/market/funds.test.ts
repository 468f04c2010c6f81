import { describe, expect, it } from 'vitest'
import { fundsError } from './funds.js'

describe('fundsError', () => {
  it('compares Algos and USDC in base units', () => {
    expect(fundsError({ algos: 3000n, usdc: 10n }, { algos: 3000n, usdc: 10n })).toBeNull()
    expect(fundsError({ algos: 3001n, usdc: 0n }, { algos: 3000n, usdc: 10n })).toBe(
      'Insufficient funds',
    )
    expect(fundsError({ algos: 0n, usdc: 11n }, { algos: 3000n, usdc: 10n })).toBe(
      'Insufficient funds',
    )
  })
})
