/**
 * The backend transport (docs/product.md §6 and §7): every request carries the current account in
 * the view-as header; every write carries the CSRF token; some POSTs are retried up to 3 times,
 * 5 s apart, when the server answers 500 with an unparsable body or a body with a retry flag.
 * Answers are validated with zod, so a malformed answer is an error, never a crash later.
 */
import { ApiError } from './errors.js'

export interface Parser<T> {
  parse(data: unknown): T
}

export const RETRY_ATTEMPTS = 3
export const RETRY_DELAY_MS = 5000

export interface ApiOptions {
  /** Origin + path prefix, e.g. '' for same origin. */
  readonly base: string
  /** The connected account, sent as X-View-As. */
  readonly viewAs: () => string | null
  readonly fetch?: typeof fetch
  readonly sleep?: (ms: number) => Promise<void>
}

export type Query = Readonly<Record<string, string | number | readonly string[] | undefined>>

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export class Api {
  private csrf: Promise<string> | null = null
  private readonly fetchImpl: typeof fetch
  private readonly sleep: (ms: number) => Promise<void>

  constructor(private readonly options: ApiOptions) {
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init))
    this.sleep = options.sleep ?? sleepFor
  }

  url(path: string, query?: Query): string {
    const params = new URLSearchParams()
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v === undefined) continue
      params.set(k, Array.isArray(v) ? v.join(',') : String(v))
    }
    const qs = params.toString()
    return `${this.options.base}${path}${qs === '' ? '' : `?${qs}`}`
  }

  private headers(): Record<string, string> {
    const h: Record<string, string> = { Accept: 'application/json' }
    const viewAs = this.options.viewAs()
    if (viewAs !== null) h['X-View-As'] = viewAs
    return h
  }

  async get<T>(path: string, parser: Parser<T>, query?: Query): Promise<T> {
    let res: Response
    try {
      res = await this.fetchImpl(this.url(path, query), { headers: this.headers() })
    } catch (e) {
      throw new ApiError('GET', 0, e)
    }
    const body = await readJson(res)
    if (res.status !== 200) throw new ApiError('GET', res.status, body.value)
    try {
      return parser.parse(body.value)
    } catch (e) {
      throw new ApiError('GET', res.status, e)
    }
  }

  private token(): Promise<string> {
    this.csrf ??= this.get('/api/token/', { parse: parseToken }).catch((e: unknown) => {
      this.csrf = null
      throw e
    })
    return this.csrf
  }

  /**
   * POSTs JSON or multipart. With `retry`, a 500 whose body is unparsable or flags `retry` is
   * tried again, at most RETRY_ATTEMPTS times in all.
   */
  async post<T>(
    path: string,
    body: unknown,
    parser: Parser<T>,
    { retry = false }: { retry?: boolean } = {},
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const headers = { ...this.headers(), 'X-CSRFToken': await this.token() }
      let init: RequestInit
      if (body instanceof FormData) init = { method: 'POST', headers, body }
      else {
        init = {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }
      }
      let res: Response
      try {
        res = await this.fetchImpl(this.url(path), init)
      } catch (e) {
        throw new ApiError('POST', 0, e)
      }
      const parsed = await readJson(res)
      if (res.status === 200 || res.status === 201) {
        try {
          return parser.parse(parsed.value)
        } catch (e) {
          throw new ApiError('POST', res.status, e)
        }
      }
      if (res.status === 403) this.csrf = null
      const retryable = res.status === 500 && (!parsed.ok || hasRetryFlag(parsed.value)) && retry
      if (!retryable || attempt >= RETRY_ATTEMPTS)
        throw new ApiError('POST', res.status, parsed.value)
      await this.sleep(RETRY_DELAY_MS)
    }
  }
}

async function readJson(res: Response): Promise<{ ok: boolean; value: unknown }> {
  const text = await res.text()
  if (text === '') return { ok: true, value: null }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false, value: text }
  }
}

function hasRetryFlag(body: unknown): boolean {
  return body !== null && typeof body === 'object' && (body as { retry?: unknown }).retry === true
}

function parseToken(data: unknown): string {
  const token = (data as { token?: unknown } | null)?.token
  if (typeof token !== 'string' || token === '') throw new Error('no CSRF token in the answer')
  return token
}

/** Field errors of a 400 answer ({field: [messages]}), for forms. */
export function fieldErrors(e: unknown): Record<string, string> {
  if (!(e instanceof ApiError) || e.status !== 400) return {}
  const body = e.body
  if (body === null || typeof body !== 'object') return {}
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0]
    else if (typeof v === 'string' && k !== 'detail') out[k] = v
  }
  return out
}
