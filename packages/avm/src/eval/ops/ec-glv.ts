/**
 * gnark-crypto's GLV scalar decomposition (ecc/utils.go PrecomputeLattice and SplitScalar).
 *
 * go-algorand multiplies points with gnark's `ScalarMultiplication`, which always computes
 * `k0·P + k1·φ(P)` with `(k0, k1) = SplitScalar(s)` and φ the curve's cube-root-of-unity
 * endomorphism. For points of the prime-order subgroup that equals `(s mod r)·P`, but for points
 * on the curve and outside it (possible on BLS12-381 G1 and on both G2s) it does not, so to give
 * the same bytes as go-algorand we reproduce the decomposition exactly, Go's `math/big` rounding
 * included: Euclidean `Div`/`Mod`, flooring right shifts.
 */

export interface Lattice {
  readonly v1: readonly [bigint, bigint]
  readonly v2: readonly [bigint, bigint]
  readonly det: bigint
  readonly b1: bigint
  readonly b2: bigint
  /** The shift that replaces division by the determinant. */
  readonly shift: bigint
}

/** Go's big.Int Div: Euclidean division (the remainder is never negative). */
function euclidDiv(x: bigint, y: bigint): bigint {
  const m = euclidMod(x, y)
  return (x - m) / y
}

/** Go's big.Int Mod: Euclidean modulus, in [0, |y|). */
function euclidMod(x: bigint, y: bigint): bigint {
  const ay = y < 0n ? -y : y
  const m = x % ay
  return m < 0n ? m + ay : m
}

function isqrt(n: bigint): bigint {
  if (n < 2n) return n
  let x = 1n << BigInt((n.toString(2).length + 1) >> 1)
  for (;;) {
    const y = (x + n / x) >> 1n
    if (y >= x) return x
    x = y
  }
}

function bitLen(n: bigint): number {
  const a = n < 0n ? -n : n
  return a === 0n ? 0 : a.toString(2).length
}

/** gnark's `rounding`: n/d rounded, ties toward the Euclidean quotient. */
function rounding(n: bigint, d: bigint): bigint {
  const q = euclidDiv(n, d)
  return euclidMod(n, d) > d >> 1n ? q + 1n : q
}

/** The short lattice basis of {(a, b) : a + b·λ ≡ 0 mod r}, by the extended Euclidean algorithm. */
export function precomputeLattice(r: bigint, lambda: bigint): Lattice {
  let r0 = r
  let s0 = 1n
  let t0 = 0n
  let r1 = lambda
  let s1 = 0n
  let t1 = 1n
  const root = isqrt(r)
  while (r1 > root) {
    const q = euclidDiv(r0, r1)
    const rem = euclidMod(r0, r1)
    ;[r0, s0, t0, r1, s1, t1] = [r1, s1, t1, rem, s0 - q * s1, t0 - q * t1]
  }
  const q = euclidDiv(r0, r1)
  const rLast = euclidMod(r0, r1)
  const tLast = t0 - t1 * q
  const v1: [bigint, bigint] = [r1, -t1]
  const keepFirst = r0 * r0 + t0 * t0 <= rLast * rLast + tLast * tLast
  const v2: [bigint, bigint] = keepFirst ? [r0, -t0] : [rLast, -tLast]
  const det = v1[0] * v2[1] - v1[1] * v2[0]
  const shift = BigInt(2 * (((bitLen(det) + 32) >> 6) << 6))
  return {
    v1,
    v2,
    det,
    b1: rounding(v2[1] << shift, det),
    b2: rounding(v1[1] << shift, det),
    shift,
  }
}

/** gnark's SplitScalar: (k0, k1), signed, with k0 + k1·λ ≡ s (mod r). */
export function splitScalar(s: bigint, l: Lattice): [bigint, bigint] {
  const k1 = (s * l.b1) >> l.shift
  const k2 = -(s * l.b2) >> l.shift
  const v0 = k1 * l.v1[0] + k2 * l.v2[0]
  const v1 = k1 * l.v1[1] + k2 * l.v2[1]
  return [s - v0, -v1]
}
