import { describe, expect, expectTypeOf, it } from 'vitest'
import type { AssetDetail } from './admin.js'
import type { Asset } from './assets.js'
import { ApiError, createApiClient, DEFAULT_RETRY, type ClientOptions } from './client.js'

type Handler = (url: string, init: RequestInit | undefined) => Response

/** A fetch double: answers GET /api/token/ itself, every other request with the next handler. */
function server(...handlers: Handler[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = []
  const fetchImpl = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    calls.push({ url, init })
    if (url.endsWith('/api/token/')) {
      const headers = new Headers()
      headers.append('set-cookie', 'csrfsecret=abc; Path=/; HttpOnly')
      return Promise.resolve(Response.json({ token: `tok${String(calls.length)}` }, { headers }))
    }
    const h = handlers.shift()
    if (h === undefined) throw new Error(`unexpected request ${url}`)
    return Promise.resolve(h(url, init))
  }
  const posts = () => calls.filter((c) => c.init?.method === 'POST')
  return { calls, posts, fetch: fetchImpl }
}

const sleeps: number[] = []
const client = (s: ReturnType<typeof server>, more: Partial<ClientOptions> = {}) =>
  createApiClient({
    baseUrl: 'http://unica.test',
    fetch: s.fetch,
    sleep: (ms) => {
      sleeps.push(ms)
      return Promise.resolve()
    },
    ...more,
  })

const header = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name)

const ASSET: Asset = {
  guid: 'a'.repeat(32),
  asset_id: '5',
  application_id: null,
  contract_version: 1,
  royalty: null,
  escrow_address: null,
  status: 'DA',
  name: 'n',
  unit_name: 'u',
  description: 'd',
  image: null,
  thumbnail: null,
  creator_address: 'A'.repeat(58),
  owner_address: null,
  holding_address: null,
  price: null,
  highest_bid: null,
  created_at: '2026-11-20T10:00:00Z',
}
const EMPTY_PAGE = { count: 0, next: null, previous: null, results: [] }

describe('the API client', () => {
  it('builds paths and queries, and sends X-View-As', async () => {
    const s = server(
      () => Response.json(EMPTY_PAGE),
      () => Response.json(ASSET),
    )
    const api = client(s, { viewAs: () => 'ME' })
    await api.listAssets({
      query: { status: 'RD', asset_id__in: ['1', '2'], limit: 5, ordering: undefined },
    })
    expect(s.calls[0].url).toBe(
      'http://unica.test/api/assets/?status=RD&asset_id__in=1%2C2&limit=5',
    )
    expect(header(s.calls[0].init, 'X-View-As')).toBe('ME')
    const asset = await api.getAsset({ params: { guid: 'a/b' } })
    expect(s.calls[1].url).toBe('http://unica.test/api/assets/a%2Fb/')
    expect(asset).toEqual(ASSET)
    // GET /api/assets/{guid}/ answers an asset and whether moderation hid it.
    expectTypeOf(asset).toEqualTypeOf<AssetDetail>()
  })

  it('rejects any status its route does not answer with success, and answers its schema refuses', async () => {
    const s = server(
      () => Response.json({ detail: 'No asset with this guid.' }, { status: 404 }),
      () => Response.json({ address: 'nope' }),
    )
    const api = client(s)
    const missing = api.getAsset({ params: { guid: 'x' } })
    await expect(missing).rejects.toMatchObject({
      method: 'GET',
      path: '/api/assets/:guid/',
      status: 404,
      body: { detail: 'No asset with this guid.' },
    })
    await expect(missing).rejects.toThrow('GET /api/assets/:guid/ answered 404: {"detail"')
    await expect(api.getUser({ params: { address: 'X' } })).rejects.toBeInstanceOf(ApiError)
  })

  it('reports a network failure as status 0', async () => {
    const api = createApiClient({ baseUrl: '', fetch: () => Promise.reject(new Error('down')) })
    await expect(api.getConfig()).rejects.toMatchObject({
      status: 0,
      message: 'GET /api/config/ failed: down',
    })
  })

  it('sends JSON with the CSRF token and the cookie its answer set, fetched once', async () => {
    const created = () => Response.json({ email: 'a@b.co' }, { status: 201 })
    const s = server(created, created)
    const api = client(s)
    await api.submitNewsletterSubscription({ body: { email: 'a@b.co' } })
    await api.submitNewsletterSubscription({ body: { email: 'a@b.co' } })
    const [first, second] = s.posts()
    expect(header(first.init, 'X-CSRFToken')).toBe('tok1')
    expect(header(second.init, 'X-CSRFToken')).toBe('tok1')
    expect(header(first.init, 'cookie')).toBe('csrfsecret=abc')
    expect(header(first.init, 'content-type')).toBe('application/json')
    expect(first.init?.body).toBe('{"email":"a@b.co"}')
  })

  it('fetches a new token after a 403', async () => {
    const s = server(
      () => Response.json({ detail: 'CSRF token missing or incorrect.' }, { status: 403 }),
      () => Response.json({ email: 'a@b.co' }, { status: 201 }),
    )
    const api = client(s)
    await expect(
      api.submitNewsletterSubscription({ body: { email: 'a@b.co' } }),
    ).rejects.toMatchObject({
      status: 403,
    })
    await api.submitNewsletterSubscription({ body: { email: 'a@b.co' } })
    expect(s.posts().map((c) => header(c.init, 'X-CSRFToken'))).toEqual(['tok1', 'tok3'])
  })

  it('sends a form as multipart: text fields as text, files as files', async () => {
    const s = server(() => Response.json(ASSET, { status: 201 }))
    const image = new File([new Uint8Array([1, 2, 3])], 'art.png', { type: 'image/png' })
    await client(s).submitAsset({ body: { asset_id: 5, description: 'd', proof: 'p', image } })
    const form = s.posts()[0].init?.body
    expect(form).toBeInstanceOf(FormData)
    const sent = form as FormData
    expect(sent.get('asset_id')).toBe('5')
    expect(sent.get('proof')).toBe('p')
    expect(sent.get('image')).toMatchObject({ name: 'art.png', type: 'image/png' })
    expect(header(s.posts()[0].init, 'content-type')).toBeNull()
  })

  it('retries a retry route after a 500 that flags retry or is not JSON, as often as told', async () => {
    sleeps.length = 0
    const lag = () => Response.json({ detail: 'lag', retry: true }, { status: 500 })
    const html = () => new Response('<html>bad gateway</html>', { status: 500 })
    const s = server(lag, html, () => Response.json({ operation_id: '7' }, { status: 201 }))
    const answer = await client(s).sendTx({ body: { blob: 'b', operation: 'BID' } })
    expect(answer).toEqual({ operation_id: '7' })
    expect(sleeps).toEqual([DEFAULT_RETRY.delayMs, DEFAULT_RETRY.delayMs])

    sleeps.length = 0
    const down = server(html, html, html, html)
    await expect(
      client(down).sendTx({ body: { blob: 'b', operation: 'BID' } }),
    ).rejects.toBeInstanceOf(ApiError)
    expect(down.posts()).toHaveLength(DEFAULT_RETRY.attempts)
    expect(sleeps).toEqual([DEFAULT_RETRY.delayMs, DEFAULT_RETRY.delayMs])

    const always = server(lag, lag, lag, lag)
    const api = client(always, { retry: { attempts: 2, delayMs: 1 } })
    await expect(api.sendTx({ body: { blob: 'b', operation: 'BID' } })).rejects.toMatchObject({
      status: 500,
    })
    expect(always.posts()).toHaveLength(2)
  })

  it('does not retry a 500 without the flag, a 400, nor a route that is not marked retry', async () => {
    for (const answer of [
      () => Response.json({ detail: 'no' }, { status: 500 }),
      () => Response.json({ detail: 'bad', blob: ['Too large.'] }, { status: 400 }),
    ]) {
      const s = server(answer)
      await expect(
        client(s).sendTx({ body: { blob: 'b', operation: 'ASK' } }),
      ).rejects.toBeInstanceOf(ApiError)
      expect(s.posts()).toHaveLength(1)
    }
    const s = server(() => Response.json({ detail: 'lag', retry: true }, { status: 500 }))
    await expect(
      client(s).submitNewsletterSubscription({ body: { email: 'a@b.co' } }),
    ).rejects.toMatchObject({ status: 500 })
    expect(s.posts()).toHaveLength(1)
  })

  it('types each call by its route', () => {
    const api = createApiClient({ baseUrl: '' })
    expectTypeOf(api.getOperation).parameter(0).toEqualTypeOf<{ readonly params: { id: string } }>()
    expectTypeOf(api.sendTx).returns.resolves.toEqualTypeOf<{ operation_id: string }>()
    type SubmitBody = Parameters<typeof api.submitAsset>[0]['body']
    expectTypeOf<{ asset_id: '1'; proof: 'p' }>().not.toExtend<SubmitBody>()
    expectTypeOf<{ asset_id: '1'; proof: 'p'; image: Blob }>().toExtend<SubmitBody>()
    type Filters = NonNullable<NonNullable<Parameters<typeof api.listAssets>[0]>['query']>
    expectTypeOf<'colour'>().not.toExtend<keyof Filters>()
    expectTypeOf<'asset_id__in'>().toExtend<keyof Filters>()
  })
})
