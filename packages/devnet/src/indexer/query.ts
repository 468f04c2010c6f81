/**
 * Typed access to query and path parameters, failing with the messages the indexer's generated
 * binders give (oapi-codegen runtime: "Invalid format for parameter X: ..."), always as 400.
 * Parameters an endpoint does not define are ignored, as the indexer ignores them.
 */
import { Address, decodeAddress } from 'algosdk'
import { HttpError } from '../http/server.js'
import { ERR_UNABLE_TO_PARSE_ADDRESS, ERR_VALUE_EXCEEDING_INT64, MAX_INT64 } from './messages.js'

const MAX_UINT64 = (1n << 64n) - 1n

function formatError(name: string, detail: string): HttpError {
  return new HttpError(400, `Invalid format for parameter ${name}: ${detail}`)
}

/** strconv.ParseUint(s, 10, 64) with Go's error texts. */
export function parseUint64(name: string, value: string): bigint {
  if (!/^[0-9]+$/.test(value)) {
    throw formatError(
      name,
      `error binding string parameter: strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`,
    )
  }
  const n = BigInt(value)
  if (n > MAX_UINT64) {
    throw formatError(
      name,
      `error binding string parameter: strconv.ParseUint: parsing ${JSON.stringify(value)}: value out of range`,
    )
  }
  return n
}

const TRUE_WORDS = new Set(['1', 't', 'T', 'TRUE', 'true', 'True'])
const FALSE_WORDS = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False'])

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

/** An RFC 3339 date-time (or a bare date, as the Go binder also takes) in epoch milliseconds. */
function parseDateTime(name: string, value: string): number {
  const match = RFC3339.exec(value) ?? DATE_ONLY.exec(value)
  const fail = (): HttpError =>
    formatError(name, `error parsing '${value}' as RFC3339 or 2006-01-02 time`)
  if (match === null) throw fail()
  const part = (i: number): number => Number(match.at(i) ?? '0')
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map(part) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) throw fail()
  if (hour > 23 || minute > 59 || second > 59) throw fail()
  // Date.parse takes at most milliseconds; finer fractions only shift within the same second.
  const fraction = Number(`0${match.at(7) ?? ''}`)
  const zone = (match.at(8) ?? 'Z').toUpperCase()
  const base = Date.parse(
    `${match[1]}-${match[2]}-${match[3]}T${pad(hour)}:${pad(minute)}:${pad(second)}${zone}`,
  )
  return base + Math.floor(fraction * 1000)
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/** Go's sdk.DecodeAddress, with the indexer's message. */
export function parseAddress(value: string, prefix = ERR_UNABLE_TO_PARSE_ADDRESS): Address {
  try {
    return decodeAddress(value)
  } catch (e) {
    throw new HttpError(400, `${prefix}: ${e instanceof Error ? e.message : String(e)}`)
  }
}

export function tryParseAddress(value: string): Address | string {
  try {
    return decodeAddress(value)
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
}

export class Query {
  private readonly raw: Record<string, unknown>

  constructor(raw: unknown) {
    this.raw = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {}
  }

  has(name: string): boolean {
    return this.raw[name] !== undefined
  }

  /** A single-valued parameter as sent. */
  str(name: string): string | undefined {
    const value = this.raw[name]
    if (value === undefined) return undefined
    if (typeof value === 'string') return value
    if (Array.isArray(value) && value.length === 1 && typeof value[0] === 'string') return value[0]
    throw formatError(name, `multiple values for single value parameter '${name}'`)
  }

  uint(name: string): bigint | undefined {
    const value = this.str(name)
    return value === undefined ? undefined : parseUint64(name, value)
  }

  bool(name: string): boolean | undefined {
    const value = this.str(name)
    if (value === undefined) return undefined
    if (TRUE_WORDS.has(value)) return true
    if (FALSE_WORDS.has(value)) return false
    throw formatError(
      name,
      `error binding string parameter: strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`,
    )
  }

  dateTime(name: string): number | undefined {
    const value = this.str(name)
    return value === undefined ? undefined : parseDateTime(name, value)
  }

  /** An array parameter in OpenAPI "form" style: repeated and/or comma-separated. */
  list(name: string): string[] | undefined {
    const value = this.raw[name]
    if (value === undefined) return undefined
    const parts = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string => typeof v === 'string',
    )
    return parts.flatMap((p) => p.split(','))
  }

  /** `limit`, clamped to the endpoint's maximum; 0 (no limit in the indexer) means the maximum. */
  limit(limits: { readonly default: number; readonly max: number }): number {
    const value = this.uint('limit')
    if (value === undefined) return limits.default
    if (value === 0n || value > BigInt(limits.max)) return limits.max
    return Number(value)
  }
}

/** A uint64 path parameter; ids beyond int64 are "not found", as the indexer answers. */
export function pathUint(name: string, value: string | undefined): bigint {
  const n = parseUint64(name, value ?? '')
  if (n > MAX_INT64) throw new HttpError(404, ERR_VALUE_EXCEEDING_INT64)
  return n
}

/** Query ids beyond int64 are "not found" too (handlers.go checks them before searching). */
export function rejectBeyondInt64(...values: (bigint | undefined)[]): void {
  if (values.some((v) => v !== undefined && v > MAX_INT64)) {
    throw new HttpError(404, ERR_VALUE_EXCEEDING_INT64)
  }
}
