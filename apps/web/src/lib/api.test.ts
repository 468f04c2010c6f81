import { describe, expect, it } from 'vitest'
import { Api, RETRY_DELAY_MS, fieldErrors } from './api.js'
import { ApiError } from './errors.js'

type Handler = (url: string, init: RequestInit | undefined) => Response

/** A fetch double: records each request and answers with the next handler. */
function server(...handlers: Handler[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = []
  const fetchImpl = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    calls.push({ url, init })
    const h = url.endsWith('/api/token/') ? () => Response.json({ token: 'tok' }) : handlers.shift()
    if (h === undefined) throw new Error(`unexpected request ${url}`)
    return Promise.resolve(h(url, init))
  }
  return { calls, fetch: fetchImpl }
}

const any = { parse: (d: unknown) => d }
const sleeps: number[] = []
const sleep = (ms: number) => {
  sleeps.push(ms)
  return Promise.resolve()
}

describe('Api', () => {
  it('sends the view-as header and builds list queries', async () => {
    const s = server(() => Response.json({ results: [] }))
    const api = new Api({ base: '', viewAs: () => 'ME', fetch: s.fetch })
    await api.get('/api/assets/', any, { status: 'RD', asset_id__in: ['1', '2'], x: undefined })
    expect(s.calls[0].url).toBe('/api/assets/?status=RD&asset_id__in=1%2C2')
    expect(new Headers(s.calls[0].init?.headers).get('X-View-As')).toBe('ME')
  })

  it('fails a GET on any status but 200', async () => {
    const s = server(() => new Response('{}', { status: 404 }))
    const api = new Api({ base: '', viewAs: () => null, fetch: s.fetch })
    await expect(api.get('/api/assets/x/', any)).rejects.toMatchObject({
      method: 'GET',
      status: 404,
    })
  })

  it('sends the CSRF token with writes', async () => {
    const s = server(() => Response.json({ ok: true }, { status: 201 }))
    const api = new Api({ base: '', viewAs: () => null, fetch: s.fetch })
    await api.post('/api/users/submit_newsletter_subscription/', { email: 'a@b.co' }, any)
    const post = s.calls.find((c) => c.init?.method === 'POST')!
    expect(new Headers(post.init?.headers).get('X-CSRFToken')).toBe('tok')
    expect(post.init?.body).toBe('{"email":"a@b.co"}')
  })

  it('retries a 500 with an unparsable body up to 3 attempts, 5 s apart', async () => {
    sleeps.length = 0
    const fail = () => new Response('<html>oops</html>', { status: 500 })
    const s = server(fail, fail, fail, () => Response.json({}))
    const api = new Api({ base: '', viewAs: () => null, fetch: s.fetch, sleep })
    await expect(
      api.post('/api/operations/send_tx/', {}, any, { retry: true }),
    ).rejects.toBeInstanceOf(ApiError)
    expect(s.calls.filter((c) => c.init?.method === 'POST')).toHaveLength(3)
    expect(sleeps).toEqual([RETRY_DELAY_MS, RETRY_DELAY_MS])
  })

  it('retries a 500 with the retry flag and succeeds', async () => {
    const s = server(
      () => Response.json({ detail: 'busy', retry: true }, { status: 500 }),
      () => Response.json({ operation_id: '7' }),
    )
    const api = new Api({ base: '', viewAs: () => null, fetch: s.fetch, sleep })
    await expect(api.post('/x/', {}, any, { retry: true })).resolves.toEqual({ operation_id: '7' })
  })

  it('does not retry a 500 with a parsable body and no flag, nor a 400', async () => {
    for (const res of [
      () => Response.json({ detail: 'no' }, { status: 500 }),
      () => Response.json({ detail: 'bad' }, { status: 400 }),
    ]) {
      const s = server(res)
      const api = new Api({ base: '', viewAs: () => null, fetch: s.fetch, sleep })
      await expect(api.post('/x/', {}, any, { retry: true })).rejects.toBeInstanceOf(ApiError)
      expect(s.calls.filter((c) => c.init?.method === 'POST')).toHaveLength(1)
    }
  })

  it('rejects an answer the parser refuses', async () => {
    const s = server(() => Response.json({ nope: 1 }))
    const api = new Api({ base: '', viewAs: () => null, fetch: s.fetch })
    const parser = {
      parse: () => {
        throw new Error('bad shape')
      },
    }
    await expect(api.get('/api/users/X/', parser)).rejects.toBeInstanceOf(ApiError)
  })
})

describe('fieldErrors', () => {
  it('reads the first message of each field of a 400', () => {
    const e = new ApiError('POST', 400, {
      detail: 'Invalid',
      name: ['Too long.'],
      unit_name: ['x'],
    })
    expect(fieldErrors(e)).toEqual({ name: 'Too long.', unit_name: 'x' })
    expect(fieldErrors(new ApiError('POST', 500, { name: ['x'] }))).toEqual({})
  })
})
