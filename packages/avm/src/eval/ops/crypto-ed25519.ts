/**
 * Ed25519 verification with go-algorand's rules: libsodium-fork's
 * `crypto_sign_ed25519_bv_compatible_verify_detached` (crypto/curve25519.go), which its pure-Go
 * ed25519consensus path (crypto/gobatchverifier.go) matches:
 *  - S must be canonical (S < L);
 *  - R and A must be canonical encodings (y < p, and not the two "negative zero" encodings of
 *    x = 0 with the sign bit set), and A must not be one of the small-order points;
 *  - the check is cofactored: [8](S·B − h·A − R) = 0 with h = SHA-512(R || A || M) mod L.
 * node:crypto (OpenSSL) is fast but checks the cofactorless S·B − h·A = R. Under the checks above
 * its "valid" implies ours, so we trust it when it says yes and only decide a "no" with the exact
 * cofactored equation, computed with noble-curves (rare: real signatures verify, and crafted
 * torsion cases are the only ones where the two answers differ).
 */
import { createPublicKey, verify as nodeVerify } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToNumberLE } from '@noble/curves/utils.js'
import { sha512 } from '@noble/hashes/sha2.js'
import { concatBytes } from '@noble/hashes/utils.js'

const Point = ed25519.Point
const L = Point.Fn.ORDER
const P = Point.Fp.ORDER

/** DER SubjectPublicKeyInfo header for a raw Ed25519 key (RFC 8410). */
const SPKI_PREFIX = Uint8Array.from([
  0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00,
])

/** The encodings libsodium's ge25519_has_small_order rejects (the sign bit is ignored). */
const SMALL_ORDER = [
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0100000000000000000000000000000000000000000000000000000000000000',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
].map((h) => Uint8Array.from(Buffer.from(h, 'hex')))

/** libsodium ge25519_has_small_order. */
export function hasSmallOrder(s: Uint8Array): boolean {
  return SMALL_ORDER.some((bad) =>
    bad.every((v, i) => (i === 31 ? (s[i] & 0x7f) === v : s[i] === v)),
  )
}

function yOf(s: Uint8Array): bigint {
  return bytesToNumberLE(s.subarray(0, 32)) & ((1n << 255n) - 1n)
}

/** libsodium ge25519_is_canonical: the y coordinate is below p. */
export function isCanonicalY(s: Uint8Array): boolean {
  return yOf(s) < P
}

/** libsodium ge25519_is_canonical_vartime: canonical y, and not x = 0 (y = ±1) with the sign bit. */
function isCanonicalPoint(s: Uint8Array): boolean {
  const y = yOf(s)
  if (y >= P) return false
  return (s[31] & 0x80) === 0 || (y !== 1n && y !== P - 1n)
}

/** Decodes a point the way libsodium's ge25519_frombytes does (no canonicality checks). */
export function decodePoint(s: Uint8Array): ReturnType<typeof Point.fromBytes> | undefined {
  try {
    return Point.fromBytes(s, true)
  } catch {
    return undefined
  }
}

function cofactoredVerify(pk: Uint8Array, msg: Uint8Array, sig: Uint8Array, s: bigint): boolean {
  const A = decodePoint(pk)
  const R = decodePoint(sig.subarray(0, 32))
  if (A === undefined || R === undefined) return false
  const digest = sha512.create().update(sig.subarray(0, 32)).update(pk).update(msg).digest()
  const h = bytesToNumberLE(digest) % L
  const check = Point.BASE.multiplyUnsafe(s).subtract(A.multiplyUnsafe(h)).subtract(R)
  return check.multiplyUnsafe(8n).is0()
}

function nodeSaysValid(pk: Uint8Array, msg: Uint8Array, sig: Uint8Array): boolean {
  try {
    const der = concatBytes(SPKI_PREFIX, pk)
    const key = createPublicKey({ key: Buffer.from(der), format: 'der', type: 'spki' })
    return nodeVerify(null, msg, key, sig)
  } catch {
    return false
  }
}

/** go-algorand's SignatureVerifier.VerifyBytes for a 32-byte key and a 64-byte signature. */
export function ed25519Verify(pk: Uint8Array, msg: Uint8Array, sig: Uint8Array): boolean {
  const s = bytesToNumberLE(sig.subarray(32, 64))
  if (s >= L) return false
  if (!isCanonicalPoint(sig.subarray(0, 32))) return false
  if (!isCanonicalPoint(pk) || hasSmallOrder(pk)) return false
  return nodeSaysValid(pk, msg, sig) || cofactoredVerify(pk, msg, sig, s)
}
