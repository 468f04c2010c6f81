/**
 * How the ledger keys its maps: accounts by the hex of their 32-byte public key (cheap to compute,
 * unlike the checksummed base32 form, which is only made for output), state keys and box names by
 * their bytes read as latin1 (a bijection, half the size of hex).
 */
import { encodeAddress } from '@unica/avm'

export const ZERO_ADDRESS = new Uint8Array(32)

const view = (b: Uint8Array): Buffer => Buffer.from(b.buffer, b.byteOffset, b.byteLength)

export const addrKey = (addr: Uint8Array): string => view(addr).toString('hex')

export const keyAddr = (key: string): Uint8Array => new Uint8Array(Buffer.from(key, 'hex'))

/** The checksummed base32 address of an account key. */
export const keyString = (key: string): string => encodeAddress(keyAddr(key))

export const bytesKey = (b: Uint8Array): string => view(b).toString('latin1')

export const keyBytes = (key: string): Uint8Array => new Uint8Array(Buffer.from(key, 'latin1'))

export function isZero(b: Uint8Array): boolean {
  for (const x of b) if (x !== 0) return false
  return true
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
