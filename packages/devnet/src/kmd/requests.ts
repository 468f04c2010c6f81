/**
 * Reading kmd request bodies as go-algorand's JSON decoder does: a JSON object whose absent
 * fields take their zero value; a field of the wrong type, bytes that are not standard base64 of
 * the right length, or a body that is not a JSON object is "could not decode request body".
 */
import { KMD_MESSAGES, badRequest } from './errors.js'

export type Body = Readonly<Record<string, unknown>>

/** The request body as an object. Bodies may arrive parsed (application/json) or as raw bytes. */
export function readBody(raw: unknown): Body {
  let value: unknown = raw
  if (Buffer.isBuffer(raw)) {
    try {
      value = JSON.parse(raw.toString('utf8'))
    } catch {
      throw badRequest(KMD_MESSAGES.couldNotDecode)
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest(KMD_MESSAGES.couldNotDecode)
  }
  return value as Body
}

export function stringField(body: Body, name: string): string {
  const value = body[name]
  if (value === undefined || value === null) return ''
  if (typeof value !== 'string') throw badRequest(KMD_MESSAGES.couldNotDecode)
  return value
}

export function booleanField(body: Body, name: string): boolean {
  const value = body[name]
  if (value === undefined || value === null) return false
  if (typeof value !== 'boolean') throw badRequest(KMD_MESSAGES.couldNotDecode)
  return value
}

/** Base64 bytes of any length (kmd's []byte fields); absent or empty means no bytes. */
export function bytesField(body: Body, name: string): Uint8Array {
  const text = stringField(body, name)
  const decoded = Buffer.from(text, 'base64')
  // Go decodes standard, padded base64 only; Node would silently skip invalid characters.
  if (decoded.toString('base64') !== text) throw badRequest(KMD_MESSAGES.couldNotDecode)
  return new Uint8Array(decoded)
}

/**
 * Base64 bytes of a fixed length (kmd's [N]byte fields: keys, master derivation key); absent or
 * empty means all zeros, which kmd treats as "not given".
 */
export function fixedBytesField(body: Body, name: string, length: number): Uint8Array | undefined {
  const bytes = bytesField(body, name)
  if (bytes.length === 0) return undefined
  if (bytes.length !== length) throw badRequest(KMD_MESSAGES.couldNotDecode)
  return bytes.every((b) => b === 0) ? undefined : bytes
}
