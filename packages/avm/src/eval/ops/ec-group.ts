/**
 * Byte-level group operations for the ec_* opcodes, with go-algorand's encodings and errors
 * (data/transactions/logic/pairing.go): a point is X||Y, big-endian, each coordinate one field
 * element (G1) or two, real part first (G2: X.A0 X.A1 Y.A0 Y.A1); the point at infinity is all
 * zeros. Every decoded coordinate must be below the modulus and the point on the curve.
 */
import type { Fp2 } from '@noble/curves/abstract/tower.js'
import type { WeierstrassPoint } from '@noble/curves/abstract/weierstrass.js'
import { bytesToNumberBE, numberToBytesBE } from '@noble/curves/utils.js'
import { fail } from '../errors.js'
import {
  BLS12_381_G1,
  BLS12_381_G2,
  BN254_G1,
  BN254_G2,
  PAIRINGS,
  type GroupSpec,
} from './ec-curves.js'
import { splitScalar } from './ec-glv.js'

export const SCALAR_SIZE = 32

/** What each ec_* opcode needs from a group, on bytes. */
export interface Group {
  readonly name: string
  /** Bytes of an encoded point. */
  readonly size: number
  add(a: Uint8Array, b: Uint8Array): Uint8Array
  scalarMul(a: Uint8Array, k: bigint): Uint8Array
  multiScalarMul(points: Uint8Array, scalars: Uint8Array): Uint8Array
  subgroupCheck(a: Uint8Array): boolean
  mapTo(a: Uint8Array): Uint8Array
}

/** go-algorand's bytesTo*Field: any length, but the value must be below the modulus. */
function fieldElement(b: Uint8Array, p: bigint): bigint {
  const v = bytesToNumberBE(b)
  if (v >= p) fail(`field element ${v} larger than modulus ${p}`)
  return v
}

class GroupImpl<T> implements Group {
  readonly name: string
  readonly size: number
  private readonly fpSize: number

  constructor(private readonly g: GroupSpec<T>) {
    this.name = g.name
    this.fpSize = g.field.fpSize
    this.size = 2 * g.field.degree * this.fpSize
  }

  private decode(b: Uint8Array): WeierstrassPoint<T> {
    const { field, Point } = this.g
    if (b.length !== this.size) fail(`bad length ${b.length}. Expected ${this.size}`)
    const elems: bigint[] = []
    for (let at = 0; at < b.length; at += this.fpSize) {
      elems.push(fieldElement(b.subarray(at, at + this.fpSize), field.p))
    }
    if (elems.every((e) => e === 0n)) return Point.ZERO
    const { F } = field
    const x = field.fromElems(elems, 0)
    const y = field.fromElems(elems, field.degree)
    const { b: coeff } = Point.CURVE()
    if (!F.eql(F.sqr(y), F.add(F.mul(F.sqr(x), x), coeff))) fail('point not on curve')
    return new Point(x, y, F.ONE)
  }

  /** A non-empty concatenation of points, each optionally checked to be in the subgroup. */
  decodeMany(b: Uint8Array, checkSubgroup: boolean): WeierstrassPoint<T>[] {
    if (b.length % this.size !== 0) fail(`bad length ${b.length}. Expected ${this.size} multiple`)
    if (b.length === 0) fail('empty input')
    const points: WeierstrassPoint<T>[] = []
    for (let at = 0; at < b.length; at += this.size) {
      const P = this.decode(b.subarray(at, at + this.size))
      if (checkSubgroup && !this.g.inSubgroup(P)) fail('wrong subgroup')
      points.push(P)
    }
    return points
  }

  private encode(P: WeierstrassPoint<T>): Uint8Array {
    const out = new Uint8Array(this.size)
    if (P.is0()) return out
    const { x, y } = P.toAffine()
    const elems = [...this.g.field.toElems(x), ...this.g.field.toElems(y)]
    elems.forEach((e, i) => {
      out.set(numberToBytesBE(e, this.fpSize), i * this.fpSize)
    })
    return out
  }

  /** k·P for 0 <= k, by double-and-add whatever k's size (noble insists on k < r). */
  private mul(P: WeierstrassPoint<T>, k: bigint): WeierstrassPoint<T> {
    if (k < this.g.r) return P.multiplyUnsafe(k)
    let acc = this.g.Point.ZERO
    for (const bit of k.toString(2)) {
      acc = acc.double()
      if (bit === '1') acc = acc.add(P)
    }
    return acc
  }

  /**
   * gnark's ScalarMultiplication: k0·P + k1·φ(P) for its GLV split of s. It equals (s mod r)·P
   * in the subgroup, and keeps gnark's result for on-curve points outside it.
   */
  private glvMul(P: WeierstrassPoint<T>, s: bigint): WeierstrassPoint<T> {
    if (P.is0()) return P
    const [k0, k1] = splitScalar(s, this.g.lattice)
    const { Point, field, omega } = this.g
    const phi = new Point(field.F.mul(P.X, omega), P.Y, P.Z)
    const a = k0 < 0n ? P.negate() : P
    const b = k1 < 0n ? phi.negate() : phi
    return this.mul(a, k0 < 0n ? -k0 : k0).add(this.mul(b, k1 < 0n ? -k1 : k1))
  }

  add(a: Uint8Array, b: Uint8Array): Uint8Array {
    const A = this.decode(a)
    const B = this.decode(b)
    return this.encode(A.add(B))
  }

  scalarMul(a: Uint8Array, k: bigint): Uint8Array {
    return this.encode(this.glvMul(this.decode(a), k))
  }

  multiScalarMul(points: Uint8Array, scalars: Uint8Array): Uint8Array {
    const ps = this.decodeMany(points, false)
    if (scalars.length !== SCALAR_SIZE * ps.length) {
      fail(`bad scalars length ${scalars.length}. Expected ${SCALAR_SIZE * ps.length}`)
    }
    const k = (i: number): bigint =>
      bytesToNumberBE(scalars.subarray(i * SCALAR_SIZE, (i + 1) * SCALAR_SIZE))
    let sum = this.g.Point.ZERO
    if (ps.length <= this.g.msmThreshold) {
      // go-algorand's "small" path: one gnark ScalarMultiplication per point.
      ps.forEach((P, i) => (sum = sum.add(this.glvMul(P, k(i)))))
    } else {
      // gnark's MultiExp reduces each scalar into Fr first.
      ps.forEach((P, i) => (sum = sum.add(this.mul(P, k(i) % this.g.r))))
    }
    return this.encode(sum)
  }

  subgroupCheck(a: Uint8Array): boolean {
    return this.g.inSubgroup(this.decode(a))
  }

  mapTo(a: Uint8Array): Uint8Array {
    const { field } = this.g
    let u: T
    if (field.degree === 1) {
      u = field.fromElems([fieldElement(a, field.p)], 0)
    } else {
      const half = this.fpSize
      if (a.length !== 2 * half) fail(`bad encoded element length: ${a.length}`)
      u = field.fromElems(
        [fieldElement(a.subarray(0, half), field.p), fieldElement(a.subarray(half), field.p)],
        0,
      )
    }
    return this.encode(this.g.mapTo(u))
  }

  /** The decoded points as pairing inputs. */
  pairingInputs(b: Uint8Array): WeierstrassPoint<T>[] {
    return this.decodeMany(b, true)
  }
}

const bnG1 = new GroupImpl(BN254_G1)
const bnG2 = new GroupImpl(BN254_G2)
const blsG1 = new GroupImpl(BLS12_381_G1)
const blsG2 = new GroupImpl(BLS12_381_G2)

/** By EC_GROUPS field value: BN254g1, BN254g2, BLS12_381g1, BLS12_381g2. */
export const GROUPS: readonly Group[] = [bnG1, bnG2, blsG1, blsG2]

/**
 * go-algorand's bn254PairingCheck / bls12381PairingCheck: both lists subgroup-checked (G1 first),
 * equal counts, pairs with a point at infinity skipped (gnark's MillerLoop does so).
 */
function pairingCheck(
  g1: GroupImpl<bigint>,
  g2: GroupImpl<Fp2>,
  curve: (typeof PAIRINGS)[keyof typeof PAIRINGS],
  g1Bytes: Uint8Array,
  g2Bytes: Uint8Array,
): boolean {
  const ps = g1.pairingInputs(g1Bytes)
  const qs = g2.pairingInputs(g2Bytes)
  if (ps.length !== qs.length) fail('invalid inputs sizes')
  const pairs = ps.flatMap((P, i) => {
    const Q = qs[i]
    return P.is0() || Q.is0() ? [] : [{ g1: P, g2: Q }]
  })
  if (pairs.length === 0) return true
  const { Fp12 } = curve
  return Fp12.eql(curve.pairingBatch(pairs), Fp12.ONE)
}

/** Pairing check for `ec_pairing_check G`, given its stack arguments A (deeper) and B. */
export function pairingCheckFor(groupIndex: number, a: Uint8Array, b: Uint8Array): boolean {
  switch (groupIndex) {
    case 0:
      return pairingCheck(bnG1, bnG2, PAIRINGS.BN254, a, b)
    case 1:
      return pairingCheck(bnG1, bnG2, PAIRINGS.BN254, b, a)
    case 2:
      return pairingCheck(blsG1, blsG2, PAIRINGS.BLS12_381, a, b)
    default:
      return pairingCheck(blsG1, blsG2, PAIRINGS.BLS12_381, b, a)
  }
}
