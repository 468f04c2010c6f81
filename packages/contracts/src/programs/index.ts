/**
 * The marketplace's programs as bytes: the manager approval program of each version, the clear
 * program and the proxy logic sig for a given proxy id (version 2's also for its creator).
 * Assembled from `teal/` at build time (compiled.ts).
 */
import algosdk from 'algosdk'
import {
  CLEAR_BYTES,
  CLEAR_SOURCE,
  MANAGER_BYTES,
  MANAGER_SOURCE,
  MANAGER_V2_BYTES,
  MANAGER_V2_SOURCE,
  MANAGER_V3_BYTES,
  MANAGER_V3_SOURCE,
  PROXY_PREFIX,
  PROXY_SOURCE,
  PROXY_SUFFIX,
  PROXY_V2_HEAD,
  PROXY_V2_PREFIX,
  PROXY_V2_SOURCE,
  PROXY_V2_TAIL,
  PROXY_V3_HEAD,
  PROXY_V3_PREFIX,
  PROXY_V3_SOURCE,
  PROXY_V3_TAIL,
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

/** The program versions `teal/` holds (the market protocol's contract versions). */
export type ProgramVersion = 1 | 2 | 3

/** The versions whose proxy is bound to its creator. */
export type BoundProxyVersion = 2 | 3

const managers: Record<ProgramVersion, Program> = {
  1: program(fromBase64(MANAGER_BYTES), MANAGER_SOURCE),
  2: program(fromBase64(MANAGER_V2_BYTES), MANAGER_V2_SOURCE),
  3: program(fromBase64(MANAGER_V3_BYTES), MANAGER_V3_SOURCE),
}
const PROXY_PREFIX_BYTES = fromBase64(PROXY_PREFIX)
const PROXY_SUFFIX_BYTES = fromBase64(PROXY_SUFFIX)
const BOUND_PROXIES: Record<
  BoundProxyVersion,
  { prefix: Uint8Array; head: Uint8Array; tail: Uint8Array; source: string }
> = {
  2: {
    prefix: fromBase64(PROXY_V2_PREFIX),
    head: fromBase64(PROXY_V2_HEAD),
    tail: fromBase64(PROXY_V2_TAIL),
    source: PROXY_V2_SOURCE,
  },
  3: {
    prefix: fromBase64(PROXY_V3_PREFIX),
    head: fromBase64(PROXY_V3_HEAD),
    tail: fromBase64(PROXY_V3_TAIL),
    source: PROXY_V3_SOURCE,
  },
}
const clear = program(fromBase64(CLEAR_BYTES), CLEAR_SOURCE)

export function managerProgram(version: ProgramVersion = 1): Program {
  return managers[version]
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
 * Version 2's (or 3's) proxy for `proxyId`, bound to `creator` (an address): only a deploy group
 * paid by the creator can use it.
 */
export function boundProxyProgram(
  proxyId: number,
  creator: string,
  version: BoundProxyVersion = 2,
): Program {
  if (!isValidProxyId(proxyId)) throw new RangeError(`proxy id must be 0..${MAX_PROXY_ID}`)
  const key = algosdk.decodeAddress(creator).publicKey
  const p = BOUND_PROXIES[version]
  return program(
    new Uint8Array([...p.prefix, ...uvarint(proxyId), ...p.head, ...key, ...p.tail]),
    proxySource(p.source, proxyId, key),
  )
}

/** The proxy id a program starting with `prefix` carries, and where its uvarint ends. */
function readProxyId(logic: Uint8Array, prefix: Uint8Array): [number, number] | undefined {
  const start = prefix.length
  if (!prefix.every((b, i) => logic[i] === b)) return undefined
  let id = 0
  let scale = 1
  // A proxy id is below 2^31, so its uvarint takes at most 5 bytes.
  for (let i = start; i < Math.min(logic.length, start + 5); i++) {
    id += (logic[i] & 0x7f) * scale
    if ((logic[i] & 0x80) === 0) return isValidProxyId(id) ? [id, i + 1] : undefined
    scale *= 0x80
  }
  return undefined
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i])

/**
 * The proxy id of `logic` when it is exactly one of our (version 1) proxy logic sigs, else
 * undefined: how a verifier recognises our proxy in a transaction's signature. A padded
 * (non-minimal) id encoding decodes, but then differs from the template's bytes, so it is refused.
 */
export function proxyIdOf(logic: Uint8Array): number | undefined {
  const read = readProxyId(logic, PROXY_PREFIX_BYTES)
  return read !== undefined && sameBytes(logic, proxyProgram(read[0]).bytes) ? read[0] : undefined
}

/** The proxy id, creator and version of `logic` when it is exactly one of the bound proxies. */
export function boundProxyOf(
  logic: Uint8Array,
): { proxyId: number; creator: string; version: BoundProxyVersion } | undefined {
  for (const version of [2, 3] as const) {
    const p = BOUND_PROXIES[version]
    const read = readProxyId(logic, p.prefix)
    if (read === undefined) continue
    const at = read[1] + p.head.length
    if (logic.length !== at + 32 + p.tail.length) continue
    const creator = new algosdk.Address(logic.subarray(at, at + 32)).toString()
    if (sameBytes(logic, boundProxyProgram(read[0], creator, version).bytes)) {
      return { proxyId: read[0], creator, version }
    }
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
