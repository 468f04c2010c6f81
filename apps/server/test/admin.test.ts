/**
 * The staff console's API (/api/admin/..., issue 19) on a real database (PGlite, and PostgreSQL
 * with TEST_DATABASE_URL) and the devnet: every route refuses every request that is not a live
 * staff session (no session, forged cookie, expired, revoked, non-staff, and unsafe methods without
 * the CSRF token); each staff action writes exactly one audit row, which the database keeps
 * append-only; the last staff account survives even two removals at once; hidden pieces leave every
 * public list and search while their own page says why; the subscribers' CSV is escaped.
 */
import algosdk from 'algosdk'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  API,
  SESSION_COOKIE,
  routePath,
  type ApplicationRecord,
  type AuditEntry,
  type RouteSpec,
} from '@unica/schemas'
import { newSessionId, newToken, tokenHash } from '../src/auth/session.js'
import {
  assets,
  bids,
  chainCursor,
  creatorApplications,
  newsletterSubscriptions,
  operations,
  users,
} from '../src/db/index.js'
import { createSession, revokeSession } from '../src/db/repositories/sessions.js'
import { startTestServer, type TestServer } from './app.js'

let server: TestServer
const addr = (): string => algosdk.generateAccount().addr.toString()
const guid = (n: number): string => n.toString(16).padStart(32, '0')
const staff = addr()
const painter = addr()
const collector = addr()
const bidder = addr()

/** A session of `account` as sign-in stores it; its cookie header. */
async function sessionCookie(
  account: string,
  state: 'live' | 'expired' | 'revoked' = 'live',
): Promise<string> {
  const token = newToken()
  const id = newSessionId()
  const expiresAt = new Date(Date.now() + (state === 'expired' ? -1000 : 3_600_000))
  await createSession(server.database.db, { id, tokenHash: tokenHash(token), account, expiresAt })
  if (state === 'revoked') expect(await revokeSession(server.database.db, account, id)).toBe(true)
  return `${SESSION_COOKIE}=${token}`
}

interface Call {
  method: string
  url: string
  payload?: unknown
}

/** A request as the web app sends it: the session cookie, and for unsafe methods the CSRF pair. */
async function call(
  cookie: string | undefined,
  { method, url, payload }: Call,
  csrf = true,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {}
  const cookies = cookie === undefined ? [] : [cookie]
  if (csrf && method !== 'GET') {
    const pair = await server.csrf()
    headers['x-csrftoken'] = pair.token
    cookies.push(pair.cookie)
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ')
  return server.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

const adminRoutes = (Object.entries(API) as [string, RouteSpec][]).filter(([, r]) =>
  r.tags.includes('admin'),
)

/** One well-formed request of every console route. */
function sampleCall(name: string, spec: RouteSpec): Call {
  const params = { id: '1', address: addr(), guid: guid(1) }
  const url = routePath(spec, params)
  const payload =
    name === 'hideAsset'
      ? { reason: 'sample' }
      : name === 'declineApplication'
        ? { reason: 'sample' }
        : undefined
  return { method: spec.method, url, payload }
}

async function auditRows(): Promise<AuditEntry[]> {
  const cookie = await sessionCookie(staff)
  const response = await call(cookie, { method: 'GET', url: '/api/admin/audit/?limit=100' })
  expect(response.statusCode).toBe(200)
  return response.json<{ results: AuditEntry[] }>().results
}

async function applyAs(wallet: string): Promise<string> {
  const [row] = await server.database.db
    .insert(creatorApplications)
    .values({
      walletAddress: wallet,
      name: 'Ada Painter',
      email: 'ada@example.com',
      about: 'I paint harbours.',
      portfolioUrl: 'https://example.com/ada',
    })
    .returning({ id: creatorApplications.id })
  return row.id.toString()
}

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.database
  await db.insert(users).values({ address: staff, isStaff: true })
  await db.insert(assets).values(
    [1, 2, 3].map((n) => ({
      guid: guid(n),
      assetId: BigInt(1000 + n),
      applicationId: BigInt(2000 + n),
      status: 'RD' as const,
      name: `Harbour Study ${String(n)}`,
      unitName: `HS${String(n)}`,
      description: 'Oil on canvas.',
      creatorAddress: painter,
      ownerAddress: collector,
      price: 5_000_000n,
      highestBidValue: 1_000_000n,
      highestBidSender: bidder,
      createdAt: new Date(Date.UTC(2026, 0, n)),
    })),
  )
  await db.insert(bids).values(
    [1, 2, 3].map((n) => ({
      applicationId: BigInt(2000 + n),
      bidder,
      amount: 1_000_000n,
      round: BigInt(10 + n),
    })),
  )
  await db.insert(operations).values(
    [1, 2, 3].map((n) => ({
      assetGuid: guid(n),
      applicationId: BigInt(2000 + n),
      opType: 'BUY_NOW',
      value: 4_000_000n,
      sender: collector,
      txId: `TX${String(n)}`.padEnd(52, 'A'),
      status: 'executed' as const,
      round: BigInt(20 + n),
      blockTime: new Date(),
    })),
  )
}, 120_000)
afterAll(async () => {
  await server.close()
})

describe('console authorization', () => {
  it('has routes to check', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(13)
  })

  it('refuses every route without a session, with a forged, expired or revoked one (401)', async () => {
    const before = (await auditRows()).length
    const cookies = [
      undefined,
      `${SESSION_COOKIE}=${newToken()}`,
      `${SESSION_COOKIE}=`,
      `${SESSION_COOKIE}=${'x'.repeat(500)}`,
      await sessionCookie(staff, 'expired'),
      await sessionCookie(staff, 'revoked'),
    ]
    for (const [name, spec] of adminRoutes) {
      for (const cookie of cookies) {
        const response = await call(cookie, sampleCall(name, spec))
        expect(response.statusCode, `${name} with ${String(cookie)}`).toBe(401)
        expect(response.json<{ detail: string }>().detail).toBe('Sign in with your wallet first.')
      }
    }
    expect((await auditRows()).length).toBe(before)
  })

  it('refuses a non-staff session (403), and X-View-As naming staff changes nothing', async () => {
    const cookie = await sessionCookie(addr())
    for (const [name, spec] of adminRoutes) {
      const sample = sampleCall(name, spec)
      const response = await server.app.inject({
        method: sample.method as 'GET',
        url: sample.url,
        headers: { cookie, 'x-view-as': staff },
      })
      // Unsafe methods meet the CSRF check first (403 too); safe ones the staff check.
      expect(response.statusCode, name).toBe(403)
      const csrfPassed = await call(cookie, sample)
      expect(csrfPassed.statusCode, name).toBe(403)
      expect(csrfPassed.json<{ detail: string }>().detail).toBe(
        'The staff console is for staff accounts only.',
      )
    }
  })

  it('refuses a cross-site write: a staff session without the CSRF token', async () => {
    const cookie = await sessionCookie(staff)
    const applicant = addr()
    const id = await applyAs(applicant)
    for (const [name, spec] of adminRoutes.filter(([, r]) => r.method !== 'GET')) {
      const sample = sampleCall(name, spec)
      const response = await call(cookie, sample, false)
      expect(response.statusCode, name).toBe(403)
    }
    const accept = await call(
      cookie,
      { method: 'POST', url: `/api/admin/applications/${id}/accept/` },
      false,
    )
    expect(accept.statusCode).toBe(403)
    // Nothing happened.
    expect((await server.get(`/api/users/${applicant}/`)).json()).toMatchObject({
      is_staff: false,
    })
  })

  it('reads staff again at every request: a removed staff member is refused at once', async () => {
    const other = addr()
    await server.database.db.insert(users).values({ address: other, isStaff: true })
    const cookie = await sessionCookie(other)
    expect((await call(cookie, { method: 'GET', url: '/api/admin/staff/' })).statusCode).toBe(200)
    const removed = await call(await sessionCookie(staff), {
      method: 'DELETE',
      url: `/api/admin/staff/${other}/`,
    })
    expect(removed.statusCode).toBe(200)
    expect((await call(cookie, { method: 'GET', url: '/api/admin/staff/' })).statusCode).toBe(403)
  })

  it('answers bad input with a 4xx, never a 5xx', async () => {
    const cookie = await sessionCookie(staff)
    const bad: Call[] = [
      { method: 'GET', url: '/api/admin/applications/0/' },
      { method: 'GET', url: '/api/admin/applications/abc/' },
      { method: 'GET', url: '/api/admin/applications/999999999999999999/' },
      { method: 'GET', url: '/api/admin/applications/?status=maybe' },
      { method: 'GET', url: '/api/admin/audit/?limit=1000' },
      { method: 'GET', url: '/api/admin/operations/?status=executed' },
      { method: 'PUT', url: `/api/admin/staff/${'A'.repeat(58)}/` },
      { method: 'PUT', url: '/api/admin/staff/nope/' },
      { method: 'PUT', url: `/api/admin/hidden/${guid(1)}/`, payload: { reason: '   ' } },
      { method: 'PUT', url: `/api/admin/hidden/${guid(1)}/`, payload: { reason: 'x'.repeat(501) } },
      { method: 'PUT', url: `/api/admin/hidden/${guid(1)}/`, payload: {} },
      { method: 'PUT', url: `/api/admin/hidden/${guid(99)}/`, payload: { reason: 'gone' } },
      { method: 'DELETE', url: `/api/admin/hidden/${guid(2)}/` },
      { method: 'DELETE', url: `/api/admin/staff/${addr()}/` },
      { method: 'POST', url: '/api/admin/applications/424242/accept/' },
    ]
    for (const request of bad) {
      const response = await call(cookie, request)
      expect(response.statusCode, `${request.method} ${request.url}`).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, `${request.method} ${request.url}`).toBeLessThan(500)
    }
    // Nothing of that was an action.
    expect((await auditRows()).filter((r) => r.action !== 'staff.remove')).toEqual([])
  })
})

describe('the audit log', () => {
  it('gets exactly one row per action, by its actor, in the same transaction', async () => {
    const cookie = await sessionCookie(staff)
    const count = async (action: string): Promise<number> =>
      (await auditRows()).filter((r) => r.action === action).length
    const once = async (request: Call, action: string, status = 200): Promise<AuditEntry> => {
      const before = await count(action)
      const response = await call(cookie, request)
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(status)
      const rows = (await auditRows()).filter((r) => r.action === action)
      expect(rows.length).toBe(before + 1)
      expect(rows[0].actor).toBe(staff)
      return rows[0]
    }
    const applicant = addr()
    const accepted = await applyAs(applicant)
    const declined = await applyAs(addr())
    expect(
      await once(
        { method: 'POST', url: `/api/admin/applications/${accepted}/accept/` },
        'application.accept',
      ),
    ).toMatchObject({ target: accepted, details: { wallet_address: applicant } })
    expect((await server.get(`/api/users/${applicant}/`)).json()).toMatchObject({ is_staff: true })
    expect(
      await once(
        {
          method: 'POST',
          url: `/api/admin/applications/${declined}/decline/`,
          payload: { reason: 'No portfolio.' },
        },
        'application.decline',
      ),
    ).toMatchObject({ target: declined, details: { reason: 'No portfolio.' } })
    const newcomer = addr()
    await once({ method: 'PUT', url: `/api/admin/staff/${newcomer}/` }, 'staff.add')
    await once({ method: 'DELETE', url: `/api/admin/staff/${newcomer}/` }, 'staff.remove')
    expect(
      await once(
        {
          method: 'PUT',
          url: `/api/admin/hidden/${guid(3)}/`,
          payload: { reason: '  Infringes a photograph.  ' },
        },
        'asset.hide',
      ),
    ).toMatchObject({ target: guid(3), details: { reason: 'Infringes a photograph.' } })
    await once({ method: 'DELETE', url: `/api/admin/hidden/${guid(3)}/` }, 'asset.unhide')
    await once({ method: 'GET', url: '/api/admin/subscribers/' }, 'subscribers.export')

    // What failed or changed nothing recorded nothing.
    const total = (await auditRows()).length
    const again = await call(cookie, {
      method: 'POST',
      url: `/api/admin/applications/${accepted}/decline/`,
      payload: {},
    })
    expect(again.statusCode).toBe(409)
    expect(
      (await call(cookie, { method: 'PUT', url: `/api/admin/staff/${staff}/` })).statusCode,
    ).toBe(200)
    expect((await auditRows()).length).toBe(total)

    // The application shows its decision.
    const read = await call(cookie, { method: 'GET', url: `/api/admin/applications/${accepted}/` })
    expect(read.json<ApplicationRecord>()).toMatchObject({ status: 'accepted', decided_by: staff })
    const pending = await call(cookie, {
      method: 'GET',
      url: '/api/admin/applications/?status=declined',
    })
    expect(pending.json<{ results: ApplicationRecord[] }>().results.map((a) => a.id)).toContain(
      declined,
    )
  })

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE fail', async () => {
    expect((await auditRows()).length).toBeGreaterThan(0)
    const { database } = server
    await expect(database.query("UPDATE audit_log SET actor = 'someone'")).rejects.toThrow(
      /append-only/,
    )
    await expect(database.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/)
    await expect(database.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/)
    expect((await auditRows()).every((r) => r.actor === staff)).toBe(true)
  })

  it('lists newest first, paged', async () => {
    const cookie = await sessionCookie(staff)
    const page = await call(cookie, { method: 'GET', url: '/api/admin/audit/?limit=2' })
    const body = page.json<{ count: number; next: string | null; results: AuditEntry[] }>()
    expect(body.results).toHaveLength(2)
    expect(BigInt(body.results[0].id)).toBeGreaterThan(BigInt(body.results[1].id))
    expect(body.next).toContain('offset=2')
  })
})

describe('staff', () => {
  it('never loses its last account, even to two removals at once', async () => {
    const { db } = server.database
    await db.update(users).set({ isStaff: false })
    for (let i = 0; i < 4; i++) {
      const [a, b] = [addr(), addr()]
      await db.insert(users).values([
        { address: a, isStaff: true },
        { address: b, isStaff: true },
      ])
      const [ca, cb] = await Promise.all([sessionCookie(a), sessionCookie(b)])
      // Each removes the other, at once.
      const answers = await Promise.all([
        call(ca, { method: 'DELETE', url: `/api/admin/staff/${b}/` }),
        call(cb, { method: 'DELETE', url: `/api/admin/staff/${a}/` }),
      ])
      const statuses = answers.map((r) => r.statusCode).sort()
      // One wins; the other is refused as the last (409), or is no longer staff itself (403).
      expect(statuses[0]).toBe(200)
      expect([403, 409]).toContain(statuses[1])
      const left = await call(answers[0].statusCode === 200 ? ca : cb, {
        method: 'GET',
        url: '/api/admin/staff/',
      })
      const remaining = left.json<{ results: { address: string }[] }>().results
      expect(remaining).toHaveLength(1)
      const last = remaining[0].address
      const refused = await call(await sessionCookie(last), {
        method: 'DELETE',
        url: `/api/admin/staff/${last}/`,
      })
      expect(refused.statusCode).toBe(409)
      expect(refused.json<{ detail: string }>().detail).toBe(
        'The last staff account cannot be removed.',
      )
      await db.update(users).set({ isStaff: false })
    }
    await db.update(users).set({ isStaff: true }).where(eq(users.address, staff))
  })

  it('lists, adds and refuses what is not an address', async () => {
    const cookie = await sessionCookie(staff)
    const added = addr()
    const put = await call(cookie, { method: 'PUT', url: `/api/admin/staff/${added}/` })
    expect(put.json()).toEqual({ address: added, is_staff: true })
    const list = await call(cookie, { method: 'GET', url: '/api/admin/staff/' })
    expect(list.json<{ results: { address: string }[] }>().results).toContainEqual({
      address: added,
    })
    const bad = await call(cookie, { method: 'PUT', url: `/api/admin/staff/${'A'.repeat(58)}/` })
    expect(bad.statusCode).toBe(400)
  })
})

describe('hidden pieces', () => {
  /** Every public list and search a hidden piece must leave, each as the guids it shows. */
  const publicViews: [string, () => Promise<string[]>][] = [
    ['list', () => guidsOf('/api/assets/')],
    ['list by creator', () => guidsOf(`/api/assets/?creator_address=${painter}`)],
    ['list by owner', () => guidsOf(`/api/assets/?owner_address=${collector}`)],
    ['list for sale', () => guidsOf('/api/assets/?market=for_sale&ordering=price')],
    ['list by highest bid', () => guidsOf('/api/assets/?ordering=-highest_bid__value')],
    ['list by id', () => guidsOf('/api/assets/?asset_id__in=1001,1002,1003')],
    ['list by app id', () => guidsOf('/api/assets/?application_id__in=2001,2002,2003')],
    ['list as its creator (X-View-As)', () => guidsOf('/api/assets/', { 'x-view-as': painter })],
    ['search', () => guidsOf('/api/search/?q=harbour')],
    ['search ordered', () => guidsOf('/api/search/?q=harbour&ordering=-created_at')],
    [
      'suggestions',
      async () =>
        (await server.get('/api/search/suggestions/?q=harbour'))
          .json<{ assets: { guid: string }[] }>()
          .assets.map((a) => a.guid),
    ],
    [
      'activity',
      async () =>
        (await server.get('/api/activity/'))
          .json<{ results: { asset: { guid: string } | null }[] }>()
          .results.map((r) => r.asset?.guid ?? ''),
    ],
    [
      'home: latest sales',
      async () =>
        (await server.get('/api/stats/'))
          .json<{ latest_sales: { asset: { guid: string } | null }[] }>()
          .latest_sales.map((r) => r.asset?.guid ?? ''),
    ],
    [
      'collector: bids',
      async () =>
        (await server.get(`/api/accounts/${bidder}/`))
          .json<{ bids: { asset: { guid: string } }[] }>()
          .bids.map((b) => b.asset.guid),
    ],
  ]

  async function guidsOf(url: string, headers: Record<string, string> = {}): Promise<string[]> {
    const response = await server.get(url, headers)
    expect(response.statusCode, url).toBe(200)
    return response.json<{ results: { guid: string }[] }>().results.map((a) => a.guid)
  }

  it('leave every public list and search, and come back when unhidden', async () => {
    for (const [name, view] of publicViews) expect(await view(), name).toContain(guid(1))
    const figures = async () => ({
      creator: (await server.get(`/api/creators/${painter}/`)).json<{ works: number }>().works,
      owned: (await server.get(`/api/accounts/${collector}/`)).json<{ owned: number }>().owned,
    })
    expect(await figures()).toEqual({ creator: 3, owned: 3 })

    const cookie = await sessionCookie(staff)
    const hide = await call(cookie, {
      method: 'PUT',
      url: `/api/admin/hidden/${guid(1)}/`,
      payload: { reason: 'Reported as a copy of another artist’s work.' },
    })
    expect(hide.statusCode).toBe(200)
    expect(hide.json()).toMatchObject({
      asset: { guid: guid(1) },
      reason: 'Reported as a copy of another artist’s work.',
      hidden_by: staff,
    })
    for (const [name, view] of publicViews) {
      const shown = await view()
      expect(shown, name).not.toContain(guid(1))
      expect(shown, name).toContain(guid(2))
    }
    expect(await figures()).toEqual({ creator: 2, owned: 2 })

    // Its own page still answers, saying why; its history is still its own.
    const page = await server.get(`/api/assets/${guid(1)}/`)
    expect(page.statusCode).toBe(200)
    const hidden = page.json<{ hidden: { reason: string; at: string } | null; price: string }>()
    expect(hidden.hidden?.reason).toBe('Reported as a copy of another artist’s work.')
    expect(new Date(hidden.hidden?.at ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(hidden.price).toBe('5000000')
    const shown = (await server.get(`/api/assets/${guid(2)}/`)).json<{ hidden: unknown }>()
    expect(shown.hidden).toBeNull()
    expect((await server.get(`/api/operations/?asset__guid=${guid(1)}`)).json()).toMatchObject({
      count: 1,
    })

    // The console lists it.
    const list = await call(cookie, { method: 'GET', url: '/api/admin/hidden/' })
    expect(
      list.json<{ results: { asset: { guid: string } }[] }>().results.map((h) => h.asset.guid),
    ).toEqual([guid(1)])

    const unhide = await call(cookie, { method: 'DELETE', url: `/api/admin/hidden/${guid(1)}/` })
    expect(unhide.json()).toEqual({ guid: guid(1), hidden: false })
    for (const [name, view] of publicViews) expect(await view(), name).toContain(guid(1))
    expect((await server.get(`/api/assets/${guid(1)}/`)).json()).toMatchObject({ hidden: null })
  })
})

describe('subscribers as CSV', () => {
  it('quotes what needs quoting and defuses formulas', async () => {
    await server.database.db.insert(newsletterSubscriptions).values([
      { email: 'plain@example.com', createdAt: new Date('2026-01-01T00:00:00Z') },
      { email: '=HYPERLINK("http://evil")@x.io', createdAt: new Date('2026-01-02T00:00:00Z') },
      { email: '+1@x.io', createdAt: new Date('2026-01-03T00:00:00Z') },
      { email: '-a,b@x.io', createdAt: new Date('2026-01-04T00:00:00Z') },
      { email: '@at@x.io', createdAt: new Date('2026-01-05T00:00:00Z') },
    ])
    const response = await call(await sessionCookie(staff), {
      method: 'GET',
      url: '/api/admin/subscribers/',
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="unica-subscribers-/,
    )
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toBe(
      [
        'email,subscribed_at',
        'plain@example.com,2026-01-01T00:00:00.000Z',
        `"'=HYPERLINK(""http://evil"")@x.io",2026-01-02T00:00:00.000Z`,
        `'+1@x.io,2026-01-03T00:00:00.000Z`,
        `"'-a,b@x.io",2026-01-04T00:00:00.000Z`,
        `'@at@x.io,2026-01-05T00:00:00.000Z`,
        '',
      ].join('\r\n'),
    )
  })
})

describe('operations and the follower', () => {
  it('lists pending and failed operations with the reason, and the follower against algod', async () => {
    await server.database.db.insert(operations).values([
      {
        applicationId: 2001n,
        assetGuid: guid(1),
        opType: 'BID',
        value: 3n,
        sender: bidder,
        txId: 'FAILED'.padEnd(52, 'B'),
        status: 'failed',
        failureReason: 'logic eval error: assert failed pc=123',
      },
      {
        applicationId: 2001n,
        assetGuid: guid(1),
        opType: 'ASK',
        value: 7n,
        sender: collector,
        txId: 'PENDING'.padEnd(52, 'C'),
        status: 'pending',
      },
    ])
    const cookie = await sessionCookie(staff)
    const all = await call(cookie, { method: 'GET', url: '/api/admin/operations/' })
    const ops = all.json<{ results: { status: string; failure_reason: string | null }[] }>()
    expect(ops.results.map((o) => o.status).sort()).toEqual(['failed', 'pending'])
    const failed = await call(cookie, {
      method: 'GET',
      url: '/api/admin/operations/?status=failed',
    })
    expect(failed.json()).toMatchObject({
      count: 1,
      results: [{ failure_reason: 'logic eval error: assert failed pc=123', op_type: 'BID' }],
    })

    const before = await call(cookie, { method: 'GET', url: '/api/admin/follower/' })
    const status = before.json<{ round: string | null; algod_round: string | null }>()
    expect(status.round).toBeNull()
    expect(BigInt(status.algod_round ?? '-1')).toBeGreaterThanOrEqual(0n)
    await server.database.db.insert(chainCursor).values({ name: 'follower', round: 1n })
    const after = await call(cookie, { method: 'GET', url: '/api/admin/follower/' })
    const known = after.json<{ round: string; algod_round: string; lag: string }>()
    expect(known.round).toBe('1')
    expect(BigInt(known.lag)).toBe(BigInt(known.algod_round) - 1n)
  })
})
