/**
 * Sending algod responses: algosdk models encoded with algosdk's own encoders (so algosdk decodes
 * exactly what we send), JSON unless the client asked for msgpack. In JSON, the keys algod always
 * writes and algosdk leaves out when empty are added back (shapes.ts).
 */
import { encodeMsgpack, stringifyJSON, type Encodable } from 'algosdk'
import type { FastifyReply } from 'fastify'

import { fillShape, type ObjectShape } from '../http/json-shape.js'
import type { Format } from './params.js'
import { ALGOD_SHAPES } from './shapes.js'

/** algosdk's encodeJSON, with the keys of `shape` (by default the model's own) always present. */
function algodJSON(model: Encodable, shape?: ObjectShape): string {
  const json = model.getEncodingSchema().prepareJSON(model.toEncodingData(), {})
  const keys = shape ?? ALGOD_SHAPES.get(model.constructor)
  return stringifyJSON(keys === undefined ? json : fillShape(json, keys))
}

export function sendModel(
  reply: FastifyReply,
  model: Encodable,
  format: Format = 'json',
  shape?: ObjectShape,
) {
  if (format === 'msgpack') {
    return reply.type('application/msgpack').send(Buffer.from(encodeMsgpack(model)))
  }
  return reply.type('application/json').send(algodJSON(model, shape))
}

/** Plain JSON (bigints as JSON numbers, as go writes uint64). */
export function sendJSON(reply: FastifyReply, value: unknown) {
  return reply.type('application/json').send(stringifyJSON(value))
}
