/** GET /api/token/, GET /api/config/, GET /api/users/{address}/, CSRF, errors, OpenAPI. */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../src/db/index.js'
import { startTestServer, type TestServer } from './app.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
})

describe('GET /api/config/', () => {
  it("answers the chain's own facts", async () => {
    const response = await server.get('/api/config/')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      network: 'devnet',
      genesis_id: server.devnet.info.genesisId,
      algod_url: server.devnet.urls.algod,
      indexer_url: server.devnet.urls.indexer,
      usdc_id: server.devnet.info.usdcAssetId.toString(),
      usdc_decimals: 6,
      explorer_url: `${server.devnet.urls.algod}/explorer`,
      kmd_url: server.devnet.urls.kmd,
    })
  })
})

describe('GET /api/health/', () => {
  it('answers ok while the database answers', async () => {
    const response = await server.get('/api/health/')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
  })
})

describe('GET /api/users/{address}/', () => {
  it('answers is_staff from the users table, false for unknown addresses', async () => {
    const staff = algosdk.generateAccount().addr.toString()
    const other = algosdk.generateAccount().addr.toString()
    await server.database.db.insert(users).values({ address: staff, isStaff: true })
    expect((await server.get(`/api/users/${staff}/`)).json()).toEqual({
      address: staff,
      is_staff: true,
    })
    expect((await server.get(`/api/users/${other}/`)).json()).toEqual({
      address: other,
      is_staff: false,
    })
  })

  it('refuses what is not an address with a field error', async () => {
    const response = await server.get('/api/users/not-an-address/')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: 'Invalid input.',
      address: ['Must be an Algorand address.'],
      request_id: response.headers['x-request-id'],
    })
  })
})

describe('CSRF', () => {
  it('GET /api/token/ answers a token, never cached', async () => {
    const response = await server.get('/api/token/')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.json<{ token: string }>().token).toMatch(/.{20,}/)
  })

  it('refuses a POST without a token, with a wrong one, or without its cookie', async () => {
    const url = '/api/users/submit_newsletter_subscription/'
    const payload = { email: 'a@example.com' }
    const { token, cookie } = await server.csrf()
    const without = await server.app.inject({ method: 'POST', url, payload, headers: { cookie } })
    const wrong = await server.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { cookie, 'x-csrftoken': token.slice(1) },
    })
    const noCookie = await server.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'x-csrftoken': token },
    })
    for (const response of [without, wrong, noCookie]) {
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        detail: 'CSRF token missing or incorrect.',
        request_id: response.headers['x-request-id'],
      })
    }
  })
})

describe('errors', () => {
  it('answers unknown paths with a JSON 404', async () => {
    const response = await server.get('/api/nothing/')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      detail: 'Not found.',
      request_id: response.headers['x-request-id'],
    })
  })

  it('answers broken JSON, oversized bodies and unknown content types with JSON 4xx', async () => {
    const url = '/api/users/submit_newsletter_subscription/'
    const json = { 'content-type': 'application/json' }
    const broken = await server.post(url, '{"email": ', json)
    expect(broken.statusCode).toBe(400)
    expect(broken.json<{ detail: string }>().detail).toMatch(/JSON/)
    const huge = await server.post(url, JSON.stringify({ email: 'x'.repeat(300_000) }), json)
    expect(huge.statusCode).toBe(413)
    expect(huge.json<{ detail: string }>().detail).toBeTypeOf('string')
    const xml = await server.post(url, '<email/>', { 'content-type': 'application/xml' })
    expect(xml.statusCode).toBe(415)
  })
})

describe('OpenAPI', () => {
  it('is served at /api/docs and lists every endpoint of docs/product.md §7 this server owns', async () => {
    const response = await server.get('/api/docs/json')
    expect(response.statusCode).toBe(200)
    const doc = response.json<{ paths: Record<string, Record<string, unknown>> }>()
    const endpoints = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    )
    expect(endpoints).toEqual(
      expect.arrayContaining([
        'POST /api/contracts/compile_proxy/',
        'POST /api/contracts/compile_clear/',
        'POST /api/contracts/compile_manager/',
        'POST /api/contracts/compile_escrow/',
        'GET /api/assets/{guid}/',
        'GET /api/assets/',
        'GET /api/users/{address}/',
        'GET /api/operations/',
        'GET /api/token/',
        'POST /api/assets/validate_asset/',
        'POST /api/assets/submit_asset/',
        'POST /api/contracts/submit_contract/',
        'POST /api/contracts/submit_configuration/',
        'POST /api/users/submit_newsletter_subscription/',
        'POST /api/users/submit_creator_application/',
        'GET /api/config/',
      ]),
    )
    expect((await server.get('/api/docs')).statusCode).toBeLessThan(400)
  })
})
