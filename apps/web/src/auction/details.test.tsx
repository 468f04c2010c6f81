/**
 * The details page and the lists during an auction, over the harness's API double: the panel, the
 * buttons each role sees, the card's countdown, and the Ending soon list's request.
 */
import { screen, within } from '@testing-library/react'
import type { Asset, Operation } from '@unica/schemas'
import { describe, expect, it } from 'vitest'
import { ALICE, BOB, asset, connected, operation, page, renderApp } from '../test/harness.js'
import type { AuctionView } from './auction.js'

const LAZY = { timeout: 10_000 }

function auctionView(over: Partial<AuctionView> = {}): AuctionView {
  return {
    reserve: '10000000',
    duration: 86_400,
    raise_bp: 500,
    raise_min: '0',
    end: null,
    highest_bid: null,
    highest_bidder: null,
    min_next_bid: '10000000',
    status: 'running',
    ...over,
  }
}

function inAuction(over: Partial<AuctionView> = {}): Asset {
  return asset({
    contract_version: 3,
    owner_address: ALICE,
    highest_bid: { value: '2000000', sender: BOB },
    auction: auctionView(over),
  })
}

function detail(a: Asset, ops: Operation[] = []) {
  return [
    (url: URL) => (url.pathname === `/api/assets/${a.guid}/` ? Response.json(a) : undefined),
    (url: URL) => (url.pathname === '/api/operations/' ? Response.json(page(ops)) : undefined),
    (url: URL) => (url.pathname === '/api/assets/' ? Response.json(page([a])) : undefined),
  ]
}

const main = () => within(screen.getByRole('main'))

describe('the details page during an auction', () => {
  it('gives the seller Cancel auction before the first bid, and no Set price or Sell now', async () => {
    const a = inAuction()
    renderApp(`/nft/${a.guid}`, { state: connected(ALICE, false), routes: detail(a) })
    const panel = await screen.findByRole('region', { name: 'Auction' }, LAZY)
    expect(within(panel).getByRole('timer').textContent).toContain('clock starts at first bid')
    expect(within(panel).getByRole('button', { name: 'Cancel auction' })).toBeTruthy()
    for (const name of ['Set price', 'Sell now', 'Change price', 'Start auction']) {
      expect(main().queryByRole('button', { name })).toBeNull()
    }
    expect(main().getByText(/Sell now are unavailable while the auction runs/)).toBeTruthy()
    // The open offers' highest, named apart from the auction's bids.
    expect(main().getByText('Highest offer')).toBeTruthy()
  })

  it('gives a collector Bid in auction and Make an offer, never Buy now', async () => {
    const end = new Date(Date.now() + 3_600_000).toISOString()
    const a = inAuction({
      end,
      highest_bid: '10000000',
      highest_bidder: ALICE,
      min_next_bid: '10500000',
    })
    renderApp(`/nft/${a.guid}`, {
      state: connected(BOB, false),
      routes: detail(a, [
        {
          ...operation({ op_type: 'AUCTION_BID', value: '10000000', sender: ALICE }),
          auction_end: end,
        },
      ]),
    })
    const panel = await screen.findByRole('region', { name: 'Auction' }, LAZY)
    expect(within(panel).getByRole('button', { name: 'Bid in auction' })).toBeTruthy()
    expect(within(panel).getByText('10.5 USDC')).toBeTruthy()
    expect(main().getByRole('button', { name: 'Make an offer' })).toBeTruthy()
    expect(main().queryByRole('button', { name: 'Buy now' })).toBeNull()
    expect(within(panel).getByRole('listitem').textContent).toContain('Clock started')
  })

  it('offers Settle to anyone once the server says the auction ended', async () => {
    const a = inAuction({
      end: new Date(Date.now() + 60_000).toISOString(),
      highest_bid: '10000000',
      highest_bidder: BOB,
      status: 'ended',
    })
    renderApp(`/nft/${a.guid}`, { routes: detail(a) })
    const panel = await screen.findByRole('region', { name: 'Auction' }, LAZY)
    expect(within(panel).getByRole('timer').textContent).toContain('Ended - awaiting settlement')
    expect(within(panel).getByRole('button', { name: 'Settle' })).toBeTruthy()
  })

  it('offers the owner of a v3 piece Start auction, and not on a v2 piece', async () => {
    const v3 = asset({ contract_version: 3, owner_address: ALICE })
    renderApp(`/nft/${v3.guid}`, { state: connected(ALICE, false), routes: detail(v3) })
    expect(await screen.findByRole('button', { name: 'Start auction' }, LAZY)).toBeTruthy()
  })

  it('does not offer Start auction on a v2 piece', async () => {
    const v2 = asset({ contract_version: 2, owner_address: ALICE })
    renderApp(`/nft/${v2.guid}`, { state: connected(ALICE, false), routes: detail(v2) })
    expect(await screen.findByRole('button', { name: 'Set price' }, LAZY)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Start auction' })).toBeNull()
  })
})

describe('Ending soon', () => {
  it('asks for running auctions, the earliest end first, and shows their countdowns', async () => {
    const a = inAuction({
      end: new Date(Date.now() + 90_000).toISOString(),
      highest_bid: '10000000',
    })
    const { requests } = renderApp('/ending-soon', { routes: detail(a) })
    const card = await screen.findByRole('article', {}, LAZY)
    expect(within(card).getByRole('timer').textContent).toMatch(/^Ends in 01:[23]\d/)
    expect(within(card).getByRole('link', { name: 'Bid in auction' })).toBeTruthy()
    const q = requests.find((r) => r.url.pathname === '/api/assets/')!.url.searchParams
    expect(q.get('market')).toBe('auction')
    expect(q.get('ordering')).toBe('ending_soon')
  })

  it('says so when no auction runs', async () => {
    renderApp('/featured', {
      routes: [(url) => (url.pathname === '/api/assets/' ? Response.json(page([])) : undefined)],
    })
    expect(await screen.findByText('No auctions are running.', {}, LAZY)).toBeTruthy()
  })
})
