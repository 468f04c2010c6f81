/**
 * Notifications by email (docs/product.md §12) against a real SMTP server in-process (the
 * `smtp-server` package; nodemailer talks SMTP to it over loopback): the double opt-in link, the
 * worker mailing each confirmed account's notifications once, a refusal retried, a claim that
 * died mid-send never mailed again, and a server without SMTP_URL answering 503.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '@unica/schemas'
import { newSessionId, newToken, tokenHash } from '../src/auth/session.js'
import { claimMail } from '../src/db/repositories/notification-emails.js'
import { insertNotifications } from '../src/db/repositories/notifications.js'
import { createSession } from '../src/db/repositories/sessions.js'
import { smtpMailer, type Mailer } from '../src/email/mailer.js'
import { Emailer } from '../src/worker/emailer.js'
import { startTestServer, type TestServer } from './app.js'
import { startMailbox, type Mail, type Mailbox } from './mailbox.js'

let mailbox: Mailbox
/** The mails accepted (the mailbox's own list, which grows). */
let received: readonly Mail[] = []
let mailer: Mailer
let server: TestServer
let noMail: TestServer
let emailer: Emailer
const ACCOUNT = 'A'.repeat(58)
let cookie = ''
let guid = ''
let tx = 0

beforeAll(async () => {
  mailbox = await startMailbox()
  received = mailbox.mails
  mailer = smtpMailer(mailbox.url)
  server = await startTestServer({ mailer })
  noMail = await startTestServer({ devnet: server.devnet, database: server.database })
  emailer = new Emailer(server.database, mailer, {
    publicUrl: 'http://unica.test',
    usdcDecimals: 6,
    retryMs: 0,
  })
  const token = newToken()
  await createSession(server.database.db, {
    id: newSessionId(),
    tokenHash: tokenHash(token),
    account: ACCOUNT,
    expiresAt: new Date(Date.now() + 3_600_000),
  })
  cookie = `${SESSION_COOKIE}=${token}`
  guid = 'e'.repeat(32)
  await server.database.query(
    `INSERT INTO assets (guid, asset_id, status, name, unit_name, creator_address)
     VALUES ($1, 424242, 'RD', 'Harbour at dusk', 'HBR', $2)`,
    [guid, ACCOUNT],
  )
}, 120_000)

afterAll(async () => {
  await noMail.close()
  await server.close()
  mailer.close()
  await mailbox.close()
})

/** A POST with the CSRF token and the session cookie. */
async function post(s: TestServer, path: string, body: unknown) {
  const csrf = await s.csrf()
  return s.app.inject({
    method: 'POST',
    url: path,
    headers: { 'x-csrftoken': csrf.token, cookie: `${csrf.cookie}; ${cookie}` },
    payload: body as Record<string, unknown>,
  })
}

async function notify(kind: 'outbid' | 'sold', value: bigint): Promise<bigint> {
  const [created] = await insertNotifications(server.database.db, [
    { account: ACCOUNT, kind, assetGuid: guid, operationTxId: `TX${String(tx++)}`, value },
  ])
  return BigInt(created.notification.id)
}

async function status(
  id: bigint,
): Promise<{ email_status: string | null; email_attempts: number }> {
  const [row] = await server.database.query<{
    email_status: string | null
    email_attempts: number
  }>('SELECT email_status, email_attempts FROM notifications WHERE id = $1', [id.toString()])
  return row
}

describe('notifications by email', () => {
  it('mails nothing before the address is confirmed by its link', async () => {
    const before = await notify('outbid', 1_000_000n)
    expect((await post(server, '/api/notifications/email/', { address: 'nope' })).statusCode).toBe(
      400,
    )
    const set = await post(server, '/api/notifications/email/', { address: 'ann@example.test' })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json()).toEqual({ address: 'ann@example.test', confirmed: false, available: true })
    expect(received).toHaveLength(1)
    expect(received[0].to).toEqual(['ann@example.test'])
    // The link opens the web app's page (which confirms through the API), not the API's JSON.
    expect(received[0].text).toMatch(/\/settings\/email\/confirm\/\?token=/)
    const token = /confirm\/\?token=([A-Za-z0-9_-]+)/.exec(received[0].text)
    expect(token).not.toBeNull()
    // Not confirmed yet: the worker mails nothing and skips what came meanwhile.
    expect(await emailer.step()).toBe(false)
    expect(received).toHaveLength(1)
    expect((await status(before)).email_status).toBe('skipped')

    const bad = await server.get('/api/notifications/email/confirm/?token=nope')
    expect(bad.statusCode).toBe(400)
    const confirm = await server.get(`/api/notifications/email/confirm/?token=${token?.[1] ?? ''}`)
    expect(confirm.json()).toEqual({ address: 'ann@example.test', confirmed: true })
    const settings = await server.get('/api/notifications/email/', { cookie })
    expect(settings.json()).toEqual({
      address: 'ann@example.test',
      confirmed: true,
      available: true,
    })
  })

  it('mails each notification once', async () => {
    const id = await notify('outbid', 2_500_000n)
    expect(await emailer.step()).toBe(true)
    expect(received).toHaveLength(2)
    expect(received[1].to).toEqual(['ann@example.test'])
    expect(received[1].text).toContain('You were outbid on Harbour at dusk: 2.5 USDC.')
    expect(received[1].text).toContain(`http://unica.test/nft/${guid}`)
    expect(await status(id)).toEqual({ email_status: 'sent', email_attempts: 1 })
    expect(await emailer.step()).toBe(false)
    expect(received).toHaveLength(2)
  })

  it('retries a refused mail, and never mails again one whose sender died mid-send', async () => {
    mailbox.refuseNext(451)
    const id = await notify('sold', 7_000_000n)
    await emailer.step()
    expect(received).toHaveLength(2)
    expect(await status(id)).toEqual({ email_status: 'retry', email_attempts: 1 })
    await emailer.step()
    expect(received).toHaveLength(3)
    expect(received[2].text).toContain('Your Harbour at dusk sold for 7 USDC.')
    expect(await status(id)).toEqual({ email_status: 'sent', email_attempts: 2 })

    // A worker claims a notification, then dies before sending it: it is never sent, not twice.
    const lost = await notify('outbid', 1n)
    const claimed = await server.database.transaction((s) => claimMail(s.db, 20))
    expect(claimed.map((j) => j.id)).toEqual([lost])
    expect(await emailer.step()).toBe(false)
    expect(received).toHaveLength(3)
    expect((await status(lost)).email_status).toBe('sending')
  })

  it('answers 401 signed out, and 503 on a server without SMTP_URL', async () => {
    expect((await server.get('/api/notifications/email/')).statusCode).toBe(401)
    const off = await post(noMail, '/api/notifications/email/', { address: 'ann@example.test' })
    expect(off.statusCode).toBe(503)
    expect(off.json<{ detail: string }>().detail).toBe('This server sends no email.')
    expect((await post(server, '/api/notifications/email/remove/', {})).statusCode).toBe(200)
    const settings = await server.get('/api/notifications/email/', { cookie })
    expect(settings.json()).toMatchObject({ address: null, confirmed: false })
  })
})
