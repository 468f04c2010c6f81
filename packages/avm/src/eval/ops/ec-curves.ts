/**
 * The four groups of the ec_* opcodes (BN254 G1/G2, BLS12-381 G1/G2) described for ec-group.ts:
 * field, point constructor, GLV constants, subgroup test and map-to-curve, each matching what
 * gnark-crypto v0.18 (go-algorand's library) computes. Arithmetic is noble-curves'.
 */
import { pow, type IField } from '@noble/curves/abstract/modular.js'
import type { Fp2 } from '@noble/curves/abstract/tower.js'
import type { WeierstrassPoint, WeierstrassPointCons } from '@noble/curves/abstract/weierstrass.js'
import { bls12_381 } from '@noble/curves/bls12-381.js'
import { bn254 } from '@noble/curves/bn254.js'
import { precomputeLattice, type Lattice } from './ec-glv.js'
import { BN254_G1_SVDW, BN254_G2_SVDW, svdw, type SvdwParams } from './ec-svdw.js'

/** A field of point coordinates, seen as `degree` base-field elements of `fpSize` bytes each. */
interface CoordField<T> {
  readonly F: IField<T>
  readonly p: bigint
  readonly fpSize: number
  readonly degree: 1 | 2
  fromElems(e: readonly bigint[], at: number): T
  toElems(t: T): bigint[]
}

export interface GroupSpec<T> {
  readonly name: string
  readonly field: CoordField<T>
  readonly Point: WeierstrassPointCons<T>
  /** Prime order of the subgroup. */
  readonly r: bigint
  readonly lattice: Lattice
  /** φ(x, y) = (omega·x, y): gnark's GLV endomorphism (componentwise on Fp2). */
  readonly omega: bigint
  /** go-algorand computes a multi-scalar product of up to this many points one by one (GLV). */
  readonly msmThreshold: number
  inSubgroup(P: WeierstrassPoint<T>): boolean
  /** Maps the decoded field element(s) to the group, as gnark's MapToG1 / MapToG2. */
  mapTo(u: T): WeierstrassPoint<T>
}

function primeField(F: IField<bigint>, fpSize: number): CoordField<bigint> {
  return {
    F,
    p: F.ORDER,
    fpSize,
    degree: 1,
    fromElems: (e, at) => e[at],
    toElems: (t) => [t],
  }
}

function quadraticField(F: IField<Fp2>, p: bigint, fpSize: number): CoordField<Fp2> {
  return {
    F,
    p,
    fpSize,
    degree: 2,
    fromElems: (e, at) => ({ c0: e[at], c1: e[at + 1] }),
    toElems: (t) => [t.c0, t.c1],
  }
}

function legendreIsSquare(x: bigint, p: bigint): boolean {
  return x === 0n || pow(x, (p - 1n) >> 1n, p) === 1n
}

// ---- BN254 ----

const bnFp = bn254.fields.Fp
const bnFp2 = bn254.fields.Fp2
const BN_P = bnFp.ORDER
const BN_R = bn254.fields.Fr.ORDER
/** gnark bn254 thirdRootOneG1, lambdaGLV, seed x₀ and ψ coefficients (ecc/bn254/bn254.go). */
const BN_OMEGA1 = 2203960485148121921418603742825762020974279258880205651966n
const BN_LAMBDA = 4407920970296243842393367215006156084916469457145843978461n
const BN_SEED = 4965661367192848881n
const BN_PSI_U: Fp2 = {
  c0: 21575463638280843010398324269430826099269044274347216827212613867836435027261n,
  c1: 10307601595873709700152284273816112264069230130616436755625194854815875713954n,
}
const BN_PSI_V: Fp2 = {
  c0: 2821565182194536844548159561693502659359617185244120367078079554186484126554n,
  c1: 3505843767911556378687030309984248845540243509899259641013678093033130930403n,
}
const BN_LATTICE = precomputeLattice(BN_R, BN_LAMBDA)

type G2Point = WeierstrassPoint<Fp2>
const BnG2 = bn254.G2.Point

/** gnark's ψ on BN254 G2: (conj(x)·u, conj(y)·v), valid on projective coordinates too. */
function bnPsi(P: G2Point): G2Point {
  const conj = (a: Fp2): Fp2 => bnFp2.create({ c0: a.c0, c1: bnFp.neg(a.c1) })
  return new BnG2(bnFp2.mul(conj(P.X), BN_PSI_U), bnFp2.mul(conj(P.Y), BN_PSI_V), conj(P.Z))
}

/** gnark bn254 G2Jac.IsInSubGroup: 2ψ³(xP) == ψ²(xP) + ψ(xP) + xP + P. */
function bnG2InSubgroup(P: G2Point): boolean {
  if (P.is0()) return true
  const xP = P.multiplyUnsafe(BN_SEED)
  const b = bnPsi(xP)
  const a = xP.add(P)
  const res = bnPsi(b)
  const c = res.add(b).add(a)
  return bnPsi(res).double().equals(c)
}

/** gnark bn254 G2 ClearCofactor: xQ + ψ(3xQ) + ψ²(xQ) + ψ³(Q). */
function bnG2ClearCofactor(Q: G2Point): G2Point {
  const xQ = Q.multiplyUnsafe(BN_SEED)
  const p1 = bnPsi(xQ.double().add(xQ))
  const p2 = bnPsi(bnPsi(xQ))
  const p3 = bnPsi(bnPsi(bnPsi(Q)))
  return xQ.add(p1).add(p2).add(p3)
}

const bnG1Svdw: SvdwParams<bigint> = {
  F: bnFp,
  b: bn254.G1.Point.CURVE().b,
  ...BN254_G1_SVDW,
  z: 1n,
  isSquare: (x) => legendreIsSquare(x, BN_P),
  sgn0: (x) => (x & 1n ? 1 : 0),
}

const bnG2Svdw: SvdwParams<Fp2> = {
  F: bnFp2,
  b: BnG2.CURVE().b,
  ...BN254_G2_SVDW,
  z: bnFp2.ONE,
  // Fp2 = Fp[i]/(i² + 1): a square iff its norm a0² + a1² is a square of Fp.
  isSquare: (x) => legendreIsSquare(bnFp.add(bnFp.sqr(x.c0), bnFp.sqr(x.c1)), BN_P),
  sgn0: (x) => (x.c0 & 1n || (x.c0 === 0n && x.c1 & 1n) ? 1 : 0),
}

const bnFieldG1 = primeField(bnFp, 32)
const bnFieldG2 = quadraticField(bnFp2, BN_P, 32)

export const BN254_G1: GroupSpec<bigint> = {
  name: 'BN254g1',
  field: bnFieldG1,
  Point: bn254.G1.Point,
  r: BN_R,
  lattice: BN_LATTICE,
  omega: BN_OMEGA1,
  msmThreshold: 3,
  // The cofactor is 1: every point on the curve is in the group.
  inSubgroup: () => true,
  mapTo: (u) => bn254.G1.Point.fromAffine(svdw(bnG1Svdw, u)),
}

export const BN254_G2: GroupSpec<Fp2> = {
  name: 'BN254g2',
  field: bnFieldG2,
  Point: BnG2,
  r: BN_R,
  lattice: BN_LATTICE,
  omega: bnFp.sqr(BN_OMEGA1),
  msmThreshold: 2,
  inSubgroup: bnG2InSubgroup,
  mapTo: (u) => bnG2ClearCofactor(BnG2.fromAffine(svdw(bnG2Svdw, u))),
}

// ---- BLS12-381 ----

const blsFp = bls12_381.fields.Fp
const BLS_R = bls12_381.fields.Fr.ORDER
/** gnark bls12-381 thirdRootOneG1 and lambdaGLV (ecc/bls12-381/bls12-381.go). */
const BLS_OMEGA1 =
  4002409555221667392624310435006688643935503118305586438271171395842971157480381377015405980053539358417135540939436n
const BLS_LAMBDA = 228988810152649578064853576960394133503n
const BLS_LATTICE = precomputeLattice(BLS_R, BLS_LAMBDA)

// noble's hasher typings say bigint[] for both groups, but G1 (m = 1) takes a single bigint.
const blsMapG1 = bls12_381.G1.mapToCurve as unknown as (u: bigint) => WeierstrassPoint<bigint>
const blsMapG2 = bls12_381.G2.mapToCurve as unknown as (u: bigint[]) => G2Point

export const BLS12_381_G1: GroupSpec<bigint> = {
  name: 'BLS12_381g1',
  field: primeField(blsFp, 48),
  Point: bls12_381.G1.Point,
  r: BLS_R,
  lattice: BLS_LATTICE,
  omega: BLS_OMEGA1,
  msmThreshold: 2,
  // noble's test (Scott, eprint 2021/1130) and gnark's are both exact membership tests.
  inSubgroup: (P) => P.isTorsionFree(),
  // SSWU + 11-isogeny + clearing by h_eff (RFC 9380), which is also what gnark computes.
  mapTo: (u) => blsMapG1(u),
}

export const BLS12_381_G2: GroupSpec<Fp2> = {
  name: 'BLS12_381g2',
  field: quadraticField(bls12_381.fields.Fp2, blsFp.ORDER, 48),
  Point: bls12_381.G2.Point,
  r: BLS_R,
  lattice: BLS_LATTICE,
  omega: blsFp.sqr(BLS_OMEGA1),
  msmThreshold: 2,
  inSubgroup: (P) => P.isTorsionFree(),
  mapTo: (u) => blsMapG2([u.c0, u.c1]),
}

/** Pairing checks: true when the product of e(P_i, Q_i) is one. */
export const PAIRINGS = {
  BN254: { pairingBatch: bn254.pairingBatch, Fp12: bn254.fields.Fp12 },
  BLS12_381: { pairingBatch: bls12_381.pairingBatch, Fp12: bls12_381.fields.Fp12 },
} as const
