/**
 * A response serializer compiled from the route's zod schema (via its JSON Schema) by Fastify's own
 * fast-json-stringify, for the hot list routes. The default serializer (fastify-type-provider-zod)
 * runs every answer through zod and then JSON.stringify: for a page of assets that check was most
 * of the API's own time per request (see the README's Benchmark section). The answers here are
 * built by our code from database rows typed by Drizzle, so the check adds nothing; the bytes are
 * the same (fast-json.test.ts compares both serializers over random assets).
 */
import fastJson from 'fast-json-stringify'
import { z } from 'zod'

type JsonSchema = Record<string, unknown>

function isRecord(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * zod writes a nullable refined type as `anyOf: [T, {type: 'null'}]`; fast-json-stringify would
 * pick the branch with a full JSON Schema validation per value. `type: [T, 'null']` is the same
 * set of values and is a plain null check.
 */
function flattenNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(flattenNullable)
  if (!isRecord(schema)) return schema
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) out[key] = flattenNullable(value)
  const anyOf = out.anyOf
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(out).length === 1) {
    const [first, second] = anyOf as unknown[]
    if (
      isRecord(first) &&
      typeof first.type === 'string' &&
      first.type !== 'null' &&
      isRecord(second) &&
      second.type === 'null' &&
      Object.keys(second).length === 1
    ) {
      return { ...first, type: [first.type, 'null'] }
    }
  }
  return out
}

/** The JSON Schema fast-json-stringify compiles for a zod output schema. */
function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    // A type JSON Schema cannot describe must fail at startup, not serialize differently.
    unrepresentable: 'throw',
  }) as JsonSchema
  return flattenNullable(json) as JsonSchema
}

/** A Fastify route `serializerCompiler` for routes whose response schemas are zod schemas. */
export function fastSerializerCompiler(route: { schema: unknown }): (data: unknown) => string {
  if (!(route.schema instanceof z.ZodType)) {
    throw new Error('fastSerializerCompiler needs a zod response schema.')
  }
  return fastJson(responseJsonSchema(route.schema))
}
