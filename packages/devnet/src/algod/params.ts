/**
 * Parsing of algod's path and query parameters. Every value arrives from a hostile client, so each
 * parser either returns a well-formed value or throws an HttpError(400) whose text follows
 * go-algorand's (oapi-codegen's "Invalid format for parameter X: ..." for binding failures, the
 * handlers' own texts from daemon/algod/api/server/v2/errors.go otherwise).
 */
import { ABIType, Address, IntDecoding, parseJSON } from 'algosdk'

import { HttpError } from '../http/server.js'
import { decodeBase32, decodeBase64Strict } from './codecs.js'

const MAX_UINT64 = (1n << 64n) - 1n

/** A query string as Fastify parses it: repeated keys become arrays. */
export type Query = Readonly<Record<string, string | string[] | undefined>>

function invalid(name: string, reason: string): HttpError {
  return new HttpError(400, `Invalid format for parameter ${name}: ${reason}`)
}

/** One value of a query parameter (go refuses several values for a single-valued parameter). */
export function queryValue(query: Query, name: string): string | undefined {
  const value = query[name]
  if (Array.isArray(value)) {
    throw invalid(name, `multiple values for single value parameter '${name}'`)
  }
  return value
}

/** A uint64 as go's strconv.ParseUint(s, 10, 64) accepts it: decimal digits only. */
export function parseUint64(name: string, text: string): bigint {
  if (!/^[0-9]+$/.test(text)) {
    throw invalid(name, `strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`)
  }
  // Leading zeros are accepted by go; a length bound keeps BigInt() cheap on absurd input.
  const trimmed = text.replace(/^0+(?=.)/, '')
  const value = trimmed.length > 20 ? MAX_UINT64 + 1n : BigInt(trimmed)
  if (value > MAX_UINT64) {
    throw invalid(name, `strconv.ParseUint: parsing ${JSON.stringify(text)}: value out of range`)
  }
  return value
}

export function optionalUint64(query: Query, name: string): bigint | undefined {
  const text = queryValue(query, name)
  return text === undefined ? undefined : parseUint64(name, text)
}

/** go's strconv.ParseBool. */
export function optionalBool(query: Query, name: string): boolean | undefined {
  const text = queryValue(query, name)
  if (text === undefined) return undefined
  if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(text)) return true
  if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(text)) return false
  throw invalid(name, `strconv.ParseBool: parsing ${JSON.stringify(text)}: invalid syntax`)
}

/** A checksummed Algorand address (58 base32 characters). */
export function parseAddress(name: string, text: string): string {
  try {
    return Address.fromString(text).toString()
  } catch (e) {
    throw invalid(name, e instanceof Error ? e.message : 'not an Algorand address')
  }
}

export type Format = 'json' | 'msgpack'

/** The `format` query parameter as go's getCodecHandle reads it (json by default). */
export function parseFormat(query: Query): Format {
  const text = (queryValue(query, 'format') ?? 'json').toLowerCase()
  if (text === 'json') return 'json'
  if (text === 'msgpack' || text === 'msgp') return 'msgpack'
  throw new HttpError(400, 'failed to parse the format option')
}

/** A transaction id: 52 base32 characters for 32 bytes (go's Txid.FromString). */
export function parseTxid(text: string): string {
  const decoded = text.length === 52 ? decodeBase32(text) : undefined
  if (decoded?.length !== 32) throw new HttpError(400, 'no valid transaction ID was specified')
  return text
}

/**
 * A box name or app argument in goal's `encoding:value` form (avm-abi apps.NewAppCallBytes and
 * AppCallBytes.Raw): str, int, addr, b32, b64 and abi, with their long names.
 */
export function parseAppCallBytes(text: string): Uint8Array {
  const colon = text.indexOf(':')
  if (colon < 0) {
    throw new HttpError(400, "all arguments and box names should be of the form 'encoding:value'")
  }
  const encoding = text.slice(0, colon)
  const value = text.slice(colon + 1)
  switch (encoding) {
    case 'str':
    case 'string':
      return new TextEncoder().encode(value)
    case 'int':
    case 'integer': {
      let n: bigint
      try {
        n = parseUint64('int', value)
      } catch {
        throw new HttpError(400, `Could not parse uint64 from string (${value})`)
      }
      const out = new Uint8Array(8)
      new DataView(out.buffer).setBigUint64(0, n)
      return out
    }
    case 'addr':
    case 'address':
      try {
        return Address.fromString(value).publicKey
      } catch (e) {
        const why = e instanceof Error ? e.message : 'invalid address'
        throw new HttpError(
          400,
          `Could not unmarshal checksummed address from string (${value}): ${why}`,
        )
      }
    case 'b32':
    case 'base32':
    case 'byte base32': {
      const bytes = decodeBase32(value)
      if (!bytes) throw new HttpError(400, `Could not decode base32-encoded string (${value})`)
      return bytes
    }
    case 'b64':
    case 'base64':
    case 'byte base64': {
      const bytes = decodeBase64Strict(value)
      if (!bytes) throw new HttpError(400, `Could not decode base64-encoded string (${value})`)
      return bytes
    }
    case 'abi':
      return abiBytes(value)
    default:
      throw new HttpError(400, `Unknown encoding: ${encoding}`)
  }
}

function abiBytes(value: string): Uint8Array {
  const colon = value.indexOf(':')
  if (colon < 0) {
    throw new HttpError(
      400,
      `Could not decode abi string (${value}): should split abi-type and abi-value with colon`,
    )
  }
  const typeText = value.slice(0, colon)
  let type: ABIType
  try {
    type = ABIType.from(typeText)
  } catch (e) {
    throw new HttpError(400, `Could not decode abi type string (${typeText}): ${String(e)}`)
  }
  try {
    return type.encode(
      parseJSON(value.slice(colon + 1), { intDecoding: IntDecoding.BIGINT }) as never,
    )
  } catch (e) {
    throw new HttpError(
      400,
      `Could not decode abi value string (${value.slice(colon + 1)}): ${String(e)}`,
    )
  }
}
