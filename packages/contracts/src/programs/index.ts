/**
 * The marketplace's programs as bytes: the manager approval program, the clear program and the
 * proxy logic sig for a given proxy id. Assembled from `teal/` at build time (compiled.ts).
 */
import algosdk from 'algosdk'
import {
  CLEAR_BYTES,
  CLEAR_SOURCE,
  MANAGER_BYTES,
  MANAGER_SOURCE,
  PROXY_PREFIX,
  PROXY_SOURCE,
  PROXY_SUFFIX,
} from './compiled.js'
import { programHash } from './hash.js'
import { MAX_PROXY_ID, proxySource } from './template.js'

export { MAX_PROXY_ID } from './template.js'

export interface Program {
  readonly bytes: Uint8Array
  /** The program's address (base32): sha512_256("Program" || bytes). */
  readonly hash: string
  readonly source: string
}

function program(bytes: Uint8Array, source: string): Program {
  return { bytes, hash: new algosdk.Address(programHash(bytes)).toString(), source }
}

// algosdk's decoder rather than Node's Buffer, so the programs also load in the browser.
const fromBase64 = (b64: string): Uint8Array => algosdk.base64ToBytes(b64)

const manager = program(fromBase64(MANAGER_BYTES), MANAGER_SOURCE)
const PROXY_PREFIX_BYTES = fromBase64(PROXY_PREFIX)
const PROXY_SUFFIX_BYTES = fromBase64(PROXY_SUFFIX)
const clear = program(fromBase64(CLEAR_BYTES), CLEAR_SOURCE)

export function managerProgram(): Program {
  return manager
}

export function clearProgram(): Program {
  return clear
}

export function isValidProxyId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 0 && id <= MAX_PROXY_ID
}

/** The proxy logic sig for `proxyId` (an integer in [0, 2^31 - 2]). */
export function proxyProgram(proxyId: number): Program {
  if (!isValidProxyId(proxyId)) throw new RangeError(`proxy id must be 0..${MAX_PROXY_ID}`)
  return program(
    new Uint8Array([...PROXY_PREFIX_BYTES, ...uvarint(proxyId), ...PROXY_SUFFIX_BYTES]),
    proxySource(PROXY_SOURCE, proxyId),
  )
}

/**
 * The proxy id of `logic` when it is exactly one of our proxy logic sigs, else undefined: how a
 * verifier recognises our proxy in a transaction's signature. A padded (non-minimal) id encoding
 * decodes, but then differs from the template's bytes, so it is refused too.
 */
export function proxyIdOf(logic: Uint8Array): number | undefined {
  const start = PROXY_PREFIX_BYTES.length
  if (!PROXY_PREFIX_BYTES.every((b, i) => logic[i] === b)) return undefined
  let id = 0
  let scale = 1
  // A proxy id is below 2^31, so its uvarint takes at most 5 bytes.
  for (let i = start; i < Math.min(logic.length, start + 5); i++) {
    id += (logic[i] & 0x7f) * scale
    if ((logic[i] & 0x80) === 0) {
      if (!isValidProxyId(id)) return undefined
      const expected = [...uvarint(id), ...PROXY_SUFFIX_BYTES]
      return logic.length === start + expected.length &&
        expected.every((b, j) => logic[start + j] === b)
        ? id
        : undefined
    }
    scale *= 0x80
  }
  return undefined
}

/** A random proxy id, from a cryptographic source. */
export function randomProxyId(): number {
  const [n] = crypto.getRandomValues(new Uint32Array(1))
  return n % (MAX_PROXY_ID + 1)
}

function uvarint(n: number): Uint8Array {
  const out: number[] = []
  let v = n
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80)
    v = Math.floor(v / 0x80)
  }
  out.push(v)
  return new Uint8Array(out)
}
