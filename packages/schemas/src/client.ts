/**
 * The typed client of the REST API, made from its route table (api.ts): one method per route,
 * taking typed path parameters, query and body, and resolving with the answer parsed by the
 * route's schema for its status. It uses fetch only, so it runs in the browser and in Node.
 *
 * - Every request sends the connected account (`viewAs`) as X-View-As.
 * - Every POST, PUT and DELETE sends the CSRF token of GET /api/token/, fetched once and again after a 403. In the
 *   browser the token's cookie is the browser's business; Node has no cookie jar, so the cookies
 *   the token's answer sets are kept and sent back (browsers never show Set-Cookie to scripts).
 * - A route marked `retry` is sent again, after `retry.delayMs`, when the server answers 500 with
 *   a body that flags `retry` or is not JSON, at most `retry.attempts` times in all.
 * - Any other answer (and a network failure, status 0) rejects with an ApiError.
 */
import type { z } from 'zod'
import { TokenAnswer } from './config.js'
import { API } from './api.js'
import {
  CSRF_HEADER,
  VIEW_AS_HEADER,
  needsCsrf,
  routePath,
  wireText,
  type FileField,
  type FormBody,
  type JsonBody,
  type RouteSpec,
} from './route.js'

/** A failed call: `status` 0 when no answer came; `body` is the parsed answer, or the cause. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(
      `${method} ${path} ${status === 0 ? 'failed' : `answered ${String(status)}`}${detailOf(body)}`,
    )
  }
}

function detailOf(body: unknown): string {
  if (body instanceof Error) return `: ${body.message}`
  if (typeof body === 'string') return body === '' ? '' : `: ${body.slice(0, 300)}`
  if (body === null || body === undefined) return ''
  return `: ${JSON.stringify(body).slice(0, 300)}`
}

/** A query value as the URL carries it: lists are comma-separated. */
type QueryValue<T> = T extends string
  ? string extends T
    ? string | number | bigint | readonly (string | number | bigint)[]
    : T
  : T

type QueryInput<Q> = { readonly [K in keyof Q]?: QueryValue<Q[K]> | undefined }

type FilesInput<Files extends Readonly<Record<string, FileField>>> = {
  readonly [K in keyof Files as Files[K]['required'] extends true ? K : never]: Blob
} & {
  readonly [K in keyof Files as Files[K]['required'] extends true ? never : K]?: Blob
}

/** A form's text fields (numbers are sent as their decimal text) and its files. */
export type FormInput<B extends FormBody> =
  B extends FormBody<infer F, infer Files> ? z.input<F> & FilesInput<Files> : never

type ParamsPart<R> = R extends { params: infer P extends z.ZodType }
  ? { readonly params: z.input<P> }
  : unknown
type QueryPart<R> = R extends { query: infer Q extends z.ZodType }
  ? { readonly query?: QueryInput<z.input<Q>> }
  : unknown
type BodyPart<R> = R extends { body: infer B }
  ? B extends JsonBody<infer S>
    ? { readonly body: z.input<S> }
    : B extends FormBody
      ? { readonly body: FormInput<B> }
      : unknown
  : unknown

/** What a call of route R takes. */
export type CallInput<R> = ParamsPart<R> & QueryPart<R> & BodyPart<R>

type SuccessStatus = 200 | 201 | 202 | 203 | 204
/** What a call of route R resolves with: the answer of any of its 2xx statuses. */
export type Answer<R> = R extends { responses: infer A }
  ? {
      [S in keyof A]: S extends SuccessStatus
        ? A[S] extends z.ZodType
          ? z.output<A[S]>
          : never
        : never
    }[keyof A]
  : never

export type Call<R> =
  object extends CallInput<R>
    ? (input?: CallInput<R>) => Promise<Answer<R>>
    : (input: CallInput<R>) => Promise<Answer<R>>

export type Client<T extends Readonly<Record<string, RouteSpec>>> = {
  readonly [K in keyof T]: Call<T[K]>
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly attempts: number
  readonly delayMs: number
}

/** The web app's policy (docs/product.md §7): 3 attempts, 5 s apart. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, delayMs: 5000 }

export interface ClientOptions {
  /** Origin and path prefix of the API: '' for the page's own origin. */
  readonly baseUrl: string
  readonly fetch?: typeof fetch
  /** The connected account, sent as X-View-As (none when it gives null). */
  readonly viewAs?: () => string | null | undefined
  readonly retry?: RetryPolicy
  readonly sleep?: (ms: number) => Promise<void>
}

interface AnyInput {
  readonly params?: Readonly<Record<string, unknown>>
  readonly query?: Readonly<Record<string, unknown>>
  readonly body?: unknown
}

const sleepFor = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms)
  })

/** The URL of a call: base, path with its parameters, and the query (undefined values left out). */
export function callUrl(
  baseUrl: string,
  spec: RouteSpec,
  input: {
    readonly params?: Readonly<Record<string, unknown>>
    readonly query?: Readonly<Record<string, unknown>>
  } = {},
): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value === undefined) continue
    search.set(key, Array.isArray(value) ? value.map(wireText).join(',') : wireText(value))
  }
  const qs = search.toString()
  return `${baseUrl}${routePath(spec, input.params)}${qs === '' ? '' : `?${qs}`}`
}

function formData(body: Readonly<Record<string, unknown>>): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue
    if (value instanceof Blob) form.set(key, value)
    else form.set(key, wireText(value))
  }
  return form
}

async function readBody(response: Response): Promise<{ json: boolean; value: unknown }> {
  const text = await response.text()
  if (text === '') return { json: true, value: null }
  try {
    return { json: true, value: JSON.parse(text) as unknown }
  } catch {
    return { json: false, value: text }
  }
}

const flagsRetry = (body: unknown): boolean =>
  body !== null && typeof body === 'object' && (body as { retry?: unknown }).retry === true

export function createClient<T extends Readonly<Record<string, RouteSpec>>>(
  table: T,
  options: ClientOptions,
): Client<T> {
  // 'http://host/' and 'http://host' are the same base: paths start with a slash.
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init))
  const sleep = options.sleep ?? sleepFor
  const retry = options.retry ?? DEFAULT_RETRY
  let csrf: Promise<{ token: string; cookie: string | undefined }> | null = null

  const headers = (cookie: string | undefined): Record<string, string> => {
    const out: Record<string, string> = { Accept: 'application/json' }
    const viewAs = options.viewAs?.()
    if (viewAs !== null && viewAs !== undefined) out[VIEW_AS_HEADER] = viewAs
    if (cookie !== undefined) out.cookie = cookie
    return out
  }

  const send = async (spec: RouteSpec, url: string, init: RequestInit): Promise<Response> => {
    try {
      return await fetchImpl(url, init)
    } catch (error) {
      throw new ApiError(spec.method, spec.path, 0, error)
    }
  }

  const token = (): Promise<{ token: string; cookie: string | undefined }> => {
    csrf ??= (async () => {
      const spec = API.getToken
      const response = await send(spec, callUrl(baseUrl, spec), {
        headers: headers(undefined),
      })
      const body = await readBody(response)
      if (response.status !== 200)
        throw new ApiError(spec.method, spec.path, response.status, body.value)
      const parsed = TokenAnswer.safeParse(body.value)
      if (!parsed.success) throw new ApiError(spec.method, spec.path, response.status, parsed.error)
      const setCookie =
        typeof response.headers.getSetCookie === 'function' ? response.headers.getSetCookie() : []
      const cookies = setCookie.map((c) => c.split(';')[0])
      return {
        token: parsed.data.token,
        cookie: cookies.length === 0 ? undefined : cookies.join('; '),
      }
    })().catch((error: unknown) => {
      csrf = null
      throw error
    })
    return csrf
  }

  const request = (spec: RouteSpec): ((input?: AnyInput) => Promise<unknown>) => {
    return async (input = {}) => {
      const url = callUrl(baseUrl, spec, input)
      for (let attempt = 1; ; attempt++) {
        const init: RequestInit & { headers: Record<string, string> } = {
          method: spec.method,
          headers: headers(undefined),
        }
        if (needsCsrf(spec.method)) {
          const session = await token()
          init.headers = { ...headers(session.cookie), [CSRF_HEADER]: session.token }
        }
        if (spec.body?.kind === 'json') {
          init.headers['Content-Type'] = 'application/json'
          init.body = JSON.stringify(input.body)
        } else if (spec.body?.kind === 'form') {
          init.body = formData((input.body ?? {}) as Readonly<Record<string, unknown>>)
        }
        const response = await send(spec, url, init)
        const body = await readBody(response)
        const schema = response.status < 300 ? spec.responses[response.status] : undefined
        if (schema !== undefined) {
          const parsed = schema.safeParse(body.value)
          if (!parsed.success)
            throw new ApiError(spec.method, spec.path, response.status, parsed.error)
          return parsed.data
        }
        if (response.status === 403) csrf = null
        const retryable =
          spec.retry === true && response.status === 500 && (!body.json || flagsRetry(body.value))
        if (!retryable || attempt >= retry.attempts) {
          throw new ApiError(spec.method, spec.path, response.status, body.value)
        }
        await sleep(retry.delayMs)
      }
    }
  }

  const client: Record<string, unknown> = {}
  for (const [name, spec] of Object.entries(table)) client[name] = request(spec)
  return client as Client<T>
}

/** The client of the whole API. */
export type ApiClient = Client<typeof API>

export const createApiClient = (options: ClientOptions): ApiClient => createClient(API, options)
