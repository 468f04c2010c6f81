/**
 * kmd's multisig support (go-algorand crypto/multisig.go and the sqlite driver's
 * MultisigSignTransaction): multisig addresses from their preimage (version, threshold, public
 * keys), and partial multisig signatures started or extended one key at a time.
 */
import { createHash } from 'node:crypto'
import { encodeAddress, msgpackRawDecode, msgpackRawEncode } from 'algosdk'
import { KMD_MESSAGES, badRequest } from './errors.js'
import type { Body } from './requests.js'
import { signWithSecretKey } from './keys.js'

/** A multisig account's preimage, as kmd stores it (msig_addrs table). */
export interface MultisigPreimage {
  readonly version: number
  readonly threshold: number
  readonly publicKeys: readonly Uint8Array[]
}

interface Subsig {
  readonly publicKey: Uint8Array
  readonly signature?: Uint8Array
}

/** crypto.MultisigSig; all-blank (version 0, threshold 0, no subsigs) means "start a new one". */
export interface MultisigSig {
  readonly version: number
  readonly threshold: number
  readonly subsigs: readonly Subsig[]
}

/** crypto.MultisigAddrGen: SHA-512/256("MultisigAddr" || version || threshold || keys). */
export function multisigAddress(preimage: MultisigPreimage): string {
  if (preimage.version !== 1) throw badRequest(KMD_MESSAGES.msigUnknownVersion)
  const { threshold, publicKeys } = preimage
  if (threshold === 0 || publicKeys.length === 0 || threshold > publicKeys.length) {
    throw badRequest(KMD_MESSAGES.msigInvalidThreshold)
  }
  const hash = createHash('sha512-256')
  hash.update('MultisigAddr').update(Uint8Array.of(preimage.version, threshold))
  for (const key of publicKeys) hash.update(key)
  return encodeAddress(new Uint8Array(hash.digest()))
}

export function isBlank(sig: MultisigSig): boolean {
  return sig.version === 0 && sig.threshold === 0 && sig.subsigs.length === 0
}

/**
 * crypto.MultisigSign then crypto.MultisigMerge: the signature of `secretKey` over `message`
 * added to `partial` (or to a blank multisig of `preimage`) at its key's position.
 */
export function addSignature(
  partial: MultisigSig,
  secretKey: Uint8Array,
  message: Uint8Array,
): MultisigSig {
  const publicKey = secretKey.subarray(32)
  const position = partial.subsigs.findIndex((s) => equal(s.publicKey, publicKey))
  if (position < 0) throw badRequest(KMD_MESSAGES.msigKeyNotExist)
  const signature = signWithSecretKey(secretKey, message)
  const existing = partial.subsigs[position]?.signature
  if (existing !== undefined && !equal(existing, signature)) {
    throw badRequest(KMD_MESSAGES.msigInvalidDuplicates)
  }
  return {
    ...partial,
    subsigs: partial.subsigs.map((s, i) => (i === position ? { ...s, signature } : s)),
  }
}

export function blankOf(preimage: MultisigPreimage): MultisigSig {
  return {
    version: preimage.version,
    threshold: preimage.threshold,
    subsigs: preimage.publicKeys.map((publicKey) => ({ publicKey })),
  }
}

export function preimageOf(sig: MultisigSig): MultisigPreimage {
  return {
    version: sig.version,
    threshold: sig.threshold,
    publicKeys: sig.subsigs.map((s) => s.publicKey),
  }
}

/** The canonical msgpack of a MultisigSig (`v`, `thr`, `subsig` of `pk` and optional `s`). */
export function encodeMultisigSig(sig: MultisigSig): Uint8Array {
  return msgpackRawEncode({
    subsig: sig.subsigs.map((s) =>
      s.signature === undefined ? { pk: s.publicKey } : { pk: s.publicKey, s: s.signature },
    ),
    thr: sig.threshold,
    v: sig.version,
  })
}

/**
 * `partial_multisig` as go-algorand's JSON decoder reads crypto.MultisigSig:
 * `{ "v": 1, "thr": 2, "subsig": [{ "pk": base64, "s": base64 }] }`; absent means blank.
 * Ours also takes a string, because algosdk's `signMultisigTransaction` types it as one: empty
 * means blank, otherwise it is the base64 msgpack a previous sign returned as `multisig`.
 */
export function readPartialMultisig(body: Body): MultisigSig {
  const raw = body.partial_multisig
  if (raw === undefined || raw === null || raw === '') {
    return { version: 0, threshold: 0, subsigs: [] }
  }
  let value: unknown = raw
  if (typeof raw === 'string') {
    const bytes = Buffer.from(raw, 'base64')
    if (bytes.toString('base64') !== raw) throw badRequest(KMD_MESSAGES.couldNotDecode)
    try {
      value = msgpackRawDecode(bytes)
    } catch {
      throw badRequest(KMD_MESSAGES.couldNotDecode)
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest(KMD_MESSAGES.couldNotDecode)
  }
  const fields = value as Record<string, unknown>
  const subsigs = fields.subsig ?? []
  if (!Array.isArray(subsigs) || subsigs.length > 255) {
    throw badRequest(KMD_MESSAGES.couldNotDecode)
  }
  return {
    version: smallUint(fields.v),
    threshold: smallUint(fields.thr),
    subsigs: subsigs.map((entry: unknown): Subsig => {
      if (typeof entry !== 'object' || entry === null) throw badRequest(KMD_MESSAGES.couldNotDecode)
      const { pk, s } = entry as Record<string, unknown>
      const publicKey = exactBytes(pk, 32)
      return s === undefined || s === null || s === ''
        ? { publicKey }
        : { publicKey, signature: exactBytes(s, 64) }
    }),
  }
}

/** `pks` of /v1/multisig/import: an array of base64 public keys. */
export function readPublicKeys(body: Body): Uint8Array[] {
  const pks = body.pks ?? []
  if (!Array.isArray(pks) || pks.length > 255) throw badRequest(KMD_MESSAGES.couldNotDecode)
  return pks.map((pk: unknown) => exactBytes(pk, 32))
}

/** A uint8 (JSON number, or a msgpack integer that may arrive as a bigint). */
export function smallUint(value: unknown): number {
  if (value === undefined || value === null) return 0
  const n = typeof value === 'bigint' ? Number(value) : value
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 255) {
    throw badRequest(KMD_MESSAGES.couldNotDecode)
  }
  return n
}

/** `length` bytes, given as standard base64 (JSON) or as raw bytes (msgpack). */
function exactBytes(value: unknown, length: number): Uint8Array {
  let bytes: Uint8Array
  if (value instanceof Uint8Array) {
    bytes = value
  } else if (typeof value === 'string') {
    const decoded = Buffer.from(value, 'base64')
    if (decoded.toString('base64') !== value) throw badRequest(KMD_MESSAGES.couldNotDecode)
    bytes = new Uint8Array(decoded)
  } else {
    throw badRequest(KMD_MESSAGES.couldNotDecode)
  }
  if (bytes.length !== length) throw badRequest(KMD_MESSAGES.couldNotDecode)
  return new Uint8Array(bytes)
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}
