import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ALICE, BOB, connected, renderApp } from '../../test/harness.js'
import { accountButtonLabel } from './account-button.js'
import { initialState } from '../state/store.js'

/** A menu entry's name: its first line (an entry with a hint has a second, its description). */
const entryName = (item: HTMLElement): string | null =>
  (item.querySelector('span') ?? item).textContent

describe('account button', () => {
  it('labels every state', () => {
    const base = initialState()
    expect(accountButtonLabel(base)).toBe('Connect to wallet')
    expect(accountButtonLabel({ ...base, connecting: true })).toBe('Please wait...')
    expect(accountButtonLabel({ ...base, walletName: 'lute', accounts: [] })).toBe('No accounts')
    expect(
      accountButtonLabel({ ...base, walletName: 'lute', accounts: [ALICE], address: ALICE }),
    ).toBe('ALI...XYZ')
  })

  it('opens the select-wallet modal when not connected', async () => {
    renderApp('/')
    await userEvent.click(screen.getByRole('button', { name: 'Connect to wallet' }))
    const dialog = await screen.findByRole('dialog', { name: 'Select wallet' })
    expect(within(dialog).getByRole('button', { name: /Lute/ })).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: /Kibisis/ })).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: /KMD/ })).toBeTruthy()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows the staff dropdown', async () => {
    renderApp('/', { state: connected(ALICE, true) })
    await userEvent.click(screen.getByRole('button', { name: 'ALI...XYZ' }))
    const items = screen.getAllByRole('menuitem').map(entryName)
    expect(items).toEqual([
      'Select Account',
      'Create new NFT',
      'Created NFTs',
      'Staff console',
      'My NFTs',
      'My bids',
      'Sign in',
      'Disconnect wallet',
    ])
  })

  it('says what Sign in and Disconnect wallet each do', async () => {
    renderApp('/', { state: connected(BOB, false) })
    await userEvent.click(screen.getByRole('button', { name: 'BOB...234' }))
    expect(
      screen.getByRole('menuitem', {
        name: 'Sign in',
        description: 'Starts a session: watchlist, alerts, email',
      }),
    ).toBeTruthy()
    expect(
      screen.getByRole('menuitem', {
        name: 'Disconnect wallet',
        description: 'Forgets the wallet in this browser',
      }),
    ).toBeTruthy()
    expect(screen.queryByRole('menuitem', { name: /Log ?out/i })).toBeNull()
  })

  it('shows the non-staff dropdown', async () => {
    renderApp('/', { state: connected(BOB, false) })
    await userEvent.click(screen.getByRole('button', { name: 'BOB...234' }))
    const items = screen.getAllByRole('menuitem').map(entryName)
    expect(items).toEqual([
      'Select Account',
      'Become a Creator',
      'My NFTs',
      'My bids',
      'Sign in',
      'Disconnect wallet',
    ])
  })

  it('lists accounts in the select-account modal and ignores nothing it should not', async () => {
    const { services } = renderApp('/', {
      state: { ...connected(ALICE, false), accounts: [ALICE, BOB] },
    })
    await userEvent.click(screen.getByRole('button', { name: 'ALI...XYZ' }))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Select Account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Select account' })
    // Whole addresses, each a radio; the current one chosen.
    const radios = within(dialog).getAllByRole('radio')
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual([ALICE, BOB])
    expect(within(dialog).getByText(ALICE)).toBeTruthy()
    expect((radios[0] as HTMLInputElement).checked).toBe(true)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(services.store.get().address).toBe(ALICE)
  })
})

describe('shell', () => {
  it('has the navigation and footer links of the spec', () => {
    renderApp('/')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Featured', '/featured'],
      ['All items', '/all-items'],
      ['Recent', '/recently-added'],
    ])
    const footer = screen.getByRole('navigation', { name: 'Footer' })
    expect(
      within(footer)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/all-items', '/for-sale', '/highest-bids', '/recently-added', '/ending-soon'])
  })

  it('links to the rescue page beside the footer links', () => {
    renderApp('/')
    expect(
      screen
        .getByRole('link', { name: 'Rescue your funds without our server' })
        .getAttribute('href'),
    ).toBe('/rescue')
  })

  it('shows a closable success alert with the explorer link', async () => {
    const { services } = renderApp('/')
    services.store.set({
      alert: { kind: 'success', text: 'Transaction has been successfully processed.', txId: 'TX1' },
    })
    const alert = await screen.findByRole('status')
    expect(alert.textContent).toContain('Transaction has been successfully processed.')
    expect(within(alert).getByRole('link').getAttribute('href')).toBe(
      'http://localhost:4001/explorer/tx/TX1',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Close alert' }))
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('blocks with the progress modal and its default texts', async () => {
    const { services } = renderApp('/')
    services.store.set({ pendingAction: 'Processing action...' })
    expect((await screen.findByRole('dialog')).textContent).toContain('Processing action...')
    services.store.set({ pendingAction: null, pendingUpdate: 'Waiting for confirmation...' })
    expect((await screen.findByRole('dialog')).textContent).toContain('Waiting for confirmation...')
    await userEvent.keyboard('{Escape}')
    expect(screen.getByRole('dialog')).toBeTruthy()
  })
})
