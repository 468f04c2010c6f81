import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import {
  ALICE,
  BOB,
  asset,
  connected,
  liveStream,
  operation,
  page,
  renderApp,
} from './test/harness.js'

const assets = (list: ReturnType<typeof asset>[]) => (url: URL) =>
  url.pathname === '/api/assets/' ? Response.json(page(list)) : undefined

describe('home and newsletter', () => {
  it('shows the hero text', () => {
    renderApp('/')
    expect(screen.getByRole('heading', { name: 'Buy, sell, and collect NFTs' })).toBeTruthy()
  })

  it("rejects a bad email with 'Invalid email.', clears it on focus, and thanks on success", async () => {
    const { requests } = renderApp('/', {
      routes: [
        (url) =>
          url.pathname === '/api/users/submit_newsletter_subscription/'
            ? Response.json({ email: 'me@example.com' }, { status: 201 })
            : undefined,
      ],
    })
    const input = screen.getByLabelText(/latest drops/)
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(screen.getByRole('alert').textContent).toBe('Invalid email.')
    await userEvent.type(input, 'not-an-email')
    expect(screen.queryByRole('alert')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(screen.getByRole('alert').textContent).toBe('Invalid email.')
    await userEvent.clear(input)
    await userEvent.type(input, 'me@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText("You're in!")).toBeTruthy()
    const post = requests.find((r) => r.init?.method === 'POST')!
    expect(post.init?.body).toBe('{"email":"me@example.com"}')
  })
})

describe('lists', () => {
  it('asks each public list for ready assets with its filters', async () => {
    const { requests } = renderApp('/highest-bids', { routes: [assets([asset()])] })
    expect(await screen.findByRole('heading', { name: 'Highest bids' })).toBeTruthy()
    await screen.findByText('Sunrise')
    const q = requests.find((r) => r.url.pathname === '/api/assets/')!.url.searchParams
    expect(q.get('status')).toBe('RD')
    expect(q.get('highest_bid__value__gt')).toBe('0')
    expect(q.get('ordering')).toBe('-highest_bid__value')
  })

  it('shows cards with Price, Highest bid, and Place a bid for non-owners', async () => {
    renderApp('/for-sale', {
      routes: [
        assets([asset({ price: '12500000', highest_bid: { value: '3000000', sender: BOB } })]),
      ],
    })
    const card = (await screen.findByText('Sunrise')).closest('article')!
    expect(card.textContent).toContain('12.5 USDC')
    expect(card.textContent).toContain('3 USDC')
    expect(within(card).getByRole('link', { name: 'Place a bid' }).getAttribute('href')).toBe(
      '/nft/0123456789abcdef0123456789abcdef',
    )
  })

  it("shows 'Show my NFT' to the owner", async () => {
    renderApp('/all-items', { state: connected(ALICE, false), routes: [assets([asset()])] })
    expect(await screen.findByRole('link', { name: 'Show my NFT' })).toBeTruthy()
  })

  it('featured: the first for-sale item and three sections with View all', async () => {
    const { requests } = renderApp('/featured', {
      routes: [assets([asset({ price: '1000000' })])],
    })
    expect(await screen.findByRole('heading', { name: 'For sale' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Highest bids' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Recent' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Ending soon' })).toBeTruthy()
    await waitFor(() => {
      expect(
        screen.getAllByRole('link', { name: 'View all' }).map((l) => l.getAttribute('href')),
      ).toEqual(['/for-sale', '/highest-bids', '/recently-added', '/ending-soon'])
    })
    const featured = screen.getByRole('region', { name: 'Featured item' })
    expect(within(featured).getByRole('link', { name: 'Buy now' })).toBeTruthy()
    const limits = requests
      .filter((r) => r.url.pathname === '/api/assets/')
      .map((r) => r.url.searchParams.get('limit'))
    expect(limits).toEqual(expect.arrayContaining(['7', '3']))
  })

  it('featured: no Buy now for the owner', async () => {
    renderApp('/featured', {
      state: connected(ALICE, false),
      routes: [assets([asset({ price: '1000000' })])],
    })
    const featured = await screen.findByRole('region', { name: 'Featured item' })
    expect(within(featured).queryByRole('link', { name: 'Buy now' })).toBeNull()
  })
})

/** Bob connected, his account's apps with their local bids (B). */
function bobWithBids(apps: Map<string, bigint>) {
  return {
    ...connected(BOB, false),
    account: {
      address: BOB,
      amount: 0n,
      minBalance: 0n,
      assets: new Map(),
      apps,
      appsOptedIn: apps.size,
      createdGuids: new Set<string>(),
    },
  }
}

describe('user screens and empty states', () => {
  it("My NFTs: 'You have no NFTs!' and the owner filter", async () => {
    const { requests } = renderApp('/my-nfts', {
      state: connected(BOB, false),
      routes: [assets([])],
    })
    expect(await screen.findByText('You have no NFTs!')).toBeTruthy()
    const q = requests.find((r) => r.url.pathname === '/api/assets/')!.url.searchParams
    expect(q.get('owner_address')).toBe(BOB)
  })

  it("My Bids: 'You have no bids!' without bids", async () => {
    renderApp('/my-bids', {
      state: bobWithBids(new Map([['3001', 0n]])),
      // No auction it leads either.
      routes: [assets([])],
    })
    expect(await screen.findByText('You have no bids!')).toBeTruthy()
  })

  it('My Bids: cards show my own bid', async () => {
    const { requests } = renderApp('/my-bids', {
      state: bobWithBids(new Map([['3001', 2_000_000n]])),
      routes: [assets([asset()])],
    })
    const card = (await screen.findByText('Sunrise')).closest('article')!
    expect(card.textContent).toContain('My Bid')
    expect(card.textContent).toContain('2 USDC')
    const q = requests.findLast((r) => r.url.pathname === '/api/assets/')!.url.searchParams
    expect(q.get('application_id__in')).toBe('3001')
  })

  it('My Bids: the auctions I lead, with my bid, beside no trade bid', async () => {
    const led = asset({
      guid: 'c'.repeat(32),
      application_id: '3009',
      contract_version: 3,
      name: 'Harbour',
      auction: {
        reserve: '10000000',
        duration: 86_400,
        raise_bp: 500,
        raise_min: '0',
        end: '2030-01-01T00:00:00Z',
        highest_bid: '12500000',
        highest_bidder: BOB,
        min_next_bid: '13125000',
        status: 'running',
      },
    })
    const { requests } = renderApp('/my-bids', {
      state: bobWithBids(new Map()),
      routes: [assets([led])],
    })
    const card = (await screen.findByText('Harbour')).closest('article')!
    expect(card.textContent).toContain('My Bid12.5 USDC')
    const lists = requests.filter((r) => r.url.pathname === '/api/assets/')
    expect(lists.map((r) => r.url.searchParams.get('auction_bidder'))).toContain(BOB)
    expect(lists.at(-1)!.url.searchParams.get('application_id__in')).toBe('3009')
  })

  it('My Bids: says so when the auctions I lead cannot be read', async () => {
    renderApp('/my-bids', {
      state: connected(BOB, false),
      routes: [
        (url) =>
          url.pathname === '/api/assets/' ? new Response('down', { status: 503 }) : undefined,
      ],
    })
    expect((await screen.findByRole('alert')).textContent).toBeTruthy()
    expect(screen.queryByText('You have no bids!')).toBeNull()
  })

  it("Created NFTs: 'You have not created any NFT!'", async () => {
    renderApp('/admin/nft-list', { state: connected(ALICE, true), routes: [assets([])] })
    expect(await screen.findByText('You have not created any NFT!')).toBeTruthy()
  })

  it("Created NFTs: 'Pending' and 'Ready To Use' when both exist; pending cards lead to deploy", async () => {
    renderApp('/admin/nft-list', {
      state: connected(ALICE, true),
      routes: [
        assets([
          asset({ guid: 'a'.repeat(32), name: 'Draft', status: 'DA' }),
          asset({ guid: 'b'.repeat(32), name: 'Live' }),
        ]),
      ],
    })
    expect(await screen.findByRole('heading', { name: 'Pending' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Ready To Use' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Draft' }).getAttribute('href')).toBe(
      `/admin/add-nft/${'a'.repeat(32)}`,
    )
  })
})

describe('guards', () => {
  it('sends a visitor back home from the wallet-gated screens', async () => {
    for (const path of ['/my-nfts', '/my-bids', '/admin/apply']) {
      const { unmount } = {
        unmount: () => {
          document.body.replaceChildren()
        },
      }
      renderApp(path)
      expect(
        await screen.findByRole('heading', { name: 'Buy, sell, and collect NFTs' }),
      ).toBeTruthy()
      unmount()
    }
  })

  it('sends a non-staff user back home from staff-only screens once the user is known', async () => {
    for (const path of ['/admin/add-nft', '/admin/nft-list', `/admin/add-nft/${'a'.repeat(32)}`]) {
      renderApp(path, { state: connected(BOB, false) })
      expect(
        await screen.findByRole('heading', { name: 'Buy, sell, and collect NFTs' }),
      ).toBeTruthy()
      document.body.replaceChildren()
    }
  })

  it("'back' uses history for staff only", async () => {
    for (const [isStaff, heading] of [
      [true, 'All items'],
      [false, 'Buy, sell, and collect NFTs'],
    ] as const) {
      const { requests } = renderApp('/all-items', {
        state: connected(ALICE, isStaff),
        routes: [assets([asset()])],
      })
      await userEvent.click(await screen.findByRole('link', { name: 'Sunrise' }))
      // The asset answers 404 (no route for it), so the details screen goes back.
      const detailsAsked = () => requests.some((r) => r.url.pathname.endsWith(`${asset().guid}/`))
      await waitFor(() => {
        expect(detailsAsked()).toBe(true)
      })
      expect(await screen.findByRole('heading', { name: heading })).toBeTruthy()
      await waitFor(() => {
        expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull()
      })
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy()
      document.body.replaceChildren()
    }
  })

  it('waits for the user data before deciding', async () => {
    const { services } = renderApp('/admin/nft-list', {
      state: { ...connected(ALICE, true), user: null },
      routes: [assets([])],
    })
    expect(screen.queryByRole('heading', { name: 'Buy, sell, and collect NFTs' })).toBeNull()
    services.store.set({ user: { isStaff: true } })
    expect(await screen.findByText('You have not created any NFT!')).toBeTruthy()
  })
})

describe('asset details', () => {
  const detail = (a: ReturnType<typeof asset>, ops = [operation()]) => [
    (url: URL) => (url.pathname === `/api/assets/${a.guid}/` ? Response.json(a) : undefined),
    (url: URL) => (url.pathname === '/api/operations/' ? Response.json(page(ops)) : undefined),
  ]

  it('shows the asset, breadcrumbs, owner and history for a visitor', async () => {
    const a = asset({ price: '5000000' })
    renderApp(`/nft/${a.guid}`, { routes: detail(a) })
    expect(await screen.findByRole('heading', { name: 'Sunrise' })).toBeTruthy()
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['All items', 'For sale'])
    // The owner's link, then the history's Who column.
    expect(screen.getAllByRole('link', { name: 'ALI...XYZ' })[0].getAttribute('href')).toBe(
      `http://localhost:4001/explorer/address/${ALICE}`,
    )
    expect(screen.getByRole('link', { name: 'View full-size image' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Place a bid' })).toBeTruthy()
    // The history in the market's words (the spec's 'Ask' is behind "Show all transactions").
    expect(await screen.findByText('Listed for')).toBeTruthy()
    expect(screen.getByText('5 USDC', { selector: 'span' })).toBeTruthy()
  })

  it('refreshes the details and history live: a call recorded later shows up without a reload', async () => {
    const a = asset()
    let current = a
    let ops = [operation()]
    const live = liveStream()
    renderApp(`/nft/${a.guid}`, {
      events: live.open,
      routes: [
        (url: URL) =>
          url.pathname === `/api/assets/${a.guid}/` ? Response.json(current) : undefined,
        (url: URL) => (url.pathname === '/api/operations/' ? Response.json(page(ops)) : undefined),
      ],
    })
    expect(await screen.findByText('Listed for')).toBeTruthy()
    expect(screen.queryByText('Offer')).toBeNull()
    expect(live.urls).toEqual(['/api/events'])
    ops = [operation({ op_type: 'BID', operation_id: '2' }), ...ops]
    live.emit(
      'operation',
      { guid: a.guid, op_type: 'BID', value: '1', sender: BOB, tx_id: 'T', round: '9' },
      '7',
    )
    expect(await screen.findByText('Offer')).toBeTruthy()
    current = { ...a, name: 'Renamed by the chain' }
    live.emit('asset', { guid: a.guid }, '8')
    expect(await screen.findByRole('heading', { name: 'Renamed by the chain' })).toBeTruthy()
  })

  it('shows the creator royalty and its recipients for a v2 asset', async () => {
    const a = asset({
      contract_version: 2,
      royalty: {
        basis_points: 750,
        recipients: [
          { address: ALICE, share: 500 },
          { address: BOB, share: 250 },
        ],
      },
    })
    renderApp(`/nft/${a.guid}`, { routes: detail(a) })
    const facts = await screen.findByRole('region', { name: 'Creator royalty' }, { timeout: 4000 })
    expect(within(facts).getByText('Creator royalty: 7.5%')).toBeTruthy()
    expect(within(facts).getByRole('link', { name: 'BOB...234' })).toBeTruthy()
    expect(within(facts).getByText('2.5%')).toBeTruthy()
  })

  it("shows a sale's royalty in its price cell, and a claim as 'Royalty claimed'", async () => {
    const a = asset()
    const ops = [
      operation({ operation_id: '3', op_type: 'CLAIM', value: '500000', sender: BOB }),
      operation({
        operation_id: '2',
        op_type: 'BUY_NOW',
        value: '10000000',
        sender: BOB,
        counterparty: ALICE,
        royalty: '500000',
      }),
    ]
    renderApp(`/nft/${a.guid}`, { routes: detail(a, ops) })
    // A cap, not a wait: the details chunk loads slowly on a busy machine.
    expect(
      await screen.findByText('10 USDC (royalty 0.5 USDC)', {}, { timeout: 4000 }),
    ).toBeTruthy()
    expect(screen.getByText('Royalty claimed')).toBeTruthy()
  })

  it('shows no royalty for a 0% royalty (v1 assets: the tests above)', async () => {
    const a = asset({ contract_version: 2, royalty: { basis_points: 0, recipients: [] } })
    renderApp(`/nft/${a.guid}`, { routes: detail(a) })
    await screen.findByRole('heading', { name: 'Sunrise' }, { timeout: 4000 })
    expect(screen.queryByText(/Creator royalty/)).toBeNull()
  })

  it("shows 'Information not available' without an owner, and Cancel ask in the history", async () => {
    const a = asset({ owner_address: null })
    renderApp(`/nft/${a.guid}`, { routes: detail(a, [operation({ value: '0' })]) })
    expect(await screen.findByText('Information not available')).toBeTruthy()
    expect(await screen.findByText('Delisted')).toBeTruthy()
    // The full log keeps the spec's operation display (docs/product.md §4).
    await userEvent.click(screen.getByRole('button', { name: 'Show all transactions' }))
    expect(await screen.findByText('Cancel ask')).toBeTruthy()
    expect(screen.queryByText('Delisted')).toBeNull()
  })

  it('gives the owner Change price, Cancel offer and Sell now, and no Buy now', async () => {
    const a = asset({ price: '5000000', highest_bid: { value: '1000000', sender: BOB } })
    renderApp(`/nft/${a.guid}`, { state: connected(ALICE, false), routes: detail(a) })
    await screen.findByRole('heading', { name: 'Sunrise' })
    const buttons = screen
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) =>
        ['Change price', 'Cancel offer', 'Sell now', 'Buy now', 'Place a bid'].includes(t),
      )
    expect(buttons).toEqual(['Change price', 'Cancel offer', 'Sell now'])
  })

  it('asks a visitor to connect a wallet before trading', async () => {
    const a = asset({ price: '5000000' })
    renderApp(`/nft/${a.guid}`, { routes: detail(a) })
    await userEvent.click(await screen.findByRole('button', { name: 'Place a bid' }))
    expect(await screen.findByRole('dialog', { name: 'Select wallet' })).toBeTruthy()
  })

  it('closes the trade modal with an error alert when the chain cannot be read', async () => {
    const a = asset({ price: '5000000' })
    const { services } = renderApp(`/nft/${a.guid}`, {
      state: connected(BOB, false),
      routes: detail(a),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Place a bid' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Make offer' })).toBeNull()
    })
    expect(services.store.get().alert?.kind).toBe('error')
    expect(screen.getByRole('alert')).toBeTruthy()
  })

  it('sends the user back when the asset is missing', async () => {
    renderApp(`/nft/${'c'.repeat(32)}`)
    expect(await screen.findByRole('heading', { name: 'Buy, sell, and collect NFTs' })).toBeTruthy()
  })

  it('sends staff to the deploy screen for an asset that is not ready', async () => {
    const a = asset({ status: 'DC' })
    renderApp(`/nft/${a.guid}`, { state: connected(ALICE, true), routes: detail(a) })
    expect(await screen.findByRole('heading', { name: 'Create NFT' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Finish Setup' })).toBeTruthy()
    expect(screen.getByLabelText<HTMLInputElement>('Ticker Symbol').readOnly).toBe(true)
  })

  it('sends everyone else back from an asset that is not ready', async () => {
    const a = asset({ status: 'DA' })
    renderApp(`/nft/${a.guid}`, { state: connected(BOB, false), routes: detail(a) })
    expect(await screen.findByRole('heading', { name: 'Buy, sell, and collect NFTs' })).toBeTruthy()
  })
})
