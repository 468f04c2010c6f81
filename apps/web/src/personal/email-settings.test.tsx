/**
 * The Email notifications section of the Sessions page over the fake backend: the address and
 * whether it is confirmed, setting one (validated first), removing it, a server without SMTP
 * (GET says unavailable, or POST answers 503), a failed load, and the keyboard.
 */
import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { ApiError, type EmailSettings } from '@unica/schemas'
import { describe, expect, it } from 'vitest'
import { ALICE, connected, renderApp, type Route } from '../test/harness.js'
import { EMAIL_MESSAGES, emailErrorMessage } from './email-settings.js'

/** A lazily loaded page and its queries: more than findBy's 1 s on a busy machine. */
const LAZY = { timeout: 5000 }

/** A signed-in ALICE whose email settings live in `state`; `post` answers POSTs when given. */
function emailBackend(
  state: { settings: EmailSettings },
  post?: (body: unknown) => Response,
): Route {
  return (url, init) => {
    const method = init?.method ?? 'GET'
    if (url.pathname === '/api/auth/session/') {
      return Response.json({ address: ALICE, expires_at: '2026-12-25T00:00:00.000Z' })
    }
    if (url.pathname === '/api/auth/sessions/') return Response.json({ results: [] })
    if (url.pathname === '/api/notifications/') return Response.json({ unread: 0, results: [] })
    if (url.pathname === '/api/notifications/email/' && method === 'GET') {
      return Response.json(state.settings)
    }
    if (url.pathname === '/api/notifications/email/' && method === 'POST') {
      const body: unknown = JSON.parse(init?.body as string)
      if (post !== undefined) return post(body)
      const { address } = body as { address: string }
      state.settings = { address, confirmed: false, available: true }
      return Response.json(state.settings)
    }
    if (url.pathname === '/api/notifications/email/remove/' && method === 'POST') {
      state.settings = { address: null, confirmed: false, available: state.settings.available }
      return Response.json({})
    }
    return undefined
  }
}

async function section() {
  const heading = await screen.findByRole('heading', { name: 'Email notifications' }, LAZY)
  return within(heading.closest('section')!)
}

describe('Email notifications on the Sessions page', () => {
  it('shows a confirmed address and removes it', async () => {
    const state = { settings: { address: 'a@example.com', confirmed: true, available: true } }
    const { requests } = renderApp('/sessions', {
      state: connected(ALICE, false),
      routes: [emailBackend(state)],
    })
    const s = await section()
    expect(await s.findByText('a@example.com', {}, LAZY)).toBeTruthy()
    expect(s.getByText(EMAIL_MESSAGES.confirmed)).toBeTruthy()
    await userEvent.click(s.getByRole('button', { name: 'Remove address' }))
    expect(await s.findByText(EMAIL_MESSAGES.removed)).toBeTruthy()
    expect(await s.findByText(EMAIL_MESSAGES.none)).toBeTruthy()
    expect(s.queryByText('a@example.com')).toBeNull()
    const remove = requests.find((r) => r.url.pathname === '/api/notifications/email/remove/')
    expect(new Headers(remove?.init?.headers).get('X-CSRFToken')).toBe('t')
  })

  it('checks the address, then sets it by keyboard and waits for its confirmation', async () => {
    const state = { settings: { address: null, confirmed: false, available: true } }
    const { requests } = renderApp('/sessions', {
      state: connected(ALICE, false),
      routes: [emailBackend(state)],
    })
    const s = await section()
    const input = await s.findByLabelText('Email address', {}, LAZY)
    await userEvent.type(input, 'not-an-address{Enter}')
    expect(await s.findByRole('alert')).toHaveProperty('textContent', 'Invalid email.')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const posts = () => requests.filter((r) => r.init?.method === 'POST')
    expect(posts()).toHaveLength(0)

    await userEvent.clear(input)
    await userEvent.type(input, 'me@example.com{Enter}')
    expect(await s.findByText(EMAIL_MESSAGES.sent('me@example.com'))).toBeTruthy()
    expect(s.getByText('me@example.com')).toBeTruthy()
    expect(s.getByText(EMAIL_MESSAGES.pending)).toBeTruthy()
    expect(s.queryByRole('alert')).toBeNull()
    expect(posts().map((r) => JSON.parse(r.init?.body as string) as unknown)).toEqual([
      { address: 'me@example.com' },
    ])
  })

  it('says when the server has no SMTP, instead of a form', async () => {
    const off = { settings: { address: null, confirmed: false, available: false } }
    renderApp('/sessions', { state: connected(ALICE, false), routes: [emailBackend(off)] })
    const s = await section()
    expect(await s.findByText(EMAIL_MESSAGES.unavailable, {}, LAZY)).toBeTruthy()
    expect(s.queryByRole('textbox')).toBeNull()
  })

  it('turns a 503 on save into "not configured", and keeps a send failure’s own words', () => {
    const noSmtp = new ApiError('POST', '/api/notifications/email/', 503, {
      detail: 'This server sends no email.',
    })
    expect(emailErrorMessage(noSmtp)).toBe('Email is not configured on this server.')
    const sendFailed = new ApiError('POST', '/api/notifications/email/', 503, {
      detail: 'The confirmation mail could not be sent; try again later.',
    })
    expect(emailErrorMessage(sendFailed)).toBe(
      'The confirmation mail could not be sent; try again later.',
    )
    const field = new ApiError('POST', '/api/notifications/email/', 400, {
      detail: 'Invalid input.',
      address: ['Invalid email.'],
    })
    expect(emailErrorMessage(field)).toBe('Invalid email.')
  })

  it('shows the 503 of a save in the form', async () => {
    const state = { settings: { address: null, confirmed: false, available: true } }
    renderApp('/sessions', {
      state: connected(ALICE, false),
      routes: [
        emailBackend(state, () =>
          Response.json({ detail: 'This server sends no email.' }, { status: 503 }),
        ),
      ],
    })
    const s = await section()
    await userEvent.type(await s.findByLabelText('Email address', {}, LAZY), 'me@example.com')
    await userEvent.click(s.getByRole('button', { name: 'Save address' }))
    expect(await s.findByRole('alert')).toHaveProperty('textContent', EMAIL_MESSAGES.unavailable)
  })

  it('shows an error when the settings cannot be read', async () => {
    renderApp('/sessions', {
      state: connected(ALICE, false),
      routes: [
        (url) =>
          url.pathname === '/api/notifications/email/'
            ? Response.json({ detail: 'Boom.' }, { status: 500 })
            : undefined,
        emailBackend({ settings: { address: null, confirmed: false, available: true } }),
      ],
    })
    const s = await section()
    expect(await s.findByRole('alert', {}, LAZY)).toBeTruthy()
    expect(s.queryByRole('textbox')).toBeNull()
  })
})
