/**
 * The staff console at /admin over the fake backend: who may see it (signed out, not staff,
 * staff), the tabs by keyboard, each section's states (loading, empty, error), accepting an
 * application, the server's refusal of the last staff removal, hiding with a required reason and
 * unhiding, the operations and follower figures, the audit log, the CSV link; and the hidden
 * piece's own page.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import type { ApplicationRecord, AssetDetail, AuditEntry, HiddenPiece } from '@unica/schemas'
import { describe, expect, it } from 'vitest'
import { ALICE, BOB, asset, connected, page, renderApp, type Route } from '../test/harness.js'

const LAZY = { timeout: 5000 }

function application(over: Partial<ApplicationRecord> = {}): ApplicationRecord {
  return {
    id: '7',
    wallet_address: BOB,
    name: 'Bob Painter',
    email: 'bob@example.com',
    alias: '',
    about: 'I paint harbours.',
    twitter_url: '',
    instagram_url: 'https://instagram.com/bob',
    facebook_url: '',
    tiktok_url: '',
    behance_url: '',
    portfolio_url: 'https://bob.example.com',
    created_at: '2026-11-25T10:00:00.000Z',
    status: 'pending',
    decided_at: null,
    decided_by: null,
    ...over,
  }
}

interface Backend {
  applications: ApplicationRecord[]
  staff: string[]
  hidden: HiddenPiece[]
  audit: AuditEntry[]
}

/** ALICE signed in; `isStaff` as the server says; the console's routes over `state`. */
function consoleBackend(isStaff: boolean, state: Backend): Route {
  return (url, init) => {
    const method = init?.method ?? 'GET'
    const path = url.pathname
    if (path === '/api/auth/session/') {
      return Response.json({ address: ALICE, expires_at: '2026-12-25T00:00:00.000Z' })
    }
    if (path === `/api/users/${ALICE}/`) return Response.json({ address: ALICE, is_staff: isStaff })
    if (path === '/api/notifications/') return Response.json({ unread: 0, results: [] })
    if (path === '/api/admin/applications/') {
      const status = url.searchParams.get('status')
      return Response.json(
        page(state.applications.filter((a) => status === null || a.status === status)),
      )
    }
    const accept = /^\/api\/admin\/applications\/(\d+)\/accept\/$/.exec(path)
    if (accept !== null && method === 'POST') {
      const found = state.applications.find((a) => a.id === accept[1])
      if (found === undefined) return undefined
      found.status = 'accepted'
      state.staff.push(found.wallet_address)
      return Response.json(found)
    }
    if (path === '/api/admin/staff/') {
      return Response.json({ results: state.staff.map((address) => ({ address })) })
    }
    const staff = /^\/api\/admin\/staff\/([A-Z2-7]+)\/$/.exec(path)
    if (staff !== null && method === 'DELETE') {
      if (state.staff.length === 1) {
        return Response.json(
          { detail: 'The last staff account cannot be removed.' },
          { status: 409 },
        )
      }
      state.staff = state.staff.filter((s) => s !== staff[1])
      return Response.json({ address: staff[1], is_staff: false })
    }
    if (path === '/api/admin/hidden/') return Response.json(page(state.hidden))
    const hide = /^\/api\/admin\/hidden\/([0-9a-f]+)\/$/.exec(path)
    if (hide !== null && method === 'PUT') {
      const { reason } = JSON.parse(init?.body as string) as { reason: string }
      const piece = {
        asset: asset(),
        reason,
        hidden_at: '2026-11-25T11:00:00.000Z',
        hidden_by: ALICE,
      }
      state.hidden.push(piece)
      return Response.json(piece)
    }
    if (hide !== null && method === 'DELETE') {
      state.hidden = state.hidden.filter((h) => h.asset.guid !== hide[1])
      return Response.json({ guid: hide[1], hidden: false })
    }
    if (path === '/api/search/') return Response.json(page([asset()]))
    if (path === '/api/admin/operations/') {
      return Response.json(
        page([
          {
            operation_id: '9',
            asset_guid: asset().guid,
            application_id: '3001',
            op_type: 'BID',
            value: '5',
            sender: BOB,
            tx_id: null,
            status: 'failed',
            failure_reason: 'logic eval error: assert failed pc=42',
            attempts: 1,
            created_at: '2026-11-25T10:00:00.000Z',
            updated_at: '2026-11-25T10:01:00.000Z',
          },
        ]),
      )
    }
    if (path === '/api/admin/follower/') {
      return Response.json({ round: '100', algod_round: '104', lag: '4', algod_error: null })
    }
    if (path === '/api/admin/audit/') return Response.json(page(state.audit))
    return undefined
  }
}

const fresh = (): Backend => ({
  applications: [application()],
  staff: [ALICE],
  hidden: [],
  audit: [],
})

describe('the staff console', () => {
  it('tells a signed-out visitor it is for staff, with the sign-in action', async () => {
    renderApp('/admin', {
      routes: [
        (url) =>
          url.pathname === '/api/auth/session/'
            ? Response.json({ address: null, expires_at: null })
            : undefined,
      ],
    })
    expect(
      await screen.findByText('The staff console is for staff accounts only.', {}, LAZY),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy()
    expect(screen.queryByRole('tablist')).toBeNull()
  })

  it('tells a signed-in account that is not staff', async () => {
    renderApp('/admin', {
      state: connected(ALICE, false),
      routes: [consoleBackend(false, fresh())],
    })
    const alert = await screen.findByRole('alert', {}, LAZY)
    expect(alert.textContent).toContain('is not staff')
    expect(screen.queryByRole('tablist')).toBeNull()
  })

  it('moves between tabs with the arrow keys, Home and End, keeping the tab in the address', async () => {
    renderApp('/admin', { state: connected(ALICE, true), routes: [consoleBackend(true, fresh())] })
    const first = await screen.findByRole('tab', { name: 'Applications' }, LAZY)
    expect(first.getAttribute('aria-selected')).toBe('true')
    first.focus()
    await userEvent.keyboard('{ArrowRight}')
    const staffTab = screen.getByRole('tab', { name: 'Staff' })
    expect(staffTab.getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(staffTab)
    await userEvent.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Audit log' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    expect(await screen.findByText('No staff action yet.')).toBeTruthy()
    await userEvent.keyboard('{Home}{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Audit log' }).getAttribute('aria-selected')).toBe(
      'true',
    )
  })

  it('reads and accepts an application, sending the CSRF token', async () => {
    const state = fresh()
    const { requests } = renderApp('/admin', {
      state: connected(ALICE, true),
      routes: [consoleBackend(true, state)],
    })
    await userEvent.click(
      await screen.findByRole('button', { name: "Read Bob Painter's application" }, LAZY),
    )
    expect(screen.getByText('I paint harbours.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'https://bob.example.com' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(await screen.findByText('No applications wait for a decision.')).toBeTruthy()
    const post = requests.find((r) => r.url.pathname === '/api/admin/applications/7/accept/')
    expect(post?.init?.method).toBe('POST')
    expect(new Headers(post?.init?.headers).get('X-CSRFToken')).toBe('t')
    expect(state.staff).toContain(BOB)
  })

  it('shows the server’s refusal to remove the last staff account', async () => {
    renderApp('/admin?tab=staff', {
      state: connected(ALICE, true),
      routes: [consoleBackend(true, fresh())],
    })
    await userEvent.click(
      await screen.findByRole('button', { name: `Remove ${ALICE} from staff` }, LAZY),
    )
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The last staff account cannot be removed.',
    )
  })

  it('checks an address before adding it to staff', async () => {
    const { requests } = renderApp('/admin?tab=staff', {
      state: connected(ALICE, true),
      routes: [consoleBackend(true, fresh())],
    })
    await userEvent.type(await screen.findByLabelText('Add a staff account', {}, LAZY), 'nope')
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Must be an Algorand address')
    expect(requests.some((r) => r.init?.method === 'PUT')).toBe(false)
  })

  it('hides a piece only with a reason, lists it and unhides it', async () => {
    const state = fresh()
    renderApp('/admin?tab=moderation', {
      state: connected(ALICE, true),
      routes: [consoleBackend(true, state)],
    })
    expect(await screen.findByText('No piece is hidden.', {}, LAZY)).toBeTruthy()
    await userEvent.type(screen.getByLabelText(/Find a piece/), 'sunrise')
    await userEvent.click(screen.getByRole('button', { name: 'Find' }))
    const hideButton = await screen.findByRole('button', { name: 'Hide Sunrise' })
    await userEvent.click(hideButton)
    expect((await screen.findByRole('alert')).textContent).toBe('A reason is required.')
    expect(state.hidden).toEqual([])
    await userEvent.type(screen.getByLabelText(/Reason/), 'Copies another artist.')
    await userEvent.click(hideButton)
    const hiddenList = await screen.findByRole('button', { name: 'Unhide Sunrise' })
    expect(screen.getByText('Copies another artist.')).toBeTruthy()
    expect(state.hidden.map((h) => h.reason)).toEqual(['Copies another artist.'])
    await userEvent.click(hiddenList)
    expect(await screen.findByText('No piece is hidden.')).toBeTruthy()
  })

  it('shows failed operations with the reason, and the follower’s lag', async () => {
    renderApp('/admin?tab=operations', {
      state: connected(ALICE, true),
      routes: [consoleBackend(true, fresh())],
    })
    expect(await screen.findByText('logic eval error: assert failed pc=42', {}, LAZY)).toBeTruthy()
    const follower = screen.getByRole('region', { name: 'Chain follower' })
    await waitFor(() => {
      expect(within(follower).getByText('4 rounds')).toBeTruthy()
    })
    expect(within(follower).getByText('104')).toBeTruthy()
  })

  it('lists the audit log, and links the subscribers’ CSV', async () => {
    const state = fresh()
    state.audit = [
      {
        id: '2',
        actor: 'cli',
        action: 'staff.add',
        target: BOB,
        details: {},
        at: '2026-11-25T10:00:00.000Z',
      },
      {
        id: '1',
        actor: ALICE,
        action: 'asset.hide',
        target: asset().guid,
        details: { reason: 'Copies another artist.' },
        at: '2026-11-25T09:00:00.000Z',
      },
    ]
    renderApp('/admin?tab=audit', {
      state: connected(ALICE, true),
      routes: [consoleBackend(true, state)],
    })
    const table = await screen.findByRole('table', { name: 'Audit log' }, LAZY)
    expect(within(table).getByText('admin CLI')).toBeTruthy()
    expect(within(table).getByText('reason: Copies another artist.')).toBeTruthy()
    await userEvent.click(screen.getByRole('tab', { name: 'Subscribers' }))
    const link = screen.getByRole('link', { name: 'Download subscribers (CSV)' })
    expect(link.getAttribute('href')).toBe('/api/admin/subscribers/')
  })

  it('shows a section’s error', async () => {
    renderApp('/admin?tab=audit', {
      state: connected(ALICE, true),
      routes: [
        (url) =>
          url.pathname === '/api/admin/audit/'
            ? Response.json(
                { detail: 'The staff console is for staff accounts only.' },
                { status: 403 },
              )
            : undefined,
        consoleBackend(true, fresh()),
      ],
    })
    expect((await screen.findByRole('alert', {}, LAZY)).textContent).toBe(
      'The staff console is for staff accounts only.',
    )
  })
})

describe('a hidden piece’s page', () => {
  it('says it was hidden and why, and links to /rescue', async () => {
    const hidden: AssetDetail = {
      ...asset(),
      hidden: { reason: 'Copies another artist.', at: '2026-11-25T11:00:00.000Z' },
    }
    renderApp(`/nft/${hidden.guid}`, {
      routes: [
        (url) =>
          url.pathname === `/api/assets/${hidden.guid}/`
            ? Response.json(hidden)
            : url.pathname === '/api/operations/'
              ? Response.json(page([]))
              : undefined,
      ],
    })
    expect(
      await screen.findByText(
        'This piece was hidden by the marketplace: Copies another artist.',
        {},
        LAZY,
      ),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Rescue your funds' }).getAttribute('href')).toBe(
      '/rescue',
    )
  })
})
