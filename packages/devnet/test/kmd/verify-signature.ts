import { createPublicKey, verify } from 'node:crypto'
import algosdk from 'algosdk'

/** DER prefix of an ed25519 SubjectPublicKeyInfo; the 32-byte public key follows it. */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/**
 * An ed25519 check of a signed transaction's signature by `signer` over "TX" || canonical txn,
 * done with node:crypto, independently of kmd and of algosdk's signer.
 */
export function signatureValid(stxn: algosdk.SignedTransaction, signer: string): boolean {
  if (stxn.sig === undefined) return false
  const spki = Buffer.concat([SPKI_ED25519_PREFIX, algosdk.decodeAddress(signer).publicKey])
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' })
  return verify(null, stxn.txn.bytesToSign(), key, stxn.sig)
}
