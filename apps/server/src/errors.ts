/**
 * Every error answer is JSON `{detail, ...field errors}` (field → list of messages), with a 4xx
 * status for anything the client sent wrong. Unexpected failures answer a bare 500 without
 * internals; transient chain lag answers 500 with `retry: true` (docs/product.md §7: the web
 * app retries those).
 */
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { FieldErrors } from '@unica/schemas'
import type { z } from 'zod'

/** Field name → messages (absent keys allowed, so callers can build it up). */
type Fields = Readonly<Partial<Record<string, string[]>>>

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly fields: Fields = {},
    readonly extra: Readonly<Record<string, boolean | string>> = {},
  ) {
    super(detail)
  }

  body(): Record<string, unknown> {
    return { detail: this.detail, ...this.fields, ...this.extra }
  }
}

export const badRequest = (detail: string, fields: Fields = {}): ApiError =>
  new ApiError(400, detail, fields)

export const notFound = (detail = 'Not found.'): ApiError => new ApiError(404, detail)

/** The chain has not (yet) shown what the client says happened: the client should retry. */
export const chainLag = (detail: string): ApiError => new ApiError(500, detail, {}, { retry: true })

/** Field errors of a zod issue list: path → messages ('non_field_errors' for the root). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const out: Record<string, string[]> = {}
  for (const issue of issues) {
    const key = issue.path.length === 0 ? 'non_field_errors' : issue.path.map(String).join('.')
    ;(out[key] ??= []).push(issue.message)
  }
  return out
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.statusCode >= 500) request.log.warn({ detail: error.detail }, 'answered 5xx')
      return reply.code(error.statusCode).send(error.body())
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {}
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors'
        ;(fields[key] ??= []).push(v.message ?? 'Invalid value.')
      }
      return reply.code(400).send({ detail: 'Invalid input.', ...fields })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: clientMessage(error, status) })
    }
    request.log.error(error, 'unexpected error')
    return reply.code(500).send({ detail: 'Internal server error.' })
  })
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found.' }))
}

/** Fastify's and its plugins' own 4xx texts, made plain where they name internals. */
function clientMessage(error: FastifyError, status: number): string {
  if (status === 403 && error.code.startsWith('FST_CSRF')) {
    return 'CSRF token missing or incorrect.'
  }
  if (status === 429) return 'Too many requests. Try again later.'
  return error.message
}
