/**
 * Deterministic ed25519 keys for the genesis accounts: the seed of account NAME is
 * SHA-256("unica-devnet/" + NAME), so every fresh devnet has the same accounts, and kmd can hold
 * their keys. Signing uses node:crypto (algosdk's tweetnacl is slow).
 */
import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto'

/** DER PKCS#8 header of an ed25519 private key; the 32-byte seed follows. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex')

export interface KeyPair {
  /** algosdk's 64-byte secret key: seed || public key. */
  readonly secretKey: Uint8Array
  readonly publicKey: Uint8Array
}

export function keyFromSeed(seed: Uint8Array): KeyPair {
  const priv = privateKey(seed)
  const spki = createPublicKey(priv).export({ format: 'der', type: 'spki' })
  const publicKey = new Uint8Array(spki.subarray(spki.length - 32))
  const secretKey = new Uint8Array(64)
  secretKey.set(seed)
  secretKey.set(publicKey, 32)
  return { secretKey, publicKey }
}

export function deterministicKey(name: string): KeyPair {
  const seed = createHash('sha256').update(`unica-devnet/${name}`).digest()
  return keyFromSeed(new Uint8Array(seed))
}

function privateKey(seed: Uint8Array): KeyObject {
  return createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, seed.subarray(0, 32)]),
    format: 'der',
    type: 'pkcs8',
  })
}

/** An ed25519 signature of `message` by the key whose algosdk secret key is `secretKey`. */
export function signBytes(secretKey: Uint8Array, message: Uint8Array): Uint8Array {
  return new Uint8Array(sign(null, message, privateKey(secretKey)))
}
