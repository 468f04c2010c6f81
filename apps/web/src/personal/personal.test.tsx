/**
 * The signed-in account's screens over the fake backend: the account menu's Sign in / Sign out /
 * Sessions, the heart (aria-pressed, keyboard) on cards, the Watchlist page, the bell and its
 * count refreshed by the live stream, and the sign-in refusal's message.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { ApiError, type Notification } from '@unica/schemas'
import { describe, expect, it } from 'vitest'
import {
  ALICE,
  asset,
  connected,
  liveStream,
  page,
  renderApp,
  type Route,
} from '../test/harness.js'
import { notificationText } from './notification-bell.js'
import { signInMessage } from '../common/state/sign-in.js'

const GUID = asset().guid
/** A lazily loaded page and its queries: more than findBy's 1 s on a busy machine. */
const LAZY = { timeout: 5000 }

function notification(over: Partial<Notification> = {}): Notification {
  return {
    id: '1',
    kind: 'outbid',
    guid: GUID,
    asset_name: 'Sunrise',
    value: '2500000',
    tx_id: 'TX',
    read: false,
    created_at: '2026-11-25T10:00:00.000Z',
    ...over,
  }
}

/** A signed-in ALICE: session, watchlist (held in `watched`) and notifications. */
function signedInBackend(watched: Set<string>, notes: { list: Notification[] }): Route {
  return (url, init) => {
    const method = init?.method ?? 'GET'
    if (url.pathname === '/api/auth/session/') {
      return Response.json({ address: ALICE, expires_at: '2026-12-25T00:00:00.000Z' })
    }
    if (url.pathname === '/api/watchlist/') {
      return Response.json({ results: [...watched].map((guid) => asset({ guid })) })
    }
    const watch = /^\/api\/watchlist\/([0-9a-f]+)\/$/.exec(url.pathname)
    if (watch !== null) {
      if (method === 'PUT') watched.add(watch[1])
      else watched.delete(watch[1])
      return Response.json({ guid: watch[1], watched: method === 'PUT' })
    }
    if (url.pathname === '/api/notifications/') {
      return Response.json({
        unread: notes.list.filter((n) => !n.read).length,
        results: notes.list,
      })
    }
    if (url.pathname === '/api/notifications/read_all/') {
      notes.list = notes.list.map((n) => ({ ...n, read: true }))
      return Response.json({})
    }
    if (url.pathname === '/api/auth/sessions/') {
      return Response.json({
        results: [
          {
            id: 'aaaaaaaaaaaaaaaa',
            created_at: '2026-11-25T10:00:00.000Z',
            expires_at: '2026-12-25T10:00:00.000Z',
            current: true,
          },
        ],
      })
    }
    if (url.pathname === '/api/auth/sign_out/') return Response.json({})
    if (url.pathname === '/api/assets/') return Response.json(page([asset()]))
    return undefined
  }
}

describe('personal screens', () => {
  it('offers Watchlist, Sessions, Email notifications and Sign out once signed in', async () => {
    renderApp('/', {
      state: connected(ALICE, false),
      routes: [signedInBackend(new Set(), { list: [] })],
    })
    await screen.findByRole('button', { name: 'Notifications, 0 unread' }, LAZY)
    await userEvent.click(screen.getByRole('button', { name: 'ALI...XYZ' }))
    const items = screen
      .getAllByRole('menuitem')
      .map((i) => (i.querySelector('span') ?? i).textContent)
    expect(items.slice(-5)).toEqual([
      'Watchlist',
      'Sessions',
      'Email notifications',
      'Sign out',
      'Disconnect wallet',
    ])
  })

  it('toggles the heart by keyboard (aria-pressed), sending the CSRF token', async () => {
    const watched = new Set<string>()
    const { requests } = renderApp('/all-items', {
      state: connected(ALICE, false),
      routes: [signedInBackend(watched, { list: [] })],
    })
    await screen.findByRole('button', { name: 'Notifications, 0 unread' }, LAZY)
    const heart = await screen.findByRole('button', { name: 'Watch Sunrise' })
    expect(heart.getAttribute('aria-pressed')).toBe('false')
    heart.focus()
    await userEvent.keyboard('{Enter}')
    const pressed = await screen.findByRole('button', {
      name: 'Remove Sunrise from your watchlist',
    })
    expect(pressed.getAttribute('aria-pressed')).toBe('true')
    expect(watched).toEqual(new Set([GUID]))
    const put = requests.find((r) => r.init?.method === 'PUT')
    expect(put?.url.pathname).toBe(`/api/watchlist/${GUID}/`)
    expect(new Headers(put?.init?.headers).get('X-CSRFToken')).toBe('t')
  })

  it('shows the watched pieces on the Watchlist page', async () => {
    renderApp('/watchlist', {
      state: connected(ALICE, false),
      routes: [signedInBackend(new Set([GUID]), { list: [] })],
    })
    expect(await screen.findByRole('link', { name: 'Sunrise' }, LAZY)).toBeTruthy()
  })

  it('asks a signed-out visitor to sign in: on the page, and on the heart', async () => {
    const { services } = renderApp('/watchlist', {
      routes: [
        (url) =>
          url.pathname === '/api/auth/session/'
            ? Response.json({ address: null, expires_at: null })
            : url.pathname === '/api/assets/'
              ? Response.json(page([asset()]))
              : undefined,
      ],
    })
    expect(
      await screen.findByText('Sign in with your wallet to see your watchlist.', {}, LAZY),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull()
    await userEvent.click(screen.getAllByRole('link', { name: 'All items' })[0])
    await userEvent.click(await screen.findByRole('button', { name: 'Watch Sunrise' }))
    // No wallet connected: connect first.
    expect(await screen.findByRole('dialog', { name: 'Select wallet' })).toBeTruthy()
    expect(services.store.get().alert?.text).toBe(
      'Connect your wallet and sign in to keep a watchlist.',
    )
  })

  it('counts unread notifications on the bell, refreshes on a live notification, marks all read', async () => {
    const notes = { list: [notification()] }
    const live = liveStream()
    renderApp('/', {
      state: connected(ALICE, false),
      routes: [signedInBackend(new Set(), notes)],
      events: live.open,
    })
    await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    notes.list = [notification({ id: '2', kind: 'bid_received', value: '3000000' }), ...notes.list]
    await waitFor(() => {
      expect(live.urls.length).toBeGreaterThan(0)
    })
    act(() => {
      live.emit('notification', notes.list[0], '9')
    })
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' })
    await userEvent.click(bell)
    const panel = screen.getByRole('dialog', { name: 'Notifications' })
    expect(
      within(panel).getByText('New bid of 3 USDC on your Sunrise.', { exact: false }),
    ).toBeTruthy()
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }))
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeTruthy()
  })

  it('lists sessions, this one marked', async () => {
    renderApp('/sessions', {
      state: connected(ALICE, false),
      routes: [signedInBackend(new Set(), { list: [] })],
    })
    expect(await screen.findByText('(this browser)', {}, LAZY)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeTruthy()
  })
})

describe('notification and sign-in words', () => {
  it('says what happened, in USDC', () => {
    expect(notificationText(notification(), 6)).toBe('You were outbid on Sunrise: 2.5 USDC.')
    expect(notificationText(notification({ kind: 'sold' }), 6)).toBe(
      'Your Sunrise sold for 2.5 USDC.',
    )
  })

  it('shows the server’s reason for a refused sign-in', () => {
    const refused = new ApiError('POST', '/api/auth/sign_in/', 400, {
      detail: 'This challenge has expired (5 minutes); ask for a new one.',
    })
    expect(signInMessage(refused)).toBe(
      'Sign-in refused: This challenge has expired (5 minutes); ask for a new one.',
    )
  })
})
