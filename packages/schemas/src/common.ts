/**
 * Building blocks every payload uses. uint64 values (amounts in base units, asset and app ids)
 * travel as decimal strings so no JSON parser turns them into floats; inputs also accept a
 * non-negative safe integer, which is how the reference web app sent ids.
 */
import { z } from 'zod'

const UINT64_MAX = 2n ** 64n - 1n

/** A uint64 as a decimal string without sign, leading zeros or spaces. */
export const Uint64String = z
  .string()
  // zod runs every check even after one fails: abort, so BigInt() only sees digits.
  .regex(/^(0|[1-9][0-9]{0,19})$/, { message: 'Must be a whole number.', abort: true })
  .refine((s) => BigInt(s) <= UINT64_MAX, 'Must be at most 2^64 - 1.')

/** A uint64 input: a decimal string, or a JSON number that is a non-negative safe integer. */
export const Uint64Input = z.union([
  Uint64String,
  z
    .number()
    .int('Must be a whole number.')
    .nonnegative('Must be a whole number.')
    .max(Number.MAX_SAFE_INTEGER, 'Send large values as a decimal string.')
    .transform((n) => String(n)),
])

/** A positive uint64 id (asset or application), as a decimal string. */
export const IdInput = Uint64Input.refine((s) => s !== '0', 'Must be a positive id.')

/** An Algorand address: 58 base32 characters (the server also checks the checksum). */
export const Address = z.string().regex(/^[A-Z2-7]{58}$/, 'Must be an Algorand address.')

/** A transaction id: 52 base32 characters. */
export const TxId = z.string().regex(/^[A-Z2-7]{52}$/, 'Must be a transaction id.')

/** An asset's guid: its UUID without dashes, 32 lowercase hex characters. */
export const Guid = z.string().regex(/^[0-9a-f]{32}$/, 'Must be 32 lowercase hex characters.')

/** ISO 8601 timestamp. */
export const Timestamp = z.string()

/**
 * Every error answer: `detail` says what went wrong; field errors (if any) are keyed by field name,
 * each a list of messages (the shape the reference backend used, which the web app reads).
 */
export const ErrorBody = z
  .object({
    detail: z.string(),
    retry: z.boolean().optional(),
    /** The answer's X-Request-Id, to quote to support: the server logs it with the request. */
    request_id: z.string().optional(),
  })
  .catchall(z.union([z.array(z.string()), z.string(), z.boolean()]))
export type ErrorBody = z.infer<typeof ErrorBody>

/** Field errors alone, as validate_asset answers them. */
export const FieldErrors = z.record(z.string(), z.array(z.string()))
export type FieldErrors = z.infer<typeof FieldErrors>

/** A page of a list: limit/offset pagination, next/previous as absolute URLs or null. */
export function Page<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  })
}
export interface Page<T> {
  count: number
  next: string | null
  previous: string | null
  results: T[]
}

export const PAGE_DEFAULT_LIMIT = 20
export const PAGE_MAX_LIMIT = 100

const smallInt = (max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,9}$/, 'Must be a whole number.')
    .transform(Number)
    .refine((n) => n <= max, `Must be at most ${max}.`)

export const PageQuery = z.object({
  limit: smallInt(PAGE_MAX_LIMIT)
    .refine((n) => n >= 1, 'Must be at least 1.')
    .optional(),
  offset: smallInt(1_000_000_000).optional(),
})
