/**
 * ECVRF-ED25519-SHA512-Elligator2 verification (draft-irtf-cfrg-vrf-03) exactly as go-algorand's
 * libsodium fork implements it (crypto/libsodium-fork/src/libsodium/crypto_vrf/ietfdraft03 and
 * ge25519_from_uniform), on noble-curves' Ed25519 points:
 *  - the key must not be a small-order encoding, must have a canonical y and decode;
 *  - Γ = proof[0:32] likewise (small order allowed), c = proof[32:48], s = proof[48:80] mod L;
 *  - H = 8·Elligator2(SHA-512(0x04 || 0x01 || Y || alpha)[0:32] with bit 255 cleared);
 *  - U = s·B − c·Y, V = s·H − c·Γ; valid iff SHA-512(0x04 || 0x02 || H || Γ || U || V)[0:16] = c;
 *  - output = SHA-512(0x04 || 0x03 || 8·Γ) when valid, else 64 zero bytes (go-algorand's result).
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToNumberLE, numberToBytesLE } from '@noble/curves/utils.js'
import { sha512 } from '@noble/hashes/sha2.js'
import { decodePoint, hasSmallOrder, isCanonicalY } from './crypto-ed25519.js'

const Point = ed25519.Point
type EdPoint = ReturnType<typeof Point.fromBytes>
const Fp = Point.Fp
const P = Fp.ORDER
const L = Point.Fn.ORDER
const SUITE = 0x04
/** Curve25519's Montgomery A. */
const MONT_A = 486662n

/** _vrf_ietfdraft03_string_to_point: canonical y, then decode (x = 0 with sign bit allowed). */
function stringToPoint(s: Uint8Array): EdPoint | undefined {
  return isCanonicalY(s) ? decodePoint(s) : undefined
}

/** libsodium ge25519_from_uniform (Elligator 2, then times the cofactor) for a 32-byte r. */
function fromUniform(r: Uint8Array): EdPoint | undefined {
  const xSign = r[31] & 0x80
  const rr = bytesToNumberLE(r) & ((1n << 255n) - 1n)
  const inv0 = (v: bigint): bigint => (v === 0n ? 0n : Fp.inv(v))
  // x = -A / (1 + 2r²)
  let x = Fp.neg(Fp.mul(MONT_A, inv0(Fp.add(Fp.mul(2n, Fp.sqr(rr)), 1n))))
  const x2 = Fp.sqr(x)
  const e = Fp.add(Fp.add(Fp.mul(x2, x), x), Fp.mul(x2, MONT_A))
  // chi(e) = e^((p-1)/2) is 1, p-1 or 0: "minus one" picks the other point.
  if (Fp.pow(e, (P - 1n) >> 1n) === P - 1n) x = Fp.sub(Fp.neg(x), MONT_A)
  // Edwards y = (x - 1) / (x + 1), x's sign taken from r's top bit.
  const y = Fp.mul(Fp.sub(x, 1n), inv0(Fp.add(x, 1n)))
  const enc = numberToBytesLE(y, 32)
  enc[31] |= xSign
  // Elligator 2 always yields a point (libsodium aborts if not); undefined is unreachable.
  return decodePoint(enc)?.multiplyUnsafe(8n)
}

function hashToCurve(Y: EdPoint, alpha: Uint8Array): EdPoint | undefined {
  const digest = sha512
    .create()
    .update(Uint8Array.of(SUITE, 0x01))
    .update(Y.toBytes())
    .update(alpha)
    .digest()
  const r = digest.slice(0, 32)
  r[31] &= 0x7f
  return fromUniform(r)
}

const ZERO_OUTPUT = new Uint8Array(64)

/** crypto_vrf_ietfdraft03_verify: [verified, output] for a 32-byte key and an 80-byte proof. */
export function vrfVerify(
  pk: Uint8Array,
  proof: Uint8Array,
  alpha: Uint8Array,
): [boolean, Uint8Array] {
  if (hasSmallOrder(pk)) return [false, ZERO_OUTPUT]
  const Y = stringToPoint(pk)
  const gamma = stringToPoint(proof.subarray(0, 32))
  if (Y === undefined || gamma === undefined) return [false, ZERO_OUTPUT]
  const c = bytesToNumberLE(proof.subarray(32, 48))
  const s = bytesToNumberLE(proof.subarray(48, 80)) % L
  const H = hashToCurve(Y, alpha)
  if (H === undefined) return [false, ZERO_OUTPUT]
  const U = Point.BASE.multiplyUnsafe(s).subtract(Y.multiplyUnsafe(c))
  const V = H.multiplyUnsafe(s).subtract(gamma.multiplyUnsafe(c))
  const cPrime = sha512
    .create()
    .update(Uint8Array.of(SUITE, 0x02))
    .update(H.toBytes())
    .update(gamma.toBytes())
    .update(U.toBytes())
    .update(V.toBytes())
    .digest()
  const expected = proof.subarray(32, 48)
  if (!expected.every((v, i) => v === cPrime[i])) return [false, ZERO_OUTPUT]
  const output = sha512
    .create()
    .update(Uint8Array.of(SUITE, 0x03))
    .update(gamma.multiplyUnsafe(8n).toBytes())
    .digest()
  return [true, output]
}
