/**
 * Hostile input everywhere: every algod route is hit with malformed paths, query strings and
 * bodies, and must answer 4xx with a JSON `{message}` — never a 5xx, a hang or a crash — and keep
 * serving afterwards.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startAlgod, type AlgodFixture, type RawResponse } from './fixture.js'

let f: AlgodFixture

beforeAll(async () => {
  f = await startAlgod()
})

afterAll(async () => {
  await f.close()
})

function expectClientError(response: RawResponse, what: string): void {
  expect(response.status, `${what}: ${response.text}`).toBeGreaterThanOrEqual(400)
  expect(response.status, `${what}: ${response.text}`).toBeLessThan(500)
  const body = response.json as { message?: unknown } | undefined
  expect(typeof body?.message, `${what}: ${response.text}`).toBe('string')
}

const GET_ROUTES = [
  '/v2/status/wait-for-block-after/:x',
  '/v2/transactions/pending/:x',
  '/v2/accounts/:x',
  '/v2/accounts/:x/transactions/pending',
  '/v2/accounts/:x/assets/:x',
  '/v2/accounts/:x/applications/:x',
  '/v2/applications/:x',
  '/v2/applications/:x/boxes',
  '/v2/assets/:x',
  '/v2/blocks/:x',
  '/v2/blocks/:x/hash',
  '/v2/blocks/:x/txids',
]

const BAD_SEGMENTS = [
  '-1',
  '18446744073709551616',
  '1.5',
  '0x1',
  '%00',
  '%ZZ',
  '%F0%9F%92%A9',
  'a'.repeat(5000),
  ' 1',
  'null',
]

describe('malformed paths', () => {
  it('answers every route with bad parameters with a 4xx', async () => {
    for (const route of GET_ROUTES) {
      for (const bad of BAD_SEGMENTS) {
        const path = route.replaceAll(':x', bad)
        expectClientError(await f.raw(path), path)
      }
    }
  })

  it('answers malformed query strings with a 4xx', async () => {
    const address = f.account('Wallet1').address
    const queries = [
      `/v2/accounts/${address}?format=%`,
      `/v2/accounts/${address}?format=xml`,
      `/v2/accounts/${address}?exclude=all,none`,
      `/v2/accounts/${address}?format=json&format=msgpack`,
      '/v2/applications/1/box?name=',
      '/v2/applications/1/box?name=int:99999999999999999999',
      '/v2/applications/1/box?name=addr:',
      '/v2/applications/1/box?name=b32:!!',
      '/v2/applications/1/box?name=abi:uint8:300',
      '/v2/applications/1/box?name=abi:(uint8,:1',
      '/v2/applications/1/boxes?limit=-5',
      '/v2/applications/1/boxes?include=values&round=abc',
      '/v2/applications/1/boxes?prefix=zzz',
      '/v2/blocks/1?header-only=2',
      '/v2/transactions/pending?max=abc',
    ]
    for (const path of queries) expectClientError(await f.raw(path), path)
  })
})

describe('malformed bodies', () => {
  const post = (path: string, body: Uint8Array, contentType = 'application/x-binary') =>
    f.raw(path, { method: 'POST', headers: { 'Content-Type': contentType }, body })

  it('never fails with a 5xx on random bytes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom(
          '/v2/transactions',
          '/v2/transactions/simulate',
          '/v2/teal/compile',
          '/v2/teal/disassemble',
        ),
        fc.constantFrom('application/x-binary', 'application/json', 'text/plain'),
        async (bytes, path, contentType) => {
          const response = await post(path, bytes, contentType)
          if (response.status >= 300) expectClientError(response, path)
        },
      ),
      { numRuns: 150 },
    )
  })

  it('refuses empty bodies of any content type', async () => {
    for (const type of ['application/json', 'text/plain', 'application/msgpack']) {
      expectClientError(await post('/v2/transactions', new Uint8Array(0), type), type)
      expectClientError(await post('/v2/transactions/simulate', new Uint8Array(0), type), type)
    }
  })

  it('refuses bodies over the size limit', async () => {
    const big = new Uint8Array(1_000_001)
    expect((await post('/v2/transactions/simulate', big)).status).toBe(413)
    expect((await post('/v2/teal/disassemble', big)).status).toBe(413)
  })

  it('keeps serving afterwards', async () => {
    const status = await f.algod.status().do()
    expect(status.lastRound).toBe(f.chain.lastRound())
  })
})
