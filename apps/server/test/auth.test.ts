/**
 * Wallet sign-in on the devnet (docs/security.md W24): a signed challenge gives an HttpOnly,
 * SameSite=Lax session cookie; a replayed, expired or foreign-origin challenge is refused with a
 * clear message; a rekeyed account signs with its auth address's key (read from algod); sessions
 * are listed and revoked, and a revoked session signs in no one. X-View-As grants nothing here.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE, signInNote, type SignInChallenge } from '@unica/schemas'
import { startTestServer, type TestServer } from './app.js'
import { randomAccount } from '@unica/devnet/testing'
import { signWith, Studio, type Account } from './chain.js'

let server: TestServer
let studio: Studio

beforeAll(async () => {
  server = await startTestServer()
  studio = new Studio(server.devnet)
}, 120_000)

afterAll(async () => {
  await server.close()
})

/** The never-sent proof: a 0-Algo payment to oneself whose window is empty (first 2, last 1). */
async function signedChallenge(
  sender: string,
  note: string,
  key: Account,
  window = { first: 2n, last: 1n },
): Promise<string> {
  const params = await studio.params()
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender,
    receiver: sender,
    amount: 0,
    note: new TextEncoder().encode(note),
    suggestedParams: { ...params, firstValid: window.first, lastValid: window.last },
  })
  return Buffer.from(signWith(key, txn)).toString('base64')
}

async function challenge(): Promise<SignInChallenge> {
  const response = await server.post('/api/auth/challenge/')
  expect(response.statusCode).toBe(201)
  return response.json<SignInChallenge>()
}

async function signIn(signed: string, headers: Record<string, string> = {}) {
  return server.post('/api/auth/sign_in/', { signed_txn: signed }, headers)
}

const sessionCookie = (response: { cookies: { name: string; value: string }[] }): string => {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)
  if (cookie === undefined) throw new Error('no session cookie')
  return `${SESSION_COOKIE}=${cookie.value}`
}

/** A 400 whose detail is `detail` (or matches it). */
function expectRefused(
  response: { statusCode: number; json(): unknown },
  detail: string | RegExp,
): void {
  expect(response.statusCode).toBe(400)
  const body = response.json() as { detail: string }
  if (typeof detail === 'string') expect(body.detail).toBe(detail)
  else expect(body.detail).toMatch(detail)
}

const who = async (cookie: string): Promise<string | null> =>
  (await server.get('/api/auth/session/', { cookie })).json<{ address: string | null }>().address

describe('wallet sign-in', () => {
  it('signs in with a signed challenge: an HttpOnly, SameSite=Lax cookie for that account', async () => {
    const key = randomAccount()
    const c = await challenge()
    expect(c.origin).toBe('http://unica.test')
    expect(c.note).toBe(signInNote(c.origin, c.nonce, c.expires_at))
    expect(Date.parse(c.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000)
    const response = await signIn(await signedChallenge(key.address, c.note, key))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ address: key.address })
    const set = response.cookies.find((x) => x.name === SESSION_COOKIE)
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(await who(sessionCookie(response))).toBe(key.address)
    // No cookie, or only the header that claims an identity: nobody.
    expect(await who('')).toBeNull()
    expect(
      (await server.get('/api/auth/session/', { 'x-view-as': key.address })).json<{
        address: string | null
      }>().address,
    ).toBeNull()
  })

  it('refuses a replayed challenge', async () => {
    const key = randomAccount()
    const c = await challenge()
    const signed = await signedChallenge(key.address, c.note, key)
    expect((await signIn(signed)).statusCode).toBe(200)
    expectRefused(await signIn(signed), 'This challenge was already used; ask for a new one.')
  })

  it('refuses an expired challenge', async () => {
    const key = randomAccount()
    const c = await challenge()
    await server.database.query(
      "UPDATE sign_in_challenges SET expires_at = now() - interval '1 second' WHERE nonce = $1",
      [c.nonce],
    )
    expectRefused(
      await signIn(await signedChallenge(key.address, c.note, key)),
      'This challenge has expired (5 minutes); ask for a new one.',
    )
  })

  it('refuses a challenge signed for another origin, or relayed from another site', async () => {
    const key = randomAccount()
    const c = await challenge()
    const foreignNote = signInNote('https://evil.example', c.nonce, c.expires_at)
    const foreign = await signIn(await signedChallenge(key.address, foreignNote, key))
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json<{ detail: string }>().detail).toBe(
      'This challenge was signed for another site (https://evil.example), not http://unica.test.',
    )
    const relayed = await signIn(await signedChallenge(key.address, c.note, key), {
      origin: 'https://evil.example',
    })
    expect(relayed.statusCode).toBe(400)
    expect(relayed.json<{ detail: string }>().detail).toMatch(
      /another site \(https:\/\/evil\.example\)/,
    )
    // The nonce was not spent by either: the genuine signature still works.
    expect((await signIn(await signedChallenge(key.address, c.note, key))).statusCode).toBe(200)
  })

  it('refuses a forged signature, a transaction that could be sent, and a made-up nonce', async () => {
    const key = randomAccount()
    const other = randomAccount()
    const c = await challenge()
    const forged = await signIn(await signedChallenge(key.address, c.note, other))
    expect(forged.statusCode).toBe(400)
    expect(forged.json<{ detail: string }>().detail).toMatch(/^Not signed by the account's key/)
    const status = await studio.algod.status().do()
    const live = await signIn(
      await signedChallenge(key.address, c.note, key, {
        first: status.lastRound,
        last: status.lastRound + 1000n,
      }),
    )
    expect(live.statusCode).toBe(400)
    expect(live.json<{ detail: string }>().detail).toMatch(/can never be sent/)
    const madeUp = signInNote(c.origin, 'f'.repeat(32), c.expires_at)
    const unknown = await signIn(await signedChallenge(key.address, madeUp, key))
    expect(unknown.json<{ detail: string }>().detail).toBe(
      'This challenge was not issued here; ask for a new one.',
    )
    for (const junk of ['', 'AAAA', 'x'.repeat(5000)]) {
      expect((await signIn(junk)).statusCode, junk.slice(0, 8)).toBe(400)
    }
  })

  it('signs in a rekeyed account with its auth address’s key, and not with its own', async () => {
    const account = await studio.account(1_000_000n)
    const auth = randomAccount()
    const rekey = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: account.address,
      receiver: account.address,
      amount: 0,
      rekeyTo: auth.address,
      suggestedParams: await studio.params(),
    })
    await studio.sendSigned([signWith(account, rekey)])
    const info = await studio.algod.accountInformation(account.address).do()
    expect(info.authAddr?.toString()).toBe(auth.address)

    const c1 = await challenge()
    const ownKey = await signIn(await signedChallenge(account.address, c1.note, account))
    expect(ownKey.statusCode).toBe(400)
    expect(ownKey.json<{ detail: string }>().detail).toMatch(/^Not signed by the account's key/)
    const c2 = await challenge()
    const good = await signIn(await signedChallenge(account.address, c2.note, auth))
    expect(good.statusCode, good.body).toBe(200)
    expect(await who(sessionCookie(good))).toBe(account.address)
  })

  it('lists sessions and revokes them: a revoked session signs in no one', async () => {
    const key = randomAccount()
    const cookies: string[] = []
    for (let i = 0; i < 2; i++) {
      const c = await challenge()
      cookies.push(sessionCookie(await signIn(await signedChallenge(key.address, c.note, key))))
    }
    const listed = await server.get('/api/auth/sessions/', { cookie: cookies[0] })
    expect(listed.statusCode).toBe(200)
    const sessions = listed.json<{ results: { id: string; current: boolean }[] }>().results
    expect(sessions).toHaveLength(2)
    const other = sessions.find((s) => !s.current)
    expect(other).toBeDefined()
    const { token, cookie: csrf } = await server.csrf()
    const revoke = await server.app.inject({
      method: 'POST',
      url: `/api/auth/sessions/${other?.id}/revoke/`,
      headers: { cookie: `${csrf}; ${cookies[0]}`, 'x-csrftoken': token },
    })
    expect(revoke.statusCode, revoke.body).toBe(200)
    expect(await who(cookies[1])).toBeNull()
    expect(await who(cookies[0])).toBe(key.address)
    expect((await server.get('/api/auth/sessions/', { cookie: cookies[1] })).statusCode).toBe(401)
    // Another account cannot revoke it, and signing out ends the current one.
    const signOut = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign_out/',
      headers: { cookie: `${csrf}; ${cookies[0]}`, 'x-csrftoken': token },
    })
    expect(signOut.statusCode).toBe(200)
    expect(await who(cookies[0])).toBeNull()
  })
})
