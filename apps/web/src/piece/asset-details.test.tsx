/**
 * The details page of a piece staff hid (docs/product.md §13): it says why, sits in no list (no
 * breadcrumb to one), and offers no new trade: no Buy now, no bid (which buttons remain for its
 * owner and bidders: trade/buttons.test.ts).
 */
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { BOB, asset, connected, operation, page, renderApp } from '../test/harness.js'

const hiddenPiece = asset({ price: '5000000' })

function routes(a: ReturnType<typeof asset> & { hidden?: unknown }) {
  return [
    (url: URL) => (url.pathname === `/api/assets/${a.guid}/` ? Response.json(a) : undefined),
    (url: URL) =>
      url.pathname === '/api/operations/' ? Response.json(page([operation()])) : undefined,
  ]
}

describe('a hidden piece', () => {
  it('shows no breadcrumb to a list and no Buy now or new bid for a visitor', async () => {
    const a = {
      ...hiddenPiece,
      hidden: { reason: 'Copies another artist.', at: '2026-11-25T11:00:00Z' },
    }
    renderApp(`/nft/${a.guid}`, { routes: routes(a) })
    expect(
      // The first render of the whole app: slow on a loaded machine.
      await screen.findByText(
        'This piece was hidden by the marketplace: Copies another artist.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Place a bid' })).toBeNull()
  })

  it('still lists its breadcrumb and trades when it is not hidden', async () => {
    const a = { ...hiddenPiece, hidden: null }
    renderApp(`/nft/${a.guid}`, { routes: routes(a), state: connected(BOB, false) })
    expect(
      await screen.findByRole('navigation', { name: 'Breadcrumb' }, { timeout: 5000 }),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeTruthy()
  })
})
