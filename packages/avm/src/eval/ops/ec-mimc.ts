/**
 * MiMC as gnark-crypto v0.18 defines it (ecc/bn254/fr/mimc, ecc/bls12-381/fr/mimc), which
 * go-algorand's `mimc` opcode calls: the Miyaguchi–Preneel construction over the scalar field Fr,
 * h ← E_h(m) + h + m per 32-byte block, where E_h runs `rounds` rounds of t ← m + h + c_i,
 * m ← t⁵ and adds h at the end. The round constants are a Keccak-256 chain seeded with "seed":
 * c_i = keccak^(i+2)("seed") mod r.
 */
import { bytesToNumberBE, numberToBytesBE } from '@noble/curves/utils.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { fail } from '../errors.js'

export interface MimcConfig {
  readonly r: bigint
  readonly rounds: number
}

/** By MIMC_CONFIGS field value: BN254Mp110, BLS12_381Mp111. */
export const MIMC_CONFIGS: readonly MimcConfig[] = [
  { r: 0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001n, rounds: 110 },
  { r: 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n, rounds: 111 },
]

const constantsCache = new Map<MimcConfig, bigint[]>()

function constants(c: MimcConfig): bigint[] {
  let cs = constantsCache.get(c)
  if (cs === undefined) {
    cs = []
    let rnd = keccak_256(new TextEncoder().encode('seed'))
    for (let i = 0; i < c.rounds; i++) {
      rnd = keccak_256(rnd)
      cs.push(bytesToNumberBE(rnd) % c.r)
    }
    constantsCache.set(c, cs)
  }
  return cs
}

/** The hash of `data`, a non-empty multiple of 32 bytes, each block a canonical element of Fr. */
export function mimc(c: MimcConfig, data: Uint8Array): Uint8Array {
  if (data.length === 0) fail('the input data cannot be empty')
  if (data.length % 32 !== 0) fail('the input data must be a multiple of 32 bytes')
  const { r } = c
  const blocks: bigint[] = []
  for (let at = 0; at < data.length; at += 32) {
    const m = bytesToNumberBE(data.subarray(at, at + 32))
    if (m >= r) fail('invalid mimc input invalid fr.Element encoding')
    blocks.push(m)
  }
  const cs = constants(c)
  let h = 0n
  for (const block of blocks) {
    let m = block
    for (const ci of cs) {
      const t = (m + h + ci) % r
      const t2 = (t * t) % r
      m = (((t2 * t2) % r) * t) % r
    }
    h = (m + h + h + block) % r
  }
  return numberToBytesBE(h, 32)
}
