/**
 * falcon_verify (v12): Algorand's deterministic Falcon-1024 ("det1024", github.com/algorand/falcon,
 * deterministic.c), which go-algorand's crypto.FalconVerifier.VerifyBytes calls. A det1024
 * compressed signature is header 0xBA || salt version || compressed s2; verification re-inserts
 * the fixed 40-byte salt (version, logn = 10, "FALCON_DET", zeros) as the nonce of a standard
 * round-3 compressed signature (header 0x3A) and runs ordinary Falcon-1024 verification, which
 * @noble/post-quantum implements.
 */
import { falcon1024 } from '@noble/post-quantum/falcon.js'

export const FALCON_PUBKEY_SIZE = 1793
const DET_HEADER = 0xba
const LOGN = 10
/** FALCON_SIG_COMPRESSED_MAXSIZE(10): the longest salted signature falcon_det1024 accepts. */
const SALTED_MAX = 1462
const SALT_REST = new TextEncoder().encode('FALCON_DET')

/** falcon_det1024_verify_compressed(sig, pk, data) === 0. */
export function falconVerify(data: Uint8Array, sig: Uint8Array, pk: Uint8Array): boolean {
  if (sig.length < 2 || sig[0] !== DET_HEADER) return false
  const saltedLength = sig.length + 40 - 1
  if (saltedLength > SALTED_MAX) return false
  const salted = new Uint8Array(saltedLength)
  salted[0] = DET_HEADER & 0x7f
  salted[1] = sig[1]!
  salted[2] = LOGN
  salted.set(SALT_REST, 3)
  salted.set(sig.subarray(2), 41)
  try {
    return falcon1024.verify(salted, data, pk)
  } catch {
    return false
  }
}
