import { describe, expect, it } from 'vitest'
import { defaultAccount } from './default-account.js'

const usdc: Record<string, bigint> = { DISPENSER: 0n, BROKEN: 5n, HOLDER: 10n, OTHER: 3n }
const usdcOf = (address: string): Promise<bigint> =>
  address === 'BROKEN' ? Promise.reject(new Error('algod down')) : Promise.resolve(usdc[address])

describe('defaultAccount', () => {
  it('takes the first account holding USDC, never one that holds none', async () => {
    expect(await defaultAccount(['DISPENSER', 'BROKEN', 'HOLDER', 'OTHER'], null, usdcOf)).toBe(
      'HOLDER',
    )
  })
  it('takes the last used account when the wallet still lists it', async () => {
    expect(await defaultAccount(['DISPENSER', 'HOLDER', 'OTHER'], 'OTHER', usdcOf)).toBe('OTHER')
    expect(await defaultAccount(['DISPENSER', 'HOLDER'], 'GONE', usdcOf)).toBe('HOLDER')
  })
  it('falls back to the first account, or none', async () => {
    expect(await defaultAccount(['DISPENSER', 'BROKEN'], null, usdcOf)).toBe('DISPENSER')
    expect(await defaultAccount([], null, usdcOf)).toBeNull()
  })
})
