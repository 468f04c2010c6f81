/**
 * The royalty split a selling dialog shows: each recipient, its percent and its cut at the typed
 * price (the contract's floor per recipient, so 7% + 3% of 33.333333 USDC is 2.333333 and
 * 0.999999, not a rounded total); nothing when the creator sells or no royalty is set.
 */
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ServicesContext, createServices } from '../state/services.js'
import { ALICE, BOB, CONFIG, asset } from '../../test/harness.js'
import { RoyaltySplit } from './royalty-facts.js'

const SELLER = `SEL${'S'.repeat(52)}567`
const piece = asset({
  creator_address: ALICE,
  royalty: {
    basis_points: 1000,
    recipients: [
      { address: ALICE, share: 700 },
      { address: BOB, share: 300 },
    ],
  },
})

function show(seller: string, a = piece) {
  const services = createServices(CONFIG, {
    fetch: () => Promise.reject(new Error('no API in these tests')),
    chain: () => Promise.reject(new Error('no chain in these tests')),
    openEvents: null,
  })
  return render(
    <ServicesContext.Provider value={services}>
      <MemoryRouter>
        <RoyaltySplit asset={a} seller={seller} price={33_333_333n} usdcDecimals={6} />
      </MemoryRouter>
    </ServicesContext.Provider>,
  )
}

describe('RoyaltySplit', () => {
  it("lists each recipient's percent and floor cut at the price", () => {
    show(SELLER)
    const rows = within(screen.getByRole('region', { name: 'Royalty split' })).getAllByRole(
      'listitem',
    )
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^ALI\.\.\.XYZ.*7%2\.333333 USDC$/),
      expect.stringMatching(/^BOB\.\.\.234.*3%0\.999999 USDC$/),
    ])
  })

  it('shows nothing when the creator sells, or without a royalty', () => {
    show(ALICE)
    expect(screen.queryByRole('region', { name: 'Royalty split' })).toBeNull()
    show(SELLER, asset({ royalty: null }))
    expect(screen.queryByRole('region', { name: 'Royalty split' })).toBeNull()
  })
})
