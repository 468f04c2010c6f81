import { readFileSync } from 'node:fs'
import type { Fp2 } from '@noble/curves/abstract/tower.js'
import type { WeierstrassPoint } from '@noble/curves/abstract/weierstrass.js'
import { bls12_381 } from '@noble/curves/bls12-381.js'
import { bn254 } from '@noble/curves/bn254.js'
import { describe, expect, it } from 'vitest'
import { run, testAccepts, testPanics, testRejects } from '../../../test/helpers.js'
import { BLS12_381_G1 } from './ec-curves.js'
import { splitScalar } from './ec-glv.js'

const PAIRING = 10
/** A group of 16 transactions pools 320,000 of logic-sig budget, enough for pairings. */
const BIG = { group: new Array<object>(16).fill({}) }

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex')
const num = (v: bigint, size: number): string => v.toString(16).padStart(2 * size, '0')

interface Curve {
  readonly name: string
  readonly size: number
  readonly fp: number
  readonly r: bigint
  readonly gen: WeierstrassPoint<bigint> | WeierstrassPoint<Fp2>
}

const CURVES: readonly Curve[] = [
  { name: 'BN254g1', size: 64, fp: 32, r: bn254.fields.Fr.ORDER, gen: bn254.G1.Point.BASE },
  { name: 'BN254g2', size: 128, fp: 32, r: bn254.fields.Fr.ORDER, gen: bn254.G2.Point.BASE },
  {
    name: 'BLS12_381g1',
    size: 96,
    fp: 48,
    r: bls12_381.fields.Fr.ORDER,
    gen: bls12_381.G1.Point.BASE,
  },
  {
    name: 'BLS12_381g2',
    size: 192,
    fp: 48,
    r: bls12_381.fields.Fr.ORDER,
    gen: bls12_381.G2.Point.BASE,
  },
]

/** go-algorand's encoding: X||Y big-endian, G2 coordinates real part first, infinity all zeros. */
function encode(P: WeierstrassPoint<bigint> | WeierstrassPoint<Fp2>, fp: number): string {
  if (P.is0()) return '00'.repeat(fp * (typeof P.X === 'bigint' ? 2 : 4))
  const { x, y } = P.toAffine() as { x: bigint | Fp2; y: bigint | Fp2 }
  const parts = [x, y].flatMap((c) => (typeof c === 'bigint' ? [c] : [c.c0, c.c1]))
  return parts.map((c) => num(c, fp)).join('')
}

/** k·G, for a curve of either kind. */
function multiple(c: Curve, k: bigint): string {
  return encode(c.gen.multiply(k), c.fp)
}

function vectors(name: string): unknown {
  const url = new URL(`../../../test/vectors/crypto/${name}`, import.meta.url)
  return JSON.parse(readFileSync(url, 'utf8'))
}

const zeros = (c: Curve, extra = 0): string => `int ${c.size + extra}\nbzero`

describe('ec_add', () => {
  it('adds points, with all zeros as the identity', () => {
    for (const c of CURVES) {
      const add = `ec_add ${c.name}`
      const [p1, p2, p3] = [multiple(c, 3n), multiple(c, 4n), multiple(c, 7n)]
      testAccepts(`byte 0x${p1}\nbyte 0x${p2}\n${add}\nbyte 0x${p3}\n==`, PAIRING)
      testAccepts(`byte 0x${p1}\n${zeros(c)}\n${add}\nbyte 0x${p1}\n==`, PAIRING)
      testAccepts(`${zeros(c)}\nbyte 0x${p1}\n${add}\nbyte 0x${p1}\n==`, PAIRING)
      testAccepts(`${zeros(c)}\ndup\n${add}\n${zeros(c)}\n==`, PAIRING)
      // P + P doubles; P + (-P) is the identity.
      testAccepts(`byte 0x${p1}\ndup\n${add}\nbyte 0x${multiple(c, 6n)}\n==`, PAIRING)
      const neg = encode(c.gen.multiply(3n).negate(), c.fp)
      testAccepts(`byte 0x${p1}\nbyte 0x${neg}\n${add}\n${zeros(c)}\n==`, PAIRING)
    }
  })

  it('insists on exact lengths, reduced coordinates and points on the curve', () => {
    for (const c of CURVES) {
      const add = `ec_add ${c.name}`
      const p = multiple(c, 3n)
      testPanics(
        `byte 0x${p}\n${zeros(c, 1)}\n${add}`,
        PAIRING,
        `bad length ${c.size + 1}. Expected ${c.size}`,
      )
      testPanics(
        `${zeros(c, -1)}\nbyte 0x${p}\n${add}`,
        PAIRING,
        `bad length ${c.size - 1}. Expected ${c.size}`,
      )
      const big = `byte 0x${'ff'.repeat(c.fp)}${p.slice(2 * c.fp)}`
      testPanics(`${big}\nbyte 0x${p}\n${add}`, PAIRING, 'larger than modulus')
      const offCurve = `${p.slice(0, -2)}${p.endsWith('00') ? '01' : '00'}`
      testPanics(`byte 0x${p}\nbyte 0x${offCurve}\n${add}`, PAIRING, 'point not on curve')
    }
    const p = bn254.fields.Fp.ORDER
    testPanics(
      `byte 0x${num(p, 32)}${num(2n, 32)}\nint 64\nbzero\nec_add BN254g1`,
      PAIRING,
      `field element ${p} larger than modulus ${p}`,
    )
  })

  it('costs 125 / 170 / 205 / 290', () => {
    const costs = [125, 170, 205, 290]
    CURVES.forEach((c, i) => {
      const base = run(`${zeros(c)}\ndup\nlen`, PAIRING).cost
      expect(run(`${zeros(c)}\ndup\nec_add ${c.name}\nlen`, PAIRING).cost - base).toBe(costs[i])
    })
  })
})

describe('ec_scalar_mul', () => {
  it('multiplies by big-endian scalars of up to 32 bytes, reducing mod r in the subgroup', () => {
    for (const c of CURVES) {
      const mul = `ec_scalar_mul ${c.name}`
      const p = multiple(c, 5n)
      testAccepts(`byte 0x${p}\nint 0\nitob\n${mul}\n${zeros(c)}\n==`, PAIRING, BIG)
      testAccepts(`byte 0x${p}\nint 1\nitob\n${mul}\nbyte 0x${p}\n==`, PAIRING, BIG)
      testAccepts(`byte 0x${p}\nbyte 0x${num(c.r, 32)}\n${mul}\n${zeros(c)}\n==`, PAIRING, BIG)
      testAccepts(`byte 0x${p}\nbyte 0x${num(c.r + 1n, 32)}\n${mul}\nbyte 0x${p}\n==`, PAIRING, BIG)
      const k = (1n << 256n) - 1n
      testAccepts(
        `byte 0x${p}\nbyte 0x${num(k, 32)}\n${mul}\nbyte 0x${multiple(c, (5n * k) % c.r)}\n==`,
        PAIRING,
        BIG,
      )
      // A short scalar is the same number as its zero-padded 32 bytes.
      testAccepts(`byte 0x${p}\nbyte 0x07\n${mul}\nbyte 0x${multiple(c, 35n)}\n==`, PAIRING, BIG)
      testAccepts(`${zeros(c)}\nbyte 0x07\n${mul}\n${zeros(c)}\n==`, PAIRING, BIG)
    }
  })

  it('rejects long scalars before looking at the point', () => {
    testPanics(
      'int 63\nbzero\nint 1\nitob\nec_scalar_mul BN254g1',
      PAIRING,
      'bad length 63. Expected 64',
    )
    testPanics(
      'int 63\nbzero\nint 33\nbzero\nec_scalar_mul BN254g1',
      PAIRING,
      'ec_scalar_mul scalar len is 33, exceeds 32',
    )
  })

  it('outside the subgroup, follows gnark: k0·P + k1·φ(P) for its GLV split of k', () => {
    // An on-curve BLS12-381 G1 point that is not in the r-order subgroup.
    const Fp = bls12_381.fields.Fp
    let x = 3n
    for (; ; x++) {
      const rhs = Fp.add(Fp.mul(Fp.sqr(x), x), 4n)
      if (Fp.eql(Fp.pow(rhs, (Fp.ORDER - 1n) >> 1n), Fp.ONE)) break
    }
    const Point = bls12_381.G1.Point
    const P = Point.fromAffine({ x, y: Fp.sqrt(Fp.add(Fp.mul(Fp.sqr(x), x), 4n)) })
    expect(P.isTorsionFree()).toBe(false)
    const pb = encode(P, 48)
    testRejects(`byte 0x${pb}\nec_subgroup_check BLS12_381g1`, PAIRING)
    const k = (1n << 255n) - 19n
    const [k0, k1] = splitScalar(k, BLS12_381_G1.lattice)
    const phi = new Point(Fp.mul(P.X, BLS12_381_G1.omega), P.Y, P.Z)
    const term = (Q: typeof P, n: bigint) =>
      n < 0n ? Q.multiplyUnsafe(-n).negate() : Q.multiplyUnsafe(n)
    const expected = term(P, k0).add(term(phi, k1))
    const got = run(`byte 0x${pb}\nbyte 0x${num(k, 32)}\nec_scalar_mul BLS12_381g1`, PAIRING)
      .stack[0]
    expect(hex(got as Uint8Array)).toBe(encode(expected, 48))
    // ... which is not (k mod r)·P: P has a component the scalar does not reduce on.
    expect(encode(P.multiplyUnsafe(k % BLS12_381_G1.r), 48)).not.toBe(encode(expected, 48))
  })

  it('costs 1810 / 3430 / 2950 / 6530', () => {
    const costs = [1810, 3430, 2950, 6530]
    CURVES.forEach((c, i) => {
      const base = run(`${zeros(c)}\nbyte 0x01\nlen`, PAIRING, BIG).cost
      expect(
        run(`${zeros(c)}\nbyte 0x01\nec_scalar_mul ${c.name}\nlen`, PAIRING, BIG).cost - base,
      ).toBe(costs[i])
    })
  })
})

describe('ec_multi_scalar_mul', () => {
  const scalar = (k: bigint): string => num(k, 32)

  it("is the sum of the products, on both sides of go-algorand's small/large cut-off", () => {
    for (const c of CURVES) {
      const msm = `ec_multi_scalar_mul ${c.name}`
      const p = multiple(c, 9n)
      testAccepts(`byte 0x${p}\nint 32\nbzero\n${msm}\n${zeros(c)}\n==`, PAIRING, BIG)
      testAccepts(`byte 0x${p}\nbyte 0x${scalar(1n)}\n${msm}\nbyte 0x${p}\n==`, PAIRING, BIG)
      // 2 points (the one-by-one path everywhere) and 4 (gnark's MultiExp everywhere).
      const big = (1n << 256n) - 2n
      for (const n of [2, 4]) {
        const ks = [0x2f53n, big, 0x372d82n, 1n].slice(0, n)
        const ps = ks.map((_, i) => multiple(c, BigInt(i + 2)))
        const sum = ks.reduce((acc, k, i) => acc + k * BigInt(i + 2), 0n) % c.r
        const src = `byte 0x${ps.join('')}\nbyte 0x${ks.map(scalar).join('')}\n${msm}\nbyte 0x${multiple(c, sum)}\n==`
        testAccepts(src, PAIRING, BIG)
      }
    }
  })

  it('checks lengths: a non-empty multiple of the point size, 32 bytes of scalar per point', () => {
    const p = multiple(CURVES[0], 2n)
    const msm = 'ec_multi_scalar_mul BN254g1'
    testPanics(`byte 0x${p}\nint 31\nbzero\n${msm}`, PAIRING, 'bad scalars length 31. Expected 32')
    testPanics(
      `byte 0x${p}${p}\nint 32\nbzero\n${msm}`,
      PAIRING,
      'bad scalars length 32. Expected 64',
    )
    testPanics(`byte 0x\nbyte 0x\n${msm}`, PAIRING, 'empty input')
    testPanics(
      `byte 0x${p}00\nint 32\nbzero\n${msm}`,
      PAIRING,
      'bad length 65. Expected 64 multiple',
    )
  })

  it('costs base + per 32 bytes of scalars', () => {
    const base = [3600, 7200, 6500, 14850]
    const per = [90, 270, 95, 485]
    CURVES.forEach((c, i) => {
      const setup = `${zeros(c)}\nint 32\nbzero`
      const without = run(`${setup}\nlen`, PAIRING, BIG).cost
      expect(run(`${setup}\nec_multi_scalar_mul ${c.name}\nlen`, PAIRING, BIG).cost - without).toBe(
        base[i] + per[i],
      )
    })
  })
})

describe('ec_pairing_check', () => {
  const pairs: [Curve, Curve][] = [
    [CURVES[0], CURVES[1]],
    [CURVES[2], CURVES[3]],
  ]

  it('accepts e(-G1, G2)·e(G1, G2) = 1, with either group named (G2 names swap the arguments)', () => {
    for (const [g1, g2] of pairs) {
      const ps = encode(g1.gen.negate(), g1.fp) + encode(g1.gen, g1.fp)
      const qs = encode(g2.gen, g2.fp).repeat(2)
      testAccepts(`byte 0x${ps}\nbyte 0x${qs}\nec_pairing_check ${g1.name}`, PAIRING, BIG)
      testAccepts(`byte 0x${qs}\nbyte 0x${ps}\nec_pairing_check ${g2.name}`, PAIRING, BIG)
      testRejects(
        `byte 0x${encode(g1.gen, g1.fp)}\nbyte 0x${encode(g2.gen, g2.fp)}\nec_pairing_check ${g1.name}`,
        PAIRING,
        BIG,
      )
      // Pairs with the point at infinity count as one.
      testAccepts(
        `${zeros(g1)}\nbyte 0x${encode(g2.gen, g2.fp)}\nec_pairing_check ${g1.name}`,
        PAIRING,
        BIG,
      )
      testPanics(
        `byte 0x${ps}\nbyte 0x${encode(g2.gen, g2.fp)}\nec_pairing_check ${g1.name}`,
        PAIRING,
        'invalid inputs sizes',
        BIG,
      )
      testPanics(
        `byte 0x\nbyte 0x${encode(g2.gen, g2.fp)}\nec_pairing_check ${g1.name}`,
        PAIRING,
        'empty input',
        BIG,
      )
    }
  })

  it('requires subgroup points', () => {
    // An on-curve BN254 G2 point outside the subgroup (the twist has a large cofactor).
    const { Fp2 } = bn254.fields
    const b = bn254.G2.Point.CURVE().b
    const sqrt = (v: Fp2): Fp2 | undefined => {
      try {
        return Fp2.sqrt(v)
      } catch {
        return undefined
      }
    }
    let x: Fp2 = Fp2.ONE
    let y = sqrt(Fp2.add(Fp2.mul(Fp2.sqr(x), x), b))
    while (y === undefined) {
      x = Fp2.add(x, Fp2.ONE)
      y = sqrt(Fp2.add(Fp2.mul(Fp2.sqr(x), x), b))
    }
    const Q = encode(bn254.G2.Point.fromAffine({ x, y }), 32)
    testRejects(`byte 0x${Q}\nec_subgroup_check BN254g2`, PAIRING)
    const g1 = encode(bn254.G1.Point.BASE, 32)
    testPanics(
      `byte 0x${g1}\nbyte 0x${Q}\nec_pairing_check BN254g1`,
      PAIRING,
      'wrong subgroup',
      BIG,
    )
  })

  it('costs base + per point of the top argument', () => {
    const g1 = encode(bn254.G1.Point.BASE, 32)
    const g2 = encode(bn254.G2.Point.BASE, 32)
    const setup = `byte 0x${g1}\nbyte 0x${g2}`
    const without = run(setup, PAIRING, BIG).cost
    expect(run(`${setup}\nec_pairing_check BN254g1`, PAIRING, BIG).cost - without).toBe(
      8000 + 7400 * 2,
    )
  })
})

describe('ec_subgroup_check', () => {
  it('accepts subgroup points and infinity, checks lengths', () => {
    for (const c of CURVES) {
      testAccepts(`byte 0x${multiple(c, 11n)}\nec_subgroup_check ${c.name}`, PAIRING)
      testAccepts(`${zeros(c)}\nec_subgroup_check ${c.name}`, PAIRING)
      testPanics(`${zeros(c, 1)}\nec_subgroup_check ${c.name}`, PAIRING, 'bad length')
      testPanics(`${zeros(c, -1)}\nec_subgroup_check ${c.name}`, PAIRING, 'bad length')
    }
  })
})

describe('ec_map_to', () => {
  const map = vectors('ec-map-to.json') as {
    vectors: { group: string; input: string; output: string }[]
  }

  it("matches gnark-crypto's MapToG1 / MapToG2 vectors", () => {
    for (const v of map.vectors) {
      testAccepts(`byte 0x${v.input}\nec_map_to ${v.group}\nbyte 0x${v.output}\n==`, PAIRING, BIG)
    }
  })

  it('G1 takes any length below the modulus; G2 takes exactly two elements', () => {
    for (const g of ['BN254g1', 'BLS12_381g1']) {
      testAccepts(`int 27\nitob\nec_map_to ${g}\nec_subgroup_check ${g}`, PAIRING)
      testAccepts(`byte 0x\nec_map_to ${g}\nec_subgroup_check ${g}`, PAIRING)
      testPanics(`byte 0x${'ff'.repeat(48)}\nec_map_to ${g}`, PAIRING, 'larger than modulus')
    }
    for (const [g, fp] of [
      ['BN254g2', 32],
      ['BLS12_381g2', 48],
    ] as const) {
      testPanics(`int 27\nitob\nec_map_to ${g}`, PAIRING, 'bad encoded element length: 8', BIG)
      const u = `${num(67n, fp)}${num(2783n, fp)}`
      testAccepts(`byte 0x${u}\nec_map_to ${g}\nec_subgroup_check ${g}`, PAIRING, BIG)
    }
  })
})

describe('mimc', () => {
  interface MimcVector {
    input: string
    ok: boolean
    BN254Mp110: string
    BLS12_381Mp111: string
  }
  const mimc = vectors('mimc.json') as { vectors: MimcVector[] }

  it("matches go-algorand's gnark-crypto vectors and refuses malformed input (v11)", () => {
    for (const v of mimc.vectors) {
      for (const config of ['BN254Mp110', 'BLS12_381Mp111'] as const) {
        const src = `byte 0x${v.input}\nmimc ${config}\nbyte 0x${num(BigInt(v[config]), 32)}\n==`
        if (v.ok) testAccepts(src, 11)
        else testPanics(src, 11)
      }
    }
  })

  it('error messages', () => {
    testPanics('byte 0x\nmimc BN254Mp110', 11, 'the input data cannot be empty')
    testPanics(
      'byte 0xdeadf00d\nmimc BN254Mp110',
      11,
      'the input data must be a multiple of 32 bytes',
    )
    const r = bn254.fields.Fr.ORDER
    testPanics(
      `byte 0x${num(r, 32)}\nmimc BN254Mp110`,
      11,
      'invalid mimc input invalid fr.Element encoding',
    )
    // r of BN254 is below r of BLS12-381: a valid element there.
    testAccepts(`byte 0x${num(r, 32)}\nmimc BLS12_381Mp111\nlen\nint 32\n==`, 11)
  })

  it('costs 10 + 550 per 32 bytes', () => {
    for (const n of [1, 3]) {
      const setup = `int ${32 * n}\nbzero`
      const without = run(`${setup}\nlen`, 11).cost
      expect(run(`${setup}\nmimc BN254Mp110\nlen`, 11).cost - without).toBe(10 + 550 * n)
    }
  })
})
