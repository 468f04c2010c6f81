/**
 * Routes registered from the API's route table (@unica/schemas API): `app.route({
 * ...endpoint(API.name), handler })` takes method, path and schemas from there; the route files
 * add the handler and server-side options (rate limits, serializers). The OpenAPI document is made from the same registrations, plus what Fastify's schema
 * cannot say: form bodies (parsed by the handler, routes/form.ts) and the headers routes read.
 */
import type { FastifySchema } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import {
  API,
  CSRF_HEADER,
  VIEW_AS_HEADER,
  needsCsrf,
  type FormBody,
  type JsonBody,
  type RouteSpec,
} from '@unica/schemas'
import { z } from 'zod'

/** The Fastify schema of a route: what Fastify validates and serializes with. */
export interface SchemaOf<R extends RouteSpec> extends FastifySchema {
  params: R extends { params: infer P } ? P : undefined
  querystring: R extends { query: infer Q } ? Q : undefined
  body: R extends { body: JsonBody<infer S> } ? S : undefined
  response: R['responses']
}

const names = new Map<RouteSpec, string>(
  Object.entries(API).map(([name, spec]): [RouteSpec, string] => [spec, name]),
)

/** A route's method, URL and Fastify schema, from the table: spread into `app.route`. */
export function endpoint<R extends RouteSpec>(
  spec: R,
): { method: R['method']; url: string; schema: SchemaOf<R> } {
  const name = names.get(spec)
  if (name === undefined) throw new Error(`${spec.method} ${spec.path} is not in the route table`)
  // Only the parts the route has: Fastify warns of schema keys that are present but undefined.
  const schema = {
    operationId: name,
    summary: spec.summary,
    tags: [...spec.tags],
    ...(spec.params === undefined ? {} : { params: spec.params }),
    ...(spec.query === undefined ? {} : { querystring: spec.query }),
    ...(spec.body?.kind === 'json' ? { body: spec.body.schema } : {}),
    response: spec.responses,
  }
  return { method: spec.method, url: spec.path, schema: schema as unknown as SchemaOf<R> }
}

const byRoute = new Map<string, RouteSpec>(
  Object.values(API).map((spec): [string, RouteSpec] => [`${spec.method} ${spec.path}`, spec]),
)

/** A form body as JSON Schema: its text fields, and its files as binary strings. */
function formJsonSchema(body: FormBody): Record<string, unknown> {
  const fields = z.toJSONSchema(body.fields, { io: 'input', target: 'openapi-3.0' }) as {
    properties?: Record<string, unknown>
    required?: string[]
  }
  const files = Object.entries(body.files)
  return {
    type: 'object',
    properties: {
      ...fields.properties,
      ...Object.fromEntries(
        files.map(([name, file]) => [
          name,
          {
            type: 'string',
            format: 'binary',
            description: `${file.mediaTypes.join(', ')}; at most ${String(file.maxBytes)} bytes.`,
          },
        ]),
      ),
    },
    required: [
      ...(fields.required ?? []),
      ...files.filter(([, file]) => file.required).map(([name]) => name),
    ],
  }
}

/** The headers a route reads, for the OpenAPI document only (Fastify never checks them). */
function headersOf(spec: RouteSpec): z.ZodObject | undefined {
  const shape: Record<string, z.ZodType> = {}
  if (needsCsrf(spec.method)) {
    shape[CSRF_HEADER] = z.string().describe('The token of GET /api/token/ (and its cookie).')
  }
  if (spec.viewAs === true) {
    shape[VIEW_AS_HEADER] = z
      .string()
      .optional()
      .describe('The connected account: a staff account also sees its own unfinished assets.')
  }
  return Object.keys(shape).length === 0 ? undefined : z.object(shape)
}

type Transform = typeof jsonSchemaTransform

/** @fastify/swagger's transform: zod to JSON Schema, plus form bodies and headers. */
export const openApiTransform: Transform = (document) => {
  const spec = byRoute.get(`${document.route.method.toString()} ${document.url}`)
  if (spec === undefined) return jsonSchemaTransform(document)
  const headers = headersOf(spec)
  const withHeaders =
    headers === undefined ? document : { ...document, schema: { ...document.schema, headers } }
  const transformed = jsonSchemaTransform(withHeaders)
  if (spec.body?.kind !== 'form') return transformed
  return {
    ...transformed,
    schema: {
      ...transformed.schema,
      body: formJsonSchema(spec.body),
      consumes: ['multipart/form-data', 'application/json'],
    },
  }
}
