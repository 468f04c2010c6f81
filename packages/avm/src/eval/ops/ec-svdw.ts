/**
 * The Shallue–van de Woestijne map to BN254 G1 and G2 (RFC 9380 §6.6.1, straight-line form of
 * appendix F.1), as gnark-crypto v0.18 implements it in `bn254.MapToCurve1` / `MapToCurve2`,
 * which go-algorand's `ec_map_to BN254g1|BN254g2` call. noble-curves has no SVDW map. The
 * constants are gnark's (Z = 1), converted out of Montgomery form; the square root is made
 * unique by matching sgn0(y) to sgn0(u), so which root a library returns does not matter.
 */
import type { IField } from '@noble/curves/abstract/modular.js'
import type { Fp2 } from '@noble/curves/abstract/tower.js'

export interface SvdwParams<T> {
  readonly F: IField<T>
  /** The curve's b (a = 0). */
  readonly b: T
  readonly c1: T
  readonly c2: T
  readonly c3: T
  readonly c4: T
  readonly z: T
  /** True when the element is a square or zero (gnark: Legendre symbol >= 0). */
  isSquare(x: T): boolean
  /** RFC 9380 sgn0. */
  sgn0(x: T): 0 | 1
}

export const BN254_G1_SVDW = {
  c1: 4n,
  c2: 0x183227397098d014dc2822db40c0ac2ecbc0b548b438e5469e10460b6c3e7ea3n,
  c3: 0x16789af3a83522eb353c98fc6b36d713d5d8d1cc5dffffffan,
  c4: 0x10216f7ba065e00de81ac1e7808072c9dd2b2385cd7b438469602eb24829a9bdn,
} as const

export const BN254_G2_SVDW = {
  c1: {
    c0: 0x2b149d40ceb8aaae81be18991be06ac3b5b4c5e559dbefa33267e6dc24a138e6n,
    c1: 0x9713b03af0fed4cd2cafadeed8fdf4a74fa084e52d1852e4a2bd0685c315d2n,
  },
  c2: { c0: BN254_G1_SVDW.c2, c1: 0n },
  c3: {
    c0: 0x29fd332ab7260112b801fa95b21af64e2e6da55f90a3e510fcbe57377b5ca1ecn,
    c1: 0x303d1eff1426764bf8408aee24ba0b865e76f77b1267a846b1e9154d01565034n,
  },
  c4: {
    c0: 0x17365bbe63b1d2078632fe0eb2ac5a41b4e6a9c08b98676721010b008d4eaf99n,
    c1: 0xf57ffe5fc79e19cd689d7aa4209cad8fe164d7f4694786b388732a995d03755n,
  },
} as const satisfies Record<string, Fp2>

/** Maps field element `u` to a point (x, y) of y² = x³ + b. */
export function svdw<T>(c: SvdwParams<T>, u: T): { x: T; y: T } {
  const { F } = c
  const inv0 = (v: T): T => (F.is0(v) ? F.ZERO : F.inv(v))
  const g = (x: T): T => F.add(F.mul(F.sqr(x), x), c.b)
  let tv1 = F.mul(F.sqr(u), c.c1)
  const tv2 = F.add(F.ONE, tv1)
  tv1 = F.sub(F.ONE, tv1)
  const tv3 = inv0(F.mul(tv1, tv2))
  const tv4 = F.mul(F.mul(F.mul(u, tv1), tv3), c.c3)
  const x1 = F.sub(c.c2, tv4)
  const x2 = F.add(c.c2, tv4)
  const x3 = F.add(F.mul(F.sqr(F.mul(F.sqr(tv2), tv3)), c.c4), c.z)
  const x = c.isSquare(g(x1)) ? x1 : c.isSquare(g(x2)) ? x2 : x3
  const y = F.sqrt(g(x))
  return { x, y: c.sgn0(u) === c.sgn0(y) ? y : F.neg(y) }
}
