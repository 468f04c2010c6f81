/**
 * Sending algod responses: algosdk models encoded with algosdk's own encoders (so algosdk decodes
 * exactly what we send), JSON unless the client asked for msgpack.
 */
import { encodeJSON, encodeMsgpack, stringifyJSON, type Encodable } from 'algosdk'
import type { FastifyReply } from 'fastify'

import type { Format } from './params.js'

export function sendModel(reply: FastifyReply, model: Encodable, format: Format = 'json') {
  if (format === 'msgpack') {
    return reply.type('application/msgpack').send(Buffer.from(encodeMsgpack(model)))
  }
  return reply.type('application/json').send(encodeJSON(model))
}

/** Plain JSON (bigints as JSON numbers, as go writes uint64). */
export function sendJSON(reply: FastifyReply, value: unknown) {
  return reply.type('application/json').send(stringifyJSON(value))
}
