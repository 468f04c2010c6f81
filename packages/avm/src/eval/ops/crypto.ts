/**
 * Hashes and signature checks (go-algorand data/transactions/logic/crypto.go): sha256,
 * keccak256, sha512_256, sha3_256, ed25519verify(_bare), ecdsa_verify, ecdsa_pk_decompress,
 * ecdsa_pk_recover, vrf_verify and falcon_verify. The verification rules of each scheme are in
 * the crypto-*.ts helpers.
 */
import { sha512_256 } from '@noble/hashes/sha2.js'
import { keccak_256, sha3_256 } from '@noble/hashes/sha3.js'
import { concatBytes } from '@noble/hashes/utils.js'
import { programHash } from '../../encoding/address.js'
import { ECDSA_CURVES, VRF_STANDARDS } from '../../spec/fields.js'
import type { EvalContext } from '../context.js'
import { fail } from '../errors.js'
import type { OpFamily, OpHandler } from '../handler.js'
import { boolToUint } from '../value.js'
import {
  K1,
  R1,
  decompress,
  recoverSecp256k1,
  verifySecp256k1,
  verifySecp256r1,
} from './crypto-ecdsa.js'
import { ed25519Verify } from './crypto-ed25519.js'
import { FALCON_PUBKEY_SIZE, falconVerify } from './crypto-falcon.js'
import { vrfVerify } from './crypto-vrf.js'
import { sha256 } from './sha256.js'

function hashOp(hash: (data: Uint8Array) => Uint8Array): OpHandler {
  return (cx) => {
    cx.push(hash(cx.popBytes()))
  }
}

const PROG_DATA_PREFIX = new TextEncoder().encode('ProgData')

const programHashes = new WeakMap<Uint8Array, Uint8Array>()

/** The executing program's `programHash`, computed once per program. */
function executingProgramHash(cx: EvalContext): Uint8Array {
  let h = programHashes.get(cx.program)
  if (h === undefined) {
    h = programHash(cx.program)
    programHashes.set(cx.program, h)
  }
  return h
}

/** Pops data, signature, key; the signed message is `message(data)`. */
function ed25519Op(message: (cx: EvalContext, data: Uint8Array) => Uint8Array): OpHandler {
  return (cx) => {
    const pk = cx.popBytes()
    const sig = cx.popBytes()
    const data = cx.popBytes()
    if (pk.length !== 32) fail('invalid public key')
    if (sig.length !== 64) fail('invalid signature')
    cx.push(boolToUint(ed25519Verify(pk, message(cx, data), sig)))
  }
}

/** The curve named by the immediate: 0 Secp256k1, 1 Secp256r1 (v7). */
function ecdsaCurve(cx: EvalContext): number {
  const field = ECDSA_CURVES.fields.at(cx.imm(0))
  if (field === undefined || field.version > cx.version) fail(`invalid curve ${cx.imm(0)}`)
  return field.value
}

function ecdsaVerify(cx: EvalContext): void {
  const curve = ecdsaCurve(cx)
  const pkY = cx.popBytes()
  const pkX = cx.popBytes()
  const sigS = cx.popBytes()
  const sigR = cx.popBytes()
  const msg = cx.popBytes()
  if (msg.length !== 32) fail(`the signed data must be 32 bytes long, not ${msg.length}`)
  const verify = curve === 0 ? verifySecp256k1 : verifySecp256r1
  cx.push(boolToUint(verify(msg, sigR, sigS, pkX, pkY)))
}

function ecdsaPkDecompress(cx: EvalContext): void {
  const curve = ecdsaCurve(cx)
  const xy = decompress(curve === 0 ? K1 : R1, cx.popBytes())
  if (xy === undefined) fail(curve === 0 ? 'invalid pubkey' : 'invalid compressed pubkey')
  cx.push(xy[0])
  cx.push(xy[1])
}

function ecdsaPkRecover(cx: EvalContext): void {
  const curve = ecdsaCurve(cx)
  if (curve !== 0) fail(`unsupported curve ${curve}`)
  const sigS = cx.popBytes()
  const sigR = cx.popBytes()
  const recid = cx.popUint()
  const msg = cx.popBytes()
  if (recid > 3n) fail(`invalid recovery id: ${recid}`)
  const sig = concatBytes(sigR, sigS, Uint8Array.of(Number(recid)))
  // go-algorand's secp256k1.RecoverPubkey checks, in this order.
  if (msg.length !== 32) fail('pubkey recover failed: invalid message length, need 32 bytes')
  if (sig.length !== 65) fail('pubkey recover failed: invalid signature length')
  const xy = recoverSecp256k1(msg, sig)
  if (xy === undefined) fail('pubkey recover failed: recovery failed')
  cx.push(xy[0])
  cx.push(xy[1])
}

function opVrfVerify(cx: EvalContext): void {
  const pk = cx.popBytes()
  const proof = cx.popBytes()
  const data = cx.popBytes()
  if (proof.length !== 80) fail(`vrf proof wrong size ${proof.length} != 80`)
  if (pk.length !== 32) fail(`vrf pubkey wrong size ${pk.length} != 32`)
  const std = VRF_STANDARDS.fields.at(cx.imm(0))
  if (std === undefined || std.version > cx.version) {
    fail(`invalid VRF standard ${std?.name ?? `VrfStandard(${cx.imm(0)})`}`)
  }
  const [verified, output] = vrfVerify(pk, proof, data)
  cx.push(output)
  cx.push(boolToUint(verified))
}

export const CRYPTO_OPS: OpFamily = {
  sha256: hashOp(sha256),
  keccak256: hashOp(keccak_256),
  sha512_256: hashOp(sha512_256),
  sha3_256: hashOp(sha3_256),
  ed25519verify: ed25519Op((cx, data) =>
    concatBytes(PROG_DATA_PREFIX, executingProgramHash(cx), data),
  ),
  ed25519verify_bare: ed25519Op((_cx, data) => data),
  ecdsa_verify: ecdsaVerify,
  ecdsa_pk_decompress: ecdsaPkDecompress,
  ecdsa_pk_recover: ecdsaPkRecover,
  vrf_verify: opVrfVerify,
  falcon_verify: (cx) => {
    const pk = cx.popBytes()
    if (pk.length !== FALCON_PUBKEY_SIZE) {
      fail(`invalid public key size ${pk.length} != ${FALCON_PUBKEY_SIZE}`)
    }
    const sig = cx.popBytes()
    cx.push(boolToUint(falconVerify(cx.popBytes(), sig, pk)))
  },
}
