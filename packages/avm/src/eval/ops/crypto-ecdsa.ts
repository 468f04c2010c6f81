/**
 * ECDSA over secp256k1 (go-algorand's libsecp256k1 binding, crypto/secp256k1) and secp256r1
 * (Go's crypto/ecdsa and crypto/elliptic), with each library's input rules. The arithmetic is
 * noble-curves' point operations; the checks around it are written out so that they are exactly
 * the ones those libraries make:
 *  - secp256k1 verify: 64-byte r||s with r, s in [1, n) and s <= n/2 (libsecp256k1 rejects
 *    high-S), key from the low 32 bytes of each of x and y (go-ethereum's Marshal), x, y < p and
 *    on the curve;
 *  - secp256r1 verify: r, s in [1, n) of any length, x, y < p and on the curve (high S accepted);
 *  - both: e = the 32-byte digest mod n, R = (e/s)·G + (r/s)·Q, valid iff R ≠ O and R.x ≡ r.
 */
import { invert, mod, pow } from '@noble/curves/abstract/modular.js'
import type { WeierstrassPoint, WeierstrassPointCons } from '@noble/curves/abstract/weierstrass.js'
import { p256 } from '@noble/curves/nist.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToNumberBE, numberToBytesBE } from '@noble/curves/utils.js'
import { concatBytes } from '@noble/hashes/utils.js'

type Point = WeierstrassPoint<bigint>

interface Curve {
  readonly Point: WeierstrassPointCons<bigint>
  readonly p: bigint
  readonly n: bigint
  readonly a: bigint
  readonly b: bigint
}

function curve(Point: WeierstrassPointCons<bigint>): Curve {
  const { p, n, a, b } = Point.CURVE()
  return { Point, p, n, a, b }
}

export const K1 = curve(secp256k1.Point)
export const R1 = curve(p256.Point)

function onCurve(c: Curve, x: bigint, y: bigint): boolean {
  if (x >= c.p || y >= c.p) return false
  return mod(y * y - (x * x * x + c.a * x + c.b), c.p) === 0n
}

/** y with y² = x³ + ax + b and y's parity `odd`, or undefined (both curves have p ≡ 3 mod 4). */
function liftX(c: Curve, x: bigint, odd: boolean): bigint | undefined {
  if (x >= c.p) return undefined
  const rhs = mod(x * x * x + c.a * x + c.b, c.p)
  const y = pow(rhs, (c.p + 1n) >> 2n, c.p)
  if ((y * y) % c.p !== rhs) return undefined
  return (y & 1n) === (odd ? 1n : 0n) ? y : mod(-y, c.p)
}

function point(c: Curve, x: bigint, y: bigint): Point {
  return new c.Point(x, y, 1n)
}

function verifyCore(c: Curve, digest: Uint8Array, r: bigint, s: bigint, Q: Point): boolean {
  if (r <= 0n || r >= c.n || s <= 0n || s >= c.n) return false
  const e = bytesToNumberBE(digest) % c.n
  const w = invert(s, c.n)
  const R = c.Point.BASE.multiplyUnsafe((e * w) % c.n).add(Q.multiplyUnsafe((r * w) % c.n))
  if (R.is0()) return false
  return R.toAffine().x % c.n === r
}

/** An ECDSA check as ecdsa_verify makes it: the digest, the signature (r, s), the key (x, y). */
export type EcdsaVerify = (
  digest: Uint8Array,
  sigR: Uint8Array,
  sigS: Uint8Array,
  pkX: Uint8Array,
  pkY: Uint8Array,
) => boolean

/** go-algorand's secp256k1.VerifySignature(S256().Marshal(x, y), msg, r || s). */
export const verifySecp256k1: EcdsaVerify = (digest, sigR, sigS, pkX, pkY) => {
  const sig = concatBytes(sigR, sigS)
  if (sig.length !== 64) return false
  const r = bytesToNumberBE(sig.subarray(0, 32))
  const s = bytesToNumberBE(sig.subarray(32))
  if (s > K1.n >> 1n) return false
  // Marshal writes only the low 32 bytes of each coordinate.
  const low = (b: Uint8Array): bigint => bytesToNumberBE(b) & ((1n << 256n) - 1n)
  const x = low(pkX)
  const y = low(pkY)
  if (!onCurve(K1, x, y)) return false
  return verifyCore(K1, digest, r, s, point(K1, x, y))
}

/** Go's ecdsa.Verify on elliptic.P256() (with the EnablePrecheckECDSACurve check). */
export const verifySecp256r1: EcdsaVerify = (digest, sigR, sigS, pkX, pkY) => {
  const x = bytesToNumberBE(pkX)
  const y = bytesToNumberBE(pkY)
  if (!onCurve(R1, x, y)) return false
  return verifyCore(R1, digest, bytesToNumberBE(sigR), bytesToNumberBE(sigS), point(R1, x, y))
}

/** A 33-byte SEC1 compressed key decoded to 32-byte x and y, or undefined if invalid. */
export function decompress(c: Curve, pk: Uint8Array): [Uint8Array, Uint8Array] | undefined {
  if (pk.length !== 33 || (pk[0] !== 2 && pk[0] !== 3)) return undefined
  const x = bytesToNumberBE(pk.subarray(1))
  const y = liftX(c, x, pk[0] === 3)
  if (y === undefined) return undefined
  return [numberToBytesBE(x, 32), numberToBytesBE(y, 32)]
}

/**
 * libsecp256k1's secp256k1_ecdsa_recover on a 65-byte r || s || recid: r, s in [1, n) (high S
 * allowed), R the point with x = r (+ n when recid & 2) and y's parity recid & 1, and
 * Q = r⁻¹(s·R − e·G) ≠ O. Returns the uncompressed x and y, or undefined when recovery fails.
 */
export function recoverSecp256k1(
  digest: Uint8Array,
  sig: Uint8Array,
): [Uint8Array, Uint8Array] | undefined {
  const recid = sig[64]
  const r = bytesToNumberBE(sig.subarray(0, 32))
  const s = bytesToNumberBE(sig.subarray(32, 64))
  if (r <= 0n || r >= K1.n || s <= 0n || s >= K1.n) return undefined
  const rx = recid & 2 ? r + K1.n : r
  const ry = liftX(K1, rx, (recid & 1) === 1)
  if (ry === undefined) return undefined
  const e = bytesToNumberBE(digest) % K1.n
  const rInv = invert(r, K1.n)
  const R = point(K1, rx, ry)
  const Q = R.multiplyUnsafe((s * rInv) % K1.n).add(
    K1.Point.BASE.multiplyUnsafe(mod(-e * rInv, K1.n)),
  )
  if (Q.is0()) return undefined
  const { x, y } = Q.toAffine()
  return [numberToBytesBE(x, 32), numberToBytesBE(y, 32)]
}
