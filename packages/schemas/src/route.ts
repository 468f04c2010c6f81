/**
 * What a route of the REST API is, as data: its method and path, the schemas of its path
 * parameters, query and body, and its answer per status. `api.ts` lists every route in these
 * terms; the server registers them from it and the client calls them through it.
 */
import type { z } from 'zod'

/** Every POST, PUT and DELETE carries the token of GET /api/token/ in this header (and its cookie). */
export const CSRF_HEADER = 'X-CSRFToken'
/** The connected account, a hint of who is looking (it only widens the asset lists). */
export const VIEW_AS_HEADER = 'X-View-As'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** A method that changes something: it needs the CSRF token. */
export const needsCsrf = (method: string): boolean =>
  method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'

/** A JSON body, validated by `schema`. */
export interface JsonBody<S extends z.ZodType = z.ZodType> {
  readonly kind: 'json'
  readonly schema: S
}

/** A file part of a form body. */
export interface FileField {
  /** Missing it is a field error of the handler, with its own message. */
  readonly required: boolean
  /** Larger files are reported as a field error, never buffered whole. */
  readonly maxBytes: number
  readonly mediaTypes: readonly string[]
}

/**
 * A form: multipart/form-data (text fields and at most one file), or the same text fields as a
 * JSON object. `fields` validates the text fields (every value arrives as a string).
 */
export interface FormBody<
  F extends z.ZodObject = z.ZodObject,
  Files extends Readonly<Record<string, FileField>> = Readonly<Record<string, FileField>>,
> {
  readonly kind: 'form'
  readonly fields: F
  readonly files: Files
}

export interface RouteSpec {
  readonly method: Method
  /** Fastify's syntax: `:name` for a path parameter; trailing slashes are significant. */
  readonly path: string
  readonly summary: string
  readonly tags: readonly string[]
  readonly params?: z.ZodObject
  readonly query?: z.ZodObject
  readonly body?: JsonBody | FormBody
  /** The answer reads X-View-As. */
  readonly viewAs?: boolean
  /**
   * Sending it again gives the same result, so a client may resend it after a 500 that flags
   * `retry` (the chain lags behind the client) or is not even JSON (a proxy in between).
   */
  readonly retry?: boolean
  /** The answer's schema per status code. */
  readonly responses: Readonly<Record<number, z.ZodType>>
}

/** Declares a route, keeping its literal types (the client and the server read them). */
export const route = <const R extends RouteSpec>(spec: R): R => spec

export const jsonBody = <S extends z.ZodType>(schema: S): JsonBody<S> => ({ kind: 'json', schema })

export const formBody = <F extends z.ZodObject, Files extends Readonly<Record<string, FileField>>>(
  fields: F,
  files: Files,
): FormBody<F, Files> => ({ kind: 'form', fields, files })

/** A path, query or form value as text (typed callers only pass strings, numbers and bigints). */
export function wireText(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value)
  }
  return JSON.stringify(value)
}

/** The path with its parameters filled in (each URL-encoded). */
export function routePath(spec: RouteSpec, params: Readonly<Record<string, unknown>> = {}): string {
  return spec.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name]
    if (value === undefined || value === null) throw new Error(`${spec.path}: no ${name} given`)
    return encodeURIComponent(wireText(value))
  })
}

/** The path as OpenAPI writes it: `{name}` for a parameter. */
export const openApiPath = (path: string): string =>
  path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')

/** The success statuses of a route (2xx). */
export const successStatuses = (spec: RouteSpec): number[] =>
  Object.keys(spec.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300)
