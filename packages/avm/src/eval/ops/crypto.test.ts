import { readFileSync } from 'node:fs'
import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha512, sha512_256 } from '@noble/hashes/sha2.js'
import { describe, expect, it } from 'vitest'
import {
  assembleAt,
  run,
  runBytes,
  testAccepts,
  testPanics,
  testRejects,
} from '../../../test/helpers.js'
import { MAX_VERSION } from '../../spec/versions.js'

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex')
const unhex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'))
const cat = (...parts: Uint8Array[]): Uint8Array => Uint8Array.from(Buffer.concat(parts))

function vectors(name: string): unknown {
  const url = new URL(`../../../test/vectors/crypto/${name}`, import.meta.url)
  return JSON.parse(readFileSync(url, 'utf8'))
}

/** The cost of `op` alone: the program with it minus the program without it (which both run to
 * their end: only a final stack check may fail). */
function costOf(setup: string, op: string, tail: string, version: number): number {
  const notrack = '#pragma typetrack false'
  const withOp = run(`${notrack}\n${setup}\n${op}\n${tail}`, version)
  const without = run(`${notrack}\n${setup}\n${tail}`, version)
  for (const r of [withOp, without]) {
    if (r.error !== undefined)
      expect(r.error.message).toMatch(/^stack (len is|finished with bytes)/)
  }
  return withOp.cost - without.cost
}

describe('hashes', () => {
  const hashes = vectors('hashes.json') as {
    vectors: { op: string; input: string; output: string }[]
  }
  const intro: Record<string, number> = { sha256: 1, keccak256: 1, sha512_256: 1, sha3_256: 7 }

  it('match their known answers (NIST, go-algorand)', () => {
    for (const v of hashes.vectors) {
      testAccepts(`byte 0x${v.input}\n${v.op}\nbyte 0x${v.output}\n==`, intro[v.op])
    }
    testAccepts('byte ""\nsha256\nlen\nint 32\n==', 1, { noGate: true })
  })

  it('cost 7/26/9 in v1, then 35/130/45; sha3_256 costs 130', () => {
    expect(costOf('byte 0x00', 'sha256', 'len', 1)).toBe(7)
    expect(costOf('byte 0x00', 'keccak256', 'len', 1)).toBe(26)
    expect(costOf('byte 0x00', 'sha512_256', 'len', 1)).toBe(9)
    for (const v of [2, MAX_VERSION]) {
      expect(costOf('byte 0x00', 'sha256', 'len', v)).toBe(35)
      expect(costOf('byte 0x00', 'keccak256', 'len', v)).toBe(130)
      expect(costOf('byte 0x00', 'sha512_256', 'len', v)).toBe(45)
    }
    expect(costOf('byte 0x00', 'sha3_256', 'len', 7)).toBe(130)
  })

  it('reject a uint64 argument', () => {
    testPanics('#pragma typetrack false\nint 1\nsha256\nlen', 2, 'sha256 arg 0 wanted', {
      noGate: true,
    })
  })
})

describe('ed25519verify and ed25519verify_bare', () => {
  const rfc = vectors('ed25519.json') as {
    vectors: { pk?: string; addr?: string; msg: string; sig: string }[]
  }
  const L = ed25519.Point.Fn.ORDER
  const toLe = (v: bigint): Uint8Array => {
    const out = new Uint8Array(32)
    for (let i = 0, x = v; i < 32; i++, x >>= 8n) out[i] = Number(x & 0xffn)
    return out
  }
  const fromLe = (b: Uint8Array): bigint => BigInt(`0x${hex(Uint8Array.from(b).reverse())}`)
  const bare = (msg: string, sig: string | Uint8Array, pk: string | Uint8Array): string =>
    `#pragma typetrack false\nbyte 0x${msg}\nbyte 0x${typeof sig === 'string' ? sig : hex(sig)}\n` +
    `byte 0x${typeof pk === 'string' ? pk : hex(pk)}\ned25519verify_bare`

  it('ed25519verify_bare accepts the RFC 8032 and go-algorand signatures (v7+)', () => {
    for (const v of rfc.vectors) {
      const key = v.pk === undefined ? `addr ${v.addr!}` : `byte 0x${v.pk}`
      testAccepts(`byte 0x${v.msg}\nbyte 0x${v.sig}\n${key}\ned25519verify_bare`, 7)
    }
    const [first] = rfc.vectors
    testRejects(bare('00', first.sig, first.pk!), 7)
  })

  it('signs "ProgData" || SHA-512/256("Program" || program) || data, in sig mode from v1', () => {
    const secret = ed25519.utils.randomSecretKey()
    const pk = ed25519.getPublicKey(secret)
    const data = unhex('62fdfc072182654f163f5f0f9a621d729566c74d0aa413bf009c9800418c19cd')
    for (let v = 1; v <= MAX_VERSION; v++) {
      const program = assembleAt('arg 0\narg 1\narg 2\ned25519verify', v)
      const progHash = sha512_256(cat(Buffer.from('Program'), program))
      const sig = ed25519.sign(cat(Buffer.from('ProgData'), progHash, data), secret)
      const ok = runBytes(program, { args: [data, sig, pk] })
      expect(ok.error, `v${v}`).toBeUndefined()
      expect(ok.pass, `v${v}`).toBe(true)
      const flipped = runBytes(program, { args: [cat(unhex('52'), data.subarray(1)), sig, pk] })
      expect(flipped.error).toBeUndefined()
      expect(flipped.pass).toBe(false)
      const shortSig = runBytes(program, { args: [data, sig.subarray(1), pk] })
      expect(shortSig.error?.message).toBe('invalid signature')
      const shortKey = runBytes(program, { args: [data, sig, pk.subarray(1)] })
      expect(shortKey.error?.message).toBe('invalid public key')
      // A signature of the bare data is not one of the program's data.
      const bareSig = ed25519.sign(data, secret)
      expect(runBytes(program, { args: [data, bareSig, pk] }).pass).toBe(false)
    }
  })

  it('ed25519verify is sig-mode only before v5', () => {
    const src = 'byte 0x00\nint 64\nbzero\nint 32\nbzero\ned25519verify\n!'
    expect(run(src, 4, { mode: 'app' }).error?.message).toContain('not allowed in current mode')
    const apps = {
      mode: 'app' as const,
      group: new Array(3).fill({ type: 'appl', applicationId: 888n }),
    }
    expect(run(src, 5, apps).error).toBeUndefined()
  })

  it('ed25519verify_bare checks the key and signature lengths', () => {
    testPanics(bare('00', new Uint8Array(63), new Uint8Array(32)), 7, 'invalid signature')
    testPanics(bare('00', new Uint8Array(64), new Uint8Array(33)), 7, 'invalid public key')
  })

  // A signer's view: secret scalar a, public A = a·B, nonce r.
  const a = 0x1234567890abcdefn
  const A = ed25519.Point.BASE.multiply(a)
  const h = (...parts: Uint8Array[]): bigint => fromLe(sha512(cat(...parts))) % L
  const msg = unhex('616263')

  it('requires a canonical S (< L)', () => {
    const [v] = rfc.vectors
    const sig = unhex(v.sig)
    const s = fromLe(sig.subarray(32))
    const bigS = cat(sig.subarray(0, 32), toLe(s + L))
    testAccepts(bare(v.msg, sig, v.pk!), 7)
    testRejects(bare(v.msg, bigS, v.pk!), 7)
  })

  it('requires a canonical R: y < p and not x = 0 with the sign bit', () => {
    // R = identity (nonce 0): S = h·a is a valid signature for the canonical encoding.
    const sign = (rEnc: Uint8Array): Uint8Array =>
      cat(rEnc, toLe((h(rEnc, A.toBytes(), msg) * a) % L))
    const canonical = unhex('01'.padEnd(64, '0'))
    testAccepts(bare('616263', sign(canonical), A.toBytes()), 7)
    const yPlusP = unhex(`ee${'ff'.repeat(30)}7f`) // y = p + 1 ≡ 1
    testRejects(bare('616263', sign(yPlusP), A.toBytes()), 7)
    const negZero = unhex(`01${'00'.repeat(30)}80`) // x = 0 with its sign bit set
    testRejects(bare('616263', sign(negZero), A.toBytes()), 7)
  })

  it('rejects small-order public keys, which a zero signature would otherwise satisfy', () => {
    const identity = unhex('01'.padEnd(64, '0'))
    const sig = cat(identity, new Uint8Array(32))
    testRejects(bare('616263', sig, identity), 7)
    testRejects(bare('616263', sig, unhex(`01${'00'.repeat(30)}80`)), 7)
  })

  it('is cofactored: a key with a small-order component still verifies (8·(SB − hA − R) = 0)', () => {
    // A' = A + T with T of order 8; S = r + h·a makes SB − hA' − R = −h·T, killed by 8 unless
    // the cofactorless check (OpenSSL's) is used.
    const T = ed25519.Point.fromBytes(
      unhex('26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05'),
    )
    const A2 = A.add(T).toBytes()
    const challenge = (r: bigint): bigint => h(ed25519.Point.BASE.multiply(r).toBytes(), A2, msg)
    let r = 7n
    while (challenge(r) % 8n === 0n) r++
    const k = challenge(r)
    const R = ed25519.Point.BASE.multiply(r).toBytes()
    const sig = cat(R, toLe((r + k * a) % L))
    testAccepts(bare('616263', sig, A2), 7)
  })

  it('costs 1900', () => {
    const v = rfc.vectors[0]
    expect(
      costOf(
        `byte 0x${v.msg}\nbyte 0x${v.sig}\nbyte 0x${v.pk!}`,
        'ed25519verify_bare',
        'pop\nint 1',
        7,
      ),
    ).toBe(1900)
  })
})

interface EcdsaVectors {
  verify: { curve: string; msg: string; r: string; s: string; x: string; y: string }[]
  ethRecover: { message: string; v: number; r: string; s: string; address: string }
}

describe('ecdsa', () => {
  const ec = vectors('ecdsa.json') as EcdsaVectors
  const [k1, r1] = ec.verify as [EcdsaVectors['verify'][0], EcdsaVectors['verify'][0]]
  const intro = (curve: string): number => (curve === 'Secp256k1' ? 5 : 7)
  const verify = (
    v: EcdsaVectors['verify'][0],
    changes: Partial<EcdsaVectors['verify'][0]> = {},
  ) => {
    const w = { ...v, ...changes }
    return `#pragma typetrack false\nbyte 0x${w.msg}\nbyte 0x${w.r}\nbyte 0x${w.s}\nbyte 0x${w.x}\nbyte 0x${w.y}\necdsa_verify ${w.curve}`
  }
  const N = {
    Secp256k1: secp256k1.Point.Fn.ORDER,
    Secp256r1: 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
  }
  const negS = (v: EcdsaVectors['verify'][0]): string =>
    (N[v.curve as keyof typeof N] - BigInt(`0x${v.s}`)).toString(16).padStart(64, '0')

  it('ecdsa_verify accepts valid signatures (Secp256k1 v5, Secp256r1 v7)', () => {
    testAccepts(verify(k1), 5)
    testAccepts(verify(r1), 7)
  })

  it('ecdsa_verify rejects tampered data and signatures', () => {
    for (const v of [k1, r1]) {
      testRejects(verify(v, { msg: `00${v.msg.slice(2)}` }), intro(v.curve))
      testRejects(verify(v, { r: `${v.r.slice(0, 62)}00` }), intro(v.curve))
    }
  })

  it('secp256k1 rejects high S (libsecp256k1), secp256r1 accepts it (Go crypto/ecdsa)', () => {
    testRejects(verify(k1, { s: negS(k1) }), 5)
    testAccepts(verify(r1, { s: negS(r1) }), 7)
  })

  it('argument lengths: data must be 32 bytes; others simply fail to verify', () => {
    testPanics(
      '#pragma typetrack false\nint 31\nbzero\nbyte 0x\nbyte 0x\nbyte 0x\nbyte 0x\necdsa_verify Secp256k1',
      5,
      'the signed data must be 32 bytes long, not 31',
    )
    const empty = '#pragma typetrack false\nint 32\nbzero\nbyte 0x\nbyte 0x\nbyte 0x\nbyte 0x'
    testAccepts(`${empty}\necdsa_verify Secp256k1\n!`, 5)
    testAccepts(`${empty}\necdsa_verify Secp256r1\n!`, 7)
    // secp256k1 keeps only the low 32 bytes of each key coordinate (go-ethereum's Marshal);
    // Go's P-256 takes the whole number, which is then too big.
    testAccepts(verify(k1, { x: `01${k1.x}` }), 5)
    testRejects(verify(r1, { x: `01${r1.x}` }), 7)
    // r and s are concatenated before the 64-byte check (secp256k1).
    testAccepts(verify(k1, { r: k1.r.slice(0, 62), s: k1.r.slice(62) + k1.s }), 5)
  })

  it('ecdsa_pk_decompress restores x and y', () => {
    for (const v of [k1, r1]) {
      const odd = BigInt(`0x${v.y}`) & 1n
      const pk = `0${odd ? 3 : 2}${v.x}`
      const src = `byte 0x${pk}\necdsa_pk_decompress ${v.curve}\nbyte 0x${v.y}\n==\nassert\nbyte 0x${v.x}\n==`
      testAccepts(src, intro(v.curve))
      const bad = v.curve === 'Secp256k1' ? 'invalid pubkey' : 'invalid compressed pubkey'
      const decompress = (key: string) =>
        `#pragma typetrack false\nbyte 0x${key}\necdsa_pk_decompress ${v.curve}\npop\nlen`
      testPanics(decompress(`00${v.x}`), intro(v.curve), bad)
      testPanics(decompress(`04${v.x}`), intro(v.curve), bad)
      testPanics(decompress(pk.slice(0, 64)), intro(v.curve), bad)
      testPanics(decompress(`02${'ff'.repeat(32)}`), intro(v.curve), bad)
    }
  })

  it('ecdsa_pk_recover recovers an Ethereum signer', () => {
    const e = ec.ethRecover
    const recover = (v: number): string =>
      `byte "${e.message}"\nkeccak256\nint ${v}\nbyte 0x${e.r}\nbyte 0x${e.s}\necdsa_pk_recover Secp256k1\n` +
      `concat\nkeccak256\nsubstring 12 32\nbyte 0x${e.address}\n==`
    testAccepts(recover(e.v), 5)
    testRejects(recover(e.v ^ 1), 5)
    testPanics(recover(3), 5, 'pubkey recover failed: recovery failed')
    testPanics(recover(4), 5, 'invalid recovery id: 4')
  })

  it('ecdsa_pk_recover input rules', () => {
    const e = ec.ethRecover
    const src = (msg: string, r: string, s: string) =>
      `#pragma typetrack false\nbyte 0x${msg}\nint 0\nbyte 0x${r}\nbyte 0x${s}\necdsa_pk_recover Secp256k1\npop\nlen`
    const digest = '11'.repeat(32)
    testPanics(
      src('11', e.r, e.s),
      5,
      'pubkey recover failed: invalid message length, need 32 bytes',
    )
    testPanics(src(digest, e.r.slice(2), e.s), 5, 'pubkey recover failed: invalid signature length')
    testPanics(src(digest, '00'.repeat(32), e.s), 5, 'pubkey recover failed: recovery failed')
    testPanics(src(digest, 'ff'.repeat(32), e.s), 5, 'pubkey recover failed: recovery failed')
    testPanics(
      `int 32\nbzero\nint 0\nbyte 0x${e.r}\nbyte 0x${e.s}\necdsa_pk_recover Secp256r1\npop\nlen`,
      7,
      'unsupported curve 1',
    )
    // A high-S signature still recovers (only verification insists on low S).
    const highS = (N.Secp256k1 - BigInt(`0x${e.s}`)).toString(16).padStart(64, '0')
    testAccepts(
      `byte 0x${digest}\nint 1\nbyte 0x${e.r}\nbyte 0x${highS}\necdsa_pk_recover Secp256k1\nlen\nint 32\n==\nassert\nlen\nint 32\n==`,
      5,
    )
  })

  it('curves beyond the program version fail at run time', () => {
    // Hand-made bytecode: the assembler refuses these fields. pushbytes 32 bytes; pushint 0;
    // pushbytes r; pushbytes s; ecdsa_pk_recover <curve>.
    const push32 = [0x80, 32, ...new Array<number>(32).fill(1)]
    const program = (version: number, curve: number) =>
      Uint8Array.from([
        version,
        ...push32,
        0x81,
        0,
        ...push32,
        ...push32,
        0x07,
        curve,
        0x48,
        0x48,
        0x81,
        1,
      ])
    expect(runBytes(program(5, 1)).error?.message).toBe('invalid curve 1')
    expect(runBytes(program(7, 2)).error?.message).toBe('invalid curve 2')
  })

  it('cost by curve', () => {
    const args = 'int 32\nbzero\ndup\ndup\ndup\ndup'
    expect(costOf(args, 'ecdsa_verify Secp256k1', 'pop\nint 1', 7)).toBe(1700)
    expect(costOf(args, 'ecdsa_verify Secp256r1', 'pop\nint 1', 7)).toBe(2500)
    const pk = (v: EcdsaVectors['verify'][0]) => `byte 0x0${BigInt(`0x${v.y}`) & 1n ? 3 : 2}${v.x}`
    expect(costOf(pk(k1), 'ecdsa_pk_decompress Secp256k1', '', 7)).toBe(650)
    expect(costOf(pk(r1), 'ecdsa_pk_decompress Secp256r1', '', 7)).toBe(2400)
    const e = ec.ethRecover
    const rec = `int 32\nbzero\nint 0\nbyte 0x${e.r}\nbyte 0x${e.s}`
    expect(costOf(rec, 'ecdsa_pk_recover Secp256k1', '', 5)).toBe(2000)
  })
})

describe('vrf_verify', () => {
  const vrf = vectors('vrf.json') as {
    vectors: { pk: string; proof: string; alpha: string; output: string }[]
  }
  const src = (alpha: string, proof: string, pk: string) =>
    `byte 0x${alpha}\nbyte 0x${proof}\nbyte 0x${pk}\nvrf_verify VrfAlgorand`

  it('verifies the draft-03 ECVRF-ED25519-SHA512-Elligator2 examples (v7)', () => {
    for (const v of vrf.vectors) {
      testAccepts(`${src(v.alpha, v.proof, v.pk)}\nassert\nbyte 0x${v.output}\n==`, 7)
    }
  })

  it('a failed verification yields false and 64 zero bytes', () => {
    const v = vrf.vectors[1]
    const wrongAlpha = `${src('73', v.proof, v.pk)}\n!\nassert\nint 64\nbzero\n==`
    testAccepts(wrongAlpha, 7)
    const zeros = 'byte 0x3344\nint 80\nbzero\nint 32\nbzero\nvrf_verify VrfAlgorand'
    testAccepts(`${zeros}\n!\nassert\nint 64\nbzero\n==`, 7)
    // A small-order key is refused even with a valid-looking proof.
    testAccepts(`${src(v.alpha, v.proof, '01'.padEnd(64, '0'))}\n!\nassert\nlen\nint 64\n==`, 7)
  })

  it('checks the proof, then the key, sizes', () => {
    testPanics(
      '#pragma typetrack false\nbyte 0x1122\nbyte 0x2233\nbyte 0x3344\nvrf_verify VrfAlgorand',
      7,
      'vrf proof wrong size 2 != 80',
    )
    testPanics(
      '#pragma typetrack false\nbyte 0x1122\nint 80\nbzero\nbyte 0x3344\nvrf_verify VrfAlgorand',
      7,
      'vrf pubkey wrong size 2 != 32',
    )
    testPanics(
      'byte 0x3344\nint 80\nbzero\nint 32\nbzero\nvrf_verify VrfAlgorand',
      7,
      'stack len is 2',
    )
  })

  it('an unknown standard fails at run time', () => {
    // pushbytes 0x33; pushbytes <80 zeros>; pushbytes <32 zeros>; vrf_verify 1
    const program = Uint8Array.from([
      7,
      0x80,
      1,
      0x33,
      0x80,
      80,
      ...new Array<number>(80).fill(0),
      0x80,
      32,
      ...new Array<number>(32).fill(0),
      0xd0,
      1,
    ])
    expect(runBytes(program).error?.message).toBe('invalid VRF standard VrfStandard(1)')
  })

  it('costs 5700', () => {
    const v = vrf.vectors[0]
    expect(
      costOf(
        `byte 0x${v.alpha}\nbyte 0x${v.proof}\nbyte 0x${v.pk}`,
        'vrf_verify VrfAlgorand',
        'pop\npop\nint 1',
        7,
      ),
    ).toBe(5700)
  })
})

describe('falcon_verify', () => {
  const {
    vectors: [v],
  } = vectors('falcon.json') as {
    vectors: [{ data: string; signature: string; publicKey: string }]
  }
  // The key is too long for a logic-sig argument (1000 bytes), so it sits in the program.
  const program = (pk: string) => `arg 0\narg 1\nbyte 0x${pk}\nfalcon_verify`
  const args = (data: string, sig: string) => [unhex(data), unhex(sig)]
  const flipped = (h: string, at: number) => {
    const b = unhex(h)
    b[at] ^= 1
    return hex(b)
  }
  it("accepts go-algorand's deterministic Falcon-1024 vector", () => {
    testAccepts(program(v.publicKey), 12, { args: args(v.data, v.signature) })
  })
  it('rejects a changed message, a truncated or empty signature, or a changed key', () => {
    testRejects(program(v.publicKey), 12, { args: args(flipped(v.data, 0), v.signature) })
    testRejects(program(v.publicKey), 12, { args: args(v.data, v.signature.slice(0, -2)) })
    testRejects(program(v.publicKey), 12, { args: args(v.data, '') })
    testRejects(program(flipped(v.publicKey, 100)), 12, { args: args(v.data, v.signature) })
  })
  it('needs a 1793-byte public key', () => {
    const src = '#pragma typetrack false\n' + program('00'.repeat(32))
    testPanics(src, 12, 'invalid public key size 32 != 1793', { args: args(v.data, v.signature) })
  })
  it('costs 1700', () => {
    expect(run(program(v.publicKey), 12, { args: args(v.data, v.signature) }).cost).toBe(1703)
  })
})
