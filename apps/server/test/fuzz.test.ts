/**
 * Hostile input at every endpoint (fast-check): malformed queries, path segments, JSON and
 * non-JSON bodies, multipart forms with random files, odd headers. Whatever arrives, the answer is
 * a JSON 4xx or a 2xx — never a 5xx, never a stack trace.
 */
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './app.js'
import { multipart } from './forms.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
})

const POSTS = [
  '/api/assets/validate_asset/',
  '/api/assets/submit_asset/',
  '/api/contracts/compile_proxy/',
  '/api/contracts/compile_clear/',
  '/api/contracts/compile_manager/',
  '/api/contracts/compile_escrow/',
  '/api/contracts/submit_contract/',
  '/api/contracts/submit_configuration/',
  '/api/users/submit_newsletter_subscription/',
  '/api/users/submit_creator_application/',
]
const GETS = ['/api/assets/', '/api/operations/', '/api/token/', '/api/config/', '/api/health/']
const GET_TEMPLATES = ['/api/assets/{}/', '/api/users/{}/', '/media/{}']
const KEYS = [
  'status',
  'status__exclude',
  'ordering',
  'price__gt',
  'highest_bid__value__gt',
  'asset_id__in',
  'application_id__in',
  'owner_address',
  'creator_address',
  'auction_bidder',
  'asset__guid',
  'limit',
  'offset',
  'asset_id',
  'app_id',
  'tx_id',
  'proxy_id',
  'email',
  'name',
  'unit_name',
  'description',
  'proof',
  'wallet_address',
  'portfolio_url',
  'twitter_url',
]

/** Values that tend to break parsers: huge and negative numbers, unicode, addresses, nulls. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.constantFrom(
    '',
    '0',
    '-0',
    '1e400',
    'NaN',
    '18446744073709551616',
    '9223372036854775808',
    'A'.repeat(52),
    'A'.repeat(58),
    '../../etc/passwd',
    '%00',
    'RD',
    '-highest_bid__value',
    '1,2,,3',
    'a'.repeat(40),
  ),
)
const jsonish = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(...KEYS),
    fc.oneof(nasty, fc.integer(), fc.double(), fc.constant(null)),
  ),
)
const magic = fc.constantFrom(
  [],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
)
const file = fc
  .tuple(magic, fc.uint8Array({ maxLength: 300 }), fc.constantFrom('image', 'other', 'image'))
  .map(([head, body, field]) => ({
    field,
    name: 'x.png',
    type: 'image/png',
    bytes: new Uint8Array([...head, ...body]),
  }))

/** A request body in one of the shapes a client might send. */
const body = fc.oneof(
  jsonish.map((v) => ({ payload: JSON.stringify(v), type: 'application/json' })),
  fc.string().map((s) => ({ payload: s, type: 'application/json' })),
  fc.string().map((s) => ({ payload: s, type: 'text/plain' })),
  fc.string().map((s) => ({ payload: s, type: 'multipart/form-data; boundary=xyz' })),
  fc
    .tuple(fc.dictionary(fc.constantFrom(...KEYS), nasty, { maxKeys: 6 }), fc.option(file))
    .map(([fields, f]) => {
      const m = multipart(fields, f ?? undefined)
      return { payload: m.payload, type: m.headers['content-type'] }
    }),
  fc.constant({ payload: undefined, type: undefined }),
)

const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string()), nasty), { maxLength: 5 })
  .map((pairs) =>
    pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
  )

function expectNo5xx(response: { statusCode: number; body: string }, what: string): void {
  expect(response.statusCode, `${what} → ${response.body.slice(0, 300)}`).toBeLessThan(500)
  expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/)
  if (response.statusCode >= 400 && response.body !== '') {
    expect(() => JSON.parse(response.body) as unknown, what).not.toThrow()
  }
}

describe('fuzz: no input makes the server fail', () => {
  it('GET with random queries, path segments and headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...GETS, ...GET_TEMPLATES),
        fc.oneof(nasty, fc.string()),
        query,
        fc.option(nasty),
        async (path, segment, q, viewAs) => {
          const url = `${path.replace('{}', encodeURIComponent(segment))}?${q}`
          const headers: Record<string, string> = {}
          if (viewAs !== null) headers['x-view-as'] = viewAs.replace(/[^\x20-\x7e]/g, '')
          const response = await server.app.inject({ method: 'GET', url, headers })
          expectNo5xx(response, `GET ${url}`)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('POST with random bodies, content types and CSRF tokens', async () => {
    const { token, cookie } = await server.csrf()
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...POSTS),
        body,
        fc.constantFrom('valid', 'valid', 'valid', 'missing', 'garbage'),
        async (url, b, csrf) => {
          const headers: Record<string, string> = { cookie }
          if (csrf === 'valid') headers['x-csrftoken'] = token
          if (csrf === 'garbage') headers['x-csrftoken'] = 'garbage'
          if (b.type !== undefined) headers['content-type'] = b.type
          const request: InjectOptions = { method: 'POST', url, headers }
          if (b.payload !== undefined) request.payload = b.payload
          const response = await server.app.inject(request)
          expectNo5xx(response, `POST ${url} ${String(b.type)}`)
          if (csrf !== 'valid') expect(response.statusCode).toBe(403)
        },
      ),
      { numRuns: 400 },
    )
  })

  it('other methods and unknown paths answer JSON 404s', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const response = await server.app.inject({ method, url: '/api/assets/' })
      expectNo5xx(response, method)
      expect(response.statusCode).toBe(404)
    }
  })
})
