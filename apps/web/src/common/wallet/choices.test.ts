import { describe, expect, it } from 'vitest'
import { offeredWallets } from './choices.js'

const ids = (dev: boolean) => offeredWallets(dev).map((w) => w.id)

describe('offeredWallets', () => {
  it('offers Lute, Kibisis, Pera and Defly on TestNet and MainNet, never KMD', () => {
    expect(ids(false)).toEqual(['lute', 'kibisis', 'pera', 'defly'])
  })

  it('offers the devnet KMD wallet on a development network, not the mobile wallets', () => {
    expect(ids(true)).toEqual(['lute', 'kibisis', 'kmd'])
  })
})
