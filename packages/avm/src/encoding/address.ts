/**
 * Algorand addresses: a 32-byte public key followed by a 4-byte checksum (the last 4 bytes of
 * SHA-512/256 of the key), base32 without padding, 58 characters. A logic-sig account's key is
 * SHA-512/256("Program" || bytecode); an application's is SHA-512/256("appID" || uint64 id).
 */
import { sha512_256 } from '@noble/hashes/sha2.js'
import { concatBytes } from '@noble/hashes/utils.js'
import { decodeBase32, encodeBase32 } from './base32.js'

export const ADDRESS_LENGTH = 58
const CHECKSUM_LENGTH = 4
const KEY_LENGTH = 32

function checksum(key: Uint8Array): Uint8Array {
  const h = sha512_256(key)
  return h.subarray(h.length - CHECKSUM_LENGTH)
}

export function encodeAddress(key: Uint8Array): string {
  if (key.length !== KEY_LENGTH)
    throw new RangeError(`address key must be 32 bytes, got ${key.length}`)
  return encodeBase32(concatBytes(key, checksum(key)))
}

export type AddressResult = { ok: true; key: Uint8Array } | { ok: false; error: string }

/** Decodes and verifies an address, with go-algorand's `UnmarshalChecksumAddress` messages. */
export function decodeAddress(address: string): AddressResult {
  const decoded = decodeBase32(address, false)
  if (!decoded.ok) return { ok: false, error: `failed to decode address ${address} from base 32` }
  const bytes = decoded.bytes
  if (bytes.length < KEY_LENGTH) return { ok: false, error: `decoded bad addr: ${address}` }
  const key = bytes.slice(0, KEY_LENGTH)
  const incoming = bytes.subarray(bytes.length - CHECKSUM_LENGTH)
  const expected = checksum(key)
  if (!incoming.every((b, i) => b === expected[i])) {
    return { ok: false, error: `address ${address} is malformed, checksum verification failed` }
  }
  if (encodeAddress(key) !== address) {
    return { ok: false, error: `address ${address} is non-canonical` }
  }
  return { ok: true, key }
}

const PROGRAM_PREFIX = new TextEncoder().encode('Program')

/** SHA-512/256("Program" || program): the logic-sig account's public key. */
export function programHash(program: Uint8Array): Uint8Array {
  return sha512_256(concatBytes(PROGRAM_PREFIX, program))
}

/** The address of the logic-sig account whose program is `program`. */
export function programAddress(program: Uint8Array): string {
  return encodeAddress(programHash(program))
}

const APP_ID_PREFIX = new TextEncoder().encode('appID')

/** The account of application `appId`: SHA-512/256("appID" || uint64 big-endian id). */
export function applicationAddress(appId: bigint): Uint8Array {
  const id = new Uint8Array(8)
  new DataView(id.buffer).setBigUint64(0, appId)
  return sha512_256(concatBytes(APP_ID_PREFIX, id))
}
