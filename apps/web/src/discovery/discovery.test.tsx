/**
 * Discovery's screens (docs/product.md §11) over the harness's API double: the search combobox by
 * keyboard, results, the filter bar's URL state, creator and activity pages, price history. Each
 * test may take 30 s: the pages are lazy chunks, slow to load the first time on a loaded machine.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ActivityItem } from '@unica/schemas'

/** Discovery's pages are lazy chunks: on a loaded machine the first load takes seconds. */
const LAZY = { timeout: 15_000 }
import { ALICE, BOB, asset, page, renderApp, type Route } from '../test/harness.js'

const HARBOUR = asset({ guid: 'a'.repeat(32), name: 'Harbour', price: '5000000' })

const suggestions: Route = (url) =>
  url.pathname === '/api/search/suggestions/'
    ? Response.json({
        assets: [{ guid: HARBOUR.guid, name: 'Harbour', unit_name: 'HARB', thumbnail: null }],
        creators: [{ address: ALICE, works: 2 }],
      })
    : undefined
const search: Route = (url) =>
  url.pathname === '/api/search/' ? Response.json(page([HARBOUR])) : undefined
const assetList =
  (results = [HARBOUR]): Route =>
  (url) =>
    url.pathname === '/api/assets/' ? Response.json(page(results)) : undefined

function item(n: number, over: Partial<ActivityItem> = {}): ActivityItem {
  return {
    operation_id: String(n),
    type: 'sale',
    op_type: 'BUY_NOW',
    value: '4000000',
    sender: BOB,
    tx_id: 'T'.repeat(52),
    round: String(100 - n),
    block_time: '2026-11-20T10:00:00Z',
    asset: {
      guid: HARBOUR.guid,
      name: `Piece ${String(n)}`,
      thumbnail: null,
      creator_address: ALICE,
    },
    ...over,
  }
}

describe('the search box', () => {
  it('suggests pieces and creators, and opens the one chosen with the keyboard', async () => {
    renderApp('/', { routes: [suggestions, assetList()] })
    const box = screen.getByRole('combobox', { name: 'Search pieces and creators' })
    await userEvent.type(box, 'harb')
    const list = await screen.findByRole('listbox', { name: 'Suggestions' })
    await within(list).findByRole('option', { name: /Harbour/ }, LAZY)
    expect(within(list).getByRole('option', { name: /ALI\.\.\.XYZ.*2 works/ })).toBeTruthy()
    expect(box.getAttribute('aria-expanded')).toBe('true')
    await userEvent.keyboard('{ArrowDown}')
    const first = within(list).getAllByRole('option')[0]
    expect(first.getAttribute('aria-selected')).toBe('true')
    expect(box.getAttribute('aria-activedescendant')).toBe(first.id)
    await userEvent.keyboard('{Enter}')
    await waitFor(() => {
      expect(screen.queryByRole('combobox', { expanded: true })).toBeNull()
    })
  }, 30_000)

  it('closes on Escape, then clears; Enter opens the results page', async () => {
    const { requests } = renderApp('/', { routes: [suggestions, search] })
    const box = screen.getByRole('combobox')
    await userEvent.type(box, 'harb')
    await screen.findByRole('option', { name: /Harbour/ }, LAZY)
    await userEvent.keyboard('{Escape}')
    expect(box.getAttribute('aria-expanded')).toBe('false')
    await userEvent.keyboard('{Escape}')
    expect((box as HTMLInputElement).value).toBe('')
    await userEvent.type(box, 'harb{Enter}')
    expect(await screen.findByRole('heading', { name: 'Results for “harb”' }, LAZY)).toBeTruthy()
    expect(await screen.findByText('1 piece found')).toBeTruthy()
    const q = requests.find((r) => r.url.pathname === '/api/search/')!.url.searchParams
    expect(q.get('q')).toBe('harb')
  }, 30_000)
})

describe('filters and sorts on a list page', () => {
  it('sends the filters the URL holds, and a menu change makes a new URL', async () => {
    const { requests } = renderApp('/all-items?market=sold&min=1.5&sort=price_asc', {
      routes: [assetList()],
    })
    await screen.findByText('Harbour')
    const sent = () =>
      requests.filter((r) => r.url.pathname === '/api/assets/').map((r) => r.url.searchParams)
    expect(sent()[0].get('market')).toBe('sold')
    expect(sent()[0].get('price__gte')).toBe('1500000')
    expect(sent()[0].get('ordering')).toBe('price')
    expect(sent()[0].get('status')).toBe('RD')
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low')
    await waitFor(() => {
      expect(sent().at(-1)?.get('ordering')).toBe('-price')
    })
    expect(sent().at(-1)?.get('market')).toBe('sold')
  }, 30_000)

  it('applies a typed price when typing pauses, and counts the filters on its button', async () => {
    const { requests } = renderApp('/all-items?sort=oldest', { routes: [assetList()] })
    await screen.findByText('Harbour')
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy()
    expect(screen.getByText('Changes apply as you make them.')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Min price (USDC)'), '2.5')
    await waitFor(() => {
      const last = requests.filter((r) => r.url.pathname === '/api/assets/').at(-1)
      expect(last?.url.searchParams.get('price__gte')).toBe('2500000')
    })
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeTruthy()
    expect(
      requests
        .filter((r) => r.url.pathname === '/api/assets/')
        .at(-1)
        ?.url.searchParams.get('ordering'),
    ).toBe('created_at')
  }, 30_000)

  it('says when nothing matches and offers to clear the filters', async () => {
    const { requests } = renderApp('/for-sale?market=has_bids', { routes: [assetList([])] })
    expect(await screen.findByText('No NFTs match these filters.')).toBeTruthy()
    const clear = screen.getAllByRole('button', { name: 'Clear filters' })
    await userEvent.click(clear[clear.length - 1])
    await waitFor(() => {
      const last = requests.filter((r) => r.url.pathname === '/api/assets/').at(-1)
      expect(last?.url.searchParams.has('market')).toBe(false)
    })
    expect(await screen.findByText('There are no NFTs here yet.')).toBeTruthy()
    // The list's own filter stays.
    const last = requests.filter((r) => r.url.pathname === '/api/assets/').at(-1)
    expect(last?.url.searchParams.get('price__gt')).toBe('0')
  }, 30_000)

  it('reports URL values that mean nothing instead of sending them', async () => {
    const { requests } = renderApp('/all-items?min=abc&sort=random', { routes: [assetList()] })
    expect((await screen.findByRole('alert')).textContent).toContain('Minimum price')
    const q = requests.find((r) => r.url.pathname === '/api/assets/')!.url.searchParams
    expect(q.has('price__gte')).toBe(false)
    expect(q.get('ordering')).toBe('-created_at')
  }, 30_000)
})

describe('filters and sorts on the search page', () => {
  const searched = (requests: { url: URL }[]) =>
    requests.filter((r) => r.url.pathname === '/api/search/').map((r) => r.url.searchParams)

  it('sends the URL filters with the words, best match by default', async () => {
    const { requests } = renderApp('/search?q=harb&market=for_sale&max=20', { routes: [search] })
    expect(await screen.findByText('1 piece found', {}, LAZY)).toBeTruthy()
    const first = searched(requests)[0]
    expect([first.get('q'), first.get('market'), first.get('price__lte')]).toEqual([
      'harb',
      'for_sale',
      '20000000',
    ])
    expect(first.has('ordering')).toBe(false)
    const sort = screen.getByLabelText('Sort by')
    expect((sort as HTMLSelectElement).selectedOptions[0].textContent).toBe('Best match')
    await userEvent.selectOptions(sort, 'Price: low to high')
    await waitFor(() => {
      expect(searched(requests).at(-1)?.get('ordering')).toBe('price')
    })
    expect(searched(requests).at(-1)?.get('q')).toBe('harb')
    expect(searched(requests).at(-1)?.get('market')).toBe('for_sale')
  }, 30_000)

  it('says when the filters leave nothing, and clearing them keeps the words', async () => {
    const { requests } = renderApp('/search?q=harb&market=sold', {
      routes: [
        (url) =>
          url.pathname === '/api/search/'
            ? Response.json(page(url.searchParams.has('market') ? [] : [HARBOUR]))
            : undefined,
      ],
    })
    expect(
      await screen.findByText('No pieces match “harb” with these filters.', {}, LAZY),
    ).toBeTruthy()
    const clear = screen.getAllByRole('button', { name: 'Clear filters' })
    await userEvent.click(clear[clear.length - 1])
    expect(await screen.findByText('1 piece found')).toBeTruthy()
    const last = searched(requests).at(-1)
    expect([last?.get('q'), last?.has('market')]).toEqual(['harb', false])
  }, 30_000)
})

describe('creator, collector and activity pages', () => {
  it("shows a creator's figures and works", async () => {
    const { requests } = renderApp(`/creator/${ALICE}`, {
      routes: [
        assetList(),
        (url) =>
          url.pathname === `/api/creators/${ALICE}/`
            ? Response.json({
                address: ALICE,
                works: 3,
                for_sale: 1,
                sales: 2,
                volume: '7500000',
                royalties_earned: '250000',
              })
            : undefined,
      ],
    })
    expect(await screen.findByText('7.5 USDC', {}, LAZY)).toBeTruthy()
    expect(screen.getByText('Sales').nextSibling?.textContent).toBe('2')
    expect(screen.getByText('Royalties earned').nextSibling?.textContent).toBe('0.25 USDC')
    await screen.findByText('Harbour')
    const q = requests.find((r) => r.url.pathname === '/api/assets/')!.url.searchParams
    expect(q.get('creator_address')).toBe(ALICE)
  }, 30_000)

  it('refuses a path that is not an address', async () => {
    renderApp('/account/nope')
    expect((await screen.findByRole('alert', {}, LAZY)).textContent).toBe(
      'This is not an Algorand address.',
    )
  }, 30_000)

  it('lists activity, filters it by type in the URL, and shows more by cursor', async () => {
    const { requests } = renderApp('/activity', {
      routes: [
        (url) => {
          if (url.pathname !== '/api/activity/') return undefined
          const cursor = url.searchParams.get('cursor')
          return Response.json(
            cursor === null
              ? { next_cursor: '98.2', results: [item(1), item(2)] }
              : {
                  next_cursor: null,
                  results: [item(3, { type: 'cancel', op_type: 'ASK', value: '0' })],
                },
          )
        },
      ],
    })
    expect(await screen.findByText('Piece 2', {}, LAZY)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }))
    expect(await screen.findByText('Cancelled ask')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
    expect(
      requests.some(
        (r) => r.url.pathname === '/api/activity/' && r.url.searchParams.get('cursor') === '98.2',
      ),
    ).toBe(true)
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Sales (auction sales too)')
    await waitFor(() => {
      expect(requests.at(-1)?.url.searchParams.get('type')).toBe('sale')
    })
    // Each row links the account beside the explorer.
    expect(screen.getAllByRole('link', { name: 'Profile of BOB...234' }).length).toBeGreaterThan(0)
  }, 30_000)
})

describe('auctions and parties in the activity feed', () => {
  it('names each auction call, and a sale its buyer and seller', async () => {
    const CAROL = `CAR${'C'.repeat(52)}567`
    renderApp('/activity', {
      routes: [
        (url) =>
          url.pathname === '/api/activity/'
            ? Response.json({
                next_cursor: null,
                results: [
                  item(1, { op_type: 'AUCTION_SETTLE', sender: CAROL, counterparty: BOB }),
                  item(2, { type: 'bid', op_type: 'AUCTION_BID' }),
                  item(3, { type: 'listing', op_type: 'AUCTION_START', sender: ALICE }),
                  item(4, { type: 'cancel', op_type: 'AUCTION_CANCEL', value: '0' }),
                  item(5, { op_type: 'BUY_NOW', sender: BOB, counterparty: ALICE }),
                ],
              })
            : undefined,
      ],
    })
    const table = await screen.findByRole('table', {}, LAZY)
    const rows = within(table).getAllByRole('row').slice(1)
    const cells = rows.map((r) => within(r).getAllByRole('cell'))
    expect(cells.map((c) => c[0].textContent)).toEqual([
      'EventSold at auction',
      'EventAuction bid',
      'EventAuction started (reserve)',
      'EventAuction cancelled',
      'EventSale',
    ])
    // The settlement's buyer is the winner, not whoever sent it; a buy names both sides.
    expect(cells[0][2].textContent).toBe('WhoBuyerBOB...234')
    expect(cells[4][2].textContent).toBe('WhoBuyerBOB...234SellerALI...XYZ')
    expect(cells[2][2].textContent).toBe('WhoALI...XYZ')
    expect(
      within(screen.getByLabelText('Show'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Listings and auction starts')
  }, 30_000)
})

describe('a collector page', () => {
  const renderCollector = (works: number) =>
    renderApp(`/account/${BOB}`, {
      routes: [
        assetList([]),
        (url) =>
          url.pathname === `/api/accounts/${BOB}/`
            ? Response.json({ address: BOB, owned: 0, bids: [] })
            : undefined,
        (url) =>
          url.pathname === `/api/creators/${BOB}/`
            ? Response.json({
                address: BOB,
                works,
                for_sale: 0,
                sales: 0,
                volume: '0',
                royalties_earned: '0',
              })
            : undefined,
      ],
    })

  it('links the works created when there are some', async () => {
    renderCollector(2)
    expect(await screen.findByRole('link', { name: 'Works created (2)' }, LAZY)).toBeTruthy()
  }, 30_000)

  it('has no link to works for an account that created nothing', async () => {
    renderCollector(0)
    await screen.findByText('No open bids.', {}, LAZY)
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: /Works created/ })).toBeNull()
    })
  }, 30_000)
})

describe('price history', () => {
  it('shows the points as a table', async () => {
    renderApp(`/nft/${HARBOUR.guid}`, {
      routes: [
        (url) =>
          url.pathname === `/api/assets/${HARBOUR.guid}/` ? Response.json(HARBOUR) : undefined,
        (url) =>
          url.pathname === `/api/assets/${HARBOUR.guid}/price_history/`
            ? Response.json({
                points: [
                  {
                    type: 'listing',
                    value: '4000000',
                    sender: ALICE,
                    tx_id: null,
                    round: '5',
                    block_time: '2026-11-19T10:00:00Z',
                  },
                  {
                    type: 'sale',
                    op_type: 'BUY_NOW',
                    value: '4500000',
                    sender: BOB,
                    counterparty: ALICE,
                    tx_id: null,
                    round: '6',
                    block_time: '2026-11-20T10:00:00Z',
                  },
                  {
                    type: 'listing',
                    op_type: 'AUCTION_START',
                    value: '20000000',
                    sender: BOB,
                    tx_id: null,
                    round: '7',
                    block_time: '2026-11-21T10:00:00Z',
                  },
                  {
                    type: 'cancel',
                    op_type: 'AUCTION_CANCEL',
                    value: '0',
                    sender: BOB,
                    tx_id: null,
                    round: '8',
                    block_time: '2026-11-21T11:00:00Z',
                  },
                ],
              })
            : undefined,
        (url) => (url.pathname === '/api/operations/' ? Response.json(page([])) : undefined),
      ],
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Table' }, LAZY))
    const table = screen.getByRole('table', { name: 'Price history, oldest first' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual([
      'Listing',
      'Sale',
      'Auction started (reserve)',
      'Auction cancelled',
    ])
    expect(rows[1].textContent).toContain('4.5 USDC')
    expect(within(rows[1]).getAllByRole('cell')[3].textContent).toBe(
      'BuyerBOB...234SellerALI...XYZ',
    )
  }, 30_000)
})
