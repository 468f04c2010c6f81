import { describe, expect, it } from 'vitest'
import { ALICE, BOB, asset } from '../../test/harness.js'
import { marketOf } from './market-of.js'

describe('the market an asset trades on', () => {
  it('is a v1 market for a v1 app', () => {
    expect(marketOf(asset(), 3001n, 7n)).toEqual({ appId: 3001n, nftId: 2001n, usdcId: 7n })
  })

  it('carries a v2 app’s version, creator and royalty (none: no recipients)', () => {
    const royalty = { basis_points: 500, recipients: [{ address: BOB, share: 500 }] }
    expect(marketOf(asset({ contract_version: 2, royalty }), 3001n, 7n)).toEqual({
      appId: 3001n,
      nftId: 2001n,
      usdcId: 7n,
      version: 2,
      royalty: { creator: ALICE, recipients: [{ address: BOB, share: 500n }] },
    })
    expect(marketOf(asset({ contract_version: 2 }), 3001n, 7n).royalty).toEqual({
      creator: ALICE,
      recipients: [],
    })
  })

  it('refuses a version this build does not know', () => {
    expect(() => marketOf(asset({ contract_version: 9 }), 3001n, 7n)).toThrow(/not known/)
  })
})
